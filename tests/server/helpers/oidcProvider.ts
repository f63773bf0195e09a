// A real OpenID provider for the tests (the certified `oidc-provider` package) on a local port: one confidential
// client for the app's callback with PKCE required, test people (verified and unverified addresses, groups, a second
// factor asserted through amr), and a programmatic login: GET /interaction/{uid}/login?as= finishes the provider's
// interaction as that person (GET /interaction/{uid} is a page of such links, for a browser). `loginAtProvider()` plays
// the browser between the app and the provider with a cookie jar, so an API test completes a real sign-in without a
// browser and without the network.
// `tamper` makes the provider's token endpoint answer a bad ID token: re-signed with the provider's own key but expired
// or naming another issuer, re-signed with ANOTHER key under the provider's key id (a forgery the JWKS must expose),
// or unsigned (alg none): the checks the app must refuse.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt } from 'jose';
import Provider from 'oidc-provider';

export interface TestPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  /** The authentication methods the provider asserts for this person (amr), e.g. ['pwd', 'mfa']. */
  amr?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, TestPerson>;
  /** What the next ID tokens look like: as issued, expired, naming another issuer, forged under the same kid, or unsigned. */
  tamper: { idToken: 'none' | 'expired' | 'foreign-issuer' | 'foreign-key' | 'alg-none' };
  /** The environment that configures the app for this provider under the id `id`. */
  env(id: string, extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const CLIENT_ID = 'paybench-test';
const CLIENT_SECRET = 'paybench-test-client-secret-0123456789';

export async function startTestProvider(options: { publicUrl?: string; people?: Record<string, TestPerson>; port?: number } = {}): Promise<TestProvider> {
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const people = new Map(Object.entries(options.people ?? {}));
  const tamper: TestProvider['tamper'] = { idToken: 'none' };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  // An attacker's key: never in the provider's JWKS, but its tokens name the provider's key id.
  const { privateKey: forgerKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };

  // Listen first: the issuer must name the port.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${publicUrl}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key'] },
    // amr: the authentication methods of the login (RFC 8176), with the openid scope so every ID token carries them.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person, amr: undefined }) };
    },
    // A first-party client: the person's consent is implied (no consent screen to drive).
    loadExistingGrant: async (ctx) => {
      const oidc = ctx.oidc;
      const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { IdToken: 3600, AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  });

  // The token endpoint's ID token, re-signed with the provider's key when a test asks for a bad one.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || tamper.idToken === 'none' || !body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    if (tamper.idToken === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    if (tamper.idToken === 'foreign-issuer') claims.iss = 'http://localhost:1/another-issuer';
    if (tamper.idToken === 'alg-none') {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      body.id_token = `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
      return;
    }
    const key = tamper.idToken === 'foreign-key' ? forgerKey : privateKey;
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(key);
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    // A browser's login page (the Playwright journey): one link per test person.
    const page = /^\/interaction\/([^/?]+)$/.exec(req.url ?? '');
    if (page && req.method === 'GET') {
      const links = [...people.keys()]
        .map((id) => `<li><a href="/interaction/${page[1]}/login?as=${encodeURIComponent(id)}">Sign in as ${id}</a></li>`)
        .join('');
      // Cancel: the person refuses at the provider, which sends the browser back with error=access_denied.
      const cancel = `<li><a href="/interaction/${page[1]}/cancel">Cancel</a></li>`;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return void res.end(`<!doctype html><html lang="en"><title>Test Identity</title><h1>Test Identity</h1><ul>${links}${cancel}</ul></html>`);
    }
    if (/^\/interaction\/[^/?]+\/cancel$/.test(req.url ?? '') && req.method === 'GET') {
      void provider
        .interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled' }, { mergeWithLastSubmission: false })
        .catch((error: unknown) => {
          res.statusCode = 400;
          res.end(String(error));
        });
      return;
    }
    const login = /^\/interaction\/([^/?]+)\/login\?as=([^&]+)/.exec(req.url ?? '');
    if (!login) return void handle(req, res);
    void (async () => {
      try {
        const accountId = decodeURIComponent(login[2]);
        const person = people.get(accountId);
        if (!person) throw new Error('no such test person');
        await provider.interactionDetails(req, res);
        await provider.interactionFinished(req, res, { login: { accountId, amr: person.amr ?? ['pwd'] } }, { mergeWithLastSubmission: false });
      } catch (error) {
        res.statusCode = 400;
        res.end(String(error));
      }
    })();
  });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    people,
    tamper,
    env(id, extra = {}) {
      const prefix = `OIDC_${id.toUpperCase()}_`;
      return {
        OIDC_PROVIDERS: id,
        [`${prefix}ISSUER_URL`]: issuer,
        [`${prefix}CLIENT_ID`]: CLIENT_ID,
        [`${prefix}CLIENT_SECRET`]: CLIENT_SECRET,
        [`${prefix}NAME`]: 'Test Identity',
        PUBLIC_URL: publicUrl,
        ...extra,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A cookie jar for one origin (the provider's cookies have distinct names, so paths are not kept apart). */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: follows the authorization URL to the login interaction, logs in as `person`,
 * and follows the provider's redirects until it sends the browser back to the app's callback; returns that URL.
 */
export async function loginAtProvider(authorizationUrl: string, person: string, jar = new CookieJar()): Promise<URL> {
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`);
    const next = new URL(location, url);
    if (next.origin !== origin) return next;
    const interaction = /^\/interaction\/([^/]+)$/.exec(next.pathname);
    url = interaction ? new URL(`/interaction/${interaction[1]}/login?as=${encodeURIComponent(person)}`, origin) : next;
  }
  throw new Error('the provider never sent the browser back');
}

// ───────────── the app's side of a provider sign-in, for API tests ─────────────

/** What the app needs of a test app here (tests/server/helpers/testApp.ts TestApp). */
interface InjectingApp {
  app: { inject(options: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; remoteAddress?: string }): Promise<InjectedResponse> };
  database: { execute<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> };
}
interface InjectedResponse {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  cookies: Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }>;
  json(): unknown;
}

/** The /login page's outcome of a callback or an e-mailed link, with the cookies the browser got. */
export interface ProviderOutcome {
  params: URLSearchParams;
  /** The refresh cookie (`name=value`) when a session opened. */
  refreshCookie: string | null;
  /** The e-mailed link's browser binding (`name=value`) when one was set. */
  emailLinkCookie: string | null;
  location: string;
}

let addressCounter = 0;
/** A client address of its own for each call: the flows here are not about the per-address throttle. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** A browser signing in at the app through providers (cookies passed by hand, as the tests choose). */
export function providerSignIns(t: InjectingApp) {
  async function toLogin(url: string, cookie: string | null): Promise<ProviderOutcome> {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: freshAddress() });
    if (res.statusCode !== 302) throw new Error(`expected a redirect to /login, got ${res.statusCode}: ${res.body}`);
    const location = String(res.headers.location);
    if (!location.startsWith('/login#')) throw new Error(`expected a redirect to /login, got ${location}`);
    const cookieOf = (name: string) => {
      const found = res.cookies.find((c) => c.name === name && c.value);
      return found ? `${found.name}=${found.value}` : null;
    };
    return {
      params: new URLSearchParams(location.slice(location.indexOf('#') + 1)),
      refreshCookie: cookieOf('paybench_refresh'),
      emailLinkCookie: cookieOf('paybench_oidc_link'),
      location,
    };
  }

  async function start(provider: string, redirect?: string): Promise<{ authorizationUrl: string; cookie: string }> {
    const url = `/api/auth/oidc/${provider}/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: freshAddress() });
    if (res.statusCode !== 302) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
    const binding = res.cookies.find((c) => c.name === 'paybench_oidc');
    if (!binding) throw new Error('start set no binding cookie');
    return { authorizationUrl: String(res.headers.location), cookie: `${binding.name}=${binding.value}` };
  }

  /** The provider's redirect back, with the browser's cookies (`extraCookie`: e.g. an e-mailed link's binding). */
  const callback = (url: URL, cookie: string | null, extraCookie?: string | null) =>
    toLogin(`${url.pathname}${url.search}`, [cookie, extraCookie].filter(Boolean).join('; ') || null);

  /** A whole sign-in at `provider` (the app's id) as the provider's person `subject`. */
  async function signInAs(provider: string, subject: string, options: { redirect?: string; emailLinkCookie?: string | null } = {}): Promise<ProviderOutcome> {
    const started = await start(provider, options.redirect);
    return callback(await loginAtProvider(started.authorizationUrl, subject), started.cookie, options.emailLinkCookie);
  }

  /** Opens our e-mailed link (the URL in the mail) in a browser with `cookie` (or none). */
  const openEmailLink = (link: string, cookie: string | null) => {
    const url = new URL(link);
    return toLogin(`${url.pathname}${url.search}`, cookie);
  };

  /** Waits for the e-mails sent to `email` (the outbox: no SMTP in tests) and answers them, oldest first. */
  async function mailsTo(email: string, count = 1): Promise<Array<{ subject: string; text: string; html: string }>> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const rows = await t.database.execute<{ subject: string; text: string; html: string }>(
        'select subject, text, html from email_outbox where "to" = $1 order by created_at, id',
        [email],
      );
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return t.database.execute('select subject, text, html from email_outbox where "to" = $1 order by created_at, id', [email]);
  }

  /** The link of the last e-mail to `email` that carries one of ours. */
  async function emailedLink(email: string): Promise<string> {
    const mails = await mailsTo(email);
    const links = mails.flatMap((mail) => mail.text.match(/https?:\/\/\S+\/api\/auth\/oidc\/email-link\?token=[A-Za-z0-9_%-]+/g) ?? []);
    if (links.length === 0) throw new Error('no e-mailed link');
    return links[links.length - 1];
  }

  return { start, callback, signInAs, openEmailLink, mailsTo, emailedLink };
}
