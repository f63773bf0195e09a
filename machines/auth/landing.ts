// Where a person goes after signing in or registering. Pure: the auth machine and the
// registration flow both decide with these.
import type { components } from '../../src/api/schema';

export type User = components['schemas']['User'];
export type Role = components['schemas']['Role'];
export type Session = components['schemas']['Session'];
export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge'];

/** The landing page of each role: admin → /admin/stats, corporate → /dashboard, member → /comparison. */
export const ROLE_LANDING = {
  admin: '/admin/stats',
  corporate: '/dashboard',
  member: '/comparison',
} as const satisfies Record<Role, string>;

/** Where someone with no known role lands. */
export const DEFAULT_LANDING = '/home';

/** Pages a saved redirect must never point at: going back to them after signing in would loop. */
const NOT_A_DESTINATION = ['/login', '/reset-password'];

export function hasRole(user: Pick<User, 'role'> | null | undefined, role: Role): boolean {
  return !!user && user.role.includes(role);
}

export function isAdmin(user: Pick<User, 'role'> | null | undefined): boolean {
  return hasRole(user, 'admin');
}

export function isAdminOrCorporate(user: Pick<User, 'role'> | null | undefined): boolean {
  return hasRole(user, 'admin') || hasRole(user, 'corporate');
}

/**
 * A URL the app may return to after signing in: a same-origin path (`/comparison?x=1`), not the sign-in
 * page itself, never an absolute or protocol-relative URL (an open redirect).
 */
export function safeRedirect(url: string | null | undefined): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  const path = url.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  return NOT_A_DESTINATION.includes(path) ? null : url;
}

/** The landing page of the user's highest role: admin, then corporate, then member; otherwise home. */
export function roleLanding(user: Pick<User, 'role'> | null): string {
  if (hasRole(user, 'admin')) return ROLE_LANDING.admin;
  if (hasRole(user, 'corporate')) return ROLE_LANDING.corporate;
  if (hasRole(user, 'member')) return ROLE_LANDING.member;
  return DEFAULT_LANDING;
}

/** After signing in: a saved redirect URL wins, otherwise the role's landing page. */
export function signInLanding(user: Pick<User, 'role'> | null, savedRedirect: string | null): string {
  return safeRedirect(savedRedirect) ?? roleLanding(user);
}

/**
 * After creating a user on the register page: a corporate registrant goes to the saved URL or
 * the dashboard; any other role stays where it is (null).
 */
export function registrationLanding(registrant: Pick<User, 'role'> | null, savedRedirect: string | null): string | null {
  if (!hasRole(registrant, 'corporate')) return null;
  return safeRedirect(savedRedirect) ?? ROLE_LANDING.corporate;
}

/** The query that tells the page the person has just registered (it shows when their answers start to count). */
export const WELCOME_QUERY = 'welcome=registered';

/**
 * After a member registers: with the completed questionnaire they took along, straight to their
 * personalised comparison — or, when their plan does not open it (premium flag on, free plan), to the comparison
 * already run on their own sector, level and country; without one, to the registration's completion page.
 */
export function memberRegistrationLanding(claimedCompletedForm: boolean, personalViewsLocked: boolean): string {
  if (!claimedCompletedForm) return '/register/individual/complete';
  return personalViewsLocked ? `/comparison?group=mine&${WELCOME_QUERY}` : `/personalized-comparison?${WELCOME_QUERY}`;
}
