// Sign-in through OpenID Connect providers (issue 28; docs/identity.md "Sign-in through an identity provider"):
// the methods offered, home-realm discovery, the browser's round trip to the provider (start → callback), the
// second step of a provider sign-in that needs TOTP, and company single sign-on. The callback opens sessions exactly
// as the password sign-in does (auth/identity.ts openSession: same refresh cookie, same session table) and hands the
// outcome to the web app's /login page in the URL fragment (never sent to a server, never in a log).
// Nothing here logs a token, a code, a secret or an address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { peekActionToken } from '../auth/actionTokens';
import { requireAdmin, requireCaller } from '../auth/caller';
import { clientAddress, openSession, rateLimited } from '../auth/identity';
import { openChallenge, secondFactorDemand } from '../auth/secondFactor';
import { decryptSecret, enrolmentOf } from '../auth/totp';
import {
  OidcRefusal,
  clearBindingCookie,
  consumeRequest,
  exchangeCode,
  mappedRoles,
  oidcClientsFor,
  refusalCode,
  startAuthorization,
  type ProviderPerson,
} from '../auth/oidc';
import type { OidcProviderConfig } from '../auth/oidcConfig';
import { isAppReturnPath } from '../services/returnPath';
import { findUserByEmail, findUserById, hasRole, type UserRow } from '../services/users';
import {
  applyProviderRoles,
  companySsoOf,
  createLink,
  findIdentityUser,
  insertProviderUser,
  linkIdentity,
  listCompanyDomains,
  realmProvider,
  recordPendingProviderSession,
  recordProviderSession,
  reviewCompanyDomain,
  setCompanySso,
  touchIdentity,
} from '../services/identities';

/** The web app's page that finishes a provider sign-in: the login page reads the outcome from the fragment. */
export const PROVIDER_CALLBACK_PAGE = '/login';

/** A browser gets the 302; a client that asks only for JSON gets the same place as data (tests, scripts). */
function redirectTo(request: FastifyRequest, reply: FastifyReply, location: string) {
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/json') && !accept.includes('text/html')) return { location };
  return reply.redirect(location, 302);
}

const callbackPage = (outcome: Record<string, string>) => `${PROVIDER_CALLBACK_PAGE}#${new URLSearchParams(outcome).toString()}`;

export function oidcHandlers(context: AppContext) {
  const { config, database, throttles, log } = context;
  // Made when first needed (the contract coverage test builds the handlers without a configuration).
  let made: ReturnType<typeof oidcClientsFor> | undefined;
  const clients = () => (made ??= oidcClientsFor(config));
  const publicProviders = () => config.oidc.providers.map((p) => ({ id: p.id, name: p.name }));

  async function throttle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const wait = await throttles.oidcPerAddress.hit(clientAddress(request));
    if (wait > 0) rateLimited(reply, wait);
  }

  /** The account of the provider's person: linked, created, or (an existing account's address) a linking step. */
  async function accountOf(provider: OidcProviderConfig, person: ProviderPerson): Promise<UserRow | { link: string }> {
    const linked = await findIdentityUser(database, person.issuer, person.subject);
    if (linked) {
      await touchIdentity(database, person);
      return linked;
    }
    if (!person.email) throw new OidcRefusal(AUTH_ERRORS.oidcEmailMissing);
    const existing = await findUserByEmail(database, person.email);
    if (existing) {
      // Never linked on an address alone: an unverified one is refused, a verified one must prove the account.
      if (!person.emailVerified) throw new OidcRefusal(AUTH_ERRORS.oidcEmailUnverified);
      // Company single sign-on: the company set this provider and an admin approved the address's domain, so the
      // company's own provider vouches for its own people (corporate accounts of that company only).
      const realm = await realmProvider(database, person.email);
      if (realm && realm.provider === provider.id && existing.company_id === realm.companyId && hasRole(existing, 'corporate')) {
        await linkIdentity(database, existing.id, provider.id, person);
        return existing;
      }
      return { link: await createLink(database, existing.id, provider.id, person) };
    }
    const email = person.email;
    return database.transaction(async (tx) => {
      const created = await insertProviderUser(tx, { email, emailVerified: person.emailVerified, roles: mappedRoles(provider, person.roleValues) ?? ['member'], noiseSecret: config.secrets.perturbationSecret });
      // Registered or linked meanwhile by a concurrent request: this one creates nothing.
      if (!created || !(await linkIdentity(tx, created.id, provider.id, person))) throw new OidcRefusal(AUTH_ERRORS.oidcStateInvalid);
      return created;
    });
  }

  /** The provider step succeeded: the outcome the web app's callback page goes on with. */
  async function signInPerson(reply: FastifyReply, provider: OidcProviderConfig, person: ProviderPerson, redirectPath: string | null): Promise<Record<string, string>> {
    const account = await accountOf(provider, person);
    if ('link' in account) return { link: account.link, provider: provider.name };
    if (account.disabled) throw new OidcRefusal(AUTH_ERRORS.userDisabled);
    const roles = mappedRoles(provider, person.roleValues);
    const user = roles ? await applyProviderRoles(database, account, roles) : account;
    const redirect: Record<string, string> = redirectPath ? { redirect: redirectPath } : {};
    // A provider that asserts a second factor (amr mfa/otp/hwk, or a configured acr) is not asked twice.
    const demand = person.mfa ? null : secondFactorDemand(context, user);
    if (demand) {
      const { challenge } = await openChallenge(context, user, demand);
      await recordPendingProviderSession(database, challenge, user.id, provider.id, person.idToken);
      return { secondFactor: demand, challenge, ...redirect };
    }
    await openSession(context, database, reply, user, { secondFactor: person.mfa, reauthenticated: true }, (familyId) => recordProviderSession(database, familyId, user.id, provider.id, person.idToken));
    return { done: '1', ...redirect };
  }

  async function corporateCaller(request: FastifyRequest): Promise<UserRow> {
    const caller = await requireCaller(database, request);
    if (!hasRole(caller, 'corporate')) throw forbidden('FORBIDDEN', 'Company single sign-on is set by corporate users');
    return caller;
  }

  return {
    async listIdentityProviders() {
      return { passwordSignIn: config.oidc.passwordSignIn, providers: publicProviders() };
    },

    async discoverRealm(request, reply) {
      await throttle(request, reply);
      const realm = await realmProvider(database, request.body.email);
      // A company's provider that is no longer configured sends nobody anywhere: the password form stays.
      return { provider: realm && clients().provider(realm.provider) ? realm.provider : null };
    },

    async startOidcSignIn(request, reply) {
      await throttle(request, reply);
      const provider = clients().provider(request.params.provider);
      if (!provider) throw notFound(AUTH_ERRORS.unknownProvider, 'No identity provider of that name');
      // Only a path of this app; anything else (another site, `//host`) lands by role instead.
      const redirect = request.query.redirect && isAppReturnPath(request.query.redirect) ? request.query.redirect : null;
      try {
        return redirectTo(request, reply, await startAuthorization(clients(), config, database, reply, provider, redirect));
      } catch (error) {
        log.warn({ reqId: request.id, provider: provider.id, code: refusalCode(error) }, 'provider sign-in could not start');
        return redirectTo(request, reply, callbackPage({ error: refusalCode(error) }));
      }
    },

    async finishOidcSignIn(request, reply) {
      await throttle(request, reply);
      // The binding is single-use whatever happens next.
      clearBindingCookie(reply, config);
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      let outcome: Record<string, string>;
      try {
        const pending = await consumeRequest(database, request, request.query.state);
        const provider = clients().provider(pending.provider);
        if (!provider) throw new OidcRefusal(AUTH_ERRORS.unknownProvider);
        if (request.query.error) throw new OidcRefusal(AUTH_ERRORS.oidcProviderError);
        const person = await exchangeCode(clients(), config, provider, pending, rawQuery);
        outcome = await signInPerson(reply, provider, person, pending.redirectPath);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = refusalCode(error);
        // The library's own code says which check failed; never its message's values (tokens, claims).
        log.warn({ reqId: request.id, code, cause: (error as { code?: string }).code }, 'provider sign-in refused');
        outcome = { error: code };
      }
      return redirectTo(request, reply, callbackPage(outcome));
    },

    async resumeSignInChallenge(request) {
      const expired = () => new HttpError(401, AUTH_ERRORS.secondFactorExpired, 'The sign-in took too long; sign in again');
      const { challenge } = request.body;
      const userId = await peekActionToken(database, challenge, 'second-factor');
      const user = userId ? await findUserById(database, userId) : null;
      if (!user) throw expired();
      if (user.disabled) throw new HttpError(401, AUTH_ERRORS.userDisabled, 'This account is disabled');
      if (user.totp_secret) return { secondFactor: 'verify' as const, challenge };
      const [row] = await database.execute<{ totp_pending_secret: string | null }>('select totp_pending_secret from users where id = $1', [user.id]);
      if (!row?.totp_pending_secret) throw expired();
      const enrolment = await enrolmentOf(decryptSecret(config.secrets.tokenSecret, row.totp_pending_secret), user.email);
      return { secondFactor: 'enrol' as const, challenge, enrolment };
    },

    async getCompanySso(request) {
      const caller = await corporateCaller(request);
      return { ...(await companySsoOf(database, caller.company_id ?? caller.id)), providers: publicProviders() };
    },

    async setCompanySso(request) {
      const caller = await corporateCaller(request);
      const { provider, domains } = request.body;
      if (provider !== null && !clients().provider(provider)) throw badRequest(AUTH_ERRORS.unknownProvider, 'No identity provider of that name');
      const companyId = caller.company_id ?? caller.id;
      await database.transaction((tx) => setCompanySso(tx, companyId, provider, domains));
      return { ...(await companySsoOf(database, companyId)), providers: publicProviders() };
    },

    async listCompanyDomains(request) {
      await requireAdmin(database, request);
      return listCompanyDomains(database);
    },

    async reviewCompanyDomain(request) {
      await requireAdmin(database, request);
      const entry = await reviewCompanyDomain(database, request.params.domain, request.body.approved);
      if (!entry) throw notFound('NOT_FOUND', 'No company asked for this domain');
      return entry;
    },
  } satisfies Partial<OperationHandlers>;
}
