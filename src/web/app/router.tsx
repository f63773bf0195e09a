// Turns the route table (routes.ts) into React Router routes under the app layout. Each route's data
// travels as its `handle`; its guards run in RouteGuard before the view renders.
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { completeTranslations } from '../kernel/i18n';
import { lazyPage, type PageProps } from '../kernel/lazyPage';
import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { appRoutes, ROOT_REDIRECT, type AppRoute, type PageName, type RouteHandle } from '../../domain/routes';
import { AppLayout } from './AppLayout';
import { RouteGuard } from './RouteGuard';
import { HomePage } from '../features/home/HomePage';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { PageIntroLoading } from '../components/PageIntro';
import { comparisonPages } from '../features/comparison/routePages';
import { myAccountPages } from '../features/my-account/routePages';
import { questionnairePages } from '../features/questionnaire/routePages';
import { myFormPages } from '../features/my-form/routePages';
import { registerIndividualPages } from '../features/register-individual/routePages';
import { paymentsPages } from '../features/payments/routePages';
import { personalViewPages } from '../features/personal-views/routePages';
import { newsPages } from '../features/news/routePages';
import { adminNewsPages } from '../features/admin-news/routePages';
import { adminUsersPages } from '../features/admin-users/routePages';
import { adminFormsPages } from '../features/admin-forms/routePages';
import { adminOutlierPages } from '../features/admin-outliers/routePages';
import { newsletterPages } from '../features/newsletter/routePages';
import { releaseAlertPages } from '../features/release-alerts/routePages';
import { methodologyPages } from '../features/methodology/routePages';
import { adminNewsletterPages } from '../features/admin-newsletters/routePages';
import { adminPages } from '../features/admin/routePages';
import { adminAuditPages } from '../features/admin-audit/routePages';
import { adminDataQualityPages } from '../features/admin-data-quality/routePages';
import { payTransparencyPages } from '../features/pay-transparency/routePages';

// Home (the landing page) is in the first load; every other page is fetched when first opened, so the
// first load stays within the bundle budget (scripts/check-bundle-budget.ts).
const LoginPage = lazyPage(() => import('../features/auth/LoginPage').then((module) => ({ default: module.LoginPage })));
const RegisterPage = lazyPage(() => import('../features/register/RegisterPage').then((module) => ({ default: module.RegisterPage })));
const SettingsPage = lazyPage(() => import('../features/settings/SettingsPage').then((module) => ({ default: module.SettingsPage })));
// The premium gate (and the modal with it) loads with the paid views it guards, with the pages' texts and recipes:
// a locked view shows the modal without rendering the page.
const PremiumGate = lazyPage(() => import('../features/payments/PremiumGate').then((module) => ({ default: module.PremiumGate })));
// Every page under /admin renders inside the admin layout (its navigation), loaded with the first admin page.
const AdminLayout = lazyPage(() => import('../features/admin/AdminLayout'));
// Reached only by a path no route has: loaded like a page.
const NotFoundPage = lazyPage(() => import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })));
const InformationPage = lazyPage(() => import('../features/info/InformationPage').then((module) => ({ default: module.InformationPage })));

/** Redirects keeping the query: campaign links (?id=…, ?email=…) must survive the hop. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** The component of each page name of routes.ts (`{ kind: 'page', page }`). */
export const pages: Record<PageName, ComponentType<PageProps>> = {
  login: LoginPage,
  register: RegisterPage,
  settings: SettingsPage,
  information: InformationPage,
  ...comparisonPages,
  ...myAccountPages,
  ...questionnairePages,
  ...myFormPages,
  ...registerIndividualPages,
  ...personalViewPages,
  ...paymentsPages,
  ...newsPages,
  ...adminNewsPages,
  ...adminUsersPages,
  ...adminFormsPages,
  ...adminOutlierPages,
  ...newsletterPages,
  ...releaseAlertPages,
  ...methodologyPages,
  ...adminNewsletterPages,
  ...adminPages,
  ...adminAuditPages,
  ...adminDataQualityPages,
  ...payTransparencyPages,
};

/** Holds its Suspense boundary until the pages' texts are there (the first load carries only the shell's and home's). */
function PageTexts() {
  const { i18n } = useTranslation();
  use(completeTranslations(i18n));
  return null;
}

/**
 * A page shows once its code and its texts are both there: a lazy page (lazyPage.ts) resolves only with both,
 * fetched together, so it never renders before its texts; the texts' gate below also holds pages that are not
 * lazy. While it loads, the boundary shows the route's heading when it has one (routes.ts), else the spinner.
 */
function PageOf({ route, page }: { route: AppRoute; page: PageName }) {
  const Page = pages[page];
  return (
    <Suspense fallback={route.heading ? <PageIntroLoading heading={route.heading} /> : <LoadingSpinner />}>
      <Page section={route.section} {...(route.meta ? { meta: route.meta } : {})} />
      <PageTexts />
    </Suspense>
  );
}

/** The admin area's pages: every path below admin/ (admin itself only redirects). */
export const isAdminPage = (route: AppRoute) => route.path.startsWith('admin/');

/** The admin layout, once the pages' texts are there (its navigation's labels are not in the first load). */
function AdminShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  use(completeTranslations(i18n));
  return <AdminLayout>{children}</AdminLayout>;
}

/** What renders at the route once its guards pass; a paid view behind the premium gate; an admin page in its layout. */
function viewOf(route: AppRoute): ReactNode {
  if (isAdminPage(route)) {
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <AdminShell>{plainViewOf(route)}</AdminShell>
      </Suspense>
    );
  }
  if (!route.meta?.premium) return plainViewOf(route);
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <PremiumGate section={route.section}>{plainViewOf(route)}</PremiumGate>
    </Suspense>
  );
}

function plainViewOf(route: AppRoute): ReactNode {
  switch (route.view.kind) {
    case 'home':
      return <HomePage />;
    case 'redirect':
      return <RedirectKeepingQuery to={route.view.to} />;
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
        {
          path: '*',
          handle: notFound,
          element: (
            <Suspense fallback={<LoadingSpinner />}>
              <NotFoundPage />
            </Suspense>
          ),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
