// Our own per-key request budget (api.md §7), in the store HANGAR_RATE_LIMIT_STORE names. In
// PostgreSQL it is spent through leases (../counter-leases.ts): one upsert per block of requests,
// not per request, and never more than the budget across the processes sharing the database. In
// memory it is a fixed window per subject in an LRU bounded by HANGAR_RATE_LIMIT_LOCAL_KEYS: subjects
// include anonymous client addresses, and a flood of addresses must not grow the process without
// bound (rate-limiter-flexible's memory store has no bound; a subject pushed out by such a flood
// starts a new window, the price of the bound).
import { LRUCache } from 'lru-cache';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { BudgetSpent, createCounterLeases } from '../counters/counter-leases.ts';
import type { Counters } from '../counters/counters.ts';
import { HangarError } from '../shared/errors.ts';

export interface RateLimit {
  /**
   * Spends one request of `subject`'s budget; throws (or rejects with) `429 rate_limited` once it is
   * spent. Decided from memory it returns nothing: most requests need no promise.
   */
  consume(subject: string): void | Promise<void>;
}

export function createRateLimit(config: Config, counters: Counters): RateLimit {
  const { points, durationSeconds, store, localKeys } = config.rateLimit;
  const refused = (err: unknown): never => {
    if (err instanceof BudgetSpent || err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
    throw err;
  };
  if (store === 'memory') return memoryBudget(points, durationSeconds * 1000, localKeys);
  const limiter = counters.limiter({ keyPrefix: 'api', points, duration: durationSeconds }, store);
  if (store === 'postgres') {
    const leases = createCounterLeases(limiter, { points, maxKeys: localKeys });
    return { consume: (subject) => leases.consume(subject)?.catch(refused) };
  }
  return {
    async consume(subject) {
      try {
        await limiter.consume(subject);
      } catch (err) {
        refused(err);
      }
    },
  };
}

function tooMany(msBeforeNext: number): HangarError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HangarError(429, 'rate_limited', `Too many requests for this key; retry in ${seconds} s.`, 'user', seconds);
}

function memoryBudget(points: number, windowMs: number, maxKeys: number): RateLimit {
  const windows = new LRUCache<string, { endsAt: number; spent: number }>({ max: maxKeys });
  return {
    consume(subject) {
      const now = Date.now();
      let window = windows.get(subject);
      if (!window || window.endsAt <= now) windows.set(subject, (window = { endsAt: now + windowMs, spent: 0 }));
      if (++window.spent > points) throw tooMany(window.endsAt - now);
    },
  };
}
