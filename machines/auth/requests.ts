// The real `send` actors of the account pages (accountRequestMachine.provide({ actors: { send } })):
// one call each through the typed client; a failure rejects with an AuthFailure carrying its errorCode.
import { fromPromise } from 'xstate';
import { api as defaultClient, call, skipAuth, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { isLanguage } from '../../src/domain/language';
import { bodyOf, toAuthFailure } from './actors';
import type { RequestFields } from './accountRequestMachine';

export type DataExport = components['schemas']['DataExport'];
export type User = components['schemas']['User'];
/** What a corporate registration tells its caller: the address the invitation went to, nothing more. */
export interface CorporateInvitation {
  invited: string;
}

/** A request without an answer body: resolves with true, rejects with the failure. */
async function done(pending: Promise<{ response: Response; data?: unknown; error?: unknown }>): Promise<true> {
  const result = await call(pending);
  if (!result.ok) throw toAuthFailure(result);
  return true;
}

const field = (fields: RequestFields, name: string) => fields[name] ?? '';
const optional = (fields: RequestFields, name: string) => (fields[name]?.trim() ? fields[name].trim() : undefined);

export function accountRequests(client: ApiClient = defaultClient) {
  return {
    /** POST users/reset-pass { email }: the same answer whether or not the account exists. */
    requestPasswordReset: fromPromise<true, RequestFields>(({ input, signal }) =>
      done(client.POST('/users/reset-pass', { body: { email: field(input, 'email').trim() }, headers: skipAuth, signal })),
    ),
    /** POST auth/reset-confirm { token, password }. */
    confirmPasswordReset: fromPromise<true, RequestFields>(({ input, signal }) =>
      done(
        client.POST('/auth/reset-confirm', {
          body: { token: field(input, 'token'), password: field(input, 'password') },
          headers: skipAuth,
          signal,
        }),
      ),
    ),
    /** POST auth/change-password { currentPassword, newPassword }. */
    changePassword: fromPromise<true, RequestFields>(({ input, signal }) =>
      done(
        client.POST('/auth/change-password', {
          body: { currentPassword: field(input, 'currentPassword'), newPassword: field(input, 'newPassword') },
          signal,
        }),
      ),
    ),
    /** POST auth/verify-email { token }. */
    verifyEmail: fromPromise<true, RequestFields>(({ input, signal }) =>
      done(client.POST('/auth/verify-email', { body: { token: field(input, 'token') }, headers: skipAuth, signal })),
    ),
    /**
     * POST users/corporate: a corporate user (of the caller's company for a corporate caller). The server
     * answers 202 the same way whether or not the address already has an account (it e-mails an invitation,
     * or an explanation to the owner), so this resolves with the invited address only.
     */
    registerCorporate: fromPromise<CorporateInvitation, RequestFields>(async ({ input, signal }) => {
      const language = input.language;
      const taxId = optional(input, 'taxId');
      const contactName = optional(input, 'contactName');
      const email = field(input, 'email').trim();
      await bodyOf(
        await call(
          client.POST('/users/corporate', {
            body: {
              email,
              password: field(input, 'password'),
              corporateInfo: {
                companyName: field(input, 'companyName').trim(),
                ...(taxId ? { taxId } : {}),
                ...(contactName ? { contactName } : {}),
              },
              ...(isLanguage(language) ? { language } : {}),
            },
            signal,
          }),
        ),
      );
      return { invited: email };
    }),
    /** GET users/currentUser/export: everything stored about the account. */
    exportMyData: fromPromise<DataExport, RequestFields>(async ({ signal }) =>
      bodyOf(await call(client.GET('/users/currentUser/export', { signal }))),
    ),
    /** DELETE users/currentUser { password }: the account's password again (re-authentication). */
    deleteMyAccount: fromPromise<true, RequestFields>(({ input, signal }) =>
      done(client.DELETE('/users/currentUser', { body: { password: field(input, 'password') }, signal })),
    ),
  };
}
