// Accounts of people who sign in through an identity provider (docs/identity.md): the link by the
// provider's (issuer, subject) only, never by e-mail; the proofs an address needs before a link is made (a
// verified claim of a provider trusted for that address, our e-mailed link, or the account's password); the sessions
// a provider opened (for the sign-out there) and the roles it gives, applied only when the session opens; and company
// single sign-on (a company's provider and the e-mail domains an admin approved for it and that provider).
import type { FastifyReply } from 'fastify';
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db/open';
import { HttpError } from '../http/errors';
import { newId } from '../ids';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { accessSession, openSession } from '../auth/identity';
import { EMAIL_LINK_MINUTES, LINK_MINUTES, mappedRoles, type ProviderPerson } from '../auth/oidc';
import { providerVouchesFor, type OidcProviderConfig } from '../oidcConfig';
import { hashSecretToken, newSecretToken } from '../auth/secretTokens';
import { revokeFamily, revokeUserSessions, type SessionAssurance } from '../auth/sessions';
import type { Role } from '../auth/accessToken';
import { findUserById, insertUser, type UserRow } from './users';

type Session = components['schemas']['Session'];
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
type Language = components['schemas']['Language'];

export interface LinkedIdentity {
  user: UserRow;
  /** Linked after the address was proven; a link without that proof signs nobody in. */
  addressProven: boolean;
}

export async function findIdentity(db: Queryable, issuer: string, subject: string): Promise<LinkedIdentity | null> {
  const [row] = await db.execute<{ user_id: string; address_proven: boolean }>(
    'select user_id, address_proven from user_identities where issuer = $1 and subject = $2',
    [issuer, subject],
  );
  const user = row ? await findUserById(db, row.user_id) : null;
  return user ? { user, addressProven: row.address_proven } : null;
}

/**
 * Links the provider's person to the account; false when (issuer, subject) is already linked (to anyone).
 * `addressProven`: the account's address was proven for this link (see LinkedIdentity).
 */
export async function linkIdentity(
  db: Queryable,
  userId: string,
  provider: string,
  person: Pick<ProviderPerson, 'issuer' | 'subject' | 'email'>,
  addressProven = true,
): Promise<boolean> {
  const rows = await db.execute(
    `insert into user_identities (id, user_id, provider, issuer, subject, email, address_proven, last_sign_in_at)
     values ($1, $2, $3, $4, $5, $6, $7, now()) on conflict (issuer, subject) do nothing returning id`,
    [newId(), userId, provider, person.issuer, person.subject, person.email, addressProven],
  );
  return rows.length > 0;
}

/** A linked person signed in again: remember when and the address the provider asserts now (information only). */
export async function touchIdentity(db: Queryable, person: Pick<ProviderPerson, 'issuer' | 'subject' | 'email'>): Promise<void> {
  await db.execute('update user_identities set last_sign_in_at = now(), email = $3 where issuer = $1 and subject = $2', [
    person.issuer,
    person.subject,
    person.email,
  ]);
}

/**
 * The account's address was proven (password reset, e-mail verification): every identity linked to it
 * without that proof goes, with the sessions its provider opened, so a link made for an address nobody proved never
 * outlives its real owner's arrival.
 */
export async function dropUnprovenIdentities(db: Queryable, userId: string): Promise<void> {
  const dropped = await db.execute<{ provider: string }>('delete from user_identities where user_id = $1 and not address_proven returning provider', [userId]);
  if (dropped.length === 0) return;
  await endProviderSessions(db, userId, [...new Set(dropped.map((row) => row.provider))]);
}

/** Ends the account's sessions that these providers opened (but `keepFamilyId`, the caller's own, when given). */
async function endProviderSessions(db: Queryable, userId: string, providers: string[], keepFamilyId?: string): Promise<void> {
  const sessions = await db.execute<{ family_id: string }>(
    `delete from identity_sessions where user_id = $1 and provider = any($2::text[]) and family_id <> coalesce($3::text, '')
     returning family_id`,
    [userId, providers, keepFamilyId ?? null],
  );
  for (const { family_id } of sessions) await revokeFamily(db, family_id);
}

export interface IdentityOfAccount {
  id: string;
  provider: string;
  email: string | null;
  created_at: Date;
  last_sign_in_at: Date | null;
}

/** The identity providers linked to an account, oldest first (the settings' list). */
export function listUserIdentities(db: Queryable, userId: string): Promise<IdentityOfAccount[]> {
  return db.execute<IdentityOfAccount>(
    'select id, provider, email, created_at, last_sign_in_at from user_identities where user_id = $1 order by created_at, id',
    [userId],
  );
}

export type Unlinking = { status: 'unlinked'; provider: string } | { status: 'not-found' } | { status: 'last-sign-in-method' };

/**
 * Unlinks one of the account's identities, unless it is the only way left to sign in (no password and no other proven
 * identity); the sessions its provider opened end with it (but the caller's own), unless another identity of the account
 * at the same provider remains. One unlinking at a time per account: two at once must not both find another way in.
 */
export async function unlinkIdentity(
  db: Pick<Database, 'transaction'>,
  user: Pick<UserRow, 'id' | 'password_hash'>,
  identityId: string,
  keepFamilyId?: string,
): Promise<Unlinking> {
  return db.transaction(async (tx) => {
    await tx.execute('select id from users where id = $1 for update', [user.id]);
    const [identity] = await tx.execute<{ id: string; provider: string }>('select id, provider from user_identities where id = $1 and user_id = $2', [
      identityId,
      user.id,
    ]);
    if (!identity) return { status: 'not-found' };
    const [{ others }] = await tx.execute<{ others: number }>(
      'select count(*)::int as others from user_identities where user_id = $1 and id <> $2 and address_proven',
      [user.id, identity.id],
    );
    if (user.password_hash === null && Number(others) === 0) return { status: 'last-sign-in-method' };
    await tx.execute('delete from user_identities where id = $1', [identity.id]);
    const [{ same }] = await tx.execute<{ same: number }>('select count(*)::int as same from user_identities where user_id = $1 and provider = $2', [
      user.id,
      identity.provider,
    ]);
    if (Number(same) === 0) await endProviderSessions(tx, user.id, [identity.provider], keepFamilyId);
    return { status: 'unlinked', provider: identity.provider };
  });
}

/** A new account for a provider's person whose address was proven: no password (it signs in at the provider), a member until its session opens. */
export function insertProviderUser(db: Queryable, options: { email: string; language?: Language; noiseSecret: string }): Promise<UserRow | null> {
  return insertUser(db, { ...options, emailVerified: true, roles: ['member'], passwordHash: null, companyId: null });
}

/** The provider's roles claim keeps the account's roles in step with it (OIDC_<ID>_ROLES_CLAIM). */
export async function applyProviderRoles(db: Queryable, user: UserRow, roles: Role[]): Promise<UserRow> {
  const same = roles.length === user.roles.length && roles.every((role) => user.roles.includes(role));
  if (same) return user;
  await db.execute(
    `update users set roles = $2, company_id = case when 'corporate' = any($2::text[]) then coalesce(company_id, id) else company_id end,
            updated_at = now() where id = $1`,
    [user.id, roles],
  );
  return (await findUserById(db, user.id))!;
}

// ───────────── which provider may assert which address ─────────────

/**
 * Whether the provider's claim proves the address: it says verified, and it may say so for that domain. A domain a
 * company approved for single sign-on belongs to that company's provider (the one it was approved for) alone;
 * elsewhere OIDC_<ID>_VERIFIED_DOMAINS decides.
 */
export async function providerProvesAddress(
  db: Queryable,
  provider: OidcProviderConfig,
  person: Pick<ProviderPerson, 'email' | 'emailVerified'>,
): Promise<boolean> {
  if (!person.email || !person.emailVerified) return false;
  const realm = await realmProvider(db, person.email);
  if (realm) return realm.provider === provider.id;
  return providerVouchesFor(provider, domainOf(person.email));
}

// ───────────── opening the session of a provider's sign-in ─────────────

/**
 * Opens the session of a sign-in whose every step is passed: the roles the provider gave (`roles`, mapped) apply
 * only now, and when they change the person's other sessions end (the new one goes on, with a token naming the
 * new roles).
 */
export async function openSessionWithRoles(
  context: AppContext,
  db: Queryable,
  reply: FastifyReply,
  user: UserRow,
  roles: Role[] | null,
  assurance: SessionAssurance,
  afterStart?: (familyId: string) => Promise<void>,
): Promise<Session> {
  let familyId = '';
  const session = await openSession(context, db, reply, user, assurance, async (family) => {
    familyId = family;
    if (afterStart) await afterStart(family);
  });
  if (!roles) return session;
  const updated = await applyProviderRoles(db, user, roles);
  if (updated === user) return session;
  await revokeUserSessions(db, user.id, familyId);
  return accessSession(context, updated, familyId);
}

// ───────────── the linking step (an existing account's password proves it) ─────────────

/** Remembers the provider's person for an existing account; the token proves it with that account's password. */
export async function createLink(db: Queryable, userId: string, provider: string, person: ProviderPerson): Promise<string> {
  const token = newSecretToken();
  await db.execute(
    `insert into identity_links (id, token_hash, user_id, provider, issuer, subject, email, role_values, provider_mfa, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(mins => $10))`,
    [newId(), hashSecretToken(token), userId, provider, person.issuer, person.subject, person.email, jsonOrNull(person.roleValues), person.mfa, LINK_MINUTES],
  );
  return token;
}

const linkExpired = () => new HttpError(401, AUTH_ERRORS.linkExpired, 'The link of the identity provider is not valid or has expired; start again');

/** 401 LINK_EXPIRED unless the token is live and names this account (checked before the sign-in goes on). */
export async function assertLinkFor(db: Queryable, token: string, userId: string): Promise<void> {
  const rows = await db.execute('select 1 from identity_links where token_hash = $1 and user_id = $2 and used_at is null and expires_at > now()', [
    hashSecretToken(token),
    userId,
  ]);
  if (rows.length === 0) throw linkExpired();
}

/**
 * Uses the token up and links the identity (the account proved itself); 401 LINK_EXPIRED when it was used meanwhile.
 * The password proves the account, and the address only when the account's address is verified: a link to an
 * account whose address nobody proved yet (someone may have registered another's address) is kept unproven, signs
 * nobody in, and goes when the address is proven (dropUnprovenIdentities).
 */
export async function completeLink(db: Queryable, token: string, userId: string): Promise<void> {
  const [link] = await db.execute<{ provider: string; issuer: string; subject: string; email: string }>(
    `update identity_links set used_at = now()
      where token_hash = $1 and user_id = $2 and used_at is null and expires_at > now()
      returning provider, issuer, subject, email`,
    [hashSecretToken(token), userId],
  );
  if (!link) throw linkExpired();
  const user = await findUserById(db, userId);
  // Linked meanwhile (to this account through another link, or to another): nothing to add.
  await linkIdentity(db, userId, link.provider, link, user?.email_verified === true);
}

// ───────────── our e-mailed link (a new address no trusted provider vouched for) ─────────────

/** At most this many e-mailed links per address and hour (more sign-ins are answered the same, and send nothing). */
export const EMAIL_LINKS_PER_HOUR = 3;

/**
 * Remembers the provider's person for a new address until the address proves itself: a single-use token for our
 * e-mail, valid EMAIL_LINK_MINUTES, bound to the browser of the sign-in (`bindingHash`). Null when the address got
 * EMAIL_LINKS_PER_HOUR links already (then nothing is sent).
 */
export async function createEmailLink(
  db: Queryable,
  provider: string,
  person: ProviderPerson & { email: string },
  bindingHash: string,
): Promise<string | null> {
  const [recent] = await db.execute<{ n: number }>(
    `select count(*)::int as n from identity_links where user_id is null and email = $1 and created_at > now() - interval '1 hour'`,
    [person.email],
  );
  if ((recent?.n ?? 0) >= EMAIL_LINKS_PER_HOUR) return null;
  await db.execute(`delete from identity_links where expires_at < now() - interval '1 day'`);
  const token = newSecretToken();
  await db.execute(
    `insert into identity_links (id, token_hash, user_id, provider, issuer, subject, email, binding_hash, role_values, provider_mfa, expires_at)
     values ($1, $2, null, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(mins => $10))`,
    [
      newId(),
      hashSecretToken(token),
      provider,
      person.issuer,
      person.subject,
      person.email,
      bindingHash,
      jsonOrNull(person.roleValues),
      person.mfa,
      EMAIL_LINK_MINUTES,
    ],
  );
  return token;
}

export interface EmailLink {
  provider: string;
  issuer: string;
  subject: string;
  email: string;
  roleValues: string[] | null;
  providerMfa: boolean;
}

/** Uses up an e-mailed link, only in the browser that asked for it (its binding) and while it is live; null otherwise. */
export async function takeEmailLink(db: Queryable, token: string, bindingHash: string): Promise<EmailLink | null> {
  const [row] = await db.execute<{ provider: string; issuer: string; subject: string; email: string; role_values: string[] | null; provider_mfa: boolean }>(
    `update identity_links set used_at = now()
      where token_hash = $1 and user_id is null and binding_hash = $2 and used_at is null and expires_at > now()
      returning provider, issuer, subject, email, role_values, provider_mfa`,
    [hashSecretToken(token), bindingHash],
  );
  return row
    ? { provider: row.provider, issuer: row.issuer, subject: row.subject, email: row.email, roleValues: row.role_values, providerMfa: row.provider_mfa }
    : null;
}

// ───────────── sessions a provider opened (RP-initiated sign-out) ─────────────

export async function recordProviderSession(db: Queryable, familyId: string, userId: string, provider: string, idToken: string): Promise<void> {
  await db.execute(
    `insert into identity_sessions (family_id, user_id, provider, id_token) values ($1, $2, $3, $4)
     on conflict (family_id) do update set provider = excluded.provider, id_token = excluded.id_token`,
    [familyId, userId, provider, idToken],
  );
}

const pendingKey = (challenge: string) => `pending:${hashSecretToken(challenge)}`;

/**
 * A provider sign-in waiting for the second factor: its session becomes the provider's once the challenge opens it,
 * and the roles the provider gave (`roleValues`, kept in identity_links under the challenge's hash) apply then.
 */
export async function recordPendingProviderSession(
  db: Queryable,
  challenge: string,
  userId: string,
  provider: string,
  person: Pick<ProviderPerson, 'issuer' | 'subject' | 'email' | 'roleValues' | 'mfa'>,
  idToken: string | null,
): Promise<void> {
  await db.execute(`delete from identity_sessions where family_id like 'pending:%' and created_at < now() - interval '1 hour'`);
  if (idToken) await recordProviderSession(db, pendingKey(challenge), userId, provider, idToken);
  await db.execute(
    `insert into identity_links (id, token_hash, user_id, provider, issuer, subject, email, role_values, provider_mfa, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(mins => $10))`,
    [
      newId(),
      pendingKey(challenge),
      userId,
      provider,
      person.issuer,
      person.subject,
      person.email ?? '',
      jsonOrNull(person.roleValues),
      person.mfa,
      LINK_MINUTES,
    ],
  );
}

/**
 * The second step (TOTP) of a sign-in was passed: opens its session. A provider's sign-in that waited for it makes
 * the session the provider's (sign-out there too) and applies the roles the provider gave only now, so abandoning
 * the step leaves the account's roles as they were.
 */
export async function openSessionAfterSecondFactor(
  context: AppContext,
  db: Queryable,
  reply: FastifyReply,
  user: UserRow,
  challenge: string,
  assurance: SessionAssurance,
): Promise<Session> {
  const [pending] = await db.execute<{ provider: string; role_values: string[] | null }>(
    `update identity_links set used_at = now() where token_hash = $1 and user_id = $2 and used_at is null and expires_at > now()
      returning provider, role_values`,
    [pendingKey(challenge), user.id],
  );
  const provider = pending ? context.config.oidc.providers.find((p) => p.id === pending.provider) : undefined;
  const roles = provider ? mappedRoles(provider, pending.role_values) : null;
  return openSessionWithRoles(context, db, reply, user, roles, assurance, (familyId) => adoptPendingProviderSession(db, challenge, familyId));
}

/** The second step opened the session (family): a provider sign-in's pending record now names it. */
export async function adoptPendingProviderSession(db: Queryable, challenge: string, familyId: string): Promise<void> {
  await db.execute('update identity_sessions set family_id = $2 where family_id = $1', [pendingKey(challenge), familyId]);
}

/** The provider session of a family, removed (sign-out): null for a session opened with a password. */
export async function takeProviderSession(db: Queryable, familyId: string): Promise<{ provider: string; id_token: string } | null> {
  const [row] = await db.execute<{ provider: string; id_token: string }>('delete from identity_sessions where family_id = $1 returning provider, id_token', [
    familyId,
  ]);
  return row ?? null;
}

/** The family of a refresh token (sign-out by cookie). */
export async function familyOfRefreshToken(db: Queryable, token: string): Promise<string | null> {
  const [row] = await db.execute<{ family_id: string }>('select family_id from refresh_tokens where token_hash = $1', [hashSecretToken(token)]);
  return row?.family_id ?? null;
}

// ───────────── company single sign-on ─────────────

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The provider of the company whose approved claim the address's domain is (home-realm discovery, the single
 * sign-on link), or null. An approval is for one (domain, provider) pair, so it counts only while the
 * company still has the provider it was approved for.
 */
export async function realmProvider(db: Queryable, email: string): Promise<{ provider: string; companyId: string } | null> {
  const [row] = await db.execute<{ provider: string; company_id: string }>(
    `select s.provider, s.company_id from company_domains d join company_sso s on s.company_id = d.company_id
      where d.domain = $1 and d.approved_at is not null and d.approved_provider = s.provider`,
    [domainOf(email)],
  );
  return row ? { provider: row.provider, companyId: row.company_id } : null;
}

export interface CompanySsoRow {
  provider: string | null;
  domains: Array<{ domain: string; approved: boolean }>;
}

/** A claim counts as approved while the company keeps the provider it was approved for. */
const APPROVED = `(d.approved_at is not null and coalesce(d.approved_provider = s.provider, false))`;

export async function companySsoOf(db: Queryable, companyId: string): Promise<CompanySsoRow> {
  const [sso] = await db.execute<{ provider: string }>('select provider from company_sso where company_id = $1', [companyId]);
  const domains = await db.execute<{ domain: string; approved: boolean }>(
    `select d.domain, ${APPROVED} as approved from company_domains d left join company_sso s on s.company_id = d.company_id
      where d.company_id = $1 order by d.domain`,
    [companyId],
  );
  return { provider: sso?.provider ?? null, domains };
}

/**
 * Saves the company's provider and domains (claims): kept domains keep their approval unless the provider changes
 * (an approval is for one provider: they wait for an admin again), new ones wait for an admin, removed ones go.
 * Only an approved claim of another company blocks a domain (409 DOMAIN_TAKEN); pending claims of several
 * companies wait side by side until an admin picks one.
 */
export async function setCompanySso(db: Queryable, companyId: string, provider: string | null, domains: string[]): Promise<void> {
  const wanted = [...new Set(domains.map((d) => d.toLowerCase()))];
  const taken = await db.execute<{ domain: string }>(
    'select domain from company_domains where domain = any($1::text[]) and company_id <> $2 and approved_at is not null',
    [wanted, companyId],
  );
  if (taken.length > 0) throw new HttpError(409, AUTH_ERRORS.domainTaken, 'Another company already has this e-mail domain');
  const [current] = await db.execute<{ provider: string }>('select provider from company_sso where company_id = $1', [companyId]);
  if ((current?.provider ?? null) !== provider) {
    await db.execute('update company_domains set approved_at = null, approved_provider = null where company_id = $1', [companyId]);
  }
  if (provider) {
    await db.execute(
      `insert into company_sso (company_id, provider) values ($1, $2)
       on conflict (company_id) do update set provider = excluded.provider, updated_at = now()`,
      [companyId, provider],
    );
  } else {
    await db.execute('delete from company_sso where company_id = $1', [companyId]);
  }
  await db.execute('delete from company_domains where company_id = $1 and not (domain = any($2::text[]))', [companyId, wanted]);
  for (const domain of wanted) {
    await db.execute('insert into company_domains (domain, company_id) values ($1, $2) on conflict (domain, company_id) do nothing', [domain, companyId]);
  }
}

export interface DomainEntry {
  domain: string;
  companyId: string;
  companyName: string | null;
  provider: string | null;
  approved: boolean;
  /** How many companies claim this domain (more than one: competing claims for an admin to resolve). */
  claims: number;
}

const DOMAIN_ENTRY = `select d.domain, d.company_id, ${APPROVED} as approved, s.provider,
    (select count(*)::int from company_domains o where o.domain = d.domain) as claims,
    (select u.corporate_info->>'companyName' from users u where u.company_id = d.company_id and u.corporate_info is not null
      order by u.created_at limit 1) as company_name
  from company_domains d left join company_sso s on s.company_id = d.company_id`;

type DomainRow = { domain: string; company_id: string; approved: boolean; provider: string | null; company_name: string | null; claims: number };
const toEntry = (row: DomainRow): DomainEntry => ({
  domain: row.domain,
  companyId: row.company_id,
  companyName: row.company_name,
  provider: row.provider,
  approved: row.approved,
  claims: row.claims,
});

/** Every claim, pending ones first, a domain's competing claims together. */
export async function listCompanyDomains(db: Queryable): Promise<DomainEntry[]> {
  return (await db.execute<DomainRow>(`${DOMAIN_ENTRY} order by ${APPROVED}, d.domain, d.created_at, d.company_id`)).map(toEntry);
}

/**
 * An admin's decision on one company's claim of a domain. Approving it approves it for the company's current provider
 * (409 COMPANY_WITHOUT_PROVIDER when it has none) and declines (removes) every other company's claim of the domain.
 * Not approving it: an approved claim waits again, a pending one is declined (removed). Null when that company has
 * no claim of the domain.
 */
export async function reviewCompanyDomain(db: Queryable, domain: string, companyId: string, approved: boolean): Promise<DomainEntry | null> {
  const [claim] = await db.execute<DomainRow>(`${DOMAIN_ENTRY} where d.domain = $1 and d.company_id = $2`, [domain, companyId]);
  if (!claim) return null;
  if (approved) {
    const [sso] = await db.execute<{ provider: string }>('select provider from company_sso where company_id = $1', [companyId]);
    if (!sso) throw new HttpError(409, AUTH_ERRORS.companyWithoutProvider, 'The company has no identity provider to approve the domain for');
    await db.execute('delete from company_domains where domain = $1 and company_id <> $2', [domain, companyId]);
    await db.execute('update company_domains set approved_at = now(), approved_provider = $3 where domain = $1 and company_id = $2', [
      domain,
      companyId,
      sso.provider,
    ]);
  } else {
    const [row] = await db.execute<{ approved_at: Date | null }>('select approved_at from company_domains where domain = $1 and company_id = $2', [
      domain,
      companyId,
    ]);
    if (row?.approved_at) {
      await db.execute('update company_domains set approved_at = null, approved_provider = null where domain = $1 and company_id = $2', [domain, companyId]);
    } else {
      await db.execute('delete from company_domains where domain = $1 and company_id = $2', [domain, companyId]);
      return { ...toEntry(claim), approved: false, claims: claim.claims - 1 };
    }
  }
  const [row] = await db.execute<DomainRow>(`${DOMAIN_ENTRY} where d.domain = $1 and d.company_id = $2`, [domain, companyId]);
  return toEntry(row);
}
