// Who may call which forms operation (docs/permissions-and-credits.md): every call × every kind of caller → status, on a fresh
// set of people and forms per case. A refused call leaves every form as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { COMPLETE_ANSWERS, PROFILE_ANSWERS, insertForm, insertUser, type TestUser } from './helpers/formFixtures';
import { currentYear } from '../../src/domain/constants';
import { newId } from '../../src/server/ids';

let t: TestApp;
const YEAR = currentYear();

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * A member with last year's completed form and this year's form (claimed: once anonymous, now theirs), an
 * unclaimed draft of an anonymous author, another member, a corporate user and an admin without forms.
 */
interface Fixture {
  owner: TestUser;
  other: TestUser;
  corporate: TestUser;
  admin: TestUser;
  claimedId: string;
  previousId: string;
  draftId: string;
}

async function fixture(): Promise<Fixture> {
  const [owner, other, corporate, admin] = [
    await insertUser(t, ['member']),
    await insertUser(t, ['member']),
    await insertUser(t, ['corporate']),
    await insertUser(t, ['admin']),
  ];
  const previousId = await insertForm(t, { userId: owner.id, surveyYear: YEAR - 1, email: owner.email });
  const claimedId = await insertForm(t, { userId: owner.id, surveyYear: YEAR, status: 'in-progress', answers: PROFILE_ANSWERS, email: owner.email });
  const draftId = await insertForm(t, { userId: null, surveyYear: YEAR, status: 'in-progress', answers: PROFILE_ANSWERS });
  return { owner, other, corporate, admin, claimedId, previousId, draftId };
}

type Caller = 'anonymous with the id' | 'anonymous without' | 'owner' | 'other member' | 'corporate' | 'admin';
const CALLERS: Caller[] = ['anonymous with the id', 'anonymous without', 'owner', 'other member', 'corporate', 'admin'];

interface Request {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: object;
}

/** `knows`: the caller holds the real id; the anonymous caller without it tries a random one. */
type Call = (fx: Fixture, knows: boolean) => Request;
const some = (id: string, knows: boolean) => (knows ? id : newId());

interface Row {
  call: string;
  request: Call;
  prepare?: (fx: Fixture) => Promise<void>;
  expected: Record<Caller, number>;
}

const row = (call: string, request: Call, statuses: [number, number, number, number, number, number], prepare?: Row['prepare']): Row => ({
  call,
  request,
  prepare,
  expected: Object.fromEntries(CALLERS.map((caller, i) => [caller, statuses[i]])) as Record<Caller, number>,
});

//                                                                         anon+id anon-id owner other corp admin
const TABLE: Row[] = [
  row('GET forms/questionnaire', () => ({ method: 'GET', url: '/api/forms/questionnaire' }), [200, 200, 200, 200, 200, 200]),
  // The owner already has this year's form: their answers are saved into it (200).
  row('POST forms', () => ({ method: 'POST', url: '/api/forms', payload: { country: 'es' } }), [201, 201, 200, 201, 201, 201]),
  row('GET forms/{id} (claimed)', (fx, k) => ({ method: 'GET', url: `/api/forms/${some(fx.claimedId, k)}` }), [403, 404, 200, 403, 403, 200]),
  row(
    'PUT forms/{id} (claimed)',
    (fx, k) => ({ method: 'PUT', url: `/api/forms/${some(fx.claimedId, k)}`, payload: { fixedSalary: 123_000, step: 2 } }),
    [403, 404, 200, 403, 403, 200],
  ),
  // An unclaimed form: anyone holding its id (the id is the anonymous author's capability).
  row('GET forms/{id} (unclaimed)', (fx, k) => ({ method: 'GET', url: `/api/forms/${some(fx.draftId, k)}` }), [200, 404, 200, 200, 200, 200]),
  row(
    'PUT forms/{id} (unclaimed)',
    (fx, k) => ({ method: 'PUT', url: `/api/forms/${some(fx.draftId, k)}`, payload: { fixedSalary: 123_000, step: 2 } }),
    [200, 404, 200, 200, 200, 200],
  ),
  row(
    'GET forms/form-by-email',
    (fx) => ({ method: 'GET', url: `/api/forms/form-by-email?email=${encodeURIComponent(fx.owner.email)}` }),
    [401, 401, 200, 403, 403, 200],
  ),
  row('GET forms/last', () => ({ method: 'GET', url: '/api/forms/last' }), [401, 401, 200, 404, 404, 404]),
  row(
    'GET forms/last-by-user-email/{email}',
    (fx) => ({ method: 'GET', url: `/api/forms/last-by-user-email/${encodeURIComponent(fx.owner.email)}` }),
    [401, 401, 200, 403, 403, 200],
  ),
  row(
    'GET forms/last-by-user-id/{id}',
    (fx, k) => ({ method: 'GET', url: `/api/forms/last-by-user-id/${some(fx.owner.id, k)}` }),
    [401, 401, 200, 403, 403, 200],
  ),
  row(
    'POST forms/copy (nothing this year)',
    () => ({ method: 'POST', url: '/api/forms/copy', payload: {} }),
    [401, 401, 201, 404, 404, 404],
    async (fx) => {
      await t.database.execute('delete from forms where id = $1', [fx.claimedId]);
    },
  ),
  row('POST forms/copy (already this year)', () => ({ method: 'POST', url: '/api/forms/copy', payload: {} }), [401, 401, 409, 404, 404, 404]),
  row('GET forms (admin list)', () => ({ method: 'GET', url: '/api/forms?limit=5' }), [401, 401, 403, 403, 403, 200]),
];

function headersOf(fx: Fixture, caller: Caller): Record<string, string> {
  switch (caller) {
    case 'owner':
      return fx.owner.headers;
    case 'other member':
      return fx.other.headers;
    case 'corporate':
      return fx.corporate.headers;
    case 'admin':
      return fx.admin.headers;
    default:
      return {};
  }
}

async function snapshot(fx: Fixture) {
  return t.database.execute('select * from forms where id = any($1::text[]) or user_id = any($2::text[]) order by id', [
    [fx.claimedId, fx.previousId, fx.draftId],
    [fx.owner.id, fx.other.id, fx.corporate.id, fx.admin.id],
  ]);
}

describe('permission table of the forms calls', () => {
  const cases = TABLE.flatMap((r) => CALLERS.map((caller) => ({ ...r, caller, status: r.expected[caller] })));
  it.each(cases)('$call as $caller → $status', async ({ request, prepare, caller, status }) => {
    const fx = await fixture();
    await prepare?.(fx);
    const before = await snapshot(fx);
    const res = await t.app.inject({ ...request(fx, caller !== 'anonymous without'), headers: headersOf(fx, caller) });
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) {
      expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String), errorCode: expect.stringMatching(/^[A-Z_]+$/) }));
      expect(await snapshot(fx)).toEqual(before);
    }
  });

  it('covers every forms operation of the contract', () => {
    const calls = new Set(TABLE.map((r) => r.call.split(' (')[0]));
    expect([...calls].sort()).toEqual(
      [
        'GET forms/questionnaire',
        'POST forms',
        'GET forms/{id}',
        'PUT forms/{id}',
        'GET forms/form-by-email',
        'GET forms/last',
        'GET forms/last-by-user-email/{email}',
        'GET forms/last-by-user-id/{id}',
        'POST forms/copy',
        'GET forms',
      ].sort(),
    );
  });
});

describe('what each caller sees', () => {
  it('the owner and an admin see the claimed form whole; the complete answers survive a save', async () => {
    const fx = await fixture();
    const byOwner = await t.app.inject({ method: 'GET', url: `/api/forms/last-by-user-id/${fx.owner.id}`, headers: fx.owner.headers });
    const byAdmin = await t.app.inject({ method: 'GET', url: `/api/forms/last-by-user-id/${fx.owner.id}`, headers: fx.admin.headers });
    expect(byOwner.json()).toEqual(byAdmin.json());
    expect(byOwner.json()).toMatchObject({ id: fx.claimedId, userId: fx.owner.id, surveyYear: YEAR, answers: PROFILE_ANSWERS });
    const previous = await t.app.inject({ method: 'GET', url: `/api/forms/${fx.previousId}`, headers: fx.owner.headers });
    expect(previous.json().answers).toEqual(COMPLETE_ANSWERS);
  });
});
