// The shared counter store for several app instances (docs/architecture.md): with REDIS_URL set, attempt counts
// live in Redis, so a client throttled by one instance is throttled by all. One Lua script increments,
// opens the window on the first attempt and reads what is left of it, atomically.
//
// If Redis does not answer, throttling fails open (the attempt is allowed and the failure logged): sign-in
// stays available, and argon2 still makes every guess expensive.
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

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  private readonly prefix: string;

  constructor(
    url: string,
    private readonly log?: FastifyBaseLogger,
    prefix = 'paybench:',
  ) {
    this.prefix = `${prefix}throttle:`;
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
    // Connection errors are reported per call below; the client reconnects by itself.
    this.redis.on('error', () => undefined);
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    try {
      const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    } catch (error) {
      this.failed(error);
      return { count: 0, resetInMs: windowMs };
    }
  }

  async read(key: string): Promise<WindowCount | null> {
    try {
      const result = await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec();
      const count = result?.[0]?.[1];
      const ttl = result?.[1]?.[1];
      if (count === null || count === undefined || typeof ttl !== 'number' || ttl <= 0) return null;
      return { count: Number(count), resetInMs: ttl };
    } catch (error) {
      this.failed(error);
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.failed(error);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private failed(error: unknown) {
    this.log?.error({ reason: error instanceof Error ? error.message : String(error) }, 'throttle store unavailable; attempt allowed');
  }
}

/**
 * Redis when REDIS_URL is set, else the in-process store; `close` ends the Redis connection. Every key starts with
 * REDIS_KEY_PREFIX, so two deployments on one Redis (staging and production, or two test runs) never share a limit.
 */
export function createCounterStore(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  keyPrefix: string,
): { store: CounterStore; close(): Promise<void> } {
  if (!redisUrl) return { store: new MemoryCounterStore(), close: async () => undefined };
  const store = new RedisCounterStore(redisUrl, log, keyPrefix);
  return { store, close: () => store.close() };
}
