// POST users/member: registers a member and, with a form id, claims that anonymous form (spec §7; the
// contract's registerMember). Rejects with the identity flows' AuthFailure, so the account request machine
// and its views handle it like every other account request (auth.{code}).
import { fromPromise } from 'xstate';
import { api as defaultClient, call, skipAuth, type ApiClient } from '../../../api/client';
import type { components } from '../../../api/schema';
import { isLanguage } from '../../../domain/language';
import type { RequestFields } from '../../../../machines/auth/accountRequestMachine';
import { bodyOf } from '../../../../machines/auth/actors';

export type Session = components['schemas']['Session'];

export function registerMemberActor(client: ApiClient = defaultClient) {
  return fromPromise<Session, RequestFields>(async ({ input, signal }) => {
    const formId = input.formId?.trim();
    return bodyOf(
      await call(
        client.POST('/users/member', {
          body: {
            email: (input.email ?? '').trim(),
            password: input.password ?? '',
            ...(formId ? { formId } : {}),
            ...(isLanguage(input.language) ? { language: input.language } : {}),
          },
          headers: skipAuth,
          signal,
        }),
      ),
    );
  });
}
