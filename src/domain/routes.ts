// The route table as data, below both sides: the web app's router.tsx turns it into React Router routes,
// and the server (http/webDelivery.ts) reads which paths serve the app. The route guards read
// `guards` (also exposed as the route's `handle`) to admit, or redirect, the visitor.
// Pages that are never shown (charts-line, edit-information, example1, example2) are deliberately
// absent: they fall to the not-found page.

/**
 * - public: anyone.
 * - auth-ready: anyone, once the authentication state is known.
 * - signed-in: authenticated, otherwise to /login.
 * - admin: the stored user has role admin, otherwise to /.
 * - admin-or-corporate: the stored user's roles include admin or corporate, otherwise to /.
 * - corporate: the stored user's roles include corporate (a company's own data: admins are refused), otherwise to /.
 */
export type Guard = 'public' | 'auth-ready' | 'signed-in' | 'admin' | 'admin-or-corporate' | 'corporate';

/** Names of the sections; each is the translation key `sections.<name>`. */
export type SectionName =
  | 'home'
  | 'login'
  | 'reset_password'
  | 'dashboard'
  | 'register'
  | 'register_individual'
  | 'register_individual_complete'
  | 'register_individual_form'
  | 'steps'
  | 'my_form_editor'
  | 'comparison'
  | 'comparison_detail'
  | 'comparison_comp'
  | 'admin'
  | 'admin_stats'
  | 'admin_users'
  | 'admin_user'
  | 'admin_forms'
  | 'admin_form'
  | 'admin_outliers'
  | 'admin_outlier_forms'
  | 'admin_releases'
  | 'admin_configs'
  | 'admin_outbox'
  | 'admin_audit'
  | 'admin_data_quality'
  | 'faqs'
  | 'benefits'
  | 'about'
  | 'privacy'
  | 'terms'
  | 'legal'
  | 'blog'
  | 'insights'
  | 'post_detail'
  | 'admin_news'
  | 'admin_news_new'
  | 'admin_news_edit'
  | 'become_premium'
  | 'personalized_comparison'
  | 'your_evolution'
  | 'your_income_projection'
  | 'my_form'
  | 'settings'
  | 'demo_comparison'
  | 'my_account'
  | 'my_account_settings'
  | 'my_credits'
  | 'my_searches'
  | 'update_data'
  | 'checkout_return'
  | 'newsletter_confirm'
  | 'newsletter_unsubscribe'
  | 'release_alerts_unsubscribe'
  | 'methodology'
  | 'admin_newsletters'
  | 'pay_transparency'
  | 'not_found';

/**
 * The pages router.tsx knows, by name (its `pages` record maps each name to a component). To give a
 * route its real page: add the name here, the component to `pages` in router.tsx, and set the route's
 * view to `{ kind: 'page', page: 'your-page' }`. A page gets the route's `section` and `meta` as props;
 * the guards of the route run before it renders.
 */
export type PageName =
  | 'login'
  | 'register'
  | 'settings'
  | 'information'
  // the comparison pages (src/web/features/comparison/routePages.tsx)
  | 'comparison'
  | 'comparison-saved'
  | 'comparison-admin'
  | 'demo-comparison'
  // the account pages (src/web/features/my-account/routePages.tsx)
  | 'my-account'
  | 'my-searches'
  | 'dashboard'
  // the questionnaire (src/web/features/questionnaire/routePages.tsx), my-form and the individual registration
  // (src/web/features/my-form, register-individual: routePages.tsx)
  | 'questionnaire'
  | 'my-form'
  | 'update-data'
  | 'register-individual'
  | 'register-individual-complete'
  // the outlier-pack simulator (src/web/features/admin-outliers/routePages.tsx)
  | 'admin-outliers'
  | 'admin-outlier-forms'
  // the personal views (src/web/features/personal-views/routePages.tsx)
  | 'personalized-comparison'
  | 'your-evolution'
  | 'your-income-projection'
  // the payments pages (src/web/features/payments/routePages.tsx)
  | 'become-premium'
  | 'checkout-return'
  // the blog, insights and a post (src/web/features/news/routePages.tsx)
  | 'news-list'
  | 'post-detail'
  // the admin's news editor (src/web/features/admin-news/routePages.tsx)
  | 'admin-news'
  | 'admin-news-editor'
  // the admin's users and forms pages (src/web/features/admin-users, admin-forms: routePages.tsx)
  | 'admin-users'
  | 'admin-user'
  | 'admin-forms'
  | 'admin-form'
  // newsletters (src/web/features/newsletter, admin-newsletters) and the methodology page
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  // the release alert e-mails' unsubscribe link (src/web/features/release-alerts/routePages.tsx)
  | 'release-alerts-unsubscribe'
  | 'methodology'
  | 'admin-newsletters'
  // the admin area's dashboard, releases, configuration and outbox (src/web/features/admin/routePages.tsx)
  | 'admin-stats'
  | 'admin-releases'
  | 'admin-configs'
  | 'admin-outbox'
  // admin: audit log and data quality (src/web/features/admin-audit, admin-data-quality)
  | 'admin-audit'
  | 'admin-data-quality'
  // a company's pay transparency: its payrolls and gender pay gap reports (src/web/features/pay-transparency/routePages.tsx)
  | 'pay-transparency'
  | 'job-ads'
  | 'bands';

/** What renders at a path. */
export type RouteView = { kind: 'home' } | { kind: 'redirect'; to: string } | { kind: 'page'; page: PageName };

/** Facts the later pages need. */
export interface RouteMeta {
  /** Questionnaire step index 0–4 (steps and steps/1 both mean 0). */
  stepIndex?: number;
  /** The steps page in editor mode (my-form-editor). */
  editor?: boolean;
  /** login and reset-password are the same page in two modes. */
  loginMode?: 'sign-in' | 'reset-password';
  /** comparison/{id} is opened by the user; comparison-comp/{id} by an admin about someone else. */
  byUser?: boolean;
  /** A paid view: with the premium flag on, a free user meets the premium modal instead (PremiumGate). */
  premium?: boolean;
  /** The kind of posts a list page shows (blog, insights). */
  typepost?: 'blog' | 'insight';
}

/**
 * A page's heading (i18n keys of its title and introduction, and the frame it sits in), for pages whose heading
 * does not depend on their data: it shows while the page's code and texts load, in the same place, so the
 * visitor reads where they are at once (the texts ship in the first load: scripts/vite-locale-split.ts).
 */
export interface RouteHeading {
  /** The page's container: `narrow` (questionnaire-like, 3xl) or `wide` (comparison-like, 7xl). */
  frame: 'narrow' | 'wide';
  title: string;
  intro: string;
}

export interface AppRoute {
  /** React Router path relative to the root (`comparison/:id`). */
  path: string;
  /** Every guard must pass, in this order (signed-in first, so an anonymous visitor is asked to sign in). */
  guards: readonly Guard[];
  section: SectionName;
  view: RouteView;
  meta?: RouteMeta;
  heading?: RouteHeading;
}

/** Where '' sends the visitor. */
export const ROOT_REDIRECT = '/home';

const info = { kind: 'page', page: 'information' } as const;

const questionnaire = { kind: 'page', page: 'questionnaire' } as const;

/** The questionnaire's heading (steps 1–5 and the completion). */
export const QUESTIONNAIRE_HEADING: RouteHeading = { frame: 'narrow', title: 'questionnaire.title', intro: 'questionnaire.intro' };

const step = (path: string, stepIndex: number): AppRoute => ({
  path,
  guards: ['public'],
  section: 'steps',
  view: questionnaire,
  meta: { stepIndex },
  heading: QUESTIONNAIRE_HEADING,
});

export const appRoutes: readonly AppRoute[] = [
  { path: 'home', guards: ['auth-ready'], section: 'home', view: { kind: 'home' } },

  { path: 'login', guards: ['public'], section: 'login', view: { kind: 'page', page: 'login' }, meta: { loginMode: 'sign-in' } },
  { path: 'reset-password', guards: ['public'], section: 'reset_password', view: { kind: 'page', page: 'login' }, meta: { loginMode: 'reset-password' } },

  { path: 'dashboard', guards: ['signed-in', 'admin-or-corporate'], section: 'dashboard', view: { kind: 'page', page: 'dashboard' } },
  { path: 'register', guards: ['signed-in', 'admin-or-corporate'], section: 'register', view: { kind: 'page', page: 'register' } },
  { path: 'register/individual', guards: ['public'], section: 'register_individual', view: { kind: 'page', page: 'register-individual' } },
  {
    path: 'register/individual/complete',
    guards: ['public'],
    section: 'register_individual_complete',
    view: { kind: 'page', page: 'register-individual-complete' },
  },
  { path: 'register/individual/form/:id', guards: ['public'], section: 'register_individual_form', view: { kind: 'page', page: 'register-individual' } },

  step('steps', 0),
  step('steps/1', 0),
  step('steps/2', 1),
  step('steps/3', 2),
  step('steps/4', 3),
  step('steps/5', 4),
  // The completed questionnaire (the address after sending it); while still answering it shows the step.
  step('steps/done', 4),
  { path: 'my-form-editor', guards: ['auth-ready'], section: 'my_form_editor', view: questionnaire, meta: { editor: true, stepIndex: 0 } },

  {
    path: 'comparison',
    guards: ['signed-in'],
    section: 'comparison',
    view: { kind: 'page', page: 'comparison' },
    heading: { frame: 'wide', title: 'comparison.heading.comparison', intro: 'comparison.intro.comparison' },
  },
  { path: 'comparison/:id', guards: ['signed-in'], section: 'comparison_detail', view: { kind: 'page', page: 'comparison-saved' }, meta: { byUser: true } },
  {
    path: 'comparison-comp/:id',
    guards: ['signed-in', 'admin'],
    section: 'comparison_comp',
    view: { kind: 'page', page: 'comparison-admin' },
    meta: { byUser: false },
  },

  // /admin/stats is the admin landing page; /admin leads there.
  { path: 'admin', guards: ['signed-in', 'admin'], section: 'admin', view: { kind: 'redirect', to: '/admin/stats' } },
  { path: 'admin/news', guards: ['signed-in', 'admin'], section: 'admin_news', view: { kind: 'page', page: 'admin-news' } },
  { path: 'admin/news/new', guards: ['signed-in', 'admin'], section: 'admin_news_new', view: { kind: 'page', page: 'admin-news-editor' } },
  { path: 'admin/news/:id', guards: ['signed-in', 'admin'], section: 'admin_news_edit', view: { kind: 'page', page: 'admin-news-editor' } },
  { path: 'admin/users', guards: ['signed-in', 'admin'], section: 'admin_users', view: { kind: 'page', page: 'admin-users' } },
  { path: 'admin/users/:id', guards: ['signed-in', 'admin'], section: 'admin_user', view: { kind: 'page', page: 'admin-user' } },
  { path: 'admin/forms', guards: ['signed-in', 'admin'], section: 'admin_forms', view: { kind: 'page', page: 'admin-forms' } },
  { path: 'admin/forms/:id', guards: ['signed-in', 'admin'], section: 'admin_form', view: { kind: 'page', page: 'admin-form' } },
  { path: 'admin/outliers', guards: ['signed-in', 'admin'], section: 'admin_outliers', view: { kind: 'page', page: 'admin-outliers' } },
  { path: 'admin/outliers/forms', guards: ['signed-in', 'admin'], section: 'admin_outlier_forms', view: { kind: 'page', page: 'admin-outlier-forms' } },
  // Every admin/... route renders inside the admin layout (router.tsx; its navigation: features/admin/adminSections.ts).
  { path: 'admin/stats', guards: ['signed-in', 'admin'], section: 'admin_stats', view: { kind: 'page', page: 'admin-stats' } },
  { path: 'admin/releases', guards: ['signed-in', 'admin'], section: 'admin_releases', view: { kind: 'page', page: 'admin-releases' } },
  { path: 'admin/configs', guards: ['signed-in', 'admin'], section: 'admin_configs', view: { kind: 'page', page: 'admin-configs' } },
  { path: 'admin/outbox', guards: ['signed-in', 'admin'], section: 'admin_outbox', view: { kind: 'page', page: 'admin-outbox' } },
  { path: 'admin/audit', guards: ['signed-in', 'admin'], section: 'admin_audit', view: { kind: 'page', page: 'admin-audit' } },
  { path: 'admin/data-quality', guards: ['signed-in', 'admin'], section: 'admin_data_quality', view: { kind: 'page', page: 'admin-data-quality' } },

  { path: 'faqs', guards: ['public'], section: 'faqs', view: info },
  { path: 'benefits', guards: ['public'], section: 'benefits', view: info },
  { path: 'about', guards: ['public'], section: 'about', view: info },
  { path: 'privacy', guards: ['public'], section: 'privacy', view: info },
  { path: 'terms', guards: ['public'], section: 'terms', view: info },
  { path: 'legal', guards: ['public'], section: 'legal', view: info },

  { path: 'blog', guards: ['auth-ready'], section: 'blog', view: { kind: 'page', page: 'news-list' }, meta: { typepost: 'blog' } },
  { path: 'insights', guards: ['auth-ready'], section: 'insights', view: { kind: 'page', page: 'news-list' }, meta: { typepost: 'insight' } },
  { path: 'post-detail/:postId', guards: ['auth-ready'], section: 'post_detail', view: { kind: 'page', page: 'post-detail' } },

  { path: 'become-premium', guards: ['signed-in'], section: 'become_premium', view: { kind: 'page', page: 'become-premium' } },
  // Where the payment page and the portal send the buyer back (in the tab they opened).
  { path: 'checkout/return', guards: ['auth-ready'], section: 'checkout_return', view: { kind: 'page', page: 'checkout-return' } },

  {
    path: 'personalized-comparison',
    guards: ['signed-in'],
    section: 'personalized_comparison',
    view: { kind: 'page', page: 'personalized-comparison' },
    meta: { premium: true },
  },
  { path: 'your-evolution', guards: ['signed-in'], section: 'your_evolution', view: { kind: 'page', page: 'your-evolution' }, meta: { premium: true } },
  {
    path: 'your-income-projection',
    guards: ['signed-in'],
    section: 'your_income_projection',
    view: { kind: 'page', page: 'your-income-projection' },
    meta: { premium: true },
  },
  { path: 'my-form', guards: ['signed-in'], section: 'my_form', view: { kind: 'page', page: 'my-form' } },
  { path: 'settings', guards: ['signed-in'], section: 'settings', view: { kind: 'page', page: 'settings' } },

  {
    path: 'demo-comparison',
    guards: ['public'],
    section: 'demo_comparison',
    view: { kind: 'page', page: 'demo-comparison' },
    heading: { frame: 'wide', title: 'comparison.heading.demo', intro: 'comparison.intro.demo' },
  },

  { path: 'my-account', guards: ['signed-in', 'admin-or-corporate'], section: 'my_account', view: { kind: 'page', page: 'my-account' } },
  { path: 'my-account/settings', guards: ['signed-in'], section: 'my_account_settings', view: { kind: 'page', page: 'settings' } },
  { path: 'my-account/my-credits', guards: ['signed-in', 'admin-or-corporate'], section: 'my_credits', view: { kind: 'page', page: 'my-account' } },
  { path: 'my-account/my-searches', guards: ['signed-in', 'admin-or-corporate'], section: 'my_searches', view: { kind: 'page', page: 'my-searches' } },

  { path: 'update-data', guards: ['signed-in'], section: 'update_data', view: { kind: 'page', page: 'update-data' } },

  // A company's payrolls and gender pay gap reports (docs/pay-transparency.md): its corporate users only.
  { path: 'pay-transparency', guards: ['signed-in', 'corporate'], section: 'pay_transparency', view: { kind: 'page', page: 'pay-transparency' } },
  {
    path: 'pay-transparency/job-ads',
    guards: ['signed-in', 'corporate'],
    section: 'pay_transparency',
    view: { kind: 'page', page: 'job-ads' },
  },
  // Its job architecture, salary bands and where its people stand: its corporate users only.
  { path: 'pay-transparency/bands', guards: ['signed-in', 'corporate'], section: 'pay_transparency', view: { kind: 'page', page: 'bands' } },

  // The links of the newsletter e-mails, the methodology and the admin's newsletters.
  { path: 'newsletter/confirm', guards: ['public'], section: 'newsletter_confirm', view: { kind: 'page', page: 'newsletter-confirm' } },
  { path: 'newsletter/unsubscribe', guards: ['public'], section: 'newsletter_unsubscribe', view: { kind: 'page', page: 'newsletter-unsubscribe' } },
  {
    path: 'release-alerts/unsubscribe',
    guards: ['public'],
    section: 'release_alerts_unsubscribe',
    view: { kind: 'page', page: 'release-alerts-unsubscribe' },
  },
  { path: 'methodology', guards: ['public'], section: 'methodology', view: { kind: 'page', page: 'methodology' } },
  { path: 'admin/newsletters', guards: ['signed-in', 'admin'], section: 'admin_newsletters', view: { kind: 'page', page: 'admin-newsletters' } },
];

/** The route's `handle` in React Router, read with `useMatches()`. */
export interface RouteHandle {
  section: SectionName;
  guards: readonly Guard[];
  meta?: RouteMeta;
}

/** The i18n keys of every route heading: they ship with the first load (scripts/vite-locale-split.ts). */
export function routeHeadingKeys(): string[] {
  return [...new Set(appRoutes.flatMap((route) => (route.heading ? [route.heading.title, route.heading.intro] : [])))];
}
