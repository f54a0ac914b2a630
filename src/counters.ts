// Shared counters for our own rate limit and the providers' quotas, all through
// rate-limiter-flexible: in memory for a lone process, in PostgreSQL or Redis when several
// processes serve one region, so a limit holds for all of them together.
import { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from './config.ts';

export interface CounterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

export type CounterStore = Config['counterStore'];

export interface Counters {
  /** A limiter in the deployment's counter store, or in `store` when given. */
  limiter(options: CounterOptions, store?: CounterStore): RateLimiterAbstract;
  close(): Promise<void>;
}

export function createCounters(config: Config, pool: pg.Pool): Counters {
  // One Redis connection, opened only if some limiter uses Redis.
  let redis: Redis | undefined;
  const redisClient = () => (redis ??= new Redis(config.redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }));
  return {
    limiter(options, store = config.counterStore) {
      switch (store) {
        case 'redis':
          return new RateLimiterRedis({ ...options, storeClient: redisClient() });
        case 'postgres':
          return new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true });
        default:
          return new RateLimiterMemory(options);
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
