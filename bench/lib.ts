// Shared by bench/governance.ts, bench/api-call.ts and bench/webhooks.ts: a fresh database, free
// ports, server children (`node bin/hangar.js start`, or a bench file in a child mode) started with an
// explicit environment and awaited on /readyz, `hangar bootstrap`, an autocannon wrapper with a typed
// result and our own latency samples (per step too), percentiles, CPU and memory readings from /proc,
// and table printing.
//
// Every server runs in a child process of its own so that the load generator (autocannon, in the
// parent) never shares an event loop with what it measures. All traffic stays on 127.0.0.1.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
export { freePort } from '../src/shared/free-port.ts';
import { freePort } from '../src/shared/free-port.ts';
import { defaultProcesses } from '../src/config.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
/** Same key for every Hangar child of a run: required with DATABASE_URL, seals connection secrets. */
export const ENCRYPTION_KEY = randomBytes(32).toString('base64');
/** Above this share of the machine used by other processes during a measured run, its figures are flagged. */
export const OTHER_CPU_LIMIT = 0.1;

export function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// autocannon (no type declarations in this project): the part of its API used here.

export type AcContext = Record<string, unknown>;
export interface AcRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (request: AcRequest, context: AcContext) => AcRequest | undefined;
  onResponse?: (status: number, body: string, context: AcContext) => void;
}
interface AcRawResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AcClient {
  requestIterator: { currentRequestIndex: number };
}
interface AcInstance {
  on(event: 'response', listener: (client: AcClient, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (
  options: { url: string; connections: number; duration: number; requests: AcRequest[]; overallRate?: number; timeout?: number },
  done: (err: Error | null, result: AcRawResult) => void,
) => AcInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadOptions {
  url: string;
  requests: AcRequest[];
  connections: number;
  seconds: number;
  /** Open loop: requests per second over all connections (autocannon `overallRate`). */
  overallRate?: number;
  /** Called with each 2xx answer's index in `requests` (the step of the sequence) and its time in ms. */
  onLatency?: (step: number, ms: number) => void;
}

export interface LoadResult {
  /** autocannon's mean of its per-second samples (all answers, 2xx or not). */
  rps: number;
  /** 2xx answers received. */
  ok: number;
  /** 2xx answers per second of the run (ok ÷ duration). */
  okPerSecond: number;
  /** Percentiles of the 2xx answers' own times, ms (sub-millisecond resolution). */
  p50: number;
  p99: number;
  max: number;
  seconds: number;
  /** Non-2xx answers, socket errors and timeouts: any makes the figures invalid. */
  failures: number;
  statusCodes: string;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = [];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: options.url, connections: options.connections, duration: options.seconds, requests: options.requests, timeout: 10, ...(options.overallRate ? { overallRate: options.overallRate } : {}) },
      (err, result) => {
        if (err) return reject(err);
        resolve(loadResult(samples, started, result.requests.average, result.errors + result.timeouts + result.non2xx, statusCodes(result)));
      },
    );
    instance.on('response', (client, status, _bytes, ms) => {
      if (status < 200 || status >= 300) return;
      samples.push(ms);
      // Emitted before the client moves on, so the iterator still points at the answered request.
      options.onLatency?.(client.requestIterator.currentRequestIndex, ms);
    });
  });
}

/** Keep-alive connections for paced slices (`pacedSlice`), reused from one slice to the next. */
export async function pacedPool(url: string, connections: number) {
  const { Pool } = await import('undici');
  return new Pool(url, { connections, pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
}

/**
 * `seconds` of requests sent at `rate` evenly paced on `pool` (request i at start + i ÷ rate, whatever
 * became of the earlier ones), not waiting for answers; each 2xx's latency counted from when it was
 * due, so a stall of the sender or the server, or a wait for a free connection, is counted, not
 * omitted (no coordinated omission). The samples are returned too, to be pooled over slices.
 *
 * autocannon's `overallRate` cannot do this: each of its connections sends its share of a second back
 * to back when the second starts (its httpClient.js resets `reqsMadeThisSecond` on a 1 s interval), so
 * "half the maximum rate" is the maximum rate for half of each second, then nothing.
 */
export async function pacedSlice(
  pool: Awaited<ReturnType<typeof pacedPool>>,
  options: { requests: AcRequest[]; seconds: number; rate: number },
): Promise<{ result: LoadResult; samples: number[]; sendLate: number }> {
  const total = Math.round(options.rate * options.seconds);
  // How late the generator itself sent a request, at most: a stall of its own (or of the machine
  // under it), which the request's latency, counted from when it was due, includes.
  let sendLate = 0;
  const gap = 1000 / options.rate;
  const samples: number[] = [];
  const codes = new Map<string, number>();
  const answers: Array<Promise<void>> = [];
  const started = performance.now();
  const send = (due: number, request: AcRequest) =>
    pool.request({ method: (request.method ?? 'GET') as 'POST', path: request.path ?? '/', headers: request.headers, body: request.body }).then(
      async (res) => {
        await res.body.dump();
        if (res.statusCode >= 200 && res.statusCode < 300) samples.push(performance.now() - due);
        else codes.set(String(res.statusCode), (codes.get(String(res.statusCode)) ?? 0) + 1);
      },
      () => void codes.set('errors', (codes.get('errors') ?? 0) + 1),
    );
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      while (sent < total && started + sent * gap <= performance.now()) {
        const base = options.requests[sent % options.requests.length];
        sendLate = Math.max(sendLate, performance.now() - (started + sent * gap));
        answers.push(send(started + sent * gap, base.setupRequest?.(base, {}) ?? base));
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * gap - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(answers);
  const statuses = [`2xx×${samples.length}`, ...[...codes].map(([code, n]) => `${code}×${n}`)].join(' ');
  return { result: loadResult(samples, started, total / ((performance.now() - started) / 1000), total - samples.length, statuses), samples, sendLate };
}

/** The figures of samples pooled over several paced slices that took `seconds` in all. */
export function pooledResult(samples: number[], seconds: number, failures: number, statusCodes: string): LoadResult {
  return figures(samples, seconds, (samples.length + failures) / seconds, failures, statusCodes);
}

/** A run's figures from its 2xx latencies (ms) and the time it started (performance.now()). */
function loadResult(samples: number[], started: number, rps: number, failures: number, statusCodes: string): LoadResult {
  return figures(samples, (performance.now() - started) / 1000, rps, failures, statusCodes);
}

function figures(samples: number[], seconds: number, rps: number, failures: number, statusCodes: string): LoadResult {
  const sorted = Float64Array.from(samples).sort();
  return {
    rps,
    ok: samples.length,
    okPerSecond: samples.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    seconds,
    failures,
    statusCodes,
  };
}

function statusCodes(result: AcRawResult): string {
  const codes = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}×${count}`);
  if (result.errors) codes.push(`errors×${result.errors}`);
  if (result.timeouts) codes.push(`timeouts×${result.timeouts}`);
  return codes.join(' ');
}

/** The middle value (the upper one of an even count): the median of pairs or rounds. */
export const mid = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** Nearest-rank percentile of ascending values (NaN when empty). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function percentiles(values: number[]): { count: number; p50: number; p99: number; max: number } {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1] : Number.NaN };
}

// ---------------------------------------------------------------------------------------------
// CPU and memory (Linux /proc).

const CLOCK_TICKS = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The process and every process under it (a `--processes N` server's primary and its workers). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

/** utime + stime of a process, in µs (0 once it has exited). */
function processCpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU time the whole machine spent busy, in µs (idle and iowait excluded). */
function machineCpuMicros(): number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return ((ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) * 1e6) / CLOCK_TICKS;
}

export interface CpuReading {
  /** µs of CPU per group of processes ('server', 'postgres', 'upstream', …) and the load generator. */
  micros: Record<string, number>;
  /** Share of the machine's CPU (all cores) used by everything not in a group nor the load generator. */
  other: number;
}

/**
 * Starts counting CPU for named groups of processes; the returned function stops and reads. `later`
 * adds processes that appeared meanwhile (a pool opening connections, an autovacuum worker): all
 * their CPU time counts, since they started during the run.
 */
export function cpuMeter(groups: Record<string, number[]>): (later?: Record<string, number[]>) => CpuReading {
  // Each process counts with its descendants: a `--processes N` server is its primary and N workers.
  groups = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.flatMap(processTree)]));
  const before = new Map<number, number>();
  for (const pids of Object.values(groups)) for (const pid of pids) before.set(pid, processCpuMicros(pid));
  const loadgen = process.cpuUsage();
  const machine = machineCpuMicros();
  const at = performance.now();
  return (later = {}) => {
    const micros: Record<string, number> = {};
    for (const name of new Set([...Object.keys(groups), ...Object.keys(later)])) {
      const pids = new Set([...(groups[name] ?? []), ...(later[name] ?? []).flatMap(processTree)]);
      micros[name] = [...pids].reduce((sum, pid) => sum + Math.max(0, processCpuMicros(pid) - (before.get(pid) ?? 0)), 0);
    }
    const lg = process.cpuUsage(loadgen);
    micros.loadgen = lg.user + lg.system;
    const capacity = (performance.now() - at) * 1000 * os.cpus().length;
    const ours = Object.values(micros).reduce((a, b) => a + b, 0);
    return { micros, other: Math.max(0, machineCpuMicros() - machine - ours) / capacity };
  };
}

/** Share of the machine's CPU busy over one second, before anything starts. */
export async function machineBusy(): Promise<number> {
  const a = { busy: machineCpuMicros(), at: performance.now() };
  await sleep(1000);
  return (machineCpuMicros() - a.busy) / ((performance.now() - a.at) * 1000 * os.cpus().length);
}

/** Resident set size of a process and its descendants in MB (NaN once it has exited). */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const one = (p: number) => {
    try {
      const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return kb ? Number(kb[1]) / 1024 : Number.NaN;
    } catch {
      return Number.NaN;
    }
  };
  const [own, ...others] = processTree(pid).map(one);
  return own + others.filter(Number.isFinite).reduce((a, b) => a + b, 0);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL.

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  name: string;
  url: string;
}

/** A new, empty database `hangar_bench_<random>` on DATABASE_URL. */
export async function createDatabase(): Promise<BenchDatabase> {
  const name = `hangar_bench_${randomBytes(6).toString('hex')}`;
  await withClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export const dropDatabase = (name: string) => withClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

/** PostgreSQL processes working for the database (the servers' pools, autovacuum), excluding our own; `on`: a URL of the server that holds it (DATABASE_URL's by default). */
export async function backendPids(database: string, on = ADMIN_URL): Promise<number[]> {
  return withClient(on, async (c) => {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return rows.map((r) => r.pid);
  });
}

/**
 * Transactions committed or rolled back in the database so far (pg_stat_database). Each statement
 * outside BEGIN…COMMIT is one: the delta over a run ÷ its requests counts round trips per request.
 * Backends publish their counts at most once a second, so read it a little after the load stops.
 */
export async function transactions(database: string, on = ADMIN_URL): Promise<number> {
  return withClient(on, async (c) => {
    const { rows } = await c.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [database]);
    return Number(rows[0]?.n ?? Number.NaN);
  });
}

// ---------------------------------------------------------------------------------------------
// Server children.

/** The environment without anything that would configure Hangar behind our back. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(HANGAR_|DATABASE_URL$|REDIS_URL$|PORT$|HOST$|LOG_LEVEL$|NODE_OPTIONS$|BENCH_)/.test(k)) env[k] = v;
  }
  return { ...env, ...extra };
}


export interface Server {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  pid: number;
  output: () => string;
  /** Throws, with the child's last output, if it has exited (a server that died mid-run). */
  assertAlive(): void;
  stop(): Promise<void>;
}

const live = new Set<Server>();

/** Stops every server still running (on the way out, also after a failure). */
export const stopAll = () => Promise.all([...live].map((s) => s.stop()));

/** Keeps the last few KB a child wrote, to show when it fails. */
function capture(child: ChildProcess, name: string): () => string {
  let tail = '';
  // BENCH_LOG_DIR: every line a child prints, whole (e.g. with BENCH_HANGAR_NODE_ARGS=--trace-gc).
  // Written as a stream: a synchronous write per chunk would stall the load generator beside it.
  let log: WriteStream | undefined;
  if (process.env.BENCH_LOG_DIR) {
    mkdirSync(process.env.BENCH_LOG_DIR, { recursive: true });
    log = createWriteStream(path.join(process.env.BENCH_LOG_DIR, `${name}.log`), { flags: 'a' });
    log.on('error', (err) => process.stderr.write(`BENCH_LOG_DIR: ${name}: ${err.message}\n`));
    child.once('close', () => log!.end());
  }
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8192);
    log?.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => tail;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function nodeFlags(name: string): string[] {
  if (!CPU_PROF_DIR) return [];
  // One directory per server: Node writes a profile per thread (tsx's loader runs in a worker too).
  const dir = path.join(CPU_PROF_DIR, name);
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

export interface ChildSpec {
  name: string;
  /** Arguments after `node` (and the profiling flags). */
  args: string[];
  env: Record<string, string>;
  /** A port decided beforehand (a server that must know its own address); else a free one. */
  port?: number;
  /** Node flags before `args` (e.g. `--inspect=127.0.0.1:<port>`). */
  nodeArgs?: string[];
  /** The path whose 2xx answer means ready (default /readyz); on the metrics port for a worker. */
  readyUrl?: (port: number) => string;
}

/** Spawns a server child with PORT and HOST=127.0.0.1 and waits until GET /readyz answers 2xx (60 s at most). */
export async function startChild(spec: ChildSpec): Promise<Server> {
  const port = spec.port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeFlags(spec.name), ...(spec.nodeArgs ?? []), ...spec.args], {
    cwd: ROOT,
    env: cleanEnv({ ...spec.env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = {
    name: spec.name,
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    pid: child.pid!,
    output: capture(child, spec.name),
    assertAlive() {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${spec.name} exited (${child.exitCode ?? child.signalCode}) during the run:\n${server.output()}`);
    },
    async stop() {
      live.delete(server);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  live.add(server);
  try {
    await waitReady(server, spec.readyUrl?.(port) ?? `${server.url}/readyz`);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

async function waitReady(server: Server, readyUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let dead = false;
  void exited(server.child).then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${server.name} exited while starting:\n${server.output()}`);
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error(`${server.name} was not ready within 60 s:\n${server.output()}`);
}

/** Processes of the benches' all-cores runs (`--processes`): one per core. */
export const ALL_CORES = os.availableParallelism();

/** What `hangar start` with no `--processes` runs on this machine and database (src/config.ts). */
export const defaultProcessCount = (databaseUrl: string) => defaultProcesses(ALL_CORES, databaseUrl);

/** "default, N processes: why", for the benches' labels. */
export function describeDefault(databaseUrl: string): string {
  const { count, reason } = defaultProcessCount(databaseUrl);
  return `default, ${count} process${count === 1 ? '' : 'es'}: ${reason}`;
}

/**
 * `node bin/hangar.js start --processes <processes>` on the database (with `'default'`, no
 * `--processes`: as `npm start` runs), with the settings every bench uses: warn-level logs, a rate
 * limit that never trips, and the run's encryption key. `env` adds or overrides settings. With more
 * than one process, ready once the primary says all of them serve (the first to listen answers
 * /readyz before the others do).
 */
export async function startHangar(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
  more: Pick<ChildSpec, 'nodeArgs' | 'readyUrl'> & { role?: 'all' | 'server' | 'worker'; processes?: number | 'default' } = {},
): Promise<Server> {
  const chosen = more.processes ?? 1;
  const processes = chosen === 'default' ? defaultProcessCount(databaseUrl).count : chosen;
  const server = await startChild({
    name,
    args: ['bin/hangar.js', 'start', ...(chosen === 'default' ? [] : ['--processes', String(chosen)]), ...(more.role ? ['--role', more.role] : [])],
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', HANGAR_RATE_LIMIT: '100000000', HANGAR_ENCRYPTION_KEY: ENCRYPTION_KEY, ...env },
    port,
    // BENCH_HANGAR_NODE_ARGS: V8 flags for Hangar's process only (e.g. young-generation sizing).
    nodeArgs: [...(process.env.BENCH_HANGAR_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []), ...(more.nodeArgs ?? [])],
    readyUrl: more.readyUrl,
  });
  const deadline = Date.now() + 60_000;
  while (processes > 1 && !new RegExp(`${processes} processes \\(role \\w+\\) serving`).test(server.output())) {
    server.assertAlive();
    if (Date.now() > deadline) throw new Error(`${name}: not all ${processes} processes were up within 60 s:\n${server.output()}`);
    await sleep(50);
  }
  return server;
}

export interface Org {
  organization_id: string;
  user_id: string;
  api_key: string;
}

/** `node bin/hangar.js bootstrap` on the database (applies the migrations too). */
export async function bootstrap(databaseUrl: string): Promise<Org> {
  const child = spawn(process.execPath, ['bin/hangar.js', 'bootstrap', '--org', 'Bench', '--email', 'bench@x.test'], {
    cwd: ROOT,
    env: cleanEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  const output = capture(child, 'bootstrap');
  const code = await exited(child);
  if (code !== 0) throw new Error(`hangar bootstrap failed (${code}):\n${output()}`);
  return JSON.parse(stdout.trim().split('\n').pop()!) as Org;
}

/** One JSON call to a server; throws with the answer on a non-2xx. */
export async function api<T>(url: string, method: string, route: string, authorization: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { authorization, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Runs `cleanup` once on Ctrl-C before exiting 130. */
export function onInterrupt(cleanup: () => Promise<unknown>): void {
  process.once('SIGINT', () => {
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// A server child's own view of its memory, through the V8 inspector (the child started with
// `--inspect=127.0.0.1:<port>`): no route of Hangar's serves it, and nothing in the server changes.

export interface Inspector {
  /** One inspector protocol command; resolves to its result. */
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** process.memoryUsage() of the child after a full garbage collection, in MB. */
  memoryAfterGc(): Promise<{ heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; rss: number }>;
  /** Writes a heap snapshot of the child (after a full GC) to `file`. */
  heapSnapshot(file: string): Promise<void>;
  /** Every script the child has compiled: its URL and source length (a module-load inventory). */
  scripts(): Promise<{ url: string; length: number }[]>;
  close(): void;
}

export async function inspect(port: number): Promise<Inspector> {
  const deadline = Date.now() + 10_000;
  let target: { webSocketDebuggerUrl: string } | undefined;
  while (!target) {
    try {
      [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(100);
    }
  }
  const { WebSocket } = await import('undici');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, (params: Record<string, unknown>) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: Record<string, unknown> };
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
    } else if (message.method) listeners.get(message.method)?.(message.params ?? {});
  });
  const send = <T,>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async <T,>(expression: string) =>
    (await send<{ result: { value: T } }>('Runtime.evaluate', { expression, returnByValue: true })).result.value;
  return {
    send,
    async memoryAfterGc() {
      await send('HeapProfiler.collectGarbage');
      const m = await evaluate<Record<string, number>>('process.memoryUsage()');
      const mb = (n: number) => n / 1024 / 1024;
      return { heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), rss: mb(m.rss) };
    },
    async heapSnapshot(file) {
      const { createWriteStream } = await import('node:fs');
      const out = createWriteStream(file);
      listeners.set('HeapProfiler.addHeapSnapshotChunk', (p) => out.write(p.chunk as string));
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      listeners.delete('HeapProfiler.addHeapSnapshotChunk');
      await new Promise((resolve) => out.end(resolve));
    },
    async scripts() {
      const found: { url: string; length: number }[] = [];
      listeners.set('Debugger.scriptParsed', (p) => found.push({ url: String(p.url), length: Number(p.length ?? 0) }));
      await send('Debugger.enable');
      await send('Debugger.disable');
      listeners.delete('Debugger.scriptParsed');
      return found;
    },
    close: () => socket.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// Report.

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
export const pair = (a: number, b: number, digits = 2) => `${fmt(a, digits)} / ${fmt(b, digits)}`;
export const times = (a: number, b: number, digits = 2) => `${fmt(a / b, digits)}×`;
export const percent = (a: number, b: number) => `${fmt((a / b) * 100, 0)} %`;

export type Row = string[];

/** Left-aligned columns, two spaces apart, a dashed rule under the header. */
export function printTable(header: Row, rows: Row[]): void {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => [...(r[i] ?? '')].length)));
  const line = (r: Row) => r.map((cell = '', i) => cell + ' '.repeat(widths[i] - [...cell].length)).join('  ').trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** The lines every report starts with: what ran where, and how busy the machine was. */
export function machineLines(title: string, busyBefore: number): string[] {
  const cpu = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(', ');
  return [
    `${title} — ${new Date().toISOString()}`,
    `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), node ${process.version}, ${os.platform()} ${os.release()}`,
    `load average ${load} (1, 5, 15 min) at the end; machine ${fmt(busyBefore * 100, 0)} % busy in the second before the start`,
  ];
}

/** What a bench run found: the targets it missed (by name), and whether other processes disturbed it. */
export interface Outcome {
  missed: string[];
  disturbed: boolean;
}

/**
 * Runs a bench, once more when other processes disturbed it (its DISTURBED rows say so), and ends
 * with one line: `TARGETS: met` or `TARGETS: missed (<which>)`.
 */
export async function judged(run: () => Promise<Outcome>): Promise<void> {
  let outcome = await run();
  if (outcome.disturbed) {
    process.stderr.write('\nother processes disturbed this run (DISTURBED above): running it once more\n');
    outcome = await run();
  }
  console.log(`\nTARGETS: ${outcome.missed.length ? `missed (${outcome.missed.join('; ')})` : 'met'}${outcome.disturbed ? ' (DISTURBED twice: figures unreliable)' : ''}`);
}
