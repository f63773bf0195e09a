// Accounts of people who sign in through an identity provider (issue 28, docs/identity.md): the link by the
// provider's (issuer, subject) only, never by e-mail; the linking step that proves an existing account; the sessions
// a provider opened (for the sign-out there); and company single sign-on (a company's provider and the e-mail
// domains an admin approved for it).
import type { Queryable } from '../db/open';
import { HttpError } from '../http/errors';
import { newId } from '../ids';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { LINK_MINUTES, type ProviderPerson } from '../auth/oidc';
import { hashSecretToken, newSecretToken } from '../auth/secretTokens';
import type { Role } from '../auth/accessToken';
import { findUserById, insertUser, type UserRow } from './users';

export async function findIdentityUser(db: Queryable, issuer: string, subject: string): Promise<UserRow | null> {
  const [row] = await db.execute<{ user_id: string }>('select user_id from user_identities where issuer = $1 and subject = $2', [issuer, subject]);
  return row ? findUserById(db, row.user_id) : null;
}

/** Links the provider's person to the account; false when (issuer, subject) is already linked (to anyone). */
export async function linkIdentity(db: Queryable, userId: string, provider: string, person: Pick<ProviderPerson, 'issuer' | 'subject' | 'email'>): Promise<boolean> {
  const rows = await db.execute(
    `insert into user_identities (id, user_id, provider, issuer, subject, email, last_sign_in_at)
     values ($1, $2, $3, $4, $5, $6, now()) on conflict (issuer, subject) do nothing returning id`,
    [newId(), userId, provider, person.issuer, person.subject, person.email],
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

/** A new account for a provider's person: no password (it signs in at the provider), roles as the provider maps them. */
export function insertProviderUser(
  db: Queryable,
  options: { email: string; emailVerified: boolean; roles: Role[]; noiseSecret: string },
): Promise<UserRow | null> {
  return insertUser(db, { ...options, passwordHash: null, companyId: options.roles.includes('corporate') ? 'self' : null });
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

// ───────────── the linking step ─────────────

/** Remembers the provider's person for the account of its verified address; the token proves it with that account's password. */
export async function createLink(db: Queryable, userId: string, provider: string, person: ProviderPerson): Promise<string> {
  const token = newSecretToken();
  await db.execute(
    `insert into identity_links (id, token_hash, user_id, provider, issuer, subject, email, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
    [newId(), hashSecretToken(token), userId, provider, person.issuer, person.subject, person.email, LINK_MINUTES],
  );
  return token;
}

const linkExpired = () => new HttpError(401, AUTH_ERRORS.linkExpired, 'The link of the identity provider is not valid or has expired; start again');

/** 401 LINK_EXPIRED unless the token is live and names this account (checked before the sign-in goes on). */
export async function assertLinkFor(db: Queryable, token: string, userId: string): Promise<void> {
  const rows = await db.execute(
    'select 1 from identity_links where token_hash = $1 and user_id = $2 and used_at is null and expires_at > now()',
    [hashSecretToken(token), userId],
  );
  if (rows.length === 0) throw linkExpired();
}

/** Uses the token up and links the identity (the account proved itself); 401 LINK_EXPIRED when it was used meanwhile. */
export async function completeLink(db: Queryable, token: string, userId: string): Promise<void> {
  const [link] = await db.execute<{ provider: string; issuer: string; subject: string; email: string }>(
    `update identity_links set used_at = now()
      where token_hash = $1 and user_id = $2 and used_at is null and expires_at > now()
      returning provider, issuer, subject, email`,
    [hashSecretToken(token), userId],
  );
  if (!link) throw linkExpired();
  // Linked meanwhile (to this account through another link, or to another): nothing to add.
  await linkIdentity(db, userId, link.provider, link);
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

/** A provider sign-in waiting for the second factor: its session becomes the provider's once the challenge opens it. */
export async function recordPendingProviderSession(db: Queryable, challenge: string, userId: string, provider: string, idToken: string): Promise<void> {
  await db.execute(`delete from identity_sessions where family_id like 'pending:%' and created_at < now() - interval '1 hour'`);
  await recordProviderSession(db, pendingKey(challenge), userId, provider, idToken);
}

/** The second step opened the session (family): a provider sign-in's pending record now names it. */
export async function adoptPendingProviderSession(db: Queryable, challenge: string, familyId: string): Promise<void> {
  await db.execute('update identity_sessions set family_id = $2 where family_id = $1', [pendingKey(challenge), familyId]);
}

/** The provider session of a family, removed (sign-out): null for a session opened with a password. */
export async function takeProviderSession(db: Queryable, familyId: string): Promise<{ provider: string; id_token: string } | null> {
  const [row] = await db.execute<{ provider: string; id_token: string }>(
    'delete from identity_sessions where family_id = $1 returning provider, id_token',
    [familyId],
  );
  return row ?? null;
}

/** The family of a refresh token (sign-out by cookie). */
export async function familyOfRefreshToken(db: Queryable, token: string): Promise<string | null> {
  const [row] = await db.execute<{ family_id: string }>('select family_id from refresh_tokens where token_hash = $1', [hashSecretToken(token)]);
  return row?.family_id ?? null;
}

// ───────────── company single sign-on ─────────────

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The provider of the company whose approved domain the address is in (home-realm discovery), or null. */
export async function realmProvider(db: Queryable, email: string): Promise<{ provider: string; companyId: string } | null> {
  const [row] = await db.execute<{ provider: string; company_id: string }>(
    `select s.provider, s.company_id from company_domains d join company_sso s on s.company_id = d.company_id
      where d.domain = $1 and d.approved_at is not null`,
    [domainOf(email)],
  );
  return row ? { provider: row.provider, companyId: row.company_id } : null;
}

export interface CompanySsoRow {
  provider: string | null;
  domains: Array<{ domain: string; approved: boolean }>;
}

export async function companySsoOf(db: Queryable, companyId: string): Promise<CompanySsoRow> {
  const [sso] = await db.execute<{ provider: string }>('select provider from company_sso where company_id = $1', [companyId]);
  const domains = await db.execute<{ domain: string; approved: boolean }>(
    'select domain, approved_at is not null as approved from company_domains where company_id = $1 order by domain',
    [companyId],
  );
  return { provider: sso?.provider ?? null, domains };
}

/**
 * Saves the company's provider and domains: kept domains keep their approval, new ones wait for an admin, removed
 * ones go. 409 DOMAIN_TAKEN when another company has one of them.
 */
export async function setCompanySso(db: Queryable, companyId: string, provider: string | null, domains: string[]): Promise<void> {
  const wanted = [...new Set(domains.map((d) => d.toLowerCase()))];
  const taken = await db.execute<{ domain: string }>('select domain from company_domains where domain = any($1::text[]) and company_id <> $2', [wanted, companyId]);
  if (taken.length > 0) throw new HttpError(409, AUTH_ERRORS.domainTaken, 'Another company already has this e-mail domain');
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
    await db.execute('insert into company_domains (domain, company_id) values ($1, $2) on conflict (domain) do nothing', [domain, companyId]);
  }
}

export interface DomainEntry {
  domain: string;
  companyId: string;
  companyName: string | null;
  provider: string | null;
  approved: boolean;
}

const DOMAIN_ENTRY = `select d.domain, d.company_id, d.approved_at is not null as approved, s.provider,
    (select u.corporate_info->>'companyName' from users u where u.company_id = d.company_id and u.corporate_info is not null
      order by u.created_at limit 1) as company_name
  from company_domains d left join company_sso s on s.company_id = d.company_id`;

type DomainRow = { domain: string; company_id: string; approved: boolean; provider: string | null; company_name: string | null };
const toEntry = (row: DomainRow): DomainEntry => ({
  domain: row.domain,
  companyId: row.company_id,
  companyName: row.company_name,
  provider: row.provider,
  approved: row.approved,
});

export async function listCompanyDomains(db: Queryable): Promise<DomainEntry[]> {
  return (await db.execute<DomainRow>(`${DOMAIN_ENTRY} order by d.approved_at is not null, d.domain`)).map(toEntry);
}

/** Approves or withdraws a domain; null when no company asked for it. */
export async function reviewCompanyDomain(db: Queryable, domain: string, approved: boolean): Promise<DomainEntry | null> {
  const updated = await db.execute(
    `update company_domains set approved_at = case when $2 then coalesce(approved_at, now()) else null end where domain = $1 returning domain`,
    [domain, approved],
  );
  if (updated.length === 0) return null;
  const [row] = await db.execute<DomainRow>(`${DOMAIN_ENTRY} where d.domain = $1`, [domain]);
  return toEntry(row);
}
