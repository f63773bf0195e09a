// The real `send` actors of the account pages (accountRequestMachine.provide({ actors: { send } })):
// one call each through the typed client; a failure rejects with an AuthFailure carrying its errorCode.
import { fromPromise } from 'xstate';
import { api as defaultClient, call, skipAuth, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { isLanguage } from '../../src/domain/language';
import { bodyOf, toAuthFailure } from './actors';
import { answerOf } from '../resource/answer';
import type { RequestFields } from './accountRequestMachine';

export type DataExport = components['schemas']['DataExport'];
export type User = components['schemas']['User'];
export type CompanySso = components['schemas']['CompanySso'];
export type CompanyDomainEntry = components['schemas']['CompanyDomainEntry'];
/** The identity providers linked to the account, and whether it has a password. */
export type LinkedProviders = components['schemas']['LinkedProviders'];
/** What a corporate registration tells its caller: the address the invitation went to, nothing more. */
export interface CorporateInvitation {
  invited: string;
}

/** GET auth/company-sso: the company's provider and domains (a read for the resource machine). */
export const loadCompanySso = (client: ApiClient = defaultClient) =>
  fromPromise<CompanySso>(async ({ signal }) => answerOf(await call(client.GET('/auth/company-sso', { signal }))));

/** GET admin/company-domains: every domain companies asked for single sign-on (admins). */
export const loadCompanyDomains = (client: ApiClient = defaultClient) =>
  fromPromise<CompanyDomainEntry[]>(async ({ signal }) => answerOf(await call(client.GET('/admin/company-domains', { signal }))));

/** GET auth/identities: the providers linked to the account (a read for the resource machine). */
export const loadLinkedProviders = (client: ApiClient = defaultClient) =>
  fromPromise<LinkedProviders>(async ({ signal }) => answerOf(await call(client.GET('/auth/identities', { signal }))));

/**
 * POST auth/reauthenticate { password }: the session may make security changes for 5 minutes. The
 * `reauthenticate` actor of the flows that ask the password again (account requests, the second factor).
 */
export const reauthenticateCall = (client: ApiClient = defaultClient) =>
  fromPromise<void, { password: string }>(async ({ input, signal }) => {
    await done(client.POST('/auth/reauthenticate', { body: { password: input.password }, signal }));
  });

/**
 * POST auth/reauthenticate { providerProof }: the proof a fresh sign-in at a linked provider gave (an account
 * without a password); the `confirmProof` actor of machines/providerReauth.
 */
export const providerProofCall = (client: ApiClient = defaultClient) =>
  fromPromise<void, { providerProof: string }>(async ({ input, signal }) => {
    await done(client.POST('/auth/reauthenticate', { body: { providerProof: input.providerProof }, signal }));
  });

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
      bodyOf(
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
    exportMyData: fromPromise<DataExport, RequestFields>(async ({ signal }) => bodyOf(await call(client.GET('/users/currentUser/export', { signal })))),
    /**
     * PUT auth/company-sso { provider, domains }: the company's identity provider (`provider`, empty for
     * none) and its e-mail domains (`domains`, separated by commas, spaces or lines); new domains wait for an admin.
     */
    saveCompanySso: fromPromise<CompanySso, RequestFields>(async ({ input, signal }) => {
      const provider = field(input, 'provider').trim();
      const domains = [
        ...new Set(
          field(input, 'domains')
            .toLowerCase()
            .split(/[\s,;]+/)
            .filter(Boolean),
        ),
      ];
      return bodyOf(await call(client.PUT('/auth/company-sso', { body: { provider: provider || null, domains }, signal })));
    }),
    /**
     * Admins: PUT admin/company-domains/{domain} { companyId, approved } (`approved` is "true" or "false"):
     * One company's claim: approving it declines the competing ones; false withdraws or declines it.
     */
    reviewCompanyDomain: fromPromise<CompanyDomainEntry, RequestFields>(async ({ input, signal }) =>
      bodyOf(
        await call(
          client.PUT('/admin/company-domains/{domain}', {
            params: { path: { domain: field(input, 'domain') } },
            body: { companyId: field(input, 'companyId'), approved: field(input, 'approved') === 'true' },
            signal,
          }),
        ),
      ),
    ),
    /** DELETE auth/identities/{id}: unlink a provider (`id`) from the account. */
    unlinkIdentity: fromPromise<true, RequestFields>(({ input, signal }) =>
      done(client.DELETE('/auth/identities/{id}', { params: { path: { id: field(input, 'id') } }, signal })),
    ),
    /** DELETE users/currentUser { password }: the account's password again (re-authentication). */
    deleteMyAccount: fromPromise<true, RequestFields>(({ input, signal }) =>
      done(client.DELETE('/users/currentUser', { body: { password: field(input, 'password') }, signal })),
    ),
  };
}
