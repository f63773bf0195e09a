// Saved searches (my-account/my-searches): each successful new comparison is kept with its filters, so the
// person can re-open it for free. An entry is visible to its owner (and to admins).
import type { Database, Queryable } from '../db/open';
import { newId } from '../ids';
import type { ComparisonFilters } from './peerGroup';

/**
 * comparison: a filtered comparison; evolution: an evolution over the years; individual: a personalised comparison;
 * projection: an income projection (the evolution of the person's group and of the next position level's).
 */
export type HistoryKind = 'comparison' | 'evolution' | 'individual' | 'projection';

export interface SavedSearch {
  kind: HistoryKind;
  filters: ComparisonFilters;
  years?: number[] | null;
  /** The form a personalised comparison compared. */
  formId?: string | null;
}

export interface HistoryEntry {
  id: string;
  userId: string;
  kind: HistoryKind;
  filters: ComparisonFilters;
  years: number[] | null;
  creditsCharged: number;
  createdAt: string;
  formId?: string;
}

interface HistoryRow {
  id: string;
  user_id: string;
  kind: HistoryKind;
  filters: ComparisonFilters;
  years: number[] | null;
  form_id: string | null;
  credits_charged: number;
  created_at: Date | string;
}

const toEntry = (row: HistoryRow): HistoryEntry => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  filters: row.filters,
  years: row.years ?? null,
  creditsCharged: Number(row.credits_charged),
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.form_id ? { formId: row.form_id } : {}),
});

export async function saveSearch(db: Queryable, userId: string, search: SavedSearch, creditsCharged: number): Promise<string> {
  const id = newId();
  await db.execute(`insert into search_history (id, user_id, kind, filters, years, form_id, credits_charged) values ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    userId,
    search.kind,
    JSON.stringify(search.filters),
    search.years ?? null,
    search.formId ?? null,
    creditsCharged,
  ]);
  return id;
}

/**
 * Saves a search that cost nothing. Its commit does not wait for the write-ahead log to reach the disk
 * (synchronous_commit off, this transaction only): a crash could lose the last few milliseconds of such
 * entries, never corrupt anything, and a free search can simply be run again. Charged searches are saved in
 * the credit transaction, fully durable.
 */
export async function saveFreeSearch(database: Database, userId: string, search: SavedSearch): Promise<string> {
  // The embedded database writes its files as it goes; the setting would change nothing there.
  if (database.kind === 'pglite') return saveSearch(database, userId, search, 0);
  // One round trip: the setting is made local to the statement's own (implicit) transaction in a CTE.
  const id = newId();
  await database.execute(
    `with relaxed as (select set_config('synchronous_commit', 'off', true))
     insert into search_history (id, user_id, kind, filters, years, form_id, credits_charged)
     select $1, $2, $3, $4, $5, $6, 0 from relaxed`,
    [id, userId, search.kind, JSON.stringify(search.filters), search.years ?? null, search.formId ?? null],
  );
  return id;
}

export async function findSearch(db: Queryable, id: string): Promise<HistoryEntry | null> {
  const [row] = await db.execute<HistoryRow>('select * from search_history where id = $1', [id]);
  return row ? toEntry(row) : null;
}

/** One page of a person's saved searches, newest first. */
export async function listSearches(db: Queryable, userId: string, page: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    db.execute<HistoryRow>(`select * from search_history where user_id = $1 order by created_at desc, seq desc limit $2 offset $3`, [
      userId,
      limit,
      (page - 1) * limit,
    ]),
    db.execute<{ total: number }>('select count(*)::int as total from search_history where user_id = $1', [userId]),
  ]);
  return { items: rows.map(toEntry), page, limit, total: Number(total) };
}

/** Deletes a saved search of `ownerId` (any owner when null: admins); false when there is no such entry. */
export async function deleteSearch(db: Queryable, id: string, ownerId: string | null): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(`delete from search_history where id = $1 and ($2::text is null or user_id = $2) returning id`, [id, ownerId]);
  return rows.length > 0;
}
