// `hangar start --processes 2` on the test PostgreSQL, as an operator runs it: two worker processes
// answer on one port (seen from /proc: which process holds each accepted connection), a key's rate
// limit holds across both (the store is shared by default when N > 1), /metrics answers for both,
// a SIGKILLed worker is replaced, and SIGTERM to the primary stops everything in time with code 0,
// also while a replacement is still starting.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { before, test } from 'node:test';
import { DISPATCHER_ENV } from '../src/runtime/cluster.ts';
import { freePort } from '../src/shared/free-port.ts';
import { freshDatabase } from './helpers/hangar.ts';
import { alive, bootstrapCli, childrenOf, shellEnv, socketHolder, spawnHangar, type HangarProcess } from './helpers/processes.ts';
import { query, waitFor } from './triggers/kit.ts';
const SHUTDOWN_MS = 5000;
const LIMIT = 10;

let databaseUrl: string;
let port: number;
let env: NodeJS.ProcessEnv;
let hangar: HangarProcess;
let primary: HangarProcess['child'];
let apiKey: string;
const output = () => hangar.output();
const holderOf = (clientPort: number, among: number[]) => socketHolder(port, clientPort, among);

/** One request on a connection of its own (no keep-alive pool): the primary hands each to the next worker. */
function request(method: string, route: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: route, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Until the primary says every worker is up (the first to listen answers /readyz before the others are). */
async function ready(): Promise<void> {
  await waitFor(
    'the primary to report both workers serving',
    async () => {
      if (primary.exitCode !== null) throw new Error(`hangar exited early:\n${output()}`);
      return /2 processes \(role all\) serving port/.test(output());
    },
    90_000,
    100,
  );
}

/** A connection that has had one answer, left open. */
function openConnection(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    s.once('data', () => resolve(s));
    s.once('error', reject);
  });
}

before(async () => {
  databaseUrl = await freshDatabase();
  port = await freePort();
  env = shellEnv({
    DATABASE_URL: databaseUrl,
    HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    HANGAR_RATE_LIMIT: String(LIMIT),
    HANGAR_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
  });
  apiKey = (await bootstrapCli(env)).api_key;
  hangar = spawnHangar(['start', '--processes', '2'], env);
  primary = hangar.child;
  await ready();
});

test('two worker processes serve one port', async () => {
  const workers = childrenOf(primary.pid!);
  assert.equal(workers.length, 2, `expected two workers under the primary, found ${workers.join(', ')}`);
  // Four connections, one after the other, held open after one answer each; the server side of each
  // is held by the worker the primary handed it to.
  const sockets: net.Socket[] = [];
  for (let i = 0; i < 4; i++) sockets.push(await openConnection());
  try {
    const holders = sockets.map((s) => holderOf(s.localPort!, workers));
    assert.ok(holders.every((h) => h !== undefined), `every connection is held by a worker: ${holders.join(', ')}`);
    assert.deepEqual([...new Set(holders)].sort(), workers, 'both workers were handed connections');
  } finally {
    for (const s of sockets) s.destroy();
  }
});

test("a key's rate limit holds across both processes, and /metrics counts both", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 2 * LIMIT; i++) statuses.push((await request('GET', '/latest/auth/info', { authorization: `Bearer :${apiKey}` })).status);
  assert.equal(statuses.filter((s) => s === 200).length, LIMIT, `statuses: ${statuses.join(' ')}`);
  assert.equal(statuses.filter((s) => s === 429).length, LIMIT, `statuses: ${statuses.join(' ')}`);
  const counted = await query(databaseUrl, "SELECT key FROM rate_limits WHERE key LIKE 'api:key:%'");
  assert.equal(counted.length, 1, 'counted in PostgreSQL, the default store with more than one process');

  // Each worker answered about half of them; the scrape (landing on either) reports all.
  const metrics = (await request('GET', '/metrics')).body;
  const count = (status: number) => Number(new RegExp(`^hangar_http_requests_total\\{method="GET",route="/latest/auth/info",status="${status}"\\} (\\d+)`, 'm').exec(metrics)?.[1]);
  assert.equal(count(200), LIMIT, metrics.split('\n').filter((l) => l.includes('auth/info')).join('\n'));
  assert.equal(count(429), LIMIT);
});

/** The workers told to dispatch code-host deliveries (src/runtime/cluster.ts), from their environment. */
const dispatchers = (workers: number[]) => workers.filter((pid) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${DISPATCHER_ENV}=1`));

/** SIGKILLs a worker and returns the workers once the primary has forked its replacement (it may still be starting). */
async function killAndAwaitReplacement(victim: number): Promise<number[]> {
  process.kill(victim, 'SIGKILL');
  return waitFor(
    'the replacement to be forked',
    async () => {
      const now = childrenOf(primary.pid!);
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    },
    30_000,
    10,
  );
}

test('a SIGKILLed worker is replaced, and the dispatcher by a dispatcher', async () => {
  const before = childrenOf(primary.pid!);
  // One process dispatches (the other stores deliveries and wakes it): kill that one.
  assert.equal(dispatchers(before).length, 1, `dispatchers among ${before.join(', ')}`);
  const [victim] = dispatchers(before);
  const survivor = before.find((w) => w !== victim)!;
  const workers = await killAndAwaitReplacement(victim);
  assert.ok(workers.includes(survivor));
  assert.match(output(), new RegExp(`process ${victim} ended unexpectedly \\(SIGKILL\\)`));
  // The new one serves: wait until it has taken a connection.
  const fresh = workers.find((w) => w !== survivor)!;
  await waitFor(
    'the new worker to answer',
    async () => {
      const s = await openConnection();
      const holder = holderOf(s.localPort!, workers);
      s.destroy();
      return holder === fresh;
    },
    30_000,
    100,
  );
  // Read once it serves: a process just forked shows its parent's environment until it has exec'd.
  assert.deepEqual(dispatchers(workers), [fresh], 'the replacement dispatches in its place');
});

test('SIGTERM to the primary stops every process in time with code 0, one of them a replacement still starting', async () => {
  const before = childrenOf(primary.pid!);
  assert.equal(before.length, 2);
  // An operator's restart right after a crash: the replacement is still loading when the stop comes.
  const workers = await killAndAwaitReplacement(before[0]);
  const sentAt = Date.now();
  primary.kill('SIGTERM');
  const stopped = await Promise.race([hangar.exited, new Promise<undefined>((r) => setTimeout(r, SHUTDOWN_MS + 10_000))]);
  assert.ok(stopped, `still running ${SHUTDOWN_MS + 10_000} ms after SIGTERM:\n${output()}`);
  assert.equal(stopped.code, 0, output());
  assert.ok(stopped.at - sentAt < SHUTDOWN_MS + 1500, `stopping took ${stopped.at - sentAt} ms with HANGAR_SHUTDOWN_TIMEOUT_MS=${SHUTDOWN_MS}`);
  await waitFor('the workers to be gone', async () => workers.every((w) => !alive(w)), 5000, 50);
  assert.doesNotMatch(output(), /"level":(50|60)/, 'no error-level log line');
});
