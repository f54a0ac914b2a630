// Our own per-key request budget (api.md §7), in the store HANGAR_RATE_LIMIT_STORE names. In
// PostgreSQL it is spent through leases (../counter-leases.ts): one upsert per block of requests,
// not per request, and never more than the budget across the processes sharing the database.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { BudgetSpent, createCounterLeases } from '../counter-leases.ts';
import type { Counters } from '../counters.ts';
import { HangarError } from '../errors.ts';

export interface RateLimit {
  /** Spends one request of `subject`'s budget; throws `429 rate_limited` once it is spent. */
  consume(subject: string): Promise<void>;
}

export function createRateLimit(config: Config, counters: Counters): RateLimit {
  const { points, durationSeconds, store, localKeys } = config.rateLimit;
  const limiter = counters.limiter({ keyPrefix: 'api', points, duration: durationSeconds }, store);
  const refused = (err: unknown): never => {
    const ms = err instanceof BudgetSpent || err instanceof RateLimiterRes ? err.msBeforeNext : undefined;
    if (ms === undefined) throw err;
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    throw new HangarError(429, 'rate_limited', `Too many requests for this key; retry in ${seconds} s.`, 'user', seconds);
  };
  if (store === 'postgres') {
    const leases = createCounterLeases(limiter, { points, maxKeys: localKeys });
    const granted = Promise.resolve();
    return { consume: (subject) => leases.consume(subject)?.catch(refused) ?? granted };
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
