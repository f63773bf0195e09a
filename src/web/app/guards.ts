// The route guards as a pure decision: the route's guards (routes.ts), in order, against the
// auth state. RouteGuard (router.tsx) renders the decision.
import { hasRole, isAdmin, isAdminOrCorporate, type User } from '../../../machines/auth/landing';
import type { AuthStatus } from '../../../machines/auth/viewModel';
import type { Guard } from '../../domain/routes';

/** Where a guard sends a visitor who does not pass. */
export const SIGN_IN_PAGE = '/login';
export const FORBIDDEN_FALLBACK = '/';
/** Where a signed-in page sends someone who has just signed out here. */
export const SIGNED_OUT_FALLBACK = '/home';

export type GuardDecision =
  /** Render the page. */
  | { kind: 'allow' }
  /** The session is still being restored: show a spinner, decide when it is known. */
  | { kind: 'wait' }
  /**
   * Go elsewhere; `remember`: the wanted URL is kept to return to after signing in; `notice`: why, said to a signed-in
   * person sent away (the translation keys of a toast's title and text).
   */
  | { kind: 'redirect'; to: string; remember: boolean; notice?: GuardNotice };

/** What a page refused to a signed-in person says: translation keys. */
export interface GuardNotice {
  titleKey: string;
  textKey: string;
}

/** A member opening a corporate page (/my-account, its credits and searches, the dashboard…): those pages are for company accounts; their own settings are elsewhere. */
export const CORPORATE_ONLY_NOTICE: GuardNotice = { titleKey: 'guards.corporate_only_title', textKey: 'guards.corporate_only' };

/**
 * - public: anyone, at once.
 * - auth-ready: anyone, once the authentication state is known.
 * - signed-in: authenticated, otherwise /login (remembering the wanted URL) — or /home right after the
 *   person signed out here (`leftOnPurpose`): signing out of a guarded page is not a request to sign in.
 * - admin: the user has role admin, otherwise /.
 * - admin-or-corporate: the user's roles include admin or corporate, otherwise / — a member opening
 *   /my-account, /my-account/my-credits or /my-account/my-searches included, told why and where their own
 *   settings are (CORPORATE_ONLY_NOTICE); /my-account/settings has only the signed-in guard, so it stays open
 *   to every signed-in user.
 * - corporate: the user's roles include corporate, otherwise / (an admin too: a company's payroll is its corporate
 *   users' alone, and the server refuses everyone else).
 * The first guard that does not pass decides.
 */
export function decideGuards(guards: readonly Guard[], status: AuthStatus, user: User | null, leftOnPurpose = false): GuardDecision {
  for (const guard of guards) {
    if (guard === 'public') continue;
    if (status === 'unknown') return { kind: 'wait' };
    switch (guard) {
      case 'auth-ready':
        break;
      case 'signed-in':
        if (status !== 'signedIn') {
          return leftOnPurpose ? { kind: 'redirect', to: SIGNED_OUT_FALLBACK, remember: false } : { kind: 'redirect', to: SIGN_IN_PAGE, remember: true };
        }
        break;
      case 'admin':
        if (!isAdmin(user)) return { kind: 'redirect', to: FORBIDDEN_FALLBACK, remember: false };
        break;
      case 'admin-or-corporate':
        if (!isAdminOrCorporate(user)) return { kind: 'redirect', to: FORBIDDEN_FALLBACK, remember: false, notice: CORPORATE_ONLY_NOTICE };
        break;
      case 'corporate':
        if (!hasRole(user, 'corporate')) return { kind: 'redirect', to: FORBIDDEN_FALLBACK, remember: false };
        break;
    }
  }
  return { kind: 'allow' };
}
