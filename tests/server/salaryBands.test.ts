// The job architecture, its salary bands and where each employee stands, on the real app: roles and policy belong to
// the company (other companies 404, members and admins 403, anonymous 401), a band is payRange over exactly what a
// comparison of the role's group publishes, laddered so a higher level's midpoint is at least the step above the level
// below, computing charges one credit per publishing role once per release (402 when short changes nothing), a band
// edited by hand is kept, the CSV escapes formulas, and the standing lists the people below their band.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForms, publishRelease } from './helpers/comparisonFixtures';
import { payRange } from '../../src/domain/payRange';

let t: TestApp;
let admin: Record<string, string>;

const person = (i: number) => ({
  functionalArea: 'finance',
  country: 'es',
  sector: 'banking',
  gender: i % 2 ? 'male' : 'female',
  yearsExperience: 8 + (i % 15),
});

beforeAll(async () => {
  t = await startTestApp();
  // Heads earn more than directors in this market, so the ladder has to lift the directors' band.
  await insertForms(t.database, 30, (i) => ({ ...person(i), positionLevel: 'head', fixedSalary: 100_000 + i * 2_000, annualBonus: 5_000 }));
  await insertForms(t.database, 30, (i) => ({ ...person(i), positionLevel: 'director', fixedSalary: 90_000 + i * 2_000, annualBonus: 5_000 }));
  await publishRelease(t.database);
  const boss = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(boss.id, boss.roles);
});
afterAll(async () => t?.close());

const ROLES = '/api/pay-transparency/job-architecture/roles';
const POLICY = '/api/pay-transparency/job-architecture/policy';
const BANDS = '/api/pay-transparency/bands';

async function corporate(companyId: string, credits = 10) {
  const user = await t.createUser({ roles: ['corporate'], credits, companyId });
  return { id: user.id, headers: await t.bearer(user.id, user.roles) };
}

type Headers = Record<string, string> | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const HEAD = { name: 'Jefe financiero', positionLevel: 'head', functionalArea: 'finance', country: 'es', sector: 'banking' };
const DIRECTOR = { name: 'Director financiero', positionLevel: 'director', functionalArea: 'finance', country: 'es', sector: 'banking' };
const MARKETING = { name: '=HYPERLINK("x")', positionLevel: 'director', functionalArea: 'marketing', country: 'es' };

const creditsOf = async (id: string) => Number((await t.database.execute<{ credits: number }>('select credits from users where id = $1', [id]))[0].credits);
const bandCount = async (companyId: string) =>
  Number((await t.database.execute<{ n: number }>('select count(*)::int as n from salary_bands where company_id = $1', [companyId]))[0].n);

describe('the job architecture', () => {
  it('creates, lists, changes and deletes roles; refuses bad codes, duplicate names and bad policies; keeps them to the company', async () => {
    const owner = await corporate('arch-co');
    const created = await call('POST', ROLES, owner.headers, HEAD);
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toEqual({ id: expect.any(String), ...HEAD, city: null, companySize: null });

    const bad = await call('POST', ROLES, owner.headers, { ...HEAD, name: 'Otro', positionLevel: 'emperor', city: 'barcelona', country: 'pt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(
      expect.arrayContaining(['body.positionLevel: is not one of the listed options', 'body.city: is not a city of body.country']),
    );
    expect((await call('POST', ROLES, owner.headers, { ...HEAD, name: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await call('POST', ROLES, owner.headers, HEAD)).json().errorCode).toBe('JOB_ROLE_NAME_TAKEN');
    expect((await call('GET', ROLES, owner.headers)).json()).toEqual([role]);

    const renamed = await call('PUT', `${ROLES}/${role.id}`, owner.headers, { ...HEAD, name: 'Jefa financiera' });
    expect(renamed.json()).toMatchObject({ id: role.id, name: 'Jefa financiera' });

    expect((await call('GET', POLICY, owner.headers)).json()).toEqual({ from: 25, to: 75, basis: 'fixed', stepPercent: 10, saved: false });
    expect((await call('PUT', POLICY, owner.headers, { from: 60, to: 40, basis: 'fixed', stepPercent: 10 })).statusCode).toBe(400);
    expect((await call('PUT', POLICY, owner.headers, { from: 25, to: 75, basis: 'fixed', stepPercent: 51 })).statusCode).toBe(400);
    expect((await call('PUT', POLICY, owner.headers, { from: 25, to: 75, basis: 'fixed', stepPercent: '10' })).statusCode).toBe(400);
    const policy = await call('PUT', POLICY, owner.headers, { from: 40, to: 60, basis: 'fixed-bonus', stepPercent: 5 });
    expect(policy.json()).toEqual({ from: 40, to: 60, basis: 'fixed-bonus', stepPercent: 5, saved: true });

    // Another company's corporate user, a member, an admin and nobody.
    const stranger = await corporate('other-co');
    expect((await call('GET', ROLES, stranger.headers)).json()).toEqual([]);
    expect((await call('PUT', `${ROLES}/${role.id}`, stranger.headers, HEAD)).statusCode).toBe(404);
    expect((await call('DELETE', `${ROLES}/${role.id}`, stranger.headers)).statusCode).toBe(404);
    expect((await call('PUT', `${BANDS}/${role.id}`, stranger.headers, { low: 1, high: 2 })).statusCode).toBe(404);
    const member = await t.createUser({ roles: ['member'] });
    const memberHeaders = await t.bearer(member.id, member.roles);
    for (const headers of [memberHeaders, admin]) {
      expect((await call('GET', ROLES, headers)).statusCode).toBe(403);
      expect((await call('POST', `${BANDS}/compute`, headers)).statusCode).toBe(403);
    }
    expect((await call('GET', ROLES, undefined)).statusCode).toBe(401);
    expect((await call('GET', BANDS, undefined)).statusCode).toBe(401);

    const audited = await t.database.execute<{ action: string }>("select action from audit_log where target_type = 'job_architecture' order by created_at");
    expect(audited.map((row) => row.action)).toEqual(['jobRole.create', 'jobRole.update', 'bandPolicy.update']);

    expect((await call('DELETE', `${ROLES}/${role.id}`, owner.headers)).statusCode).toBe(204);
    expect((await call('GET', ROLES, owner.headers)).json()).toEqual([]);
  });
});

describe('the bands', () => {
  it('are the published range of each group, laddered, charged once per release, 402 when short, kept when edited', async () => {
    const poor = await corporate('bands-co', 1);
    for (const role of [HEAD, DIRECTOR, MARKETING]) expect((await call('POST', ROLES, poor.headers, role)).statusCode).toBe(201);
    const before = (await call('GET', BANDS, poor.headers)).json();
    expect(before.computeCost).toBe(3);
    expect(before.bands.map((band: { status: string }) => band.status)).toEqual(['not-computed', 'not-computed', 'not-computed']);

    // Two groups publish: two credits; one is short, and nothing is charged or stored.
    const short = await call('POST', `${BANDS}/compute`, poor.headers);
    expect(short.statusCode).toBe(402);
    expect(await creditsOf(poor.id)).toBe(1);
    expect(await bandCount('bands-co')).toBe(0);

    const buyer = await corporate('bands-co', 5);
    const computed = await call('POST', `${BANDS}/compute`, buyer.headers);
    expect(computed.statusCode).toBe(200);
    expect(await creditsOf(buyer.id)).toBe(3);
    const [ledger] = await t.database.execute<{ delta: number; reason: string }>('select delta, reason from credit_ledger where user_id = $1', [buyer.id]);
    expect(ledger).toEqual({ delta: -2, reason: 'salary-bands' });
    const body = computed.json();
    const byName = Object.fromEntries(body.bands.map((band: { role: { name: string } }) => [band.role.name, band]));

    // The head's band, lowest of its ladder, is exactly the policy's range of what the comparison publishes.
    const res = await call('POST', '/api/forms/comparation', admin, {
      filters: { positionLevel: 'head', functionalArea: 'finance', country: 'es', sector: 'banking' },
    });
    const published = res.json().measures.fixedSalary;
    const range = payRange(published, { from: 25, to: 75 })!;
    expect(byName[HEAD.name]).toMatchObject({ status: 'ok', low: range.low, high: range.high, edited: false, widened: [] });
    expect(byName[HEAD.name].figures).toMatchObject({ p10: published.p10, p50: published.p50, p90: published.p90 });
    // The director's midpoint is at least 10 % above the head's.
    expect(byName[DIRECTOR.name].midpoint).toBeGreaterThanOrEqual(byName[HEAD.name].midpoint * 1.1 - 1);
    expect(byName[MARKETING.name]).toMatchObject({ status: 'not-enough-data', low: null, figures: null });

    // The same release again: nothing charged.
    expect((await call('GET', BANDS, buyer.headers)).json().computeCost).toBe(0);
    expect((await call('POST', `${BANDS}/compute`, buyer.headers)).statusCode).toBe(200);
    expect(await creditsOf(buyer.id)).toBe(3);

    // A band edited by hand: marked, the market figures beside it, kept by the next computation.
    const headId = byName[HEAD.name].role.id;
    expect((await call('PUT', `${BANDS}/${headId}`, buyer.headers, { low: 90_000, high: 80_000 })).statusCode).toBe(400);
    const edited = await call('PUT', `${BANDS}/${headId}`, buyer.headers, { low: 110_000, high: 130_000 });
    expect(edited.json()).toMatchObject({ low: 110_000, high: 130_000, midpoint: 120_000, edited: true, figures: byName[HEAD.name].figures });
    const again = (await call('POST', `${BANDS}/compute`, buyer.headers)).json();
    expect(again.bands.find((band: { role: { id: string } }) => band.role.id === headId)).toMatchObject({ low: 110_000, high: 130_000, edited: true });
    expect(await creditsOf(buyer.id)).toBe(3);
    expect((await call('PUT', `${BANDS}/${byName[MARKETING.name].role.id}`, buyer.headers, { low: 1, high: 2 })).statusCode).toBe(404);

    // The CSV: headers in the language, a formula-looking role name escaped.
    const csv = await call('GET', `${BANDS}/csv?language=en`, buyer.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Role,Level,Functional area');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).not.toMatch(/^=HYPERLINK/m);
    expect((await call('GET', `${BANDS}/csv`, buyer.headers)).body).toContain('Puesto,Nivel');
  });
});

describe('where each employee stands', () => {
  function multipart(content: string) {
    const boundary = '----payroll-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payroll.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from(content, 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  const upload = (headers: Record<string, string>, year: number, rows: string[]) => {
    const { payload, contentType } = multipart(
      ['id_empleado;sexo;puesto;nivel;area_funcional;pais;jornada;salario_base;retribucion_variable;fecha_alta', ...rows].join('\r\n'),
    );
    return t.app.inject({ method: 'PUT', url: `/api/pay-transparency/payrolls/${year}`, headers: { ...headers, 'content-type': contentType }, payload });
  };

  it('lists the people below their band with counts by sex, refuses roles outside the architecture, and stays with the company', async () => {
    const owner = await corporate('standing-co');
    for (const role of [HEAD, DIRECTOR]) await call('POST', ROLES, owner.headers, role);
    await call('POST', `${BANDS}/compute`, owner.headers);
    const bands = (await call('GET', BANDS, owner.headers)).json().bands as Array<{ role: { name: string }; low: number; high: number }>;
    const head = bands.find((band) => band.role.name === HEAD.name)!;

    const unknown = await upload(owner.headers, 2025, ['X1;mujer;Analista;head;finance;es;1;50000;0;']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().problems).toEqual([expect.objectContaining({ code: 'unknownRole', field: 'role' })]);

    const low = head.low - 10_000;
    const within = head.low + 1_000;
    const rows = [
      `W1;mujer;${HEAD.name};head;finance;es;1;${low};0;`,
      `W2;mujer;${HEAD.name};head;finance;es;0,5;${low / 2};0;`,
      `M1;hombre;${HEAD.name};head;finance;es;1;${low};0;`,
      `M2;hombre;${HEAD.name};head;finance;es;1;${within};0;`,
      `W3;mujer;${HEAD.name};head;finance;es;0,5;${within / 2};0;`,
      `M3;hombre;${HEAD.name};head;finance;es;1;${head.high + 5_000};0;`,
    ];
    expect((await upload(owner.headers, 2025, rows)).statusCode).toBe(200);

    const res = await call('GET', '/api/pay-transparency/payrolls/2025/standing', owner.headers);
    expect(res.statusCode).toBe(200);
    const standing = res.json();
    expect(standing.belowBand.map((row: { employeeId: string }) => row.employeeId).sort()).toEqual(['M1', 'W1', 'W2']);
    expect(standing.belowBandBySex).toEqual({ woman: 2, man: 1, other: 0 });
    expect(standing.positionCounts).toEqual({ below: 3, within: 2, above: 1, 'no-band': 0 });
    const w2 = standing.employees.find((row: { employeeId: string }) => row.employeeId === 'W2');
    expect(w2).toMatchObject({ annualBasicPay: low, position: 'below', band: { low: head.low, high: head.high } });
    expect(w2.bandCompaRatio).toBeCloseTo(low / ((head.low + head.high) / 2), 3);
    const [category] = standing.categories;
    expect(category).toMatchObject({ category: HEAD.name, marketStatus: expect.stringMatching(/^(ok|not-published)$/) });

    const stranger = await corporate('standing-other');
    expect((await call('GET', '/api/pay-transparency/payrolls/2025/standing', stranger.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/pay-transparency/payrolls/2025/standing', admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/pay-transparency/payrolls/2025/standing', undefined)).statusCode).toBe(401);
  });
});
