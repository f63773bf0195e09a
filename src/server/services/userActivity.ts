// What an admin reads about one account on its page (/admin/users/{id}): its credit movements with the
// explanation given for each adjustment, and its saved searches. The account's forms come from the admin
// list of forms (services/forms.ts listForms, filtered by userId).
import type { components } from '../../api/schema';
import type { Queryable } from '../db/open';
import { listSearches } from './history';

type LedgerEntry = components['schemas']['CreditLedgerEntry'];

interface LedgerRow {
  id: string;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: Date | string;
  amount: string | null;
  currency: string | null;
  receipt_url: string | null;
}

/**
 * One page of the account's ledger, newest first. An admin-adjustment keeps the admin's explanation as its
 * reference (services/users.ts adjustCredits): it is the entry's `note`; other references (purchase ids,
 * search ids) are internal and stay out.
 */
export async function listLedgerForAdmin(db: Queryable, userId: string, page: number, limit: number): Promise<{ items: LedgerEntry[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.execute<LedgerRow>(
      `select l.id, l.delta, l.balance_after, l.reason, l.reference, l.created_at, l.amount, l.currency, p.receipt_url
         from credit_ledger l left join purchases p on p.id = l.reference and l.reason in ('purchase', 'refund')
        where l.user_id = $1
        order by l.created_at desc, l.id desc limit $2 offset $3`,
      [userId, limit, (page - 1) * limit],
    ),
    db.execute<{ total: number }>('select count(*)::int as total from credit_ledger where user_id = $1', [userId]),
  ]);
  return {
    total: Number(total),
    items: rows.map((row) => ({
      id: row.id,
      delta: Number(row.delta),
      balanceAfter: Number(row.balance_after),
      reason: row.reason,
      amountPaid: row.amount == null ? null : Number(row.amount),
      currency: row.currency ?? null,
      receiptUrl: row.receipt_url ?? null,
      note: row.reason === 'admin-adjustment' ? (row.reference ?? null) : null,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

/** One page of the account's saved searches, newest first, as the contract's HistoryPage. */
export async function listSearchesForAdmin(db: Queryable, userId: string, page: number, limit: number) {
  const result = await listSearches(db, userId, page, limit);
  return { ...result, items: result.items.map(({ userId: _owner, ...entry }) => entry) };
}
