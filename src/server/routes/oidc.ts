// Sign-in through OpenID Connect providers (docs/identity.md "Sign-in through an identity provider"):
// the methods offered, home-realm discovery, the browser's round trip to the provider (start → callback), the
// second step of a provider sign-in that needs TOTP, our e-mailed link that proves a new address, and
// company single sign-on. The callback opens sessions exactly as the password sign-in does (auth/identity.ts
// openSession: same refresh cookie, same session table) and hands the outcome to the web app's /login page in the
// URL fragment (never sent to a server, never in a log).
// Nothing here logs a token, a code, a secret or an address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { pendingSecret } from '../services/secondFactors';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, badRequest, notFound } from '../http/errors';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { createActionToken, peekActionToken } from '../auth/actionTokens';
import { requireAdmin, requireCorporate } from '../auth/caller';
import { clientAddress, rateLimited } from '../auth/identity';
import { openChallenge, secondFactorDemand } from '../auth/secondFactor';
import { decryptSecret, enrolmentOf } from '../auth/totp';
import {
  EMAIL_LINK_MINUTES,
  OidcRefusal,
  bindEmailLink,
  clearBindingCookie,
  consumeRequest,
  emailLinkBinding,
  exchangeCode,
  mappedRoles,
  oidcClientsFor,
  refusalCode,
  startAuthorization,
  type ProviderPerson,
} from '../auth/oidc';
import type { OidcProviderConfig } from '../oidcConfig';
import { providerEmailLink, providerEmailLinkMail } from '../email/templates';
import { requestLanguage } from '../services/payments/catalogue';
import type { Language } from '../../domain/constants';
import { isAppReturnPath } from '../services/returnPath';
import { findUserByEmail, findUserById, hasRole, type UserRow } from '../services/users';
import {
  companySsoOf,
  createEmailLink,
  createLink,
  findIdentity,
  insertProviderUser,
  linkIdentity,
  listCompanyDomains,
  openSessionWithRoles,
  providerProvesAddress,
  realmProvider,
  recordPendingProviderSession,
  recordProviderSession,
  reviewCompanyDomain,
  setCompanySso,
  takeEmailLink,
  touchIdentity,
} from '../services/identities';

/** The web app's page that finishes a provider sign-in: the login page reads the outcome from the fragment. */
export const PROVIDER_CALLBACK_PAGE = '/login';
/** Where a re-authentication at a provider returns without an app path of its own (#reauth= or #error=). */
export const REAUTH_RETURN_PAGE = '/settings';

/** A browser gets the 302; a client that asks only for JSON gets the same place as data (tests, scripts). */
function redirectTo(request: FastifyRequest, reply: FastifyReply, location: string) {
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/json') && !accept.includes('text/html')) return { location };
  return reply.redirect(location, 302);
}

const callbackPage = (outcome: Record<string, string>, page = PROVIDER_CALLBACK_PAGE) => `${page}#${new URLSearchParams(outcome).toString()}`;

/** Where the provider's sign-in stands once its person is known. */
type Account =
  /** Linked (or linked now): sign in. */
  | { user: UserRow }
  /** An existing account's address: its password proves it once (the linking step). */
  | { link: string }
  /** A new address no trusted provider vouched for: nothing is created until our e-mailed link proves it. */
  | { proveAddress: string };

/** What the session about to open is owed: the provider's roles, its trusted second factor, its ID token. */
interface Opening {
  provider: OidcProviderConfig;
  person: Pick<ProviderPerson, 'issuer' | 'subject' | 'email' | 'roleValues' | 'mfa'>;
  /** For the sign-out at the provider; null when the session is opened by our e-mailed link. */
  idToken: string | null;
  redirectPath: string | null;
}

export function oidcHandlers(context: AppContext) {
  const { config, database, mailer, throttles, log } = context;
  // Made when first needed (the contract coverage test builds the handlers without a configuration).
  let made: ReturnType<typeof oidcClientsFor> | undefined;
  const clients = () => (made ??= oidcClientsFor(config));
  const publicProviders = () => config.oidc.providers.map((p) => ({ id: p.id, name: p.name }));

  async function throttle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const wait = await throttles.oidcPerAddress.hit(clientAddress(request));
    if (wait > 0) rateLimited(reply, wait);
  }

  /**
   * The account of the provider's person. An identity is linked only after the address is proven — a
   * verified claim of a provider trusted for that address, our e-mailed link, or the account's password — so an
   * address asserted unverified (or by an untrusted provider) never creates, links or signs in to an account.
   */
  async function accountOf(provider: OidcProviderConfig, person: ProviderPerson, language: Language): Promise<Account> {
    const linked = await findIdentity(database, person.issuer, person.subject);
    if (linked) {
      // Linked before the rule without a proof of the address: nobody signs in through it until the address is proven.
      if (!linked.addressProven) throw new OidcRefusal(AUTH_ERRORS.oidcEmailUnverified);
      await touchIdentity(database, person);
      return { user: linked.user };
    }
    if (!person.email) throw new OidcRefusal(AUTH_ERRORS.oidcEmailMissing);
    const proven = await providerProvesAddress(database, provider, person);
    const existing = await findUserByEmail(database, person.email);
    if (existing) {
      // Company single sign-on: the company's approved provider vouches for the company's own corporate accounts.
      const realm = proven ? await realmProvider(database, person.email) : null;
      if (realm && realm.provider === provider.id && existing.company_id === realm.companyId && hasRole(existing, 'corporate')) {
        await linkIdentity(database, existing.id, provider.id, person, true);
        return { user: existing };
      }
      // Never linked on an address alone, verified or not: the account's password proves it once.
      return { link: await createLink(database, existing.id, provider.id, person) };
    }
    if (!proven) return { proveAddress: person.email };
    const email = person.email;
    const user = await database.transaction(async (tx) => {
      const created = await insertProviderUser(tx, { email, language, noiseSecret: config.secrets.perturbationSecret });
      // Registered or linked meanwhile by a concurrent request: this one creates nothing.
      if (!created || !(await linkIdentity(tx, created.id, provider.id, person, true))) throw new OidcRefusal(AUTH_ERRORS.oidcStateInvalid);
      return created;
    });
    return { user };
  }

  /**
   * The account is known: its session opens now, or after the TOTP step when one is asked (a provider that asserts a
   * second factor its configuration trusts is not asked twice). The provider's roles apply only when the session
   * opens, so an abandoned step changes nothing; the step itself is asked for the roles the account will have.
   */
  async function openFor(reply: FastifyReply, account: UserRow, opening: Opening): Promise<Record<string, string>> {
    const { provider, person, idToken, redirectPath } = opening;
    if (account.disabled) throw new OidcRefusal(AUTH_ERRORS.userDisabled);
    const roles = mappedRoles(provider, person.roleValues);
    const redirect: Record<string, string> = redirectPath ? { redirect: redirectPath } : {};
    const demand = person.mfa ? null : secondFactorDemand(context, { ...account, roles: roles ?? account.roles });
    if (demand) {
      const { challenge } = await openChallenge(context, account, demand);
      await recordPendingProviderSession(database, challenge, account.id, provider.id, person, idToken);
      return { secondFactor: demand, challenge, ...redirect };
    }
    await openSessionWithRoles(context, database, reply, account, roles, { secondFactor: person.mfa, reauthenticated: true }, async (familyId) => {
      if (idToken) await recordProviderSession(database, familyId, account.id, provider.id, idToken);
    });
    return { done: '1', ...redirect };
  }

  /** The provider step succeeded: the outcome the web app's callback page goes on with. */
  async function signInPerson(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OidcProviderConfig,
    person: ProviderPerson,
    redirectPath: string | null,
  ): Promise<Record<string, string>> {
    const language = requestLanguage(undefined, request.headers['accept-language']);
    const account = await accountOf(provider, person, language);
    if ('link' in account) return { link: account.link, provider: provider.name };
    if ('proveAddress' in account) {
      const email = account.proveAddress;
      const token = await createEmailLink(database, provider.id, { ...person, email }, bindEmailLink(request, reply, config));
      if (token) {
        mailer.deliverLater({
          to: email,
          purpose: 'provider-email-link',
          ...providerEmailLinkMail(language, providerEmailLink(config.publicUrl, token), provider.name, EMAIL_LINK_MINUTES),
        });
      }
      // The same answer when the hourly cap sent nothing: the links already sent still work in this browser.
      return { emailSent: email, provider: provider.name };
    }
    return openFor(reply, account.user, { provider, person, idToken: person.idToken, redirectPath });
  }

  /**
   * A fresh sign-in at the provider as re-authentication (intent=reauth). It never creates, links or opens a
   * session: the provider's person must already be an identity linked, address proven, to an enabled account, which
   * gets a single-use proof (5 minutes, only its hash stored) for auth/reauthenticate from one of its own sessions.
   */
  async function reauthProof(person: ProviderPerson): Promise<Record<string, string>> {
    const linked = await findIdentity(database, person.issuer, person.subject);
    if (!linked) throw new OidcRefusal(AUTH_ERRORS.oidcReauthNotLinked);
    if (!linked.addressProven) throw new OidcRefusal(AUTH_ERRORS.oidcEmailUnverified);
    if (linked.user.disabled) throw new OidcRefusal(AUTH_ERRORS.userDisabled);
    return { reauth: await createActionToken(database, linked.user.id, 'provider-reauth') };
  }

  const corporateCaller = (request: FastifyRequest) => requireCorporate(database, request, 'Company single sign-on is set by corporate users');

  /** A refusal of the provider step, logged by the library's code (never its message's values: tokens, claims). */
  function refusal(request: FastifyRequest, error: unknown, message: string): Record<string, string> {
    if (error instanceof HttpError) throw error;
    const code = refusalCode(error);
    log.warn({ reqId: request.id, code, cause: (error as { code?: string }).code }, message);
    return { error: code };
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
      const intent = request.query.intent === 'reauth' ? 'reauth' : null;
      try {
        return redirectTo(request, reply, await startAuthorization(clients(), config, database, reply, provider, redirect, intent));
      } catch (error) {
        log.warn({ reqId: request.id, provider: provider.id, code: refusalCode(error) }, 'provider sign-in could not start');
        const page = intent === 'reauth' ? (redirect ?? REAUTH_RETURN_PAGE) : PROVIDER_CALLBACK_PAGE;
        return redirectTo(request, reply, callbackPage({ error: refusalCode(error) }, page));
      }
    },

    async finishOidcSignIn(request, reply) {
      await throttle(request, reply);
      // The binding is single-use whatever happens next.
      clearBindingCookie(reply, config);
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      let outcome: Record<string, string>;
      // A re-authentication goes back to its app page (the settings), a sign-in to /login; known once the state is.
      let page = PROVIDER_CALLBACK_PAGE;
      try {
        const pending = await consumeRequest(database, request, request.query.state);
        if (pending.intent === 'reauth') page = pending.redirectPath ?? REAUTH_RETURN_PAGE;
        const provider = clients().provider(pending.provider);
        if (!provider) throw new OidcRefusal(AUTH_ERRORS.unknownProvider);
        if (request.query.error) throw new OidcRefusal(AUTH_ERRORS.oidcProviderError);
        const person = await exchangeCode(clients(), config, provider, pending, rawQuery);
        outcome = pending.intent === 'reauth' ? await reauthProof(person) : await signInPerson(request, reply, provider, person, pending.redirectPath);
      } catch (error) {
        outcome = refusal(request, error, page === PROVIDER_CALLBACK_PAGE ? 'provider sign-in refused' : 'provider re-authentication refused');
      }
      return redirectTo(request, reply, callbackPage(outcome, page));
    },

    async confirmOidcEmailLink(request, reply) {
      await throttle(request, reply);
      let outcome: Record<string, string>;
      try {
        // Only in the browser whose sign-in asked for the link: opened elsewhere (by whoever got the mail, or a
        // mail scanner) it is refused and stays unused.
        const binding = emailLinkBinding(request);
        if (!binding) throw new OidcRefusal(AUTH_ERRORS.oidcEmailLinkInvalid);
        const { user, link, provider } = await database.transaction(async (tx) => {
          const link = await takeEmailLink(tx, request.query.token, binding);
          if (!link) throw new OidcRefusal(AUTH_ERRORS.oidcEmailLinkInvalid);
          const provider = clients().provider(link.provider);
          if (!provider) throw new OidcRefusal(AUTH_ERRORS.unknownProvider);
          // The address got an account meanwhile (a registration): nothing is made here; a new provider sign-in
          // finds that account and asks for its proof.
          if (await findUserByEmail(tx, link.email)) throw new OidcRefusal(AUTH_ERRORS.oidcEmailLinkInvalid);
          const created = await insertProviderUser(tx, {
            email: link.email,
            language: requestLanguage(undefined, request.headers['accept-language']),
            noiseSecret: config.secrets.perturbationSecret,
          });
          if (!created || !(await linkIdentity(tx, created.id, provider.id, link, true))) throw new OidcRefusal(AUTH_ERRORS.oidcEmailLinkInvalid);
          return { user: created, link, provider };
        });
        const person = { issuer: link.issuer, subject: link.subject, email: link.email, roleValues: link.roleValues, mfa: link.providerMfa };
        outcome = await openFor(reply, user, { provider, person, idToken: null, redirectPath: null });
      } catch (error) {
        outcome = refusal(request, error, 'e-mailed provider link refused');
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
      const pending = await pendingSecret(database, user.id);
      if (!pending) throw expired();
      const enrolment = await enrolmentOf(decryptSecret(config.secrets.tokenSecret, pending), user.email);
      return { secondFactor: 'enrol' as const, challenge, enrolment };
    },

    async getCompanySso(request) {
      const { companyId } = await corporateCaller(request);
      return { ...(await companySsoOf(database, companyId)), providers: publicProviders() };
    },

    async setCompanySso(request) {
      const { companyId } = await corporateCaller(request);
      const { provider, domains } = request.body;
      if (provider !== null && !clients().provider(provider)) throw badRequest(AUTH_ERRORS.unknownProvider, 'No identity provider of that name');
      await database.transaction((tx) => setCompanySso(tx, companyId, provider, domains));
      return { ...(await companySsoOf(database, companyId)), providers: publicProviders() };
    },

    async listCompanyDomains(request) {
      await requireAdmin(database, request);
      return listCompanyDomains(database);
    },

    async reviewCompanyDomain(request) {
      await requireAdmin(database, request);
      const { companyId, approved } = request.body;
      const entry = await database.transaction((tx) => reviewCompanyDomain(tx, request.params.domain, companyId, approved));
      if (!entry) throw notFound('NOT_FOUND', 'That company has no claim of this domain');
      return entry;
    },
  } satisfies Partial<OperationHandlers>;
}
