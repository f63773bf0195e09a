// Password reset end to end: the app sends the mail through a real SMTP server on 127.0.0.1 (the
// smtp-server package), the test reads the link from the mail it received and follows it. Also: the same
// answer for unknown addresses, single use, expiry, and the database outbox when no SMTP is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';
import { REFRESH_COOKIE } from '../../src/server/auth/sessions';
import { RESET_REQUEST_ANSWER_MS } from '../../src/server/routes/auth';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it receives. */
async function startMailbox() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until `count` messages have arrived (bounded). */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a MIME message (quoted-printable soft breaks and escapes undone). */
function decodedText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

const PUBLIC_URL = 'https://paybench.example';
const linkIn = (mail: ReceivedMail) => {
  const match = /https:\/\/paybench\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodedText(mail.raw));
  if (!match) throw new Error('no reset link in the mail');
  return { url: match[0], token: match[1] };
};

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let t: TestApp;
let addressCounter = 0;
const freshAddress = () => `10.1.0.${++addressCounter}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL, MAIL_FROM: 'Paybench <no-reply@paybench.example>' });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const requestReset = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/reset-pass', payload: { email }, headers, remoteAddress: freshAddress() });
const confirm = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-confirm', payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: freshAddress() });

describe('password reset through SMTP', () => {
  it('mails a single-use link built from PUBLIC_URL; following it sets the password and ends every session', async () => {
    const user = await t.createUser({ language: 'en' });
    const sessionA = await t.signIn(user.email);
    const sessionB = await t.signIn(user.email);
    const already = mailbox.received.length;

    // A forged Host header must not end up in the link.
    const res = await requestReset(user.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const [mail] = (await mailbox.waitFor(already + 1)).slice(already);
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('no-reply@paybench.example');
    expect(mail.raw).toContain('Subject: Reset your Paybench password');
    expect(mail.raw).not.toContain('evil.example');
    const link = linkIn(mail);
    expect(link.url.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);

    // Stored hashed, valid for 30 minutes.
    const [row] = await t.database.execute<{ token_hash: string; minutes: number }>(
      `select token_hash, extract(epoch from (expires_at - created_at)) / 60 as minutes
         from action_tokens where user_id = $1 and purpose = 'password-reset'`,
      [user.id],
    );
    expect(row.token_hash).not.toContain(link.token);
    expect(Math.round(Number(row.minutes))).toBe(30);

    const newPassword = 'lantern-orchard-quietly-91';
    expect((await confirm(link.token, newPassword)).statusCode).toBe(204);

    // New password in, old one out.
    expect((await signIn(user.email, newPassword)).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);

    // Every earlier session is revoked: refresh cookies and access tokens alike.
    for (const session of [sessionA, sessionB]) {
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.refreshCookie } });
      expect(refreshed.statusCode).toBe(401);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/currentUser', headers: session.headers });
      expect(me.statusCode).toBe(401);
    }

    // The link works once.
    const again = await confirm(link.token, 'another-fresh-passphrase-5');
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe('INVALID_RESET_TOKEN');
  });

  it('writes the mail in the account language (Spanish by default)', async () => {
    const user = await t.createUser({ language: 'es' });
    const already = mailbox.received.length;
    await requestReset(user.email);
    const [mail] = (await mailbox.waitFor(already + 1)).slice(already);
    expect(decodedText(mail.raw)).toContain('restablecer la contraseña de su cuenta de Paybench');
    expect(decodedText(mail.raw)).toContain('30 minutos');
  });

  it('refuses an expired link', async () => {
    const user = await t.createUser();
    const already = mailbox.received.length;
    await requestReset(user.email);
    const [mail] = (await mailbox.waitFor(already + 1)).slice(already);
    await t.database.execute(`update action_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [user.id]);
    const res = await confirm(linkIn(mail).token, 'lantern-orchard-quietly-92');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('INVALID_RESET_TOKEN');
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a weak new password is refused without using the link up', async () => {
    const user = await t.createUser();
    const already = mailbox.received.length;
    await requestReset(user.email);
    const [mail] = (await mailbox.waitFor(already + 1)).slice(already);
    const { token } = linkIn(mail);
    const weak = await confirm(token, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorCode).toBe('WEAK_PASSWORD');
    expect((await confirm(token, 'lantern-orchard-quietly-93')).statusCode).toBe(204);
  });

  it('refuses an unknown token', async () => {
    const res = await confirm('A'.repeat(43), 'lantern-orchard-quietly-94');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('INVALID_RESET_TOKEN');
  });
});

describe('no account enumeration', () => {
  it('answers an unknown address exactly as a known one, in about the same time, and mails nobody', async () => {
    const user = await t.createUser();
    const already = mailbox.received.length;

    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestReset(email);
      return { res, ms: performance.now() - started };
    };
    const unknown = await timed('no-account-here@example.com');
    const known = await timed(user.email);

    expect(unknown.res.statusCode).toBe(204);
    expect(known.res.statusCode).toBe(204);
    expect(unknown.res.body).toBe(known.res.body);
    expect(Object.keys(unknown.res.headers).sort()).toEqual(Object.keys(known.res.headers).sort());
    for (const { ms } of [unknown, known]) expect(ms).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 5);
    expect(Math.abs(unknown.ms - known.ms)).toBeLessThan(150);

    const mails = (await mailbox.waitFor(already + 1)).slice(already);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.received.slice(already).map((m) => m.to)).toEqual([[user.email]]);
    expect(mails).toHaveLength(1);
  });

  it('throttles reset requests per client address with 429 RATE_LIMITED', async () => {
    const remoteAddress = '10.9.9.9';
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/reset-pass', payload: { email: `x${i}@example.com` }, remoteAddress });
      last = res.statusCode;
      if (i < 10) expect(res.statusCode).toBe(204);
    }
    expect(last).toBe(429);
  });
});

describe('without SMTP: the outbox', () => {
  it('keeps the mail in the outbox, which only an admin reads', async () => {
    const dev = await startTestApp({ PUBLIC_URL });
    try {
      const user = await dev.createUser({ language: 'en' });
      const res = await dev.app.inject({ method: 'POST', url: '/api/users/reset-pass', payload: { email: user.email } });
      expect(res.statusCode).toBe(204);
      const admin = await dev.createUser({ roles: ['admin'] });
      const adminSession = await dev.signIn(admin.email);
      const member = await dev.signIn(user.email);

      let page: { items: Array<{ to: string; subject: string; text: string; html: string | null }>; total: number } = { items: [], total: 0 };
      for (let i = 0; i < 50 && page.total === 0; i++) {
        const list = await dev.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: adminSession.headers });
        expect(list.statusCode).toBe(200);
        page = list.json();
        if (page.total === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ to: user.email, subject: 'Reset your Paybench password' });
      expect(page.items[0].text).toContain(`${PUBLIC_URL}/reset-password?token=`);

      const forbidden = await dev.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: member.headers });
      expect(forbidden.statusCode).toBe(403);
      const token = /token=([A-Za-z0-9_-]+)/.exec(page.items[0].text)![1];
      expect(
        (await dev.app.inject({ method: 'POST', url: '/api/auth/reset-confirm', payload: { token, password: 'outbox-link-works-fine-1' } })).statusCode,
      ).toBe(204);
      // The refresh cookie of the member's session is gone with the reset.
      const refreshed = await dev.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: member.refreshCookie } });
      expect(refreshed.statusCode).toBe(401);
      expect(member.refreshCookie.startsWith(`${REFRESH_COOKIE}=`)).toBe(true);
    } finally {
      await dev.close();
    }
  });
});
