// The real effects of the two registration flows, through the typed client:
// - lookUpForm: GET forms/{id} (anonymous): whose the questionnaire to claim is, and its address.
// - registerMember: POST users/member, then POST auth/sign-in (below).
// - registerCorporate: POST users/corporate (machines/auth/requests.ts).
import { fromPromise } from 'xstate';
import { api as defaultClient, call, skipAuth, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { isLanguage } from '../../src/domain/language';
import { bodyOf } from '../auth/actors';
import { AuthFailure, REGISTRATION_MAIL_SENT } from '../auth/failure';
import { accountRequests } from '../auth/requests';
import { answerOf } from '../resource/answer';
import type { FormToClaim, MemberRegistrationFields } from './memberRegistrationMachine';

export type Session = components['schemas']['Session'];

/**
 * POST users/member: registers a member and, with a form id, claims that anonymous form (the
 * contract's registerMember). The server answers 202 the same way whether or not the address already has
 * an account (no account enumeration), so the new member is then signed in with the password just chosen
 * (POST auth/sign-in, which also claims the form for an owner who typed their existing password). When
 * that sign-in is refused, the address had an account and its owner was e-mailed: the actor rejects with
 * REGISTRATION_MAIL_SENT, shown as auth.REGISTRATION_MAIL_SENT. Other failures reject with the identity
 * flows' AuthFailure (auth.{code}).
 */
export function registerMemberActor(client: ApiClient = defaultClient) {
  return fromPromise<Session, MemberRegistrationFields & { formId?: string }>(async ({ input, signal }) => {
    const formId = input.formId?.trim();
    const email = (input.email ?? '').trim();
    const password = input.password ?? '';
    bodyOf(
      await call(
        client.POST('/users/member', {
          body: {
            email,
            password,
            ...(formId ? { formId } : {}),
            ...(isLanguage(input.language) ? { language: input.language } : {}),
          },
          headers: skipAuth,
          signal,
        }),
      ),
    );
    const signedIn = await call(client.POST('/auth/sign-in', { body: { email, password, ...(formId ? { formId } : {}) }, headers: skipAuth, signal }));
    // An owner whose account has a second factor signs in on the sign-in page: the answer is then a challenge.
    if (signedIn.ok && signedIn.data !== undefined && 'accessToken' in signedIn.data) return signedIn.data;
    // A network failure or a wait is what it is; a refused password means the address had an account.
    if (!signedIn.ok && (signedIn.status === 0 || signedIn.status === 429)) return bodyOf(signedIn);
    throw new AuthFailure(REGISTRATION_MAIL_SENT, 202);
  });
}

/** GET forms/{id} without a token: the form's owner (null while anonymous) and the address it was started with. */
export function lookUpFormActor(client: ApiClient = defaultClient) {
  return fromPromise<FormToClaim, { formId: string }>(async ({ input, signal }) => {
    const form = answerOf(await call(client.GET('/forms/{id}', { params: { path: { id: input.formId } }, headers: skipAuth, signal })));
    const email = form.answers.email;
    return { userId: form.userId, email: typeof email === 'string' && email ? email : null, completed: form.status === 'completed' };
  });
}

/** The member registration's actors (register/individual). */
export function memberRegistrationActors(client: ApiClient = defaultClient) {
  return { lookUpForm: lookUpFormActor(client), registerMember: registerMemberActor(client) };
}

/** The corporate registration's actor (the register page). */
export function corporateRegistrationActors(client: ApiClient = defaultClient) {
  return { registerCorporate: accountRequests(client).registerCorporate };
}
