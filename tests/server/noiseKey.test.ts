// The person's noise key (services/infusion.ts personNoiseKey) through the real API: fixed at
// registration from PERTURBATION_SECRET and the normalised e-mail address, so deleting the account and registering
// again with the same address (in any case) gives the same key, and so the same infusion factors: a second
// registration is never a second, independent look at the person's pay. Another address gives another key;
// confirming the address changes nothing; a corporate account made by an admin is keyed the same way.
// (No endpoint changes an account's address, so "the key is kept when the address changes" has nothing to test
// through the API.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PERTURBATION_SECRET, type TestApp } from './helpers/testApp';
import { personNoiseKey } from '../../src/server/services/infusion';
import { insertUser, normaliseEmail } from '../../src/server/services/users';
import { newId } from '../../src/server/ids';

const PASSWORD = 'violet tram sings at midnight';

let t: TestApp;
let counter = 0;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** Each call from its own client address: registration is rate-limited per address. */
const freshAddress = () => `10.36.${Math.floor(++counter / 250)}.${counter % 250}`;
const freshEmail = (label: string) => `${label}-${newId(8).toLowerCase()}@example.com`;

async function register(email: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/member', payload: { email, password: PASSWORD }, remoteAddress: freshAddress() });
  expect(res.statusCode, res.body).toBe(202);
}

/** The account of a (normalised) address: its id and noise key; null when there is none. */
async function account(email: string): Promise<{ id: string; noiseKey: number; emailVerified: boolean } | null> {
  const [row] = await t.database.execute<{ id: string; noise_key: string | number; email_verified: boolean }>(
    'select id, noise_key, email_verified from users where email = $1',
    [email],
  );
  return row ? { id: row.id, noiseKey: Number(row.noise_key), emailVerified: row.email_verified } : null;
}

/** Confirms the address with the token of the verification mail in the outbox (mail leaves in the background). */
async function confirm(email: string): Promise<void> {
  let text: string | undefined;
  for (let i = 0; i < 100 && !text; i++) {
    const [row] = await t.database.execute<{ text: string }>('select text from email_outbox where "to" = $1 order by created_at desc limit 1', [email]);
    text = row?.text;
    if (!text) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const token = /verifyToken=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
  expect(token, 'a verification mail with its token').toBeDefined();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  expect(res.statusCode, res.body).toBe(204);
  // The mail of this registration is used: later registrations of the address find only their own.
  await t.database.execute('delete from email_outbox where "to" = $1', [email]);
}

/** Signs in with the address as typed and deletes the account through the API (the password asked again). */
async function deleteAccount(email: string): Promise<void> {
  const session = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: PASSWORD }, remoteAddress: freshAddress() });
  expect(session.statusCode, session.body).toBe(200);
  const headers = { authorization: `Bearer ${session.json().accessToken}` };
  const res = await t.app.inject({ method: 'DELETE', url: '/api/users/currentUser', headers, payload: { password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(204);
}

describe('the noise key of a person', () => {
  it('is the keyed digest of the normalised address, kept by confirmation, and the same after erasure and a new registration', async () => {
    const email = freshEmail('returning');
    const expected = personNoiseKey(TEST_PERTURBATION_SECRET, email);
    expect(Number.isSafeInteger(expected)).toBe(true);

    await register(email);
    const first = await account(email);
    expect(first).toMatchObject({ noiseKey: expected, emailVerified: false });
    await confirm(email);
    expect(await account(email)).toMatchObject({ id: first!.id, noiseKey: expected, emailVerified: true });

    await deleteAccount(email);
    expect(await account(email)).toBeNull();

    // The same address again, typed in capitals: a new account, the same key. (Blanks around it are refused by the
    // API's validation before anything is created; insertUser's own normalisation is checked below.)
    const typed = email.replace(/^[a-z]+/, (label) => label.toUpperCase()).replace('@example.com', '@Example.COM');
    expect(typed).not.toBe(email);
    expect(normaliseEmail(typed)).toBe(email);
    const padded = await t.app.inject({
      method: 'POST',
      url: '/api/users/member',
      payload: { email: ` ${email} `, password: PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(padded.statusCode).toBe(400);
    expect(await account(email)).toBeNull();
    await register(typed);
    const second = await account(email);
    expect(second).not.toBeNull();
    expect(second!.id).not.toBe(first!.id);
    expect(second!.noiseKey).toBe(expected);
    await confirm(email);
    expect((await account(email))!.noiseKey).toBe(expected);

    // And once more, after deleting that one too.
    await deleteAccount(typed);
    await register(email);
    expect((await account(email))!.noiseKey).toBe(expected);
  });

  it('differs for another address, and for the same address under another secret', async () => {
    const [one, other] = [freshEmail('one'), freshEmail('other')];
    await register(one);
    await register(other);
    const [a, b] = [await account(one), await account(other)];
    expect(a!.noiseKey).toBe(personNoiseKey(TEST_PERTURBATION_SECRET, one));
    expect(b!.noiseKey).toBe(personNoiseKey(TEST_PERTURBATION_SECRET, other));
    expect(a!.noiseKey).not.toBe(b!.noiseKey);
    // The key is the secret's: the address alone does not give it.
    expect(personNoiseKey('another-secret-of-at-least-32-characters!!', one)).not.toBe(a!.noiseKey);
  });

  it('is derived from the normalised address whoever creates the account (insertUser trims and lowers it)', async () => {
    const email = freshEmail('service');
    const created = await t.database.transaction((tx) =>
      insertUser(tx, { email: `\t ${email.toUpperCase()}  `, passwordHash: null, roles: ['member'], noiseSecret: TEST_PERTURBATION_SECRET }),
    );
    expect(created).not.toBeNull();
    expect(await account(email)).toMatchObject({ id: created!.id, noiseKey: personNoiseKey(TEST_PERTURBATION_SECRET, email) });
  });

  it('is the same when an admin creates the account as a corporate user', async () => {
    const admin = await t.createUser({ roles: ['admin'] });
    const session = await t.signIn(admin.email);
    const email = freshEmail('corporate');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/corporate',
      headers: session.headers,
      remoteAddress: freshAddress(),
      payload: { email: email.toUpperCase(), password: PASSWORD, corporateInfo: { companyName: 'Claves S.L.' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await account(email))!.noiseKey).toBe(personNoiseKey(TEST_PERTURBATION_SECRET, email));
  });
});
