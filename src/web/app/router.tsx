// Turns the route table (routes.ts) into React Router routes under the app layout. Each route's data
// travels as its `handle`; its guards run in RouteGuard before the view renders.
import type { ComponentType, ReactNode } from 'react';
import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { appRoutes, ROOT_REDIRECT, type AppRoute, type PageName, type RouteHandle, type RouteMeta, type SectionName } from './routes';
import { AppLayout } from './AppLayout';
import { ComingSoonPage } from './ComingSoonPage';
import { NotFoundPage } from './NotFoundPage';
import { RouteGuard } from './RouteGuard';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/register/RegisterPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { InformationPage } from '../features/info/InformationPage';
import { comparisonPages } from '../features/comparison/routePages';
import { questionnairePages } from '../features/questionnaire/routePages';

/** Redirects keeping the query: campaign links (?id=…, ?email=…) must survive the hop (spec §2). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** What a page of the route table receives. */
export interface PageProps {
  section: SectionName;
  meta?: RouteMeta;
}

/** The component of each page name of routes.ts (`{ kind: 'page', page }`). */
export const pages: Record<PageName, ComponentType<PageProps>> = {
  login: LoginPage,
  register: RegisterPage,
  settings: SettingsPage,
  information: InformationPage,
  ...comparisonPages,
  ...questionnairePages,
};

function PageOf({ route, page }: { route: AppRoute; page: PageName }) {
  const Page = pages[page];
  return <Page section={route.section} {...(route.meta ? { meta: route.meta } : {})} />;
}

/** What renders at the route once its guards pass. */
function viewOf(route: AppRoute): ReactNode {
  switch (route.view.kind) {
    case 'home':
      return <HomePage />;
    case 'redirect':
      return <RedirectKeepingQuery to={route.view.to} />;
    case 'coming-soon':
      return <ComingSoonPage section={route.section} />;
    case 'page':
      return <PageOf route={route} page={route.view.page} />;
  }
}

/** Every route renders behind its guards (RouteGuard: wait, redirect or render). */
function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { section: route.section, guards: route.guards, ...(route.meta ? { meta: route.meta } : {}) };
  return { path: route.path, handle, element: <RouteGuard guards={route.guards}>{viewOf(route)}</RouteGuard> };
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
