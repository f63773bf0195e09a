// The shared counter store for several app instances (docs/architecture.md): with REDIS_URL set, attempt counts
// live in Redis, so a client throttled by one instance is throttled by all. One Lua script increments,
// opens the window on the first attempt and reads what is left of it, atomically.
//
// A Redis outage never stalls a request. Every Redis call is bounded (REDIS_LIMITS: a command that has no
// answer in 200 ms fails; nothing is queued while the connection is down; a connection that stops answering is
// dropped and made again). When a call fails, or the connection is lost, the store counts in this instance's own
// memory (the in-process store, as without REDIS_URL) until Redis answers again — a probe asks every second, and a
// new connection's `ready` says so at once — and then the shared counts resume. Counts made during the outage stay
// in the instance. Readiness (`redis: up|down`) and the metrics (`paybench_redis_up`, `paybench_redis_errors_total`)
// show the state; the log says it once when Redis goes and once when it is back.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryCounterStore, type CounterStore, type WindowCount } from './rateLimit';

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** How long anything may wait for Redis. */
export const REDIS_LIMITS = {
  /** A command without an answer by then fails (ioredis commandTimeout). */
  commandMs: 200,
  /** A TCP connection not made by then is given up and tried again. */
  connectMs: 1_000,
  /** A connection with a command sent and no byte back for this long is dropped and made again (a partition). */
  socketMs: 1_000,
  /** Longest pause between two connection attempts while Redis is away. */
  reconnectMaxMs: 1_000,
  /** While Redis is marked down on a connection that looks open, it is asked (PING) this often. */
  probeMs: 1_000,
};

export type SharedStoreState = 'up' | 'down';

/** What readiness and the metrics know of the shared store. */
export interface SharedStoreStatus {
  /** up: counts are shared through Redis; down: this instance counts alone until Redis answers again. */
  readonly state: SharedStoreState;
  /** Redis calls that failed (timed out, refused, connection lost) since the start. */
  readonly failures: number;
  /** Asks Redis now (one PING, bounded like any call) and returns the state. */
  check(): Promise<SharedStoreState>;
}

export class RedisCounterStore implements CounterStore, SharedStoreStatus {
  private readonly redis: Redis;

  private readonly prefix: string;

  /** Where attempts are counted while Redis is away. */
  private readonly local = new MemoryCounterStore();

  private up = false;

  /** The first connection attempt is over (made or failed): calls no longer wait for it. */
  private firstAttemptOver = false;

  private closing = false;

  /** The log said Redis is away (once per outage). */
  private announcedDown = false;

  private probe: NodeJS.Timeout | null = null;

  private readonly firstAttempt: Promise<void>;

  failures = 0;

  constructor(
    url: string,
    private readonly log?: FastifyBaseLogger,
    prefix = 'paybench:',
  ) {
    this.prefix = `${prefix}throttle:`;
    this.redis = new Redis(url, {
      lazyConnect: false,
      commandTimeout: REDIS_LIMITS.commandMs,
      connectTimeout: REDIS_LIMITS.connectMs,
      socketTimeout: REDIS_LIMITS.socketMs,
      // Nothing waits for a connection: a call while it is down fails at once (and is counted locally).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (times) => Math.min(100 * times, REDIS_LIMITS.reconnectMaxMs),
    });
    // Errors are handled per call and by the close/ready events below; the client reconnects by itself.
    this.redis.on('error', () => undefined);
    this.redis.on('close', () => this.markDown('connection closed'));
    this.redis.on('ready', () => this.markUp());
    this.firstAttempt = new Promise((resolve) => {
      const over = () => {
        this.firstAttemptOver = true;
        resolve();
      };
      this.redis.once('ready', over);
      this.redis.once('close', over);
    });
  }

  get state(): SharedStoreState {
    return this.up ? 'up' : 'down';
  }

  async check(): Promise<SharedStoreState> {
    if (this.closing) return 'down';
    await this.awaitFirstAttempt();
    if (this.redis.status !== 'ready') return this.state;
    try {
      await this.redis.ping();
      this.markUp();
    } catch (error) {
      this.failed(error);
    }
    return this.state;
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    return this.shared(
      async () => {
        const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowMs))) as [number, number];
        return { count: Number(count), resetInMs: Number(ttl) };
      },
      () => this.local.increment(key, windowMs),
    );
  }

  async read(key: string): Promise<WindowCount | null> {
    return this.shared(
      async () => {
        const result = await this.redis
          .multi()
          .get(this.prefix + key)
          .pttl(this.prefix + key)
          .exec();
        const count = result?.[0]?.[1];
        const ttl = result?.[1]?.[1];
        if (count === null || count === undefined || typeof ttl !== 'number' || ttl <= 0) return null;
        return { count: Number(count), resetInMs: ttl };
      },
      () => this.local.read(key),
    );
  }

  async delete(key: string): Promise<void> {
    // The instance's own count goes too: a success ends the failures counted during an outage as well.
    await this.local.delete(key);
    await this.shared(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      async () => undefined,
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stopProbe();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Redis when it answers, else the instance's own store; a failed Redis call falls back too. */
  private async shared<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    // Just after the start the first connection may still be on its way: wait for it, a command's time at most.
    if (!this.firstAttemptOver) await this.awaitFirstAttempt();
    if (!this.up || this.closing) return local();
    try {
      return await remote();
    } catch (error) {
      this.failed(error);
      return local();
    }
  }

  private async awaitFirstAttempt(): Promise<void> {
    if (this.firstAttemptOver) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.firstAttempt, new Promise<void>((resolve) => (timer = setTimeout(resolve, REDIS_LIMITS.commandMs)))]);
    clearTimeout(timer);
    // Waited once: later calls go on without it (to the local store until the connection is ready).
    this.firstAttemptOver = true;
  }

  private failed(error: unknown) {
    this.failures++;
    this.markDown(error instanceof Error ? error.message : String(error));
  }

  private markDown(reason: string) {
    if (this.closing) return;
    if (!this.announcedDown) {
      this.announcedDown = true;
      this.log?.warn({ reason }, 'throttle store (Redis) unavailable; this instance counts attempts alone until it is back');
    }
    this.up = false;
    this.startProbe();
  }

  private markUp() {
    if (this.closing) return;
    if (this.announcedDown) this.log?.info('throttle store (Redis) back; attempt counts are shared again');
    this.announcedDown = false;
    this.up = true;
    this.stopProbe();
  }

  /**
   * While down on a connection that still looks open (a command timed out), PING every second; a lost connection
   * is made again by the client itself, and its `ready` marks the store up.
   */
  private startProbe() {
    if (this.probe || this.closing) return;
    this.probe = setInterval(() => {
      if (this.up || this.closing || this.redis.status !== 'ready') return;
      this.redis.ping().then(
        () => this.markUp(),
        () => {
          this.failures++;
        },
      );
    }, REDIS_LIMITS.probeMs);
    this.probe.unref();
  }

  private stopProbe() {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }
}

/**
 * Redis when REDIS_URL is set, else the in-process store; `close` ends the Redis connection; `status` (null without
 * Redis) is what readiness and the metrics report. Every key starts with REDIS_KEY_PREFIX, so two deployments on one
 * Redis (staging and production, or two test runs) never share a limit.
 */
export function createCounterStore(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  keyPrefix: string,
): { store: CounterStore; status: SharedStoreStatus | null; close(): Promise<void> } {
  if (!redisUrl) return { store: new MemoryCounterStore(), status: null, close: async () => undefined };
  const store = new RedisCounterStore(redisUrl, log, keyPrefix);
  return { store, status: store, close: () => store.close() };
}
