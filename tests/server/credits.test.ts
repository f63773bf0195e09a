// Credits under concurrency (docs/permissions-and-credits.md): a deduction is one conditional UPDATE plus a ledger row with a
// unique idempotency key in one transaction, so parallel searches never spend a credit twice and a replayed
// request charges once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await insertForms(t.database, 40, (i) => ({ sector: i % 2 ? 'banking' : 'insurance', fixedSalary: 100_000 + i * 2500 }));
  await publishRelease(t.database);
});
afterAll(async () => t?.close());

async function corporate(credits: number) {
  const id = await insertUser(t.database, { roles: ['corporate'], credits });
  return { id, headers: await t.bearer(id, ['corporate']) };
}

const search = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/forms/comparation', headers, payload: body });

async function account(id: string) {
  const [{ credits }] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [id]);
  const ledger = await t.database.execute<{ delta: number; balance_after: number; idempotency_key: string; reference: string }>(
    'select delta, balance_after, idempotency_key, reference from credit_ledger where user_id = $1',
    [id],
  );
  const history = await t.database.execute<{ id: string; credits_charged: number }>('select id, credits_charged from search_history where user_id = $1', [id]);
  return { credits: Number(credits), ledger, history };
}

describe('credits under concurrency', () => {
  it('50 parallel searches with 10 credits: exactly 10 succeed, 40 answer 402, the balance ends at 0', async () => {
    const caller = await corporate(10);
    const filters = [{ sector: 'banking' }, { sector: 'insurance' }, {}];
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => search(caller.headers, { filters: filters[i % 3] })));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    for (const res of responses.filter((r) => r.statusCode === 402)) expect(res.json().errorCode).toBe('INSUFFICIENT_CREDITS');

    const { credits, ledger, history } = await account(caller.id);
    expect(credits).toBe(0);
    // The ledger explains the balance: 10 debits of 1, summing to the change, each with its own key and search.
    expect(ledger).toHaveLength(10);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(0 - 10);
    expect(new Set(ledger.map((row) => row.idempotency_key)).size).toBe(10);
    expect(ledger.map((row) => row.balance_after).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(history).toHaveLength(10);
    expect(new Set(ledger.map((row) => row.reference))).toEqual(new Set(history.map((h) => h.id)));
    const left = responses.filter((r) => r.statusCode === 200).map((r) => r.json().creditsLeft);
    expect(left.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a replayed idempotency key charges once, even when replayed in parallel and after the credits ran out', async () => {
    const caller = await corporate(2);
    const key = 'retry-0001-abcdef';
    const first = await search(caller.headers, { filters: { sector: 'banking' }, idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    expect(first.json().creditsLeft).toBe(1);

    const replays = await Promise.all(Array.from({ length: 5 }, () => search(caller.headers, { filters: { sector: 'banking' }, idempotencyKey: key })));
    for (const replay of replays) {
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toMatchObject({ status: 'ok', historyId: first.json().historyId, creditsLeft: 1 });
      expect(replay.json().measures).toEqual(first.json().measures);
    }
    // Spend the last credit, then replay the first request: still answered, still not charged.
    expect((await search(caller.headers, { filters: { sector: 'insurance' } })).json().creditsLeft).toBe(0);
    const late = await search(caller.headers, { filters: { sector: 'insurance' }, idempotencyKey: key });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ historyId: first.json().historyId, filters: { sector: 'banking' }, creditsLeft: 0 });

    const { credits, ledger, history } = await account(caller.id);
    expect(credits).toBe(0);
    expect(ledger).toHaveLength(2);
    expect(history).toHaveLength(2);
  });

  it('parallel first attempts with one key charge once', async () => {
    const caller = await corporate(5);
    const key = 'parallel-key-0042';
    const responses = await Promise.all(Array.from({ length: 8 }, () => search(caller.headers, { filters: { sector: 'insurance' }, idempotencyKey: key })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(responses.map((r) => r.json().historyId)).size).toBe(1);
    const { credits, ledger, history } = await account(caller.id);
    expect(credits).toBe(4);
    expect(ledger).toHaveLength(1);
    expect(history).toHaveLength(1);
  });

  it('keys are per person: the same key from two people charges each of them', async () => {
    const a = await corporate(1);
    const b = await corporate(1);
    const key = 'shared-key-000001';
    expect((await search(a.headers, { filters: {}, idempotencyKey: key })).json().creditsLeft).toBe(0);
    expect((await search(b.headers, { filters: {}, idempotencyKey: key })).json().creditsLeft).toBe(0);
    expect((await account(a.id)).ledger).toHaveLength(1);
    expect((await account(b.id)).ledger).toHaveLength(1);
  });

  // A client retrying one search (same idempotency key) ten times at once.
  for (const balance of [0, 1, 3]) {
    it(`ten parallel retries of one search with one key at a balance of ${balance}: ${balance === 0 ? 'all 402, nothing charged' : 'one credit charged, every retry the same answer'}`, async () => {
      const caller = await corporate(balance);
      const key = `ten-retries-${balance}-0001`;
      const filters = { sector: 'banking' };
      const responses = await Promise.all(Array.from({ length: 10 }, () => search(caller.headers, { filters, idempotencyKey: key })));
      const { credits, ledger, history } = await account(caller.id);
      if (balance === 0) {
        expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(402));
        for (const res of responses) expect(res.json().errorCode).toBe('INSUFFICIENT_CREDITS');
        expect(credits).toBe(0);
        expect(ledger).toHaveLength(0);
        expect(history).toHaveLength(0);
        return;
      }
      expect(
        responses.map((r) => r.statusCode),
        responses.map((r) => r.body).join('\n'),
      ).toEqual(Array(10).fill(200));
      const bodies = responses.map((r) => r.json());
      expect(credits).toBe(balance - 1);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ delta: -1, balance_after: balance - 1 });
      expect(history).toHaveLength(1);
      expect(new Set(bodies.map((b) => b.historyId))).toEqual(new Set([history[0].id]));
      expect(ledger[0].reference).toBe(history[0].id);
      for (const body of bodies) {
        expect(body).toMatchObject({ status: 'ok', filters: { sector: 'banking' }, creditsLeft: balance - 1 });
        expect(body.count).toBe(bodies[0].count);
        expect(body.measures).toEqual(bodies[0].measures);
        expect(body.release).toEqual(bodies[0].release);
      }
    });
  }
});
