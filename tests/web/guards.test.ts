// The route guards as a decision table over the real route table.
import { describe, expect, it } from 'vitest';
import { CORPORATE_ONLY_NOTICE, decideGuards } from '../../src/web/app/guards';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import { appRoutes, type Guard } from '../../src/domain/routes';
import type { User } from '../../machines/auth/landing';
import { demoUser } from '../machines/harness/users';

const as = (...role: User['role']): User => demoUser(role);

const guardsOf = (path: string): readonly Guard[] => appRoutes.find((route) => route.path === path)!.guards;
const allow = { kind: 'allow' };
const wait = { kind: 'wait' };
const toLogin = { kind: 'redirect', to: '/login', remember: true };
const toRoot = { kind: 'redirect', to: '/', remember: false };

describe('route guards', () => {
  it('public pages open at once, even while the session is being restored', () => {
    for (const path of ['login', 'reset-password', 'steps', 'faqs', 'privacy', 'demo-comparison', 'register/individual']) {
      expect(decideGuards(guardsOf(path), 'unknown', null), path).toEqual(allow);
    }
  });

  it('auth-ready pages wait for the session, then open for anyone', () => {
    for (const path of ['home', 'blog', 'insights', 'my-form-editor', 'post-detail/:postId']) {
      expect(decideGuards(guardsOf(path), 'unknown', null), path).toEqual(wait);
      expect(decideGuards(guardsOf(path), 'signedOut', null), path).toEqual(allow);
      expect(decideGuards(guardsOf(path), 'signedIn', as('member')), path).toEqual(allow);
    }
  });

  it('signed-in pages wait, then send a signed-out visitor to /login remembering the URL', () => {
    for (const path of ['comparison', 'settings', 'my-form', 'my-account/settings', 'update-data', 'become-premium']) {
      expect(decideGuards(guardsOf(path), 'unknown', null), path).toEqual(wait);
      expect(decideGuards(guardsOf(path), 'signedOut', null), path).toEqual(toLogin);
      expect(decideGuards(guardsOf(path), 'signedIn', as('member')), path).toEqual(allow);
    }
  });

  it('right after signing out here, a signed-in page sends the person home instead', () => {
    expect(decideGuards(guardsOf('settings'), 'signedOut', null, true)).toEqual({ kind: 'redirect', to: '/home', remember: false });
  });

  it('admin pages: signed out → /login; a member or corporate user → /; an admin passes', () => {
    for (const path of ['admin', 'admin/stats', 'comparison-comp/:id']) {
      expect(decideGuards(guardsOf(path), 'signedOut', null), path).toEqual(toLogin);
      expect(decideGuards(guardsOf(path), 'signedIn', as('member')), path).toEqual(toRoot);
      expect(decideGuards(guardsOf(path), 'signedIn', as('corporate')), path).toEqual(toRoot);
      expect(decideGuards(guardsOf(path), 'signedIn', as('admin')), path).toEqual(allow);
    }
  });

  it('admin-or-corporate pages: a member → /, told why and where their settings are; corporate and admin pass', () => {
    for (const path of ['dashboard', 'register', 'my-account', 'my-account/my-credits', 'my-account/my-searches']) {
      expect(decideGuards(guardsOf(path), 'signedOut', null), path).toEqual(toLogin);
      expect(decideGuards(guardsOf(path), 'signedIn', as('member')), path).toEqual({ ...toRoot, notice: CORPORATE_ONLY_NOTICE });
      expect(decideGuards(guardsOf(path), 'signedIn', as('corporate')), path).toEqual(allow);
      expect(decideGuards(guardsOf(path), 'signedIn', as('admin')), path).toEqual(allow);
      expect(decideGuards(guardsOf(path), 'signedIn', as('member', 'corporate')), path).toEqual(allow);
    }
  });

  it('corporate pages (pay transparency): only a corporate user passes; a member and an admin go to /, signed out to /login', () => {
    for (const path of ['pay-transparency']) {
      expect(guardsOf(path), path).toEqual(['signed-in', 'corporate']);
      expect(decideGuards(guardsOf(path), 'unknown', null), path).toEqual(wait);
      expect(decideGuards(guardsOf(path), 'signedOut', null), path).toEqual(toLogin);
      expect(decideGuards(guardsOf(path), 'signedIn', as('member')), path).toEqual(toRoot);
      // The server refuses admins the payroll calls (a company's data is its corporate users' alone).
      expect(decideGuards(guardsOf(path), 'signedIn', as('admin')), path).toEqual(toRoot);
      expect(decideGuards(guardsOf(path), 'signedIn', as('corporate')), path).toEqual(allow);
      expect(decideGuards(guardsOf(path), 'signedIn', as('admin', 'corporate')), path).toEqual(allow);
    }
  });

  it('a member opening /my-account, my-credits or my-searches goes to / as the admin-or-corporate guard says; the settings stay open', () => {
    for (const path of ['my-account', 'my-account/my-credits', 'my-account/my-searches']) {
      expect(guardsOf(path), path).toEqual(['signed-in', 'admin-or-corporate']);
      expect(decideGuards(guardsOf(path), 'signedIn', as('member')), path).toEqual({ ...toRoot, notice: CORPORATE_ONLY_NOTICE });
      expect(decideGuards(guardsOf(path), 'signedIn', as('corporate')), path).toEqual(allow);
      expect(decideGuards(guardsOf(path), 'signedIn', as('admin')), path).toEqual(allow);
      expect(decideGuards(guardsOf(path), 'signedOut', null), path).toEqual(toLogin);
    }
    // The account settings are every signed-in user's, and nobody else's.
    expect(guardsOf('my-account/settings')).toEqual(['signed-in']);
    for (const role of ['member', 'corporate', 'admin'] as const) {
      expect(decideGuards(guardsOf('my-account/settings'), 'signedIn', as(role)), role).toEqual(allow);
    }
    expect(decideGuards(guardsOf('my-account/settings'), 'signedOut', null)).toEqual(toLogin);
  });

  it('the notice of a refused corporate page names the account settings, in both languages', () => {
    for (const language of ['es', 'en'] as const) {
      const i18n = createI18n(language);
      for (const key of [CORPORATE_ONLY_NOTICE.titleKey, CORPORATE_ONLY_NOTICE.textKey]) expect(i18n.exists(key), `${language} ${key}`).toBe(true);
      expect(i18n.t(CORPORATE_ONLY_NOTICE.textKey)).toContain(i18n.t('sections.settings'));
      expect(i18n.t(CORPORATE_ONLY_NOTICE.textKey)).toContain(i18n.t('sections.my_account'));
    }
  });
});
