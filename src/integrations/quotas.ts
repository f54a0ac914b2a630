// Keeps each provider's published quotas ahead of the provider, in the shared counters, so a limit
// holds across every process of the region and a call that would exceed it never leaves.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Counters } from '../counters/counters.ts';
import { HangarError } from '../shared/errors.ts';
import type { ProviderDefinition, ProviderRequest, ProviderResponse, QuotaDefinition } from './provider.ts';

export interface Reservation {
  /** Settles what the request cost once its answer (or failure) is known. */
  settle(response: ProviderResponse | undefined): Promise<void>;
}

export interface Quotas {
  reserve(provider: ProviderDefinition, connectionId: string, request: ProviderRequest): Promise<Reservation>;
}

function exhausted(provider: ProviderDefinition, quota: QuotaDefinition, limit: number, msBeforeNext: number): HangarError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const resetAt = new Date(Date.now() + msBeforeNext).toISOString();
  return new HangarError(
    429,
    'rate_limited',
    `This call would exceed ${provider.name}'s quota "${quota.name}" (${limit} per ${quota.durationSeconds} s); it resets at ${resetAt}. Retry later.`,
    'third_party',
    seconds,
  );
}

/** Told the points a quota has left after each request that spent from it (for the metrics). */
export type RemainingObserver = (provider: string, quota: string, remaining: number) => void;

export function createQuotas(counters: Counters, overrides: Record<string, number>, observe: RemainingObserver = () => {}): Quotas {
  const limiters = new Map<string, { limiter: RateLimiterAbstract; points: number }>();
  const limiterOf = (provider: ProviderDefinition, quota: QuotaDefinition) => {
    const name = `${provider.id}.${quota.name}`;
    let entry = limiters.get(name);
    if (!entry) {
      const points = overrides[name] ?? quota.points;
      entry = { points, limiter: counters.limiter({ keyPrefix: `quota:${name}`, points, duration: quota.durationSeconds }) };
      limiters.set(name, entry);
    }
    return entry;
  };

  return {
    async reserve(provider, connectionId, request) {
      const held: Array<() => Promise<unknown>> = [];
      const charges: Array<{ quota: QuotaDefinition; limiter: RateLimiterAbstract; key: string }> = [];
      try {
        for (const quota of provider.quotas ?? []) {
          const key = quota.key(connectionId, request);
          if (key === undefined) continue;
          const { limiter, points } = limiterOf(provider, quota);
          if (quota.kind === 'tokens') {
            // The cost is known only afterwards: refuse once the budget is spent, charge on settle.
            const state = await limiter.get(key);
            if (state && state.consumedPoints >= points) throw exhausted(provider, quota, points, state.msBeforeNext);
            observe(provider.id, quota.name, points - (state?.consumedPoints ?? 0));
            charges.push({ quota, limiter, key });
            continue;
          }
          try {
            observe(provider.id, quota.name, (await limiter.consume(key, 1)).remainingPoints);
          } catch (res) {
            if (res instanceof RateLimiterRes) {
              // A refused consume still counted its point: given back, or every refusal would hold a
              // concurrency slot that nothing releases until the counter expires.
              if (quota.kind === 'concurrency') await limiter.reward(key, 1);
              throw exhausted(provider, quota, points, res.msBeforeNext);
            }
            throw res;
          }
          if (quota.kind === 'concurrency') held.push(() => limiter.reward(key, 1));
        }
      } catch (err) {
        await Promise.all(held.map((release) => release()));
        throw err;
      }
      return {
        async settle(response) {
          await Promise.all(held.map((release) => release()));
          if (!response) return;
          await Promise.all(
            charges.map(({ quota, limiter, key }) => {
              const tokens = provider.tokensCharged?.(response, quota) ?? (response.status < 400 ? 1 : 0);
              return tokens > 0 ? limiter.penalty(key, tokens) : undefined;
            }),
          );
        },
      };
    },
  };
}
