// Turns the route table (routes.ts) into React Router routes under the app layout. Each route's data
// travels as its `handle`, where the guards of the identity issue will read it.
import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { appRoutes, ROOT_REDIRECT, type AppRoute, type RouteHandle } from './routes';
import { AppLayout } from './AppLayout';
import { ComingSoonPage } from './ComingSoonPage';
import { NotFoundPage } from './NotFoundPage';
import { HomePage } from '../features/home/HomePage';

/** Redirects keeping the query: campaign links (?id=…, ?email=…) must survive the hop (spec §2). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { section: route.section, guards: route.guards, ...(route.meta ? { meta: route.meta } : {}) };
  switch (route.view.kind) {
    case 'home':
      return { path: route.path, handle, element: <HomePage /> };
    case 'redirect':
      return { path: route.path, handle, element: <RedirectKeepingQuery to={route.view.to} /> };
    case 'coming-soon':
      return { path: route.path, handle, element: <ComingSoonPage section={route.section} /> };
  }
}

export function buildRouteObjects(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  const notFound: RouteHandle = { section: 'not_found', guards: ['public'] };
  return [
    {
      path: '/',
      element: <AppLayout />,
      children: [
        { index: true, element: <RedirectKeepingQuery to={ROOT_REDIRECT} /> },
        ...routes.map(toRouteObject),
        { path: '*', handle: notFound, element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
