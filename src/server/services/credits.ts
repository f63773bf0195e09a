// Who pays for a comparison and how (docs/permissions-and-credits.md). A paid search is one transaction: one conditional UPDATE
// of the balance (never below zero, so concurrent searches cannot spend the same credit twice), the saved
// search, and a ledger row whose unique idempotency key makes a replayed request charge once.
import type { Database } from '../db/open';
import type { Role } from '../auth/accessToken';
import { newId } from '../ids';
import { saveSearch, type SavedSearch } from './history';
import { opsEvents } from '../ops/events';
import { searchPayerOf } from '../../domain/searchCharge';

export interface Caller {
  id: string;
  roles: Role[];
  credits: number;
  premiumType: string;
  /** The caller has a completed form of the current survey year (give-to-get for members; statisticsSettings.ts). */
  hasCompletedForm: boolean;
}

/**
 * How the server bills a new search, by the rule of src/domain/searchCharge.ts. free: admins and the corporate plan
 * (unlimited credits); credits: other corporate users, 1 per new search; form-required: a member without a completed
 * form; member: a member with one (free).
 */
export type Billing = 'free' | 'credits' | 'member' | 'form-required';

export function billingOf(caller: Caller): Billing {
  const payer = searchPayerOf(caller);
  if (payer === 'member') return caller.hasCompletedForm ? 'member' : 'form-required';
  return payer === 'credits' ? 'credits' : 'free';
}

/**
 * The ledger key of a client's idempotency key: scoped to the caller (and to the kind of answer), so keys of two
 * users, or of a comparison and an evolution, never meet.
 */
export function searchIdempotencyKey(userId: string, clientKey: string | undefined, kind: SavedSearch['kind'] = 'comparison'): string {
  return `${kind}:${userId}:${clientKey ?? newId()}`;
}

export type ChargeOutcome = { kind: 'charged'; balance: number; historyId: string } | { kind: 'replayed'; historyId: string | null } | { kind: 'insufficient' };

class InsufficientCredits extends Error {}

/** The ledger reason of each kind of paid answer (translation key credits.reasons.{reason}). */
const LEDGER_REASONS: Record<SavedSearch['kind'], string> = {
  comparison: 'comparison',
  evolution: 'evolution',
  individual: 'individual-comparison',
  projection: 'income-projection',
};

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function priorCharge(db: Pick<Database, 'execute'>, idempotencyKey: string, userId: string) {
  const [row] = await db.execute<{ reference: string | null }>('select reference from credit_ledger where idempotency_key = $1 and user_id = $2', [
    idempotencyKey,
    userId,
  ]);
  return row;
}

/** Charges one credit for a new search and saves it, or recognises a replay of an earlier charged request. */
export async function chargeSearch(database: Database, input: { userId: string; idempotencyKey: string; search: SavedSearch }): Promise<ChargeOutcome> {
  try {
    return await database
      .transaction(async (tx) => {
        const prior = await priorCharge(tx, input.idempotencyKey, input.userId);
        if (prior) return { kind: 'replayed' as const, historyId: prior.reference };
        const [debited] = await tx.execute<{ credits: number }>(
          'update users set credits = credits - 1, updated_at = now() where id = $1 and credits >= 1 returning credits',
          [input.userId],
        );
        if (!debited) {
          // A concurrent retry with the same key may have spent the last credit while this one waited for the
          // row lock: that is the same search, answered again, not a shortage.
          const charged = await priorCharge(tx, input.idempotencyKey, input.userId);
          if (charged) return { kind: 'replayed' as const, historyId: charged.reference };
          throw new InsufficientCredits();
        }
        const historyId = await saveSearch(tx, input.userId, input.search, 1);
        await tx.execute(
          `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key, reference)
         values ($1, $2, -1, $3, $4, $5, $6)`,
          [newId(), input.userId, debited.credits, LEDGER_REASONS[input.search.kind], input.idempotencyKey, historyId],
        );
        return { kind: 'charged' as const, balance: Number(debited.credits), historyId };
      })
      .then((outcome) => {
        if (outcome.kind === 'charged') opsEvents.emit('creditsCharged', 1);
        return outcome;
      });
  } catch (error) {
    if (error instanceof InsufficientCredits) return { kind: 'insufficient' };
    // The same key charged by a concurrent request that committed first: this one rolled back, so it is a replay.
    if (isUniqueViolation(error)) {
      const prior = await priorCharge(database, input.idempotencyKey, input.userId);
      if (prior) return { kind: 'replayed', historyId: prior.reference };
    }
    throw error;
  }
}

/** The caller's current balance (for creditsLeft when nothing is charged). */
export async function creditBalance(database: Pick<Database, 'execute'>, userId: string): Promise<number> {
  const [row] = await database.execute<{ credits: number }>('select credits from users where id = $1', [userId]);
  return Number(row?.credits ?? 0);
}

/**
 * The ledger entry of a search charged under `idempotencyKey` (its reference is the saved search, when one was
 * saved); null when no such charge exists.
 */
export async function chargedSearch(db: Pick<Database, 'execute'>, userId: string, idempotencyKey: string): Promise<{ reference: string | null } | null> {
  const [row] = await db.execute<{ reference: string | null }>('select reference from credit_ledger where idempotency_key = $1 and user_id = $2', [
    idempotencyKey,
    userId,
  ]);
  return row ?? null;
}
