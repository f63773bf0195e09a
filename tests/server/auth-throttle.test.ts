// The attempt counters behind sign-in throttling: the same behaviour from the in-process store and from the
// Redis store, and with REDIS_URL two app instances share one limit (a client throttled by one instance is
// throttled by the other). Uses the local Redis at REDIS_TEST_URL (default redis://127.0.0.1:6379); the
// Redis cases are skipped when none answers.
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { newId } from '../../src/server/ids';
import { AttemptCounter, DELAY_RULES, GrowingDelay, MemoryCounterStore, type CounterStore } from '../../src/server/http/rateLimit';
import { RedisCounterStore } from '../../src/server/http/rateLimitRedis';
import { startTestApp, type TestApp } from './helpers/testApp';

const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

const haveRedis = await redisAnswers(redisUrl);
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

function storeContract(name: string, makeStore: () => CounterStore) {
  describe(`attempt counter on the ${name} store`, () => {
    it('allows `limit` attempts in a window, then reports how long to wait', async () => {
      const counter = new AttemptCounter(makeStore(), `test-${newId(8)}`, { limit: 3, windowSeconds: 60 });
      const subject = 'someone@example.com';
      expect(await counter.retryAfter(subject)).toBe(0);
      for (let i = 0; i < 3; i++) expect(await counter.hit(subject)).toBe(0);
      const wait = await counter.retryAfter(subject);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await counter.hit(subject)).toBeGreaterThan(0);
      expect(await counter.retryAfter('someone-else@example.com')).toBe(0);
      await counter.reset(subject);
      expect(await counter.retryAfter(subject)).toBe(0);
    });

    it('opens a new window when the old one ends', async () => {
      const counter = new AttemptCounter(makeStore(), `test-${newId(8)}`, { limit: 1, windowSeconds: 1 });
      await counter.hit('x');
      expect(await counter.retryAfter('x')).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await counter.retryAfter('x')).toBe(0);
      expect(await counter.hit('x')).toBe(0);
    });
  });
}

storeContract('in-process', () => new MemoryCounterStore());

describe('when Redis does not answer', () => {
  // Rather than failing open, the store counts in the instance until Redis is back (tests/server/outage.redis.test.ts).
  it("throttling falls back to the instance's own counts, at once, instead of failing the sign-in", async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const store = new RedisCounterStore(`redis://127.0.0.1:${port}`);
    closers.push(() => store.close());
    const counter = new AttemptCounter(store, 'down', { limit: 1, windowSeconds: 60 });
    const started = Date.now();
    expect(await counter.hit('x')).toBe(0);
    expect(await counter.hit('x')).toBeGreaterThan(0);
    expect(await counter.retryAfter('x')).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

const signInTo = (app: TestApp, email: string, password: string, remoteAddress: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });

// A wait longer than any pause of a loaded machine between the last failure and the next attempt.
const longWaits = { delayRules: { signInPerPair: { ...DELAY_RULES.signInPerPair, baseDelaySeconds: 120 } } };

describe.skipIf(!haveRedis)('with Redis', () => {
  storeContract('Redis', () => {
    const store = new RedisCounterStore(redisUrl);
    closers.push(() => store.close());
    return store;
  });

  it('two app instances share one sign-in delay', async () => {
    const first: TestApp = await startTestApp({ REDIS_URL: redisUrl }, longWaits);
    closers.push(() => first.close());
    const second: TestApp = await startTestApp({ REDIS_URL: redisUrl }, longWaits);
    closers.push(() => second.close());
    // Separate databases, one account address in both; the delay is keyed by address and client.
    const email = `shared-${newId(8).toLowerCase()}@example.com`;
    await first.createUser({ email });
    await second.createUser({ email });
    const signIn = (app: TestApp, password: string, remoteAddress: string) => signInTo(app, email, password, remoteAddress);

    for (let i = 0; i <= DELAY_RULES.signInPerPair.freeAttempts; i++) {
      expect((await signIn(first, `wrong-password-${i}`, '10.4.0.1')).statusCode).toBe(401);
    }
    const blocked = await signIn(second, 'correct-horse-battery-staple-42', '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorCode).toBe('RATE_LIMITED');
    // From another address the owner goes ahead.
    expect((await signIn(second, 'correct-horse-battery-staple-42', '10.4.1.1')).statusCode).toBe(200);
  });

  it('another deployment on the same Redis (its own REDIS_KEY_PREFIX) keeps its own counts', async () => {
    const email = `prefixed-${newId(8).toLowerCase()}@example.com`;
    const deployments: TestApp[] = [];
    for (const prefix of [`deployment-a-${newId(6)}:`, `deployment-b-${newId(6)}:`]) {
      const app = await startTestApp({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }, longWaits);
      closers.push(() => app.close());
      await app.createUser({ email });
      deployments.push(app);
    }
    const [a, b] = deployments;
    const signIn = (app: TestApp, password: string) => signInTo(app, email, password, '10.4.2.1');
    for (let i = 0; i <= DELAY_RULES.signInPerPair.freeAttempts; i++) expect((await signIn(a, `wrong-password-${i}`)).statusCode).toBe(401);
    expect((await signIn(a, 'correct-horse-battery-staple-42')).statusCode).toBe(429);
    expect((await signIn(b, 'correct-horse-battery-staple-42')).statusCode).toBe(200);
  });
});

describe('growing delays', () => {
  it('free failures, then a wait that doubles with each failure up to the maximum, and ends by itself', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    const delay = new GrowingDelay(store, 'test', { freeAttempts: 3, baseDelaySeconds: 2, maxDelaySeconds: 10, windowSeconds: 3600 });
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      expect(await delay.retryAfter('x')).toBe(0);
      waits.push(await delay.fail('x'));
      now += (waits.at(-1) ?? 0) * 1000;
    }
    expect(waits).toEqual([0, 0, 0, 2, 4, 8, 10]);
    expect(await delay.retryAfter('x')).toBe(0);
    await delay.fail('x');
    expect(await delay.retryAfter('x')).toBe(10);
    expect(await delay.retryAfter('y')).toBe(0);
    await delay.reset('x');
    expect(await delay.retryAfter('x')).toBe(0);
    expect(await delay.fail('x')).toBe(0);
  });
});
