// The lease layer of the PostgreSQL rate-limit store (src/counters/counter-leases.ts) on the real counter
// table, with several lease holders standing for several processes: points held when a window ends
// are never spent in the next one, and what a process remembers is bounded by its setting.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { BudgetSpent, createCounterLeases } from '../../src/counters/counter-leases.ts';
import { createCounters } from '../../src/counters/counters.ts';
import { migratedPool } from '../helpers/hangar.ts';

let pool: pg.Pool;

before(async () => {
  pool = await migratedPool(4);
});

const config = loadConfig({ DATABASE_URL: 'postgres://unused', HANGAR_COUNTER_STORE: 'postgres' });

function holder(points: number, durationSeconds: number, maxKeys = 100) {
  // Its own limiter object, as each process has: only the table is shared.
  const limiter = createCounters(config, pool).limiter({ keyPrefix: 'leases-test', points, duration: durationSeconds }, 'postgres');
  return createCounterLeases(limiter, { points, maxKeys });
}

/** Spends `n` points of `key` through `holders` (round-robin), `concurrency` at a time; counts the admitted. */
async function spend(holders: ReturnType<typeof holder>[], key: string, n: number, concurrency: number): Promise<{ admitted: number; refused: number; seconds: number }> {
  let next = 0;
  let admitted = 0;
  let refused = 0;
  const started = performance.now();
  async function worker() {
    while (next < n) {
      const h = holders[next++ % holders.length];
      try {
        await h.consume(key);
        admitted++;
      } catch (err) {
        assert.ok(err instanceof BudgetSpent, String(err));
        assert.ok(err.msBeforeNext >= 0);
        refused++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { admitted, refused, seconds: (performance.now() - started) / 1000 };
}

const counted = async (key: string) => Number((await pool.query('SELECT points FROM rate_limits WHERE key = $1', [`leases-test:${key}`])).rows[0]?.points ?? 0);

test('points a holder still has when the window ends are not spent in the next window', async (ctx) => {
  const LIMIT = 40;
  const WINDOW = 1;
  const [a, b, c] = [holder(LIMIT, WINDOW), holder(LIMIT, WINDOW), holder(LIMIT, WINDOW)];
  // One after another through `a` alone: its leases grow past one request, so it ends up holding points.
  for (let i = 0; i < 10; i++) await a.consume('carry');
  const held = (await counted('carry')) - 10;
  assert.ok(held >= 0 && held <= LIMIT - 10, `the counter granted ${held + 10}`);
  await new Promise((r) => setTimeout(r, WINDOW * 1000 + 100));
  // A new window: all three spend three times the budget; `a`'s leftover must not come on top.
  const { admitted, seconds } = await spend([a, b, c], 'carry', LIMIT * 3, 12);
  const windows = 1 + Math.floor(seconds / WINDOW);
  ctx.diagnostic(`held ${held} when the first window ended; admitted ${admitted} of ${LIMIT} in the next, in ${seconds.toFixed(2)} s`);
  assert.ok(admitted <= LIMIT * windows, `admitted ${admitted} of ${LIMIT} in ${seconds.toFixed(2)} s (held ${held} from the last window)`);
  assert.ok(admitted >= LIMIT * 0.95, `admitted ${admitted} of ${LIMIT}`);
});

test('a refused key is refused from memory until its window ends: the counter stops growing', async () => {
  const LIMIT = 30;
  const [a, b] = [holder(LIMIT, 60), holder(LIMIT, 60)];
  const first = await spend([a, b], 'spent', LIMIT * 2, 8);
  assert.equal(first.admitted, LIMIT);
  const before = await counted('spent');
  const again = await spend([a, b], 'spent', 200, 8);
  assert.deepEqual([again.admitted, again.refused], [0, 200]);
  assert.equal(await counted('spent'), before, 'no round trip for a refused key');
});

test('a holder remembers at most HANGAR_RATE_LIMIT_LOCAL_KEYS keys', async () => {
  const h = holder(10, 60, 5);
  for (let i = 0; i < 40; i++) await h.consume(`many-${i}`);
  assert.ok(h.size <= 5, `${h.size} keys remembered`);
  // A forgotten key still counts in the table: its budget is not renewed by forgetting it.
  for (let i = 0; i < 9; i++) await h.consume('many-0');
  await assert.rejects(Promise.resolve(h.consume('many-0')), BudgetSpent);
});
