// Our own per-key request budget (api.md §7), in the store HANGAR_RATE_LIMIT_STORE names.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import type { Counters } from '../counters.ts';
import { HangarError } from '../errors.ts';

export interface RateLimit {
  /** Spends one request of `subject`'s budget; throws `429 rate_limited` once it is spent. */
  consume(subject: string): Promise<void>;
}

export function createRateLimit(config: Config, counters: Counters): RateLimit {
  const limiter = counters.limiter({ keyPrefix: 'api', points: config.rateLimit.points, duration: config.rateLimit.durationSeconds }, config.rateLimit.store);
  return {
    async consume(subject) {
      try {
        await limiter.consume(subject);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new HangarError(429, 'rate_limited', `Too many requests for this key; retry in ${seconds} s.`, 'user', seconds);
      }
    },
  };
}
