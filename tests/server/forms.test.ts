// The questionnaire and its forms on the real app and a real database (server half): the
// definition with ETag/304, creating, saving, completing, claiming, yearly copy, lookups, the admin list,
// strict validation that changes nothing, and concurrent saves that never lose a step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { COMPLETE_ANSWERS, PROFILE_ANSWERS, countForms, formRow, insertForm, insertUser } from './helpers/formFixtures';
import { QUESTIONNAIRE_STEPS, type Question } from '../../src/domain/questionnaire';
import { currentYear } from '../../src/domain/constants';
import { readDataVersion } from '../../src/server/services/dataVersion';

let t: TestApp;
const YEAR = currentYear();

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let anonymousCounter = 0;
/** Each anonymous draft from a client address of its own: drafts are throttled per address. */
const anonymousAddress = () => `10.77.${Math.floor(++anonymousCounter / 250)}.${anonymousCounter % 250}`;

async function createAnonymous(answers: Record<string, unknown> = PROFILE_ANSWERS) {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms', payload: answers, remoteAddress: anonymousAddress() });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; userId: string | null; completedSteps: number[]; status: string; answers: Record<string, unknown> }>();
}

const put = (id: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/forms/${id}`, payload: payload as object, headers });

function expectValidationError(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: string[]; errorCode: string };
  expect(body.errorCode).toBe('VALIDATION_ERROR');
  expect(Array.isArray(body.error)).toBe(true);
  expect(
    body.error.some((line) => line.startsWith(`body.${field}`)),
    `${JSON.stringify(body.error)} names body.${field}`,
  ).toBe(true);
}

describe('GET /api/forms/questionnaire', () => {
  it('serves the questionnaire definition (docs/questionnaire.md) without a token, with a version, an ETag and Cache-Control', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/questionnaire' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('EUR');
    expect(body.version).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(body.steps).toEqual(JSON.parse(JSON.stringify(QUESTIONNAIRE_STEPS)));
    const city = body.steps[0].questions.find((q: Question) => q.name === 'city');
    expect(city.dependsOn).toBe('country');
    expect(city.optionsBy.es.map((o: { value: string }) => o.value)).toContain('madrid');
    expect(res.headers.etag).toBe(`"q-${body.version}"`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('answers a conditional request with 304 and no body, and a stale one with the definition', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/forms/questionnaire' });
    const etag = first.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/forms/questionnaire', headers: { 'if-none-match': ifNoneMatch } });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    const stale = await t.app.inject({ method: 'GET', url: '/api/forms/questionnaire', headers: { 'if-none-match': '"q-old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().version).toBe(first.json().version);
  });
});

describe('POST /api/forms', () => {
  it('creates an unclaimed in-progress form of this year with a random id, the e-mail stored with it', async () => {
    const form = await createAnonymous({ ...PROFILE_ANSWERS, email: 'Ana.Perez@Example.com' });
    expect(form.id).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(form).toMatchObject({ userId: null, surveyYear: YEAR, status: 'in-progress', completedSteps: [0] });
    expect(form.answers.email).toBe('ana.perez@example.com');
    const row = await formRow(t, form.id);
    expect(row).toMatchObject({
      email: 'ana.perez@example.com',
      user_id: null,
      country: 'es',
      city: 'madrid',
      years_experience: 18,
      gender: 'female',
      currency: 'EUR',
    });
  });

  it('marks no step when the step is not complete, and gives every form its own id', async () => {
    const a = await createAnonymous({ country: 'es' });
    const b = await createAnonymous({ country: 'es' });
    expect(a.completedSteps).toEqual([]);
    expect(a.id).not.toBe(b.id);
  });

  it('a signed-in caller gets a form they own; a second POST of the year saves into the same form (200)', async () => {
    const user = await insertUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/forms', payload: { country: 'pt', city: 'porto' }, headers: user.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: user.id, surveyYear: YEAR, completedSteps: [] });
    expect(await formRow(t, res.json().id)).toMatchObject({ email: user.email, user_id: user.id });

    const again = await t.app.inject({ method: 'POST', url: '/api/forms', payload: { fixedSalary: 99_000 }, headers: user.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
    expect(again.json().answers).toEqual({ country: 'pt', city: 'porto', fixedSalary: 99_000 });
    const [{ count }] = await t.database.execute<{ count: number }>('select count(*)::int as count from forms where user_id = $1', [user.id]);
    expect(count).toBe(1);
  });

  it('parallel POSTs of one signed-in person make one form', async () => {
    const user = await insertUser(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/forms', payload: { yearsExperience: i }, headers: user.headers })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
  });

  it('refuses a token whose account no longer exists', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms', payload: {}, headers: await t.bearer('N'.repeat(24), ['member']) });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/forms/{id}: saving', () => {
  it('merges the answers, marks the step, rewrites the typed columns and answers the whole form', async () => {
    const form = await createAnonymous();
    const res = await put(form.id, {
      sector: 'energy',
      companySize: '250-999',
      companyType: 'private',
      functionalArea: 'sales',
      positionLevel: 'ceo',
      directReports: 40,
      yearsInPosition: 2,
      step: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: form.id, status: 'in-progress', completedSteps: [0, 1] });
    expect(res.json().answers).toMatchObject({ ...PROFILE_ANSWERS, sector: 'energy', positionLevel: 'ceo' });
    const saved = await put(form.id, { fixedSalary: 210_000, step: 2 });
    expect(saved.json().completedSteps).toEqual([0, 1, 2]);
    expect(await formRow(t, form.id)).toMatchObject({ sector: 'energy', position_level: 'ceo', company_size: '250-999', fixed_salary: 210_000, country: 'es' });
    const read = await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved.json());
  });

  it('an unknown id is 404', async () => {
    expect((await put('Z'.repeat(24), { fixedSalary: 100_000 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/${'Z'.repeat(24)}` })).statusCode).toBe(404);
  });

  it('a country change must bring a city of the new country', async () => {
    const form = await createAnonymous();
    const before = await formRow(t, form.id);
    const res = await put(form.id, { country: 'fr' });
    expectValidationError(res, 'city');
    expect(res.json().error).toContain('body.city: is not a city of fr');
    expect(await formRow(t, form.id)).toEqual(before);
    expect((await put(form.id, { country: 'fr', city: 'lyon' })).statusCode).toBe(200);
  });
});

describe('PUT /api/forms/{id}: completing', () => {
  it('completes a form with every answer: all steps saved, the data version changes', async () => {
    const form = await createAnonymous(COMPLETE_ANSWERS);
    expect(form.completedSteps).toEqual([0, 1, 2, 3, 4]);
    const version = await readDataVersion(t.database);
    const res = await put(form.id, { complete: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', completedSteps: [0, 1, 2, 3, 4] });
    const row = await formRow(t, form.id);
    expect(row?.completed_at).not.toBeNull();
    expect(row).toMatchObject({ fixed_salary: 150_000, annual_bonus: 30_000, deferred_compensation: 10_000, sector: 'banking' });
    expect(await readDataVersion(t.database)).not.toBe(version);
  });

  it('a completed form stays completed; changing it changes the data version, re-saving the same values does not', async () => {
    const form = await createAnonymous(COMPLETE_ANSWERS);
    await put(form.id, { complete: true });
    const v1 = await readDataVersion(t.database);
    const changed = await put(form.id, { fixedSalary: 160_000, complete: false });
    expect(changed.json().status).toBe('completed');
    const v2 = await readDataVersion(t.database);
    expect(v2).not.toBe(v1);
    expect((await put(form.id, { fixedSalary: 160_000 })).statusCode).toBe(200);
    expect(await readDataVersion(t.database)).toBe(v2);
  });

  it('an in-progress save does not change the data version', async () => {
    const form = await createAnonymous();
    const version = await readDataVersion(t.database);
    await put(form.id, { fixedSalary: 120_000, step: 2 });
    expect(await readDataVersion(t.database)).toBe(version);
  });

  it('a completed form cannot withdraw the privacy consent', async () => {
    const form = await createAnonymous(COMPLETE_ANSWERS);
    await put(form.id, { complete: true });
    const before = await formRow(t, form.id);
    const res = await put(form.id, { privacyConsent: false });
    expectValidationError(res, 'privacyConsent');
    expect(await formRow(t, form.id)).toEqual(before);
  });

  const requiredQuestions = QUESTIONNAIRE_STEPS.flatMap((step) => step.questions.filter((q) => q.required || q.requiredWhenSignedOut));
  for (const question of requiredQuestions) {
    it(`refuses to complete without ${question.name}, naming it and changing nothing`, async () => {
      // Without a country the city cannot be given either (it is checked against the country).
      const left = question.name === 'country' ? ['country', 'city'] : [question.name];
      const answers = Object.fromEntries(Object.entries(COMPLETE_ANSWERS).filter(([name]) => !left.includes(name)));
      const form = await createAnonymous(answers);
      const before = await formRow(t, form.id);
      const res = await put(form.id, { complete: true });
      expectValidationError(res, question.name);
      expect(res.json().error).toEqual(left.map((name) => `body.${name}: is required`));
      expect(await formRow(t, form.id)).toEqual(before);
    });
  }

  it('refuses to complete without the privacy consent accepted', async () => {
    const form = await createAnonymous({ ...COMPLETE_ANSWERS, privacyConsent: false });
    const res = await put(form.id, { complete: true });
    expect(res.json().error).toEqual(['body.privacyConsent: must be accepted (true) to complete the form']);
  });

  it('lists every missing answer at once', async () => {
    const form = await createAnonymous({ country: 'es' });
    const res = await put(form.id, { complete: true, fixedSalary: 100_000 });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().error as string[]).map((line) => line.split(':')[0]);
    expect(fields).toContain('body.email');
    expect(fields).toContain('body.annualBonus');
    expect(fields).not.toContain('body.fixedSalary');
    expect(fields).not.toContain('body.gender');
  });

  it('an owned form completes without an e-mail answer', async () => {
    const user = await insertUser(t);
    const { email: _email, ...answers } = COMPLETE_ANSWERS;
    const created = await t.app.inject({ method: 'POST', url: '/api/forms', payload: answers, headers: user.headers });
    const res = await put(created.json().id, { complete: true }, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('completed');
  });
});

// Every wrong value the questionnaire allows for, generated from the definition: the request is refused
// with the field named, and the stored form (every column) is exactly as before.
function wrongValues(question: Question): Array<[string, unknown]> {
  switch (question.type) {
    case 'number':
    case 'money':
    case 'year':
    case 'percent': {
      const values: Array<[string, unknown]> = [
        ['numeric text', String(question.min ?? 1)],
        ['an array', [question.min ?? 1]],
        ['a boolean', true],
        ['null', null],
        ['an object', { value: question.min }],
        ['below the minimum', (question.min ?? 0) - 1],
        ['above the maximum', (question.max ?? 0) + 1],
      ];
      if (question.type !== 'percent') values.push(['a fraction', (question.min ?? 0) + 0.5]);
      return values;
    }
    case 'select':
      return [
        ['a code not in the list', question.name === 'city' ? 'paris' : 'not-an-option'],
        ['a number', 7],
        ['null', null],
        ['a malformed code', 'Not An Option!'],
      ];
    case 'email':
      return [
        ['not an address', 'ana-at-example.com'],
        ['a number', 5],
        ['null', null],
      ];
    case 'boolean':
      return [
        ['text', 'true'],
        ['a number', 1],
        ['null', null],
      ];
  }
}

describe('every wrong value is refused, naming the field, and changes nothing', () => {
  const cases = QUESTIONNAIRE_STEPS.flatMap((step) =>
    step.questions.flatMap((question) => wrongValues(question).map(([label, value]) => ({ question, label, value }))),
  );
  cases.push(
    { question: { name: 'currency' } as Question, label: 'lower-case currency', value: 'eur' },
    { question: { name: 'currency' } as Question, label: 'a number as currency', value: 978 },
  );

  let formId: string;
  beforeAll(async () => {
    formId = (await createAnonymous(PROFILE_ANSWERS)).id;
  });

  for (const { question, label, value } of cases) {
    it(`PUT ${question.name}: ${label}`, async () => {
      const before = await formRow(t, formId);
      const res = await put(formId, { [question.name]: value, step: 0 });
      expectValidationError(res, question.name);
      expect(await formRow(t, formId)).toEqual(before);
    });
  }

  it('POST with wrong values creates nothing', async () => {
    const count = await countForms(t);
    for (const { question, value } of cases) {
      const payload = question.name === 'city' ? { country: 'es', city: value } : { [question.name]: value };
      const res = await t.app.inject({ method: 'POST', url: '/api/forms', payload });
      expectValidationError(res, question.name);
    }
    expect(await countForms(t)).toBe(count);
  });

  it('a good value next to a bad one is not saved either', async () => {
    const before = await formRow(t, formId);
    const res = await put(formId, { fixedSalary: 200_000, sector: 'piracy', step: 1 });
    expectValidationError(res, 'sector');
    expect(await formRow(t, formId)).toEqual(before);
  });

  it('an unknown answer or a step out of range is refused', async () => {
    const before = await formRow(t, formId);
    expectValidationError(await put(formId, { salaryGuess: 1 }), 'salaryGuess');
    expectValidationError(await put(formId, { step: 5 }), 'step');
    expectValidationError(await put(formId, { complete: 'yes' }), 'complete');
    expect(await formRow(t, formId)).toEqual(before);
  });

  it('option-list violations name the list: sector, city of another country', async () => {
    const sector = await put(formId, { sector: 'piracy' });
    expect(sector.json().error[0]).toMatch(/^body\.sector: is not one of the options \(banking, insurance/);
    const city = await put(formId, { city: 'porto' });
    expect(city.json().error).toEqual(['body.city: is not a city of es']);
  });
});

describe('a claimed form', () => {
  it('is no longer readable or editable anonymously; its owner and an admin still may', async () => {
    const form = await createAnonymous();
    const owner = await insertUser(t);
    const admin = await insertUser(t, ['admin']);
    const other = await insertUser(t);
    await t.database.execute('update forms set user_id = $1 where id = $2', [owner.id, form.id]);
    const before = await formRow(t, form.id);

    const anonymousPut = await put(form.id, { fixedSalary: 100_000 });
    expect(anonymousPut.statusCode).toBe(403);
    expect(anonymousPut.json().errorCode).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}` })).statusCode).toBe(403);
    expect((await put(form.id, { fixedSalary: 100_000 }, other.headers)).statusCode).toBe(403);
    expect(await formRow(t, form.id)).toEqual(before);

    expect((await put(form.id, { fixedSalary: 100_000, step: 2 }, owner.headers)).statusCode).toBe(200);
    const byAdmin = await put(form.id, { annualBonus: 5_000, step: 3 }, admin.headers);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ userId: owner.id, completedSteps: [0, 2, 3] });
  });
});

describe('POST /api/forms/copy', () => {
  it("copies last year's form into this year once; a second copy is 409 FORM_EXISTS", async () => {
    const user = await insertUser(t);
    await insertForm(t, { userId: user.id, surveyYear: YEAR - 2, answers: { ...COMPLETE_ANSWERS, fixedSalary: 100_000 } });
    await insertForm(t, { userId: user.id, surveyYear: YEAR - 1, answers: { ...COMPLETE_ANSWERS, fixedSalary: 140_000 } });

    const res = await t.app.inject({ method: 'POST', url: '/api/forms/copy', payload: {}, headers: user.headers });
    expect(res.statusCode).toBe(201);
    const { privacyConsent: _consent, ...expected } = { ...COMPLETE_ANSWERS, fixedSalary: 140_000 };
    expect(res.json()).toMatchObject({ userId: user.id, surveyYear: YEAR, status: 'in-progress', completedSteps: [], answers: expected });
    expect(res.json().answers.privacyConsent).toBeUndefined();
    expect(await formRow(t, res.json().id)).toMatchObject({ fixed_salary: 140_000, sector: 'banking', email: user.email });

    const again = await t.app.inject({ method: 'POST', url: '/api/forms/copy', payload: {}, headers: user.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('FORM_EXISTS');

    const completed = await put(res.json().id, { privacyConsent: true, complete: true }, user.headers);
    expect(completed.statusCode).toBe(200);
  });

  it('copies the year asked for, 404 when there is none, and makes exactly one form under parallel copies', async () => {
    const user = await insertUser(t);
    await insertForm(t, { userId: user.id, surveyYear: YEAR - 2, answers: { ...COMPLETE_ANSWERS, fixedSalary: 100_000 } });
    await insertForm(t, { userId: user.id, surveyYear: YEAR - 1, answers: { ...COMPLETE_ANSWERS, fixedSalary: 140_000 } });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/forms/copy',
      payload: { fromYear: 2023 === YEAR - 2 ? 2099 : 2023 },
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(404);

    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/forms/copy', payload: { fromYear: YEAR - 2 }, headers: user.headers })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 201)?.json().answers.fixedSalary).toBe(100_000);
  });

  it('a person without any form has nothing to copy (404)', async () => {
    const user = await insertUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/copy', payload: {}, headers: user.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('lookups', () => {
  it('forms/last, last-by-user-id and last-by-user-email give the latest form of the user', async () => {
    const user = await insertUser(t, ['member'], { email: 'lookup.person@example.com' });
    await insertForm(t, { userId: user.id, surveyYear: YEAR - 2 });
    const latest = await insertForm(t, { userId: user.id, surveyYear: YEAR - 1 });
    for (const url of ['/api/forms/last', `/api/forms/last-by-user-id/${user.id}`, '/api/forms/last-by-user-email/Lookup.Person@example.com']) {
      const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ id: latest, surveyYear: YEAR - 1, userId: user.id });
    }
  });

  it('a user without a form gets 404 from forms/last', async () => {
    const user = await insertUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/forms/last', headers: user.headers })).statusCode).toBe(404);
  });

  it('form-by-email: the own address finds the own form and a verified own draft; an admin finds any', async () => {
    const verified = await insertUser(t, ['member'], { verified: true });
    const unverified = await insertUser(t, ['member'], { verified: false });
    const admin = await insertUser(t, ['admin']);
    const draftOfVerified = await createAnonymous({ email: verified.email, country: 'es' });
    await createAnonymous({ email: unverified.email, country: 'es' });

    const own = await t.app.inject({ method: 'GET', url: `/api/forms/form-by-email?email=${encodeURIComponent(verified.email)}`, headers: verified.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(draftOfVerified.id);

    const notVerified = await t.app.inject({
      method: 'GET',
      url: `/api/forms/form-by-email?email=${encodeURIComponent(unverified.email)}`,
      headers: unverified.headers,
    });
    expect(notVerified.statusCode).toBe(404);

    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/forms/form-by-email?email=${encodeURIComponent(unverified.email.toUpperCase())}`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().answers.email).toBe(unverified.email);

    const someoneElse = await t.app.inject({
      method: 'GET',
      url: `/api/forms/form-by-email?email=${encodeURIComponent(verified.email)}`,
      headers: unverified.headers,
    });
    expect(someoneElse.statusCode).toBe(403);
  });

  it('an admin asking for an unknown address or user gets 404', async () => {
    const admin = await insertUser(t, ['admin']);
    expect((await t.app.inject({ method: 'GET', url: '/api/forms/last-by-user-email/nobody@example.com', headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/last-by-user-id/${'Q'.repeat(24)}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/forms/form-by-email?email=nobody@example.com', headers: admin.headers })).statusCode).toBe(404);
  });
});

describe('permissions follow the stored account, not the token', () => {
  it('an admin demoted since the token was issued is refused; a disabled or deleted account is 401', async () => {
    const demoted = await insertUser(t, ['admin']);
    await t.database.execute(`update users set roles = '{member}' where id = $1`, [demoted.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/forms', headers: demoted.headers })).statusCode).toBe(403);

    const disabled = await insertUser(t);
    await t.database.execute('update users set disabled = true where id = $1', [disabled.id]);
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/last', headers: disabled.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('INVALID_TOKEN');
  });
});

describe('GET /api/forms (admin list)', () => {
  it('pages newest first and filters by text, year and status', async () => {
    const admin = await insertUser(t, ['admin']);
    const owner = await insertUser(t, ['member'], { email: 'paging_owner@example.com' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await insertForm(t, { userId: null, surveyYear: YEAR - 1, email: `paging.${i}@list.example.com`, status: i % 2 ? 'completed' : 'in-progress' }));
      await t.database.execute(`update forms set created_at = now() + make_interval(secs => $2) where id = $1`, [ids[i], i + 100]);
    }
    const owned = await insertForm(t, { userId: owner.id, surveyYear: YEAR - 2, email: null });

    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/forms?${query}`, headers: admin.headers });
    const page1 = await list('query=list.example&page=1&limit=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ page: 1, limit: 2, total: 5 });
    expect(page1.json().items.map((f: { id: string }) => f.id)).toEqual([ids[4], ids[3]]);
    const page3 = await list('query=LIST.EXAMPLE&page=3&limit=2');
    expect(page3.json().items.map((f: { id: string }) => f.id)).toEqual([ids[0]]);
    expect((await list('query=list.example&status=completed')).json().total).toBe(2);
    expect((await list(`query=list.example&year=${YEAR - 1}`)).json().total).toBe(5);
    expect((await list(`query=list.example&year=${YEAR - 2}`)).json().total).toBe(0);
    // The owner's e-mail finds their forms; LIKE wildcards in the text are literal.
    expect((await list('query=paging_owner')).json().items.map((f: { id: string }) => f.id)).toEqual([owned]);
    expect((await list('query=paging%25owner')).json().total).toBe(0);
    const defaults = await list('');
    expect(defaults.json()).toMatchObject({ page: 1, limit: 10 });
  });
});

describe('concurrent saves of one form', () => {
  it('20 parallel saves of different answers and steps lose nothing', async () => {
    const form = await createAnonymous({ country: 'es' });
    const fields = QUESTIONNAIRE_STEPS.flatMap((step) => step.questions.map((question) => ({ step: step.index, name: question.name })))
      .filter(({ name }) => name !== 'country' && name !== 'city')
      .slice(0, 20);
    expect(fields).toHaveLength(20);
    const results = await Promise.all(fields.map(({ step, name }) => put(form.id, { [name]: COMPLETE_ANSWERS[name as keyof typeof COMPLETE_ANSWERS], step })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const final = await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}` });
    expect(final.json().completedSteps).toEqual([0, 1, 2, 3, 4]);
    for (const { name } of fields) expect(final.json().answers[name], name).toEqual(COMPLETE_ANSWERS[name as keyof typeof COMPLETE_ANSWERS]);
    const row = await formRow(t, form.id);
    expect(row?.revision).toBe(20);
    expect(row).toMatchObject({ sector: 'banking', fixed_salary: 150_000, annual_bonus: 30_000, position_level: 'director', gender: 'female' });
  });
});
