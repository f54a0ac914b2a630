// A per-key budget shared by several processes through a store counter (rate-limiter-flexible's
// PostgreSQL upsert), without a round trip per request: a process takes a lease — a block of points —
// from the shared counter of the key's window and spends it locally.
//
// Accuracy: every point a process spends was granted by the shared counter, which grants at most the
// budget per window (a lease near the end gets only what is left, computed from the counter's own
// total after the atomic increment), and a lease dies when the window it came from ends. So on one
// machine the processes together never admit more than the budget; across machines a clock running
// behind by δ can spend its last lease up to δ into the next window (the store's windows depend on
// the clocks in the same way). What a lease may cost is under-admission: points a process holds when
// its requests for the key stop. Leases are sized to last the key's recent local rate for about
// LEASE_MS, never more than an eighth of what the window has left (one point near the limit), and the
// next is asked for while a quarter of the last is still held, so the points stranded per process are
// at most its last lease and a quarter of the one before (each ≤ remaining ÷ 8 and ≤ MAX_LEASE); a
// process that keeps receiving the key's requests strands none.
//
// Once the counter has nothing left, the key is refused locally until its window ends (no round trip
// per refused request; the counter is not raised by refusals).
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** A lease should last about this long at the key's recent rate in this process. */
const LEASE_MS = 50;
/** No lease is larger than this, whatever the rate. */
const MAX_LEASE = 1024;
/** No lease takes more than this share of what the window has left. */
const SHARE_OF_REMAINING = 1 / 8;
/**
 * The next lease is asked for when the held points fall to this share of the last lease, so that a
 * key in steady use never waits for a round trip: with the refill asked for only at zero, every
 * request arriving during it waited, which was most of the API Call's added p99 with two processes
 * (bench/README.md, "How many processes by default").
 */
const REFILL_AT = 1 / 4;
/** A full map is swept for ended windows at most this often; otherwise the least recently leased key goes. */
const SWEEP_EVERY_MS = 1000;

export interface LeaseOptions {
  /** The budget per window: the store limiter's `points`. */
  points: number;
  /** Keys whose lease or refusal this process remembers. */
  maxKeys: number;
}

/** No point left in the key's window; it ends in `msBeforeNext`. */
export class BudgetSpent {
  constructor(readonly msBeforeNext: number) {}
}

export interface CounterLeases {
  /**
   * Spends one point of `key`'s budget: undefined when a held point paid for it (no promise on the
   * hot path), else a promise that rejects with BudgetSpent when the window has none left.
   */
  consume(key: string): Promise<void> | undefined;
  /** Keys held in memory (for tests of the bound). */
  readonly size: number;
}

interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
}

interface KeyLease {
  /** Local time the window of the held points ends; nothing is spent or refused from memory after it. */
  end: number;
  /** Points granted by the counter and not yet spent. */
  held: number;
  /** The counter granted the window's last point: refuse until `end`. */
  spent: boolean;
  /** What the counter had left at its last answer (the budget at a window's start). */
  remaining: number;
  /** Size of the next lease, adapted to how fast the last one went. */
  size: number;
  /** When the last lease was granted (0: none yet). */
  grantedAt: number;
  /** Requests waiting for the lease in flight. */
  waiting: Waiter[];
  fetching: boolean;
}

export function createCounterLeases(store: RateLimiterAbstract, options: LeaseOptions): CounterLeases {
  const { points, maxKeys } = options;
  const keys = new Map<string, KeyLease>();
  let sweptAt = 0;

  function remember(key: string, now: number): KeyLease {
    if (keys.size >= maxKeys) forgetOne(now);
    const lease: KeyLease = { end: 0, held: 0, spent: false, remaining: points, size: 1, grantedAt: 0, waiting: [], fetching: false };
    keys.set(key, lease);
    return lease;
  }

  function forgetOne(now: number): void {
    if (now - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = now;
      for (const [key, lease] of keys) if (now >= lease.end && !lease.fetching) keys.delete(key);
      if (keys.size < maxKeys) return;
    }
    // Map order is the order of the last lease taken (see fetch): the first key is the least recent.
    // Forgetting it strands at most its held points, or costs one round trip if it was refused.
    keys.delete(keys.keys().next().value!);
  }

  function leaseSize(lease: KeyLease, now: number): number {
    if (lease.grantedAt > 0) {
      const lasted = now - lease.grantedAt;
      if (lasted < LEASE_MS) lease.size = Math.min(lease.size * 2, MAX_LEASE);
      else if (lasted > 4 * LEASE_MS) lease.size = Math.max(1, lease.size >> 1);
    }
    const share = Math.max(1, Math.floor(lease.remaining * SHARE_OF_REMAINING));
    // The requests already waiting spend their points at once: taking them strands nothing.
    return Math.max(lease.waiting.length, Math.min(lease.size, share));
  }

  function fetch(key: string, lease: KeyLease): void {
    const asked = Date.now();
    const want = leaseSize(lease, asked);
    lease.fetching = true;
    // Most recently leased last, for forgetOne.
    if (keys.get(key) === lease) {
      keys.delete(key);
      keys.set(key, lease);
    }
    store.penalty(key, want).then(
      (res: RateLimiterRes) => granted(key, lease, want, asked, res),
      (err: unknown) => {
        lease.fetching = false;
        for (const w of lease.waiting.splice(0)) w.reject(err);
      },
    );
  }

  function granted(key: string, lease: KeyLease, want: number, asked: number, res: RateLimiterRes): void {
    lease.fetching = false;
    // Points still held from an early refill are kept while their window lasts. The local end is never
    // after the counter's own expiry, so a grant from a newer window always finds the old one ended.
    const carried = Date.now() < lease.end ? lease.held : 0;
    // The counter's total after adding `want`: whatever of `want` fits under the budget is ours.
    const total = res.consumedPoints;
    let grant = Math.max(0, Math.min(want, points - (total - want)));
    // Measured from before the query, so the local end is never after the counter's own expiry.
    lease.end = asked + res.msBeforeNext;
    lease.remaining = Math.max(0, points - total);
    lease.spent = total >= points;
    lease.grantedAt = Date.now();
    const served = Math.min(grant, lease.waiting.length);
    const waiting = lease.waiting.splice(0, served);
    grant -= served;
    lease.held = carried + grant;
    for (const w of waiting) w.resolve();
    if (!lease.waiting.length) return;
    if (lease.spent) {
      const refusal = new BudgetSpent(Math.max(0, lease.end - Date.now()));
      for (const w of lease.waiting.splice(0)) w.reject(refusal);
    } else {
      fetch(key, lease);
    }
  }

  return {
    consume(key) {
      const now = Date.now();
      let lease = keys.get(key);
      if (lease === undefined) lease = remember(key, now);
      else if (now >= lease.end && !lease.fetching) {
        // The window is over: what was held belonged to it.
        lease.held = 0;
        lease.spent = false;
        lease.remaining = points;
      }
      if (lease.held > 0) {
        lease.held--;
        if (!lease.fetching && !lease.spent && lease.held <= lease.size * REFILL_AT) fetch(key, lease);
        return undefined;
      }
      if (lease.spent && now < lease.end) return Promise.reject(new BudgetSpent(lease.end - now));
      const l = lease;
      return new Promise<void>((resolve, reject) => {
        l.waiting.push({ resolve, reject });
        if (!l.fetching) fetch(key, l);
      });
    },
    get size() {
      return keys.size;
    },
  };
}
