// The route guards of spec §2 as a pure decision: the route's guards (routes.ts), in order, against the
// auth state. RouteGuard (router.tsx) renders the decision.
import { isAdmin, isAdminOrCorporate, type User } from '../../../machines/auth/landing';
import type { AuthStatus } from '../../../machines/auth/viewModel';
import type { Guard } from './routes';

/** Where a guard sends a visitor who does not pass. */
export const SIGN_IN_PAGE = '/login';
export const FORBIDDEN_FALLBACK = '/';
/** Where a signed-in page sends someone who has just signed out here. */
export const SIGNED_OUT_FALLBACK = '/home';
/**
 * My account for a member: credits and saved searches are for company accounts, but a member has account
 * settings there too (password, language, data export, account deletion): they go there, and are told why.
 */
export const MEMBER_ACCOUNT_PAGE = '/my-account/settings';
export const MEMBER_ACCOUNT_NOTICE = 'guards.member_account';

export type GuardDecision =
  /** Render the page. */
  | { kind: 'allow' }
  /** The session is still being restored: show a spinner, decide when it is known. */
  | { kind: 'wait' }
  /**
   * Go elsewhere; `remember`: the wanted URL is kept to return to after signing in; `noticeKey`: what the
   * person is told on arrival (a translation key), so they are not moved without a word.
   */
  | { kind: 'redirect'; to: string; remember: boolean; noticeKey?: string };

/**
 * - public: anyone, at once.
 * - auth-ready: anyone, once the authentication state is known.
 * - signed-in: authenticated, otherwise /login (remembering the wanted URL) — or /home right after the
 *   person signed out here (`leftOnPurpose`): signing out of a guarded page is not a request to sign in.
 * - admin: the user has role admin, otherwise /.
 * - admin-or-corporate: the user's roles include admin or corporate, otherwise /.
 * The first guard that does not pass decides. A signed-in member opening a company page of my account
 * (`path` under /my-account) goes to the account settings with a notice instead.
 */
export function decideGuards(guards: readonly Guard[], status: AuthStatus, user: User | null, leftOnPurpose = false, path = ''): GuardDecision {
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
        if (!isAdminOrCorporate(user)) {
          return /^\/my-account(\/|$)/.test(path)
            ? { kind: 'redirect', to: MEMBER_ACCOUNT_PAGE, remember: false, noticeKey: MEMBER_ACCOUNT_NOTICE }
            : { kind: 'redirect', to: FORBIDDEN_FALLBACK, remember: false };
        }
        break;
    }
  }
  return { kind: 'allow' };
}
