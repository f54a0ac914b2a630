// Our per-key rate limit with HANGAR_RATE_LIMIT_STORE=postgres holds across processes (api.md §7,
// issue 14): three `hangar start` processes on one database, hammered concurrently and round-robin
// with three times a key's budget, admit at most the budget × 1.01 per key and window (the store
// hands out leases, never more than the budget) and at least 95 % of it (leases are spent, not
// stranded, while every process keeps receiving the key's requests); every refusal is the
// contract's 429 with an honest Retry-After. When the window ends the budget is whole again.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freshDatabase, TEST_ENCRYPTION_KEY } from '../helpers/hangar.ts';
import { freePort } from '../../src/shared/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROCESSES = 3;
const LIMIT = 120;
const WINDOW_SECONDS = 10;
/** Requests in flight at once, spread round-robin over the processes. */
const CONCURRENCY = 24;

interface Child {
  url: string;
  process: ChildProcess;
  output: string[];
}

let databaseUrl: string;
const children: Child[] = [];
const keys: string[] = [];

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Not the test runner's variables, nor settings meant for this process.
    if (k.startsWith('NODE_TEST') || k.startsWith('HANGAR_') || ['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'LOG_LEVEL'].includes(k)) continue;
    env[k] = v;
  }
  return { ...env, DATABASE_URL: databaseUrl, HANGAR_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: 'warn', ...extra };
}

function run(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/hangar.js'), ...args], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`hangar ${args.join(' ')} exited ${code}: ${out}`)))));
}

async function start(): Promise<Child> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    HANGAR_RATE_LIMIT: String(LIMIT),
    HANGAR_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    HANGAR_RATE_LIMIT_STORE: 'postgres',
  };
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/hangar.js'), 'start'], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  const started: Child = { url: `http://127.0.0.1:${port}`, process: child, output };
  children.push(started);
  const end = Date.now() + 45_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`hangar start exited: ${output.join('')}`);
    if (await fetch(`${started.url}/readyz`).then((r) => r.status === 200, () => false)) return started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`hangar start was not ready within 45 s: ${output.join('')}`);
}

before(async () => {
  databaseUrl = await freshDatabase();
  // Two organizations, two keys: each has its own budget (bootstrap applies the migrations too).
  for (const org of ['Limits A', 'Limits B']) {
    const out = await run(['bootstrap', '--org', org, '--email', `${org.replace(' ', '-').toLowerCase()}@example.test`], {});
    keys.push((JSON.parse(out.trim().split('\n').pop()!) as { api_key: string }).api_key);
  }
  await Promise.all(Array.from({ length: PROCESSES }, () => start()));
});

after(async () => {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.process.exitCode !== null || c.process.signalCode !== null) return resolve();
          c.process.once('exit', () => resolve());
          c.process.kill('SIGTERM');
        }),
    ),
  );
});

interface Tally {
  accepted: number;
  refused: number;
  /** Anything but 200 or the contract's 429 (a failure of the test). */
  other: string[];
  retryAfter: number[];
  perProcess: number[];
  seconds: number;
}

/** `total` requests for each key at once, request i of a key to process i mod 3, CONCURRENCY in flight. */
async function hammer(total: number): Promise<Tally[]> {
  const tallies: Tally[] = keys.map(() => ({ accepted: 0, refused: 0, other: [], retryAfter: [], perProcess: children.map(() => 0), seconds: 0 }));
  const started = performance.now();
  const jobs = keys.flatMap((key, k) => Array.from({ length: total }, (_, i) => ({ key, k, i })));
  // Interleave the keys so both are spent at the same time.
  jobs.sort((a, b) => a.i - b.i || a.k - b.k);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < jobs.length) {
      const { key, k, i } = jobs[next++];
      const p = i % children.length;
      const r = await fetch(`${children[p].url}/latest/auth/info`, { headers: { authorization: `Bearer :${key}` } });
      const body = (await r.json()) as { error_type?: string; error_audience?: string };
      const t = tallies[k];
      if (r.status === 200) {
        t.accepted++;
        t.perProcess[p]++;
      } else if (r.status === 429 && body.error_type === 'rate_limited' && body.error_audience === 'user') {
        t.refused++;
        t.retryAfter.push(Number(r.headers.get('retry-after')));
      } else {
        t.other.push(`${r.status} ${JSON.stringify(body)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  for (const t of tallies) t.seconds = seconds;
  return tallies;
}

function assertWithinBudget(ctx: TestContext, tallies: Tally[], total: number): void {
  for (const [k, t] of tallies.entries()) {
    const what = `key ${k + 1}: ${t.accepted} accepted (per process ${t.perProcess.join(' / ')}), ${t.refused} refused in ${t.seconds.toFixed(1)} s`;
    ctx.diagnostic(what);
    assert.deepEqual(t.other, [], what);
    assert.equal(t.accepted + t.refused, total, what);
    // A burst that outlasts a window (a very slow machine) may rightly spend the next window's budget too.
    const windows = 1 + Math.floor(t.seconds / WINDOW_SECONDS);
    assert.ok(t.accepted <= LIMIT * windows * 1.01, `over the budget of ${LIMIT}: ${what}`);
    assert.ok(t.accepted >= LIMIT * 0.95, `less than 95 % of the budget of ${LIMIT} admitted: ${what}`);
    assert.ok(t.perProcess.every((n) => n > 0), `every process admitted some: ${what}`);
    for (const s of t.retryAfter) assert.ok(Number.isInteger(s) && s >= 1 && s <= WINDOW_SECONDS, `Retry-After ${s}`);
  }
}

test('three processes on one PostgreSQL admit a key its budget, not 1 % more, and refuse the rest with 429', async (ctx) => {
  const total = LIMIT * 3;
  assertWithinBudget(ctx, await hammer(total), total);
});

test('when the window ends the whole budget is there again, in every process', async (ctx) => {
  // Each key is refused now, everywhere (unless its window has already turned): wait as told.
  const seen = await hammer(PROCESSES);
  const wait = Math.max(0, ...seen.flatMap((t) => t.retryAfter));
  await new Promise((r) => setTimeout(r, wait * 1000 + 200));
  const total = LIMIT * 3;
  assertWithinBudget(ctx, await hammer(total), total);
});
