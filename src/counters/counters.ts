// Shared counters for our own rate limit and the providers' quotas, all through
// rate-limiter-flexible: in memory for a lone process, in PostgreSQL or Redis when several
// processes serve one region, so a limit holds for all of them together. While the shared store is
// unreachable (Redis restarting, the database failing over), each process counts in its own memory
// (the library's insurance limiter) and goes back to the store as soon as it answers: requests go on
// being limited, per process, instead of failing.
import { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';

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

export function createCounters(config: Config, pool: pg.Pool, log: (line: string) => void = (l) => void process.stderr.write(`${l}\n`)): Counters {
  // One Redis connection, opened only if some limiter uses Redis.
  let redis: Redis | undefined;
  const redisClient = () => {
    if (redis) return redis;
    // Commands fail at once while Redis is away (no offline queue, one try), so the insurance limiter
    // answers; ioredis reconnects by itself. Its errors are said once per outage.
    const client = new Redis(config.redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: config.db.connectTimeoutMs });
    let down: number | undefined;
    client.on('error', (err: Error) => {
      if (down !== undefined) return;
      down = Date.now();
      log(`redis unavailable (${err.message}); counting in each process's memory until it is back`);
    });
    client.on('ready', () => {
      if (down === undefined) return;
      log(`redis available again after ${((Date.now() - down) / 1000).toFixed(1)} s`);
      down = undefined;
    });
    return (redis = client);
  };
  return {
    limiter(options, store = config.counterStore) {
      const insuranceLimiter = new RateLimiterMemory(options);
      switch (store) {
        case 'redis':
          return new RateLimiterRedis({ ...options, storeClient: redisClient(), insuranceLimiter });
        case 'postgres':
          return new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, insuranceLimiter });
        default:
          return new RateLimiterMemory(options);
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
