// POST users/member: registers a member and, with a form id, claims that anonymous form (spec §7; the
// contract's registerMember). The server answers 202 the same way whether or not the address already has an
// account (no account enumeration), so the new member is then signed in with the password just chosen
// (POST auth/sign-in, which also claims the form for an owner who typed their existing password). When that
// sign-in is refused, the address had an account and its owner was e-mailed: the actor rejects with
// REGISTRATION_MAIL_SENT, shown as auth.REGISTRATION_MAIL_SENT. Other failures reject with the identity
// flows' AuthFailure, so the account request machine and its views handle them like every other account
// request (auth.{code}).
import { fromPromise } from 'xstate';
import { api as defaultClient, call, skipAuth, type ApiClient } from '../../../api/client';
import type { components } from '../../../api/schema';
import { isLanguage } from '../../../domain/language';
import type { RequestFields } from '../../../../machines/auth/accountRequestMachine';
import { bodyOf } from '../../../../machines/auth/actors';
import { AuthFailure, REGISTRATION_MAIL_SENT } from '../../../../machines/auth/failure';

export type Session = components['schemas']['Session'];

export function registerMemberActor(client: ApiClient = defaultClient) {
  return fromPromise<Session, RequestFields>(async ({ input, signal }) => {
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
    if (signedIn.ok && signedIn.data !== undefined) return signedIn.data;
    // A network failure or a wait is what it is; a refused password means the address had an account.
    if (!signedIn.ok && (signedIn.status === 0 || signedIn.status === 429)) return bodyOf(signedIn);
    throw new AuthFailure(REGISTRATION_MAIL_SENT, 202);
  });
}
