// The route table (src/domain/routes.ts): every page, its path and its guards.
import { describe, expect, it } from 'vitest';
import { appRoutes, ROOT_REDIRECT, type Guard } from '../../src/domain/routes';
import es from '../../locales/es.json';
import en from '../../locales/en.json';

const byPath = new Map(appRoutes.map((route) => [route.path, route]));

const expected: Record<string, Guard[]> = {
  home: ['auth-ready'],
  login: ['public'],
  'reset-password': ['public'],
  dashboard: ['signed-in', 'admin-or-corporate'],
  register: ['signed-in', 'admin-or-corporate'],
  'register/individual': ['public'],
  'register/individual/complete': ['public'],
  'register/individual/form/:id': ['public'],
  steps: ['public'],
  'steps/1': ['public'],
  'steps/2': ['public'],
  'steps/3': ['public'],
  'steps/4': ['public'],
  'steps/5': ['public'],
  // The address of the completed questionnaire, so sending it leaves steps/5.
  'steps/done': ['public'],
  'my-form-editor': ['auth-ready'],
  comparison: ['signed-in'],
  'comparison/:id': ['signed-in'],
  'comparison-comp/:id': ['signed-in', 'admin'],
  admin: ['signed-in', 'admin'],
  'admin/stats': ['signed-in', 'admin'],
  // The admin area's pages (the news editor).
  'admin/news': ['signed-in', 'admin'],
  'admin/news/new': ['signed-in', 'admin'],
  'admin/news/:id': ['signed-in', 'admin'],
  // The admin's users and forms.
  'admin/users': ['signed-in', 'admin'],
  'admin/users/:id': ['signed-in', 'admin'],
  'admin/forms': ['signed-in', 'admin'],
  'admin/forms/:id': ['signed-in', 'admin'],
  'admin/outliers': ['signed-in', 'admin'],
  'admin/outliers/forms': ['signed-in', 'admin'],
  'admin/releases': ['signed-in', 'admin'],
  'admin/configs': ['signed-in', 'admin'],
  'admin/outbox': ['signed-in', 'admin'],
  'admin/audit': ['signed-in', 'admin'],
  'admin/data-quality': ['signed-in', 'admin'],
  faqs: ['public'],
  benefits: ['public'],
  about: ['public'],
  privacy: ['public'],
  terms: ['public'],
  legal: ['public'],
  blog: ['auth-ready'],
  insights: ['auth-ready'],
  'post-detail/:postId': ['auth-ready'],
  'become-premium': ['signed-in'],
  'personalized-comparison': ['signed-in'],
  'your-evolution': ['signed-in'],
  'your-income-projection': ['signed-in'],
  'my-form': ['signed-in'],
  settings: ['signed-in'],
  'demo-comparison': ['public'],
  'my-account': ['signed-in', 'admin-or-corporate'],
  'my-account/settings': ['signed-in'],
  'my-account/my-credits': ['signed-in', 'admin-or-corporate'],
  'my-account/my-searches': ['signed-in', 'admin-or-corporate'],
  'update-data': ['signed-in'],
  // A company's payrolls and pay gap reports: its corporate users only.
  'pay-transparency': ['signed-in', 'corporate'],
  'pay-transparency/job-ads': ['signed-in', 'corporate'],
  'pay-transparency/bands': ['signed-in', 'corporate'],
  // Where the payment page and the portal send the buyer back.
  'checkout/return': ['auth-ready'],
  // The newsletter e-mails' links, the methodology and the admin's newsletters.
  'newsletter/confirm': ['public'],
  'newsletter/unsubscribe': ['public'],
  // The release alert e-mails' unsubscribe link.
  'release-alerts/unsubscribe': ['public'],
  methodology: ['public'],
  'admin/newsletters': ['signed-in', 'admin'],
};

describe('route table', () => {
  it('has exactly the routes (and steps/done), each with its guards', () => {
    expect(Object.fromEntries(appRoutes.map((route) => [route.path, [...route.guards]]))).toEqual(expected);
  });

  it('has no duplicate path', () => {
    expect(byPath.size).toBe(appRoutes.length);
  });

  it("sends '' to home", () => {
    expect(ROOT_REDIRECT).toBe('/home');
  });

  it('leaves the "not shown" routes out, so they reach the not-found page', () => {
    for (const path of ['charts-line', 'edit-information', 'example1', 'example2']) expect(byPath.has(path)).toBe(false);
  });

  it('maps the questionnaire paths to step indexes 0–4 (steps and steps/1 are both 0)', () => {
    const steps = ['steps', 'steps/1', 'steps/2', 'steps/3', 'steps/4', 'steps/5'].map((path) => byPath.get(path)?.meta?.stepIndex);
    expect(steps).toEqual([0, 0, 1, 2, 3, 4]);
    expect(byPath.get('my-form-editor')?.meta).toEqual({ editor: true, stepIndex: 0 });
    expect(byPath.get('steps/done')?.meta).toEqual({ stepIndex: 4 });
  });

  it('serves login and reset-password from the same page in two modes', () => {
    expect(byPath.get('login')?.meta?.loginMode).toBe('sign-in');
    expect(byPath.get('reset-password')?.meta?.loginMode).toBe('reset-password');
  });

  it('opens comparison/{id} by the user and comparison-comp/{id} not by the user', () => {
    expect(byPath.get('comparison/:id')?.meta?.byUser).toBe(true);
    expect(byPath.get('comparison-comp/:id')?.meta?.byUser).toBe(false);
  });

  it('leads /admin to its landing page /admin/stats', () => {
    expect(byPath.get('admin')?.view).toEqual({ kind: 'redirect', to: '/admin/stats' });
  });

  it('renders the home page at home and a real page everywhere else', () => {
    expect(byPath.get('home')?.view.kind).toBe('home');
    const others = appRoutes.filter((route) => route.path !== 'home' && route.path !== 'admin');
    expect(others.every((route) => route.view.kind === 'page')).toBe(true);
  });

  it('serves login and reset-password with the login page, and the information pages with their page', () => {
    expect(byPath.get('login')?.view).toEqual({ kind: 'page', page: 'login' });
    expect(byPath.get('reset-password')?.view).toEqual({ kind: 'page', page: 'login' });
    for (const path of ['faqs', 'benefits', 'about', 'privacy', 'terms', 'legal']) {
      expect(byPath.get(path)?.view, path).toEqual({ kind: 'page', page: 'information' });
    }
  });

  it('names every section in both languages', () => {
    for (const { section } of appRoutes) {
      expect(es.sections, section).toHaveProperty(section);
      expect(en.sections, section).toHaveProperty(section);
    }
  });
});
