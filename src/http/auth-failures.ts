// Failed authentications per client address. An unknown key or session costs a database lookup, so
// a client sending random credentials could keep the pool busy for everyone; once an address has
// failed HANGAR_AUTH_FAILURES_PER_ADDRESS times within the window, its requests get no more lookups
// until the window ends (a key this process already holds in memory still works). Counted per
// process, like our own request budget without Redis: a guard, not an accounting.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { HangarError } from '../errors.ts';

export interface AuthFailures {
  /** The error to answer instead of a lookup while `address` is over its budget. */
  refusal(address: string): Promise<HangarError | undefined>;
  failed(address: string): Promise<void>;
}

export function createAuthFailures(limit: number, windowSeconds: number): AuthFailures {
  const limiter = new RateLimiterMemory({ keyPrefix: 'auth-failures', points: limit, duration: windowSeconds });
  return {
    async refusal(address) {
      const state = await limiter.get(address);
      if (!state || state.consumedPoints < limit) return undefined;
      const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      return new HangarError(429, 'rate_limited', `Too many failed authentications from this address; retry in ${seconds} s with a valid key.`, 'user', seconds);
    },
    async failed(address) {
      // Past the budget the limiter rejects: that is the state `refusal` reads, not an error.
      await limiter.consume(address).catch(() => {});
    },
  };
}
