// Failed authentications per client address. An unknown key or session costs a database lookup, so
// a client sending random credentials could keep the pool busy for everyone; once an address has
// failed HANGAR_AUTH_FAILURES_PER_ADDRESS times within the window, its requests get no more lookups
// until the window ends (a key this process already holds in memory still works). Counted per
// process, like our own request budget without Redis: a guard, not an accounting.
//
// At most HANGAR_AUTH_FAILURES_MAX_ADDRESSES addresses are counted at once, the least recently
// failing one forgotten first: a client rotating through more addresses than that within one window
// could not be held back per address anyway, and must not grow this process's memory instead.
import { LRUCache } from 'lru-cache';
import { HangarError } from '../shared/errors.ts';

export interface AuthFailures {
  /** The error to answer instead of a lookup while `address` is over its budget. */
  refusal(address: string): HangarError | undefined;
  failed(address: string): void;
}

interface Window {
  failures: number;
  /** performance.now() when the window that began with the first failure ends. */
  endsAt: number;
}

export function createAuthFailures(limit: number, windowSeconds: number, maxAddresses: number): AuthFailures {
  const windowMs = windowSeconds * 1000;
  // The TTL only evicts windows that ended; the window itself is read from endsAt.
  const windows = new LRUCache<string, Window>({ max: maxAddresses, ttl: windowMs, ttlAutopurge: false });
  const current = (address: string) => {
    const w = windows.get(address);
    return w && w.endsAt > performance.now() ? w : undefined;
  };
  return {
    refusal(address) {
      const w = current(address);
      if (!w || w.failures < limit) return undefined;
      const seconds = Math.max(1, Math.ceil((w.endsAt - performance.now()) / 1000));
      return new HangarError(429, 'rate_limited', `Too many failed authentications from this address; retry in ${seconds} s with a valid key.`, 'user', seconds);
    },
    failed(address) {
      const w = current(address);
      if (w) w.failures++;
      else windows.set(address, { failures: 1, endsAt: performance.now() + windowMs });
    },
  };
}
