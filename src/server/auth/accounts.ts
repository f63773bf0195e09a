// The account row as the identity code reads it: its columns, the contract's User made from it, and the two
// look-ups (by id, by address) every sign-in and every authenticated call starts with. The rest of the accounts'
// reads and writes are services/users.ts.
import type { components } from '../../api/schema';
import type { Role } from './accessToken';
import type { Queryable } from '../db/open';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type CorporateInfo = Schemas['CorporateInfo'];

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  roles: Role[];
  credits: number;
  campaign_id: string | null;
  premium_type: Schemas['PremiumType'];
  corporate_info: CorporateInfo | null;
  company_id: string | null;
  email_verified: boolean;
  language: Schemas['Language'];
  disabled: boolean;
  created_at: Date;
  /** The TOTP second factor's encrypted secret (auth/totp.ts); null without one. */
  totp_secret: string | null;
}

export const USER_COLUMNS = `id, email, password_hash, roles, credits, campaign_id, premium_type, corporate_info, company_id,
  email_verified, language, disabled, created_at, totp_secret`;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The contract's User: what the account's owner (and an admin) may see. Never the password hash. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    role: row.roles,
    credits: row.credits,
    campaignId: row.campaign_id,
    premiumType: row.premium_type,
    corporateInfo: row.corporate_info,
    emailVerified: row.email_verified,
    language: row.language,
    createdAt: iso(row.created_at),
  };
}

/** Addresses are stored and compared lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const hasRole = (user: Pick<UserRow, 'roles'>, role: Role) => user.roles.includes(role);

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.execute<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.execute<UserRow>(`select ${USER_COLUMNS} from users where email = $1`, [normaliseEmail(email)]);
  return rows[0] ?? null;
}
