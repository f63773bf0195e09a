// Newsletter subscriptions with double opt-in (docs/content.md "Newsletters"). A subscription is one row per address
// and kind (standartUser / professionalUser):
//
//   (none) ─subscribe─▶ pending ─confirm link─▶ confirmed ─unsubscribe (link or PUT active false)─▶ unsubscribed
//                          ▲                                                                           │
//                          └──────────────────────── subscribe again (a new link) ─────────────────────┘
//
// Only confirmed subscriptions receive issues. `link_version` goes up with every new confirmation link and with
// unsubscribing, so an old confirmation link can never re-subscribe an address that left. Anonymous callers
// never learn or change a confirmed subscription (the caller of a public sign-up is not proven to own the address).
import type { Queryable } from '../db/open';
import { newId } from '../ids';
import { badRequest, notFound } from '../http/errors';
import { csvRow, CSV_BOM } from '../../domain/csv';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type Newsletter = Schemas['Newsletter'];
export type NewsletterKind = Schemas['NewsletterKind'];
export type NewsletterStatus = Schemas['NewsletterStatus'];
export type NewsletterPostKind = Schemas['NewsletterPostKind'];
export type NewsletterSource = Schemas['NewsletterSource'];

/** A pending address gets its confirmation link again at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 5;

export const ALL_POST_KINDS: NewsletterPostKind[] = ['blog', 'insight', 'news'];

export interface NewsletterRow {
  id: string;
  email: string;
  kind: NewsletterKind;
  name: string | null;
  company: string | null;
  position: string | null;
  language: 'es' | 'en';
  status: NewsletterStatus;
  post_kinds: NewsletterPostKind[];
  source: NewsletterSource;
  user_id: string | null;
  link_version: number;
  confirmation_sent_at: Date | string | null;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS =
  'id, email, kind, name, company, position, language, status, post_kinds, source, user_id, link_version, confirmation_sent_at, confirmed_at, unsubscribed_at, created_at';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toNewsletter(row: NewsletterRow): Newsletter {
  return {
    id: row.id,
    email: row.email,
    kind: row.kind,
    name: row.name,
    company: row.company,
    position: row.position,
    language: row.language,
    active: row.status !== 'unsubscribed',
    status: row.status,
    postKinds: row.post_kinds.length > 0 ? row.post_kinds : ALL_POST_KINDS,
    source: row.source,
    confirmedAt: isoOrNull(row.confirmed_at),
    unsubscribedAt: isoOrNull(row.unsubscribed_at),
    createdAt: iso(row.created_at),
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SubscribeInput {
  kind: NewsletterKind;
  email: string;
  name?: string;
  company?: string;
  position?: string;
  language: 'es' | 'en';
  postKinds?: NewsletterPostKind[];
  source: NewsletterSource;
  /** The signed-in account whose verified address this is: confirmed at once, and linked to it. */
  verifiedOwnerId?: string | null;
  /** Only create: an address that already has a subscription of this kind keeps it as it is (the questionnaire). */
  onlyIfNew?: boolean;
}

export interface SubscribeOutcome {
  row: NewsletterRow;
  /** A confirmation link must go out, for this link version. */
  sendConfirmation: boolean;
}

/**
 * Creates or renews a subscription. Returns whether a confirmation link must be e-mailed (and marks it as sent,
 * so a burst of sign-ups sends one). The caller sends it after the transaction.
 */
export async function subscribe(tx: Queryable, input: SubscribeInput): Promise<SubscribeOutcome> {
  const email = normaliseEmail(input.email);
  const owner = input.verifiedOwnerId ?? null;
  const postKinds = input.postKinds ?? ALL_POST_KINDS;
  const [inserted] = await tx.execute<NewsletterRow>(
    `insert into newsletters (id, email, kind, name, company, position, language, post_kinds, source, user_id, status, confirmed_at, confirmation_sent_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10, $11, case when $11 = 'confirmed' then now() end, case when $11 = 'pending' then now() end)
     on conflict (email, kind) do nothing
     returning ${COLUMNS}`,
    [
      newId(),
      email,
      input.kind,
      input.name ?? null,
      input.company ?? null,
      input.position ?? null,
      input.language,
      postKinds,
      input.source,
      owner,
      owner ? 'confirmed' : 'pending',
    ],
  );
  if (inserted) return { row: inserted, sendConfirmation: inserted.status === 'pending' };

  const [existing] = await tx.execute<NewsletterRow>(`select ${COLUMNS} from newsletters where email = $1 and kind = $2 for update`, [email, input.kind]);
  if (input.onlyIfNew) return { row: existing, sendConfirmation: false };
  if (owner) {
    // The proven owner: whatever the state, the subscription is theirs and confirmed with what they sent.
    const [row] = await tx.execute<NewsletterRow>(
      `update newsletters set name = coalesce($2, name), company = coalesce($3, company), position = coalesce($4, position),
              language = $5, post_kinds = $6::text[], user_id = $7, status = 'confirmed',
              confirmed_at = case when status = 'confirmed' then confirmed_at else now() end, unsubscribed_at = null, updated_at = now()
        where id = $1 returning ${COLUMNS}`,
      [existing.id, input.name ?? null, input.company ?? null, input.position ?? null, input.language, postKinds, owner],
    );
    return { row, sendConfirmation: false };
  }
  // An anonymous caller never changes a confirmed subscription, and learns nothing about it.
  if (existing.status === 'confirmed') return { row: existing, sendConfirmation: false };
  // Pending or unsubscribed: (again) pending with what was sent; a new link retires the older ones, at most every
  // few minutes (a pending address asked twice quickly gets one mail).
  const [row] = await tx.execute<NewsletterRow & { resend: boolean }>(
    `update newsletters set name = coalesce($2, name), company = coalesce($3, company), position = coalesce($4, position),
            language = $5, post_kinds = $6::text[], source = $7, status = 'pending', unsubscribed_at = null,
            link_version = case when resend then link_version + 1 else link_version end,
            confirmation_sent_at = case when resend then now() else confirmation_sent_at end,
            updated_at = now()
       from (select status = 'unsubscribed' or confirmation_sent_at is null
                    or confirmation_sent_at < now() - make_interval(mins => $8) as resend
               from newsletters where id = $1) as decision
      where id = $1
      returning ${COLUMNS.split(', ')
        .map((c) => `newsletters.${c}`)
        .join(', ')}, decision.resend`,
    [existing.id, input.name ?? null, input.company ?? null, input.position ?? null, input.language, postKinds, input.source, CONFIRMATION_RESEND_MINUTES],
  );
  const { resend, ...updated } = row;
  return { row: updated, sendConfirmation: resend };
}

export class NewsletterLinkError extends Error {
  constructor(readonly code: 'NEWSLETTER_LINK_INVALID' | 'NEWSLETTER_LINK_EXPIRED' | 'NEWSLETTER_LINK_USED') {
    super(code);
  }
}

/** Confirms by a confirmation link's subscription and version. Confirming twice returns the confirmed row. */
export async function confirmSubscription(tx: Queryable, id: string, version: number): Promise<NewsletterRow> {
  const [row] = await tx.execute<NewsletterRow>(`select ${COLUMNS} from newsletters where id = $1 for update`, [id]);
  // Signed by us but gone (erased with its account): the link is no longer valid.
  if (!row) throw new NewsletterLinkError('NEWSLETTER_LINK_INVALID');
  if (row.link_version !== version) throw new NewsletterLinkError('NEWSLETTER_LINK_USED');
  if (row.status === 'confirmed') return row;
  if (row.status !== 'pending') throw new NewsletterLinkError('NEWSLETTER_LINK_USED');
  const [confirmed] = await tx.execute<NewsletterRow>(
    `update newsletters set status = 'confirmed', confirmed_at = now(), updated_at = now() where id = $1 returning ${COLUMNS}`,
    [id],
  );
  return confirmed;
}

/** Unsubscribes (idempotent); retires every confirmation link. */
export async function unsubscribe(tx: Queryable, id: string): Promise<NewsletterRow | null> {
  const [row] = await tx.execute<NewsletterRow>(
    `update newsletters set
        unsubscribed_at = case when status = 'unsubscribed' then unsubscribed_at else now() end,
        link_version = case when status = 'unsubscribed' then link_version else link_version + 1 end,
        status = 'unsubscribed', updated_at = now()
      where id = $1 returning ${COLUMNS}`,
    [id],
  );
  return row ?? null;
}

export async function findSubscription(db: Queryable, id: string): Promise<NewsletterRow | null> {
  const [row] = await db.execute<NewsletterRow>(`select ${COLUMNS} from newsletters where id = $1`, [id]);
  return row ?? null;
}

/** The subscription of an address (the one changed last when it has both kinds). */
export async function findSubscriptionByEmail(db: Queryable, email: string): Promise<NewsletterRow | null> {
  const [row] = await db.execute<NewsletterRow>(`select ${COLUMNS} from newsletters where email = $1 order by updated_at desc, id limit 1`, [
    normaliseEmail(email),
  ]);
  return row ?? null;
}

export interface PreferencesPatch {
  name?: string;
  language?: 'es' | 'en';
  postKinds?: NewsletterPostKind[];
  active?: boolean;
}

/**
 * Applies preferences. `active: false` unsubscribes; `active: true` on an unsubscribed subscription makes it
 * confirmed for its proven owner, pending (with a new link to send) for an admin acting on someone's address.
 */
export async function updatePreferences(
  tx: Queryable,
  id: string,
  patch: PreferencesPatch,
  { ownerProven }: { ownerProven: boolean },
): Promise<{ before: NewsletterRow; row: NewsletterRow; sendConfirmation: boolean }> {
  const [before] = await tx.execute<NewsletterRow>(`select ${COLUMNS} from newsletters where id = $1 for update`, [id]);
  if (!before) throw notFound('NOT_FOUND', 'No such subscription');
  await tx.execute(
    `update newsletters set name = coalesce($2, name), language = coalesce($3, language), post_kinds = coalesce($4::text[], post_kinds), updated_at = now()
      where id = $1`,
    [id, patch.name ?? null, patch.language ?? null, patch.postKinds ?? null],
  );
  let sendConfirmation = false;
  if (patch.active === false) {
    await unsubscribe(tx, id);
  } else if (patch.active === true && before.status !== 'confirmed') {
    if (ownerProven) {
      await tx.execute(`update newsletters set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null where id = $1`, [id]);
    } else if (before.status === 'unsubscribed') {
      await tx.execute(
        `update newsletters set status = 'pending', unsubscribed_at = null, link_version = link_version + 1, confirmation_sent_at = now() where id = $1`,
        [id],
      );
      sendConfirmation = true;
    }
  }
  const [row] = await tx.execute<NewsletterRow>(`select ${COLUMNS} from newsletters where id = $1`, [id]);
  return { before, row, sendConfirmation };
}

export interface NewsletterFilters {
  status?: NewsletterStatus;
  kind?: NewsletterKind;
  language?: 'es' | 'en';
  query?: string;
}

function whereOf(filters: NewsletterFilters): { where: string; params: unknown[] } {
  const like = filters.query?.trim()
    ? `%${filters.query
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : null;
  return {
    where: `where ($1::text is null or status = $1) and ($2::text is null or kind = $2) and ($3::text is null or language = $3)
              and ($4::text is null or email like $4 or lower(coalesce(name, '')) like $4 or lower(coalesce(company, '')) like $4)`,
    params: [filters.status ?? null, filters.kind ?? null, filters.language ?? null, like],
  };
}

export async function listSubscriptions(db: Queryable, filters: NewsletterFilters, page: number, limit: number) {
  const { where, params } = whereOf(filters);
  const [{ total }] = await db.execute<{ total: number }>(`select count(*)::int as total from newsletters ${where}`, params);
  const rows = await db.execute<NewsletterRow>(`select ${COLUMNS} from newsletters ${where} order by created_at desc, id desc limit $5 offset $6`, [
    ...params,
    limit,
    (page - 1) * limit,
  ]);
  return { items: rows.map(toNewsletter), page, limit, total };
}

export const CSV_COLUMNS = [
  'id',
  'email',
  'kind',
  'name',
  'company',
  'position',
  'language',
  'status',
  'postKinds',
  'source',
  'createdAt',
  'confirmedAt',
  'unsubscribedAt',
] as const;

/** Every subscription matching the filters as CSV, newest first. */
export async function exportSubscriptionsCsv(db: Queryable, filters: NewsletterFilters): Promise<string> {
  const { where, params } = whereOf(filters);
  const rows = await db.execute<NewsletterRow>(`select ${COLUMNS} from newsletters ${where} order by created_at desc, id desc`, params);
  const lines = [CSV_COLUMNS.join(',')];
  for (const subscription of rows.map(toNewsletter)) {
    lines.push(
      csvRow([
        subscription.id,
        subscription.email,
        subscription.kind,
        subscription.name,
        subscription.company,
        subscription.position,
        subscription.language,
        subscription.status,
        (subscription.postKinds ?? []).join(' '),
        subscription.source,
        subscription.createdAt,
        subscription.confirmedAt,
        subscription.unsubscribedAt,
      ]),
    );
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** A request that names a post kind twice, or none, was refused by the contract; this keeps the order stable. */
export function postKindsOf(kinds: NewsletterPostKind[] | undefined): NewsletterPostKind[] | undefined {
  if (!kinds) return undefined;
  const set = new Set(kinds);
  if (set.size === 0) throw badRequest('VALIDATION_ERROR', 'Choose at least one kind of post');
  return ALL_POST_KINDS.filter((kind) => set.has(kind));
}
