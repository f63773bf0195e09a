// A Redis outage does not stall sign-in. Two real apps share the local Redis (REDIS_TEST_URL, default
// redis://127.0.0.1:6379) through a TCP proxy of this test's own (tests/server/helpers/tcpProxy.ts; the shared Redis is
// never stopped). While the proxy swallows every byte (blackhole: ioredis' commands would wait for ever) or resets
// every connection (cut), sign-in answers in normal time — right and wrong passwords alike — and the throttles
// fall back to each instance's own counts; readiness stays 200 and says `redis: down`, and the metrics say so too.
// When Redis is back, the two instances share one throttle again. Skipped when no Redis answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { newId } from '../../src/server/ids';
import { DELAY_RULES } from '../../src/server/http/rateLimit';
import { createTcpProxy, type TcpProxy } from './helpers/tcpProxy';
import { startTestApp, TEST_PASSWORD, type TestApp } from './helpers/testApp';

const redisUrl = new URL(process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379');
const METRICS_TOKEN = 'outage-metrics-token-0123456789';

async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

const haveRedis = await redisAnswers();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of one series in Prometheus' text format (undefined when absent). */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

/** A sign-in through the real app, timed; an answer later than 5 s counts as a hang (the test fails on it). */
async function timedSignIn(t: TestApp, email: string, password: string, remoteAddress: string) {
  const started = performance.now();
  const answer = await Promise.race([
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress }),
    sleep(5_000).then(() => null),
  ]);
  return { status: answer?.statusCode ?? 'hung', ms: performance.now() - started };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

async function readiness(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json<{ ready: boolean; redis?: string }>() };
}

async function metrics(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!haveRedis)('Redis outage', () => {
  let proxy: TcpProxy;
  let first: TestApp;
  let second: TestApp;
  const prefix = `outage-${newId(8)}:`;
  const email = `outage-${newId(8).toLowerCase()}@example.com`;

  beforeAll(async () => {
    proxy = createTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    await proxy.start();
    const env = { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_KEY_PREFIX: prefix, METRICS_TOKEN };
    first = await startTestApp(env);
    second = await startTestApp(env);
    // Separate databases, one account address in both: the throttles are keyed by address and client.
    await first.createUser({ email });
    await second.createUser({ email });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await proxy?.close();
  });

  /** 20 sign-ins, right and wrong passwords in turn (each wrong one from its own address: no throttle is reached). */
  async function twentySignIns(label: string) {
    const times: number[] = [];
    const statuses: Array<number | string> = [];
    for (let i = 0; i < 20; i++) {
      const right = i % 2 === 0;
      const answer = await timedSignIn(first, email, right ? TEST_PASSWORD : `wrong-password-${i}`, right ? '10.37.1.1' : `10.37.2.${i}`);
      times.push(answer.ms);
      statuses.push(answer.status);
    }
    console.log(`${label}: 20 sign-ins, p95 ${p95(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; statuses ${statuses.join(' ')}`);
    return { times, statuses };
  }

  it('with Redis up: sign-in works, readiness and the metrics say redis up', async () => {
    expect((await timedSignIn(first, email, TEST_PASSWORD, '10.37.0.1')).status).toBe(200);
    await twentySignIns('Redis up');
    const ready = await readiness(first);
    expect(ready.status).toBe(200);
    expect(ready.body.redis).toBe('up');
    const text = await metrics(first);
    expect(sample(text, 'paybench_redis_up')).toBe(1);
  });

  for (const outage of ['blackhole', 'cut'] as const) {
    it(`with Redis away (${outage}): sign-in answers in normal time, the throttles count per instance, readiness and metrics say redis down`, async () => {
      if (outage === 'blackhole') proxy.blackhole();
      else proxy.cut();
      const { times, statuses } = await twentySignIns(`Redis away (${outage})`);
      expect(statuses).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 200 : 401)));
      expect(Math.max(...times)).toBeLessThan(1_000);

      // The instance's own counts stand in for the shared ones: a guesser is still slowed down.
      const address = outage === 'blackhole' ? '10.37.3.1' : '10.37.3.2';
      for (let i = 0; i < DELAY_RULES.signInPerPair.freeAttempts; i++) {
        expect((await timedSignIn(first, email, `wrong-${outage}-${i}`, address)).status).toBe(401);
      }
      expect((await timedSignIn(first, email, `wrong-${outage}-last`, address)).status).toBe(401);
      expect((await timedSignIn(first, email, TEST_PASSWORD, address)).status).toBe(429);

      // Still ready (the app serves), but the details and the metrics say what is missing.
      const ready = await readiness(first);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ ready: true, redis: 'down' });
      const text = await metrics(first);
      expect(sample(text, 'paybench_redis_up')).toBe(0);
      expect(sample(text, 'paybench_redis_errors_total')).toBeGreaterThan(0);

      proxy.restore();
      const restoredAt = performance.now();
      await until('readiness to say redis up again', async () => (await readiness(first)).body.redis === 'up');
      await until('the second instance to see redis up again', async () => (await readiness(second)).body.redis === 'up');
      console.log(`Redis back after the ${outage}: both instances up again in ${(performance.now() - restoredAt).toFixed(0)} ms`);
      expect(sample(await metrics(first), 'paybench_redis_up')).toBe(1);
    });
  }

  it('once Redis is back, the two instances share one throttle again', async () => {
    const address = '10.37.9.1';
    for (let i = 0; i <= DELAY_RULES.signInPerPair.freeAttempts; i++) {
      expect((await timedSignIn(first, email, `wrong-after-${i}`, address)).status).toBe(401);
    }
    // The first instance's failures hold the second's sign-in from that address.
    expect((await timedSignIn(second, email, TEST_PASSWORD, address)).status).toBe(429);
    expect((await timedSignIn(second, email, TEST_PASSWORD, '10.37.9.2')).status).toBe(200);
  });
});
