// Attempt counters for throttling (sign-in failures per account and per client address, reset requests,
// registrations). A counter counts attempts of one key in a fixed window that starts at the first attempt;
// once the count reaches the limit, the key is blocked until the window ends.
//
// The counts live in a CounterStore: in the process (MemoryCounterStore) by default, in Redis when REDIS_URL
// is set (rateLimitRedis.ts), so that several instances behind a load balancer (docs/architecture.md) share them;
// while Redis is away the Redis store counts in a MemoryCounterStore of its own (docs/operations.md "Outages").
import { createHash } from 'node:crypto';
import { HttpError } from './errors';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

export interface CounterStore {
  /** Adds one to the key's count (starting a window of `windowMs` if none is open) and returns the count. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its open window, or null when none is open. */
  read(key: string): Promise<WindowCount | null>;
  delete(key: string): Promise<void>;
}

/** In-process store: a Map of open windows, swept as it grows (expired windows are also ignored on read). */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= 10_000) this.sweep(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async read(key: string): Promise<WindowCount | null> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) return null;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async delete(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

export interface AttemptLimit {
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

export class AttemptCounter {
  constructor(
    private readonly store: CounterStore,
    readonly name: string,
    readonly rule: AttemptLimit,
  ) {}

  // Subjects (e-mail addresses, client addresses) are hashed: a store's keys name no one.
  private key(subject: string) {
    return `${this.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
  }

  /** Seconds the subject must wait before its next attempt (0 when it may go ahead). Counts nothing. */
  async retryAfter(subject: string): Promise<number> {
    const window = await this.store.read(this.key(subject));
    return window && window.count >= this.rule.limit ? Math.max(1, Math.ceil(window.resetInMs / 1000)) : 0;
  }

  /** Counts one attempt; returns the seconds to wait when this attempt went over the limit, else 0. */
  async hit(subject: string): Promise<number> {
    const window = await this.store.increment(this.key(subject), this.rule.windowSeconds * 1000);
    return window.count > this.rule.limit ? Math.max(1, Math.ceil(window.resetInMs / 1000)) : 0;
  }

  async reset(subject: string): Promise<void> {
    await this.store.delete(this.key(subject));
  }
}

/** The answer to a throttled call: 429 RATE_LIMITED, with Retry-After set by the error handler's caller. */
export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', 'Too many attempts; try again later');
    this.name = 'RateLimitedError';
  }
}

/**
 * Growing delays (NIST SP 800-63B §5.2.2): the first `freeAttempts` failures of a subject in `windowSeconds`
 * cost nothing; the next makes the subject wait `baseDelaySeconds`, and each further one twice as long as
 * the one before, at most `maxDelaySeconds`. A wait ends by itself: nobody, attacker included, can lock a subject
 * out for good. Kept in the counter store, so several instances share it through Redis.
 */
export interface DelayRule {
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** How long failures are remembered (counted from the first). */
  windowSeconds: number;
}

export class GrowingDelay {
  constructor(
    private readonly store: CounterStore,
    readonly name: string,
    readonly rule: DelayRule,
  ) {}

  private key(kind: 'failures' | 'hold', subject: string) {
    return `${this.name}:${kind}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
  }

  /** Seconds the subject must wait before its next attempt (0 when it may go ahead). */
  async retryAfter(subject: string): Promise<number> {
    const hold = await this.store.read(this.key('hold', subject));
    return hold && hold.count > 0 ? Math.max(1, Math.ceil(hold.resetInMs / 1000)) : 0;
  }

  /** Counts one failure; returns the delay it imposes on the next attempt (0 while failures are free). */
  async fail(subject: string): Promise<number> {
    const failures = await this.store.increment(this.key('failures', subject), this.rule.windowSeconds * 1000);
    const beyond = failures.count - this.rule.freeAttempts;
    if (beyond <= 0) return 0;
    const delay = Math.min(this.rule.maxDelaySeconds, this.rule.baseDelaySeconds * 2 ** Math.min(beyond - 1, 30));
    await this.store.increment(this.key('hold', subject), delay * 1000);
    return delay;
  }

  async reset(subject: string): Promise<void> {
    await this.store.delete(this.key('failures', subject));
    await this.store.delete(this.key('hold', subject));
  }
}

/** The counters of the identity calls. Limits are per window of the given length. */
export const THROTTLE_RULES = {
  /** Failed sign-ins from one client address, whatever the account (password spraying). */
  signInPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** Provider sign-ins started, provider callbacks and home-realm look-ups from one client address. */
  oidcPerAddress: { limit: 60, windowSeconds: 15 * 60 },
  /** Reset requests from one client address. */
  resetPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  /** Reset e-mails to one address (more requests are answered the same, but send nothing). */
  resetPerAccount: { limit: 3, windowSeconds: 15 * 60 },
  /** Registrations (member and corporate) from one client address. */
  registerPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** "This address already has an account" e-mails to one address (later attempts send nothing). */
  registeredNoticePerAccount: { limit: 2, windowSeconds: 60 * 60 },
  /** Anonymous questionnaire drafts created from one client address (a person makes one). */
  draftsPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** Corporate-plan contact requests of one account (each e-mails every admin). */
  contactPerUser: { limit: 5, windowSeconds: 60 * 60 },
  /** Newsletter sign-ups from one client address (each may e-mail a confirmation link). */
  newsletterPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** Newsletter confirmation and unsubscribe links followed from one client address (guessing is pointless: they are signed). */
  newsletterLinksPerAddress: { limit: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, AttemptLimit>;

/**
 * The growing delays of sign-in. Without a known-device cookie a failure counts for the account + address
 * pair and for the account; with one (set on a successful sign-in from that browser) it counts only for
 * that device, so failures an attacker causes from elsewhere never stop the owner's own browser.
 */
export const DELAY_RULES = {
  /** One account from one client address: the usual guesser. */
  signInPerPair: { freeAttempts: 5, baseDelaySeconds: 2, maxDelaySeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
  /** One account from anywhere (a distributed guesser): NIST's "no more than 100 consecutive failures". */
  signInPerAccount: { freeAttempts: 50, baseDelaySeconds: 2, maxDelaySeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
  /** One account from one known device (a stolen device cookie is no licence to guess). */
  signInPerDevice: { freeAttempts: 10, baseDelaySeconds: 2, maxDelaySeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
  /** Wrong second-factor codes of one account, wherever they come from (sign-in and settings alike). */
  secondFactorPerAccount: { freeAttempts: 5, baseDelaySeconds: 2, maxDelaySeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, DelayRule>;

export type Throttles = { [K in keyof typeof THROTTLE_RULES]: AttemptCounter } & { [K in keyof typeof DELAY_RULES]: GrowingDelay };

export function createThrottles(
  store: CounterStore = new MemoryCounterStore(),
  rules: Partial<Record<keyof typeof THROTTLE_RULES, AttemptLimit>> = {},
  delays: Partial<Record<keyof typeof DELAY_RULES, DelayRule>> = {},
): Throttles {
  const counters = Object.entries({ ...THROTTLE_RULES, ...rules }).map(([name, rule]) => [name, new AttemptCounter(store, name, rule)]);
  const growing = Object.entries({ ...DELAY_RULES, ...delays }).map(([name, rule]) => [name, new GrowingDelay(store, name, rule)]);
  return Object.fromEntries([...counters, ...growing]) as Throttles;
}
