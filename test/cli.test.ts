// The "two commands" promise (api.md §8), run as a user would: `hangar bootstrap` then `hangar start`
// on the embedded database in a fresh data directory, with no DATABASE_URL anywhere. The data must
// survive a clean stop (SIGTERM) and a crash (SIGKILL, which leaves the embedded PostgreSQL orphaned).
// Beside it: concurrent `hangar migrate` on an external database, the client commands, and regions.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationFiles } from '../src/db/migrate.ts';
import { freshDatabase } from './helpers/hangar.ts';
import { freePort } from '../src/shared/free-port.ts';
import { alive } from './helpers/processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'hangar.js');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY = (region: string) => new RegExp(`^sk-${region}-[A-Za-z0-9_-]{43,}$`);

// ---------------------------------------------------------------------------------------------
// Children: every process this file starts is tracked and ended at the end, whatever happened.

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From the last write on stdout to the exit: how long the process lingered after its work. */
  lingerMs: number;
}

interface Child {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<Run>;
}

const children = new Set<Child>();
const dataDirs: string[] = [];

/**
 * The environment of a user's shell: ours, minus everything that would point the child at the test
 * database or change its settings (DATABASE_URL above all), minus the test runner's own variables.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k === 'DATABASE_URL' || k === 'REDIS_URL' || k === 'PORT' || k === 'HOST' || k === 'LOG_LEVEL') continue;
    if (k.startsWith('HANGAR_') || k.startsWith('NODE_TEST')) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

function spawnHangar(args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let lastStdoutAt = Date.now();
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    lastStdoutAt = Date.now();
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<Run>((resolve) => {
    child.on('exit', (code, signal) => {
      const lingerMs = Date.now() - lastStdoutAt;
      // Let the pipes drain before reporting what the child wrote.
      setImmediate(() => resolve({ code, signal, stdout, stderr, lingerMs }));
    });
    child.on('error', (err) => resolve({ code: -1, signal: null, stdout, stderr: `${stderr}\nspawn error: ${err.message}`, lingerMs: 0 }));
  });
  const handle: Child = { process: child, stdout: () => stdout, stderr: () => stderr, exited };
  children.add(handle);
  void exited.then(() => children.delete(handle));
  return handle;
}

async function run(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<Run> {
  const child = spawnHangar(args, env);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      child.process.kill('SIGKILL');
      reject(new Error(`hangar ${args.join(' ')} did not finish within ${timeoutMs} ms; stderr: ${child.stderr()}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([child.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function explain(r: Run): string {
  return `exit ${r.code ?? r.signal}\n--- stdout ---\n${r.stdout.slice(-3000)}\n--- stderr ---\n${r.stderr.slice(-3000)}`;
}


function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return pid > 0 ? pid : undefined;
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return condition();
}

/** Ends a server child: SIGTERM, then SIGKILL; returns how it exited. */
async function stop(child: Child, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<Run> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  try {
    return await child.exited;
  } finally {
    clearTimeout(timer);
  }
}

after(async () => {
  await Promise.all([...children].map((c) => stop(c, 'SIGTERM', 5000)));
  // A server that was SIGKILLed (or never cleanly stopped) may have left its PostgreSQL behind.
  for (const dir of dataDirs) {
    const pid = postmasterPid(dir);
    if (pid && alive(pid)) {
      process.kill(pid, 'SIGINT');
      if (!(await waitFor(() => !alive(pid), 10_000))) process.kill(pid, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hangar-cli-'));
  dataDirs.push(dir);
  return dir;
}


interface Server {
  child: Child;
  url: string;
}

/** `hangar start` on a free port of 127.0.0.1; resolves once /readyz answers 200. */
async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnHangar(['start'], cleanEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }));
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`hangar start exited before it was ready:\n${explain(await child.exited)}`);
    }
    try {
      const r = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      last = `${r.status} ${await r.text()}`;
      if (r.status === 200) return { child, url };
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`hangar start was not ready within ${timeoutMs} ms (last /readyz: ${last}); stderr:\n${child.stderr().slice(-3000)}`);
}

async function http(server: { url: string }, method: string, path: string, authorization?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: r.status, body: parsed, headers: r.headers };
}

function onlyJsonLine(r: Run): any {
  const lines = r.stdout.split('\n').filter((l) => l.length > 0);
  assert.equal(lines.length, 1, `expected exactly one line on stdout:\n${explain(r)}`);
  return JSON.parse(lines[0]);
}

// ---------------------------------------------------------------------------------------------

describe('hangar command line', { concurrency: true }, () => {
  test('two commands on the embedded database: bootstrap, start; data survives SIGTERM and SIGKILL', { timeout: 240_000 }, async (t) => {
    const dataDir = freshDataDir();
    const env = { HANGAR_DATA_DIR: dataDir };
    const started: Child[] = [];
    const t0 = Date.now();
    const step = (name: string) => t.diagnostic(`${name} at ${Date.now() - t0} ms`);
    t.after(async () => {
      for (const c of started) await stop(c);
    });

    // 1. bootstrap prints the organization, its admin and the key, once, as one JSON line.
    const boot = await run(['bootstrap', '--org', 'Acme', '--email', 'a@acme.test', '--password', 'secret123'], cleanEnv(env));
    assert.equal(boot.code, 0, explain(boot));
    const created = onlyJsonLine(boot);
    assert.deepEqual(Object.keys(created).sort(), ['api_key', 'organization_id', 'user_id']);
    assert.match(created.organization_id, UUID);
    assert.match(created.user_id, UUID);
    assert.match(created.api_key, KEY('us'));
    assert.ok(!boot.stderr.includes(created.api_key), 'the key must only be printed on stdout');
    assert.ok(existsSync(path.join(dataDir, 'pg', 'PG_VERSION')), 'the embedded cluster lives in HANGAR_DATA_DIR');

    step('bootstrapped');
    // 2. migrate is idempotent: bootstrap already applied every migration, so this run applies none.
    const again = await run(['migrate'], cleanEnv(env));
    assert.equal(again.code, 0, explain(again));
    assert.deepEqual(onlyJsonLine(again), { applied: [] });

    step('migrated');
    // 3. start, and use the key.
    let server = await startServer(env);
    started.push(server.child);
    const account = `Bearer :${created.api_key}`;
    const info = await http(server, 'GET', '/latest/auth/info', account);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.equal(info.body.user_id, created.user_id);
    assert.equal(info.body.organization_id, created.organization_id);
    assert.equal(info.body.email, 'a@acme.test');
    assert.equal(info.body.region, 'us');
    const made = await http(server, 'POST', '/latest/projects/create', account, { name: 'Launch', description: 'first project', organization_id: created.organization_id });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const projectId: string = made.body.project_id;
    assert.match(projectId, UUID);

    step('started');
    // 4. a client command, over HTTP, with the key from the environment (more of them in the EU
    //    test below); and the admin commands, while the server runs: they connect to the server's
    //    embedded PostgreSQL (never a second one on the same data directory).
    const pidRunning = postmasterPid(dataDir);
    const client = cleanEnv({ HANGAR_API_KEY: created.api_key, HANGAR_URL: server.url });
    const [list, migrateAlongside, bootAlongside] = await Promise.all([
      run(['projects', 'list', '--json'], client),
      run(['migrate'], cleanEnv(env)),
      run(['bootstrap', '--org', 'Second', '--email', 'b@second.test'], cleanEnv(env)),
    ]);
    assert.equal(list.code, 0, explain(list));
    const listed = onlyJsonLine(list);
    assert.ok(Array.isArray(listed.results), explain(list));
    assert.ok(
      listed.results.some((p: any) => p.project_id === projectId && p.name === 'Launch' && p.role === 'admin'),
      `projects list lacks the project:\n${explain(list)}`,
    );
    assert.equal(migrateAlongside.code, 0, `migrate must work while the server runs:\n${explain(migrateAlongside)}`);
    assert.deepEqual(onlyJsonLine(migrateAlongside), { applied: [] });
    assert.equal(bootAlongside.code, 0, `bootstrap must work while the server runs:\n${explain(bootAlongside)}`);
    const second = onlyJsonLine(bootAlongside);
    assert.equal(postmasterPid(dataDir), pidRunning, 'the admin commands must use the running PostgreSQL, not start or stop one');
    assert.ok(alive(pidRunning!), 'the server\'s PostgreSQL must outlive the admin commands');
    // The key bootstrap made beside the running server works on it at once.
    const secondInfo = await http(server, 'GET', '/latest/auth/info', `Bearer :${second.api_key}`);
    assert.equal(secondInfo.status, 200, JSON.stringify(secondInfo.body));
    assert.equal(secondInfo.body.user_id, second.user_id);

    // A worker process beside the server, on the same embedded database, starts and stops cleanly.
    const worker = spawnHangar(['start', '--role', 'worker'], cleanEnv(env));
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal(worker.process.exitCode, null, `the worker exited beside the server:\n${worker.stderr()}`);
    const workerStop = await stop(worker, 'SIGTERM');
    assert.equal(workerStop.code, 0, explain(workerStop));
    assert.equal(postmasterPid(dataDir), pidRunning, 'stopping the worker must not stop the server\'s PostgreSQL');
    assert.equal((await http(server, 'GET', '/readyz')).status, 200);

    step('client commands done');
    // 5. a clean stop (SIGTERM) exits 0 and stops the embedded PostgreSQL with it.
    const pidBefore = postmasterPid(dataDir);
    assert.ok(pidBefore && alive(pidBefore), 'the embedded PostgreSQL runs while the server does');
    const stopped = await stop(server.child, 'SIGTERM');
    assert.equal(stopped.code, 0, `SIGTERM must stop the server cleanly:\n${explain(stopped)}`);
    assert.ok(await waitFor(() => !alive(pidBefore!), 10_000), 'the embedded PostgreSQL kept running after the server stopped');
    assert.equal(postmasterPid(dataDir), undefined, 'postmaster.pid left behind after a clean stop');

    step('stopped');
    // 6. start again: the key and the project are still there.
    server = await startServer(env);
    started.push(server.child);
    const projectsAfterRestart = async (when: string) => {
      const again = await http(server, 'GET', '/latest/auth/info', account);
      assert.equal(again.status, 200, `${when}: the key no longer works: ${JSON.stringify(again.body)}`);
      assert.equal(again.body.user_id, created.user_id);
      const projects = await http(server, 'GET', '/latest/projects/list', account);
      assert.equal(projects.status, 200, JSON.stringify(projects.body));
      assert.deepEqual(
        projects.body.results.map((p: any) => p.project_id).sort(),
        [projectId],
        `${when}: projects lost: ${JSON.stringify(projects.body)}`,
      );
      const members = await http(server, 'POST', '/latest/auth/users/list', `Bearer ${projectId}:${created.api_key}`, {});
      assert.equal(members.status, 200, JSON.stringify(members.body));
      assert.deepEqual(
        members.body.results.map((m: any) => [m.user_id, m.role]),
        [[created.user_id, 'admin']],
      );
    };
    await projectsAfterRestart('after SIGTERM and restart');

    step('restarted');
    // 7. a crash: SIGKILL leaves the embedded PostgreSQL running with no parent.
    const orphan = postmasterPid(dataDir);
    assert.ok(orphan && alive(orphan));
    const killed = await stop(server.child, 'SIGKILL');
    assert.equal(killed.signal, 'SIGKILL');
    assert.ok(alive(orphan!), 'expected the embedded PostgreSQL to be orphaned by SIGKILL (the scenario under test)');

    step('killed');
    // 8. start again: the orphan is reclaimed, the server comes up, nothing is lost.
    server = await startServer(env);
    started.push(server.child);
    assert.ok(!alive(orphan!), 'the orphaned PostgreSQL is still running beside the new one');
    assert.notEqual(postmasterPid(dataDir), orphan, 'the restarted server should run its own PostgreSQL');
    step('restarted after the crash');
    await projectsAfterRestart('after SIGKILL and restart');
    const login = await http(server, 'POST', '/latest/auth/login', undefined, { email: 'a@acme.test', password: 'secret123' });
    assert.equal(login.status, 200, `the bootstrap password must work: ${JSON.stringify(login.body)}`);

    const finalPid = postmasterPid(dataDir);
    const finalStop = await stop(server.child, 'SIGTERM');
    assert.equal(finalStop.code, 0, explain(finalStop));
    assert.ok(finalPid && (await waitFor(() => !alive(finalPid), 10_000)), 'the embedded PostgreSQL kept running after the final stop');
  });

  test('two `hangar migrate` at once on a fresh external database both succeed, each migration applied once', { timeout: 180_000 }, async () => {
    const databaseUrl = await freshDatabase({ empty: true });
    const env = cleanEnv({ DATABASE_URL: databaseUrl });
    const [a, b] = await Promise.all([run(['migrate'], env), run(['migrate'], env)]);
    assert.equal(a.code, 0, explain(a));
    assert.equal(b.code, 0, explain(b));
    const applied = [...onlyJsonLine(a).applied, ...onlyJsonLine(b).applied].sort();
    const files = migrationFiles();
    assert.ok(files.length > 0);
    assert.deepEqual(applied, files, 'between them, the two processes applied each migration exactly once');

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: number }>('SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name');
      assert.deepEqual(
        rows.map((r) => r.name),
        files,
      );
      assert.ok(
        rows.every((r) => r.n === 1),
        JSON.stringify(rows),
      );
    } finally {
      await client.end();
    }

    // Once it has printed its result, a command has nothing left to do: it must not sit on an idle
    // database connection until the pool's idle timeout (10 s) lets the process end.
    for (const r of [a, b]) assert.ok(r.lingerMs < 5000, `hangar migrate lingered ${r.lingerMs} ms after printing its result`);
  });

  test('an EU server sends US keys to the US base address and documents its own; the client commands work against it', { timeout: 180_000 }, async (t) => {
    const databaseUrl = await freshDatabase();
    const regionEnv = {
      DATABASE_URL: databaseUrl,
      // With an external database, secrets at rest need a key from the environment.
      HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      HANGAR_REGION: 'eu',
      HANGAR_BASE_URL_US: 'https://us.example.test',
      HANGAR_BASE_URL_EU: 'https://eu.example.test',
    };
    const boot = await run(['bootstrap', '--org', 'Euro', '--email', 'e@euro.test'], cleanEnv(regionEnv));
    assert.equal(boot.code, 0, explain(boot));
    const eu = onlyJsonLine(boot);
    assert.match(eu.api_key, KEY('eu'));

    const server = await startServer(regionEnv);
    t.after(() => stop(server.child));

    const usKey = `sk-us-${randomBytes(32).toString('base64url')}`;
    for (const authorization of [`Bearer :${usKey}`, `:${usKey}`, `Bearer ${randomBytes(16).toString('hex')}:${usKey}`]) {
      const wrong = await http(server, 'GET', '/latest/auth/info', authorization);
      assert.equal(wrong.status, 421, `${authorization}: ${JSON.stringify(wrong.body)}`);
      assert.equal(wrong.body.error_type, 'wrong_region');
      assert.equal(wrong.body.error_audience, 'user');
      assert.match(wrong.body.message, /https:\/\/us\.example\.test/);
      assert.ok(wrong.headers.get('x-request-id'));
    }
    const wrongProjectScoped = await http(server, 'POST', '/latest/auth/users/list', `Bearer 00000000-0000-4000-8000-000000000000:${usKey}`, {});
    assert.equal(wrongProjectScoped.status, 421, JSON.stringify(wrongProjectScoped.body));
    assert.match(wrongProjectScoped.body.message, /https:\/\/us\.example\.test/);

    const mine = await http(server, 'GET', '/latest/auth/info', `Bearer :${eu.api_key}`);
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.equal(mine.body.region, 'eu');
    assert.equal(mine.body.user_id, eu.user_id);

    const openapi = await http(server, 'GET', '/latest/openapi_schema.json');
    assert.equal(openapi.status, 200);
    assert.equal(openapi.body.servers?.[0]?.url, 'https://eu.example.test');

    // The client commands, as a script would use them: the key and the address in the
    // environment, no database.
    const client = (extra: Record<string, string> = {}) => cleanEnv({ HANGAR_API_KEY: eu.api_key, HANGAR_URL: server.url, ...extra });
    const [who, made, unknownKey] = await Promise.all([
      run(['whoami', '--json'], client()),
      run(['--json', 'projects', 'create', '--name', 'From the CLI', '--description', 'made by a script', '--org', eu.organization_id], client()),
      run(['whoami', '--json'], client({ HANGAR_API_KEY: `sk-eu-${randomBytes(32).toString('base64url')}` })),
    ]);
    assert.equal(who.code, 0, explain(who));
    const me = onlyJsonLine(who);
    assert.equal(me.user_id, eu.user_id);
    assert.equal(me.organization_id, eu.organization_id);
    assert.equal(me.email, 'e@euro.test');
    assert.equal(me.region, 'eu');
    assert.equal(made.code, 0, explain(made));
    const projectId: string = onlyJsonLine(made).project_id;
    assert.match(projectId, UUID);

    const [invited, projects] = await Promise.all([
      run(['invite', 'create', '--json', '--email', 'new@euro.test', '--role', 'editor'], client({ HANGAR_PROJECT: projectId })),
      http(server, 'GET', '/latest/projects/list', `Bearer :${eu.api_key}`),
    ]);
    assert.deepEqual(
      projects.body.results.map((p: any) => [p.project_id, p.name, p.description, p.role]),
      [[projectId, 'From the CLI', 'made by a script', 'admin']],
    );
    assert.equal(invited.code, 0, explain(invited));
    const invite = onlyJsonLine(invited);
    assert.equal(invite.state, 'pending');
    const pending = await http(server, 'POST', '/latest/auth/invite/list', `Bearer ${projectId}:${eu.api_key}`, {});
    assert.deepEqual(
      pending.body.results.map((i: any) => [i.invite_code, i.email, i.role]),
      [[invite.invite_code, 'new@euro.test', 'editor']],
    );

    // A refusal: the API's error body on stderr, nothing on stdout, and a failing exit status that
    // scripts (`set -e`, `&&`) rely on.
    assert.equal(unknownKey.stdout, '', explain(unknownKey));
    assert.equal(JSON.parse(unknownKey.stderr.trim().split('\n').pop()!).error_type, 'unauthorized', explain(unknownKey));
    assert.notEqual(unknownKey.code, 0, `a 401 from the API must fail the command:\n${explain(unknownKey)}`);
  });
});

describe('operating hangar', { concurrency: true }, () => {
  test('configuration errors name the setting, and never echo a password', { timeout: 120_000 }, async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ DATABASE_URL: 'notaurl' }, /DATABASE_URL must be a PostgreSQL address/],
      [{ DATABASE_URL: 'mysql://root@127.0.0.1/x' }, /DATABASE_URL must start with postgres:\/\//],
      [{ DATABASE_URL: `postgres://hangar:pw-s3cret@127.0.0.1:${await freePort()}/hangar` }, /DATABASE_URL: cannot use PostgreSQL at 127\.0\.0\.1:\d+\/hangar: .*ECONNREFUSED/],
      // Below a file: no user, not even root, can create it.
      [{ HANGAR_DATA_DIR: path.join(ROOT, 'package.json', 'data') }, /HANGAR_DATA_DIR \(.*package\.json\/data\) is not a writable directory/],
    ];
    const runs = await Promise.all(cases.map(([env]) => run(['migrate'], cleanEnv(env))));
    for (const [i, r] of runs.entries()) {
      assert.equal(r.code, 1, explain(r));
      assert.match(r.stderr, cases[i][1], explain(r));
      assert.doesNotMatch(r.stderr, /pw-s3cret|ENOTFOUND|\n\s+at /, `no password and no stack trace:\n${explain(r)}`);
    }
  });

  test('a key of a region this deployment does not know is told so, not sent back to this server', { timeout: 120_000 }, async (t) => {
    const server = await startServer({ DATABASE_URL: await freshDatabase(), HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'), HANGAR_REGION: 'eu' });
    t.after(() => stop(server.child));
    const reply = await http(server, 'GET', '/latest/auth/info', `Bearer :sk-us-${randomBytes(32).toString('base64url')}`);
    assert.equal(reply.status, 421, JSON.stringify(reply.body));
    assert.equal(reply.body.error_type, 'wrong_region');
    assert.match(reply.body.message, /this server serves the EU region only; no other region is configured here \(HANGAR_BASE_URL_US is not set\)/);
    assert.doesNotMatch(reply.body.message, /localhost/);
  });

  test('--help and --version read nothing but the bundle, and never write into the package directory', { timeout: 120_000 }, async () => {
    // Top-level files and dist/: what a command could write. Directories are left out, since other
    // test files running at the same time create their own scratch directories beside them.
    const listing = () =>
      readdirSync(ROOT)
        .filter((n) => n !== 'node_modules' && statSync(path.join(ROOT, n)).isFile())
        .map((n) => `${n}:${statSync(path.join(ROOT, n)).mtimeMs}`)
        .concat(existsSync(path.join(ROOT, 'dist')) ? readdirSync(path.join(ROOT, 'dist')).map((n) => `dist/${n}:${statSync(path.join(ROOT, 'dist', n)).mtimeMs}`) : [])
        .sort();
    const before = listing();
    const cache = freshDataDir();
    const [version, help, startHelp] = await Promise.all([
      run(['--version'], cleanEnv({ XDG_CACHE_HOME: cache })),
      run(['--help'], cleanEnv({ XDG_CACHE_HOME: cache })),
      run(['start', '--help'], cleanEnv({ XDG_CACHE_HOME: cache })),
    ]);
    assert.equal(version.code, 0, explain(version));
    assert.equal(version.stdout.trim(), JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    assert.equal(help.code, 0, explain(help));
    assert.match(help.stdout, /Usage: hangar/);
    assert.match(startHelp.stdout, /--role <role>/);
    assert.deepEqual(listing(), before, 'the package directory changed');
  });
});
