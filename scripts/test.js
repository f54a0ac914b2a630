#!/usr/bin/env node
// `npm test`: runs every test/**/*.test.ts with node's test runner against a real PostgreSQL —
// DATABASE_URL when set (and then it must be reachable: CI fails rather than skips), otherwise an
// embedded PostgreSQL started here in a temporary directory and removed afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { NODE_ESM, ownImportMeta } from './bundle.js';

register();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

async function withAdmin(url, work) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

// .ci/run's run on the machine's PostgreSQL and Redis sets HANGAR_TEST_NO_SKIP=1: every test must
// run there, so a skip fails (test/helpers/skips.ts), and Redis must be given.
if (process.env.HANGAR_TEST_NO_SKIP === '1' && !process.env.REDIS_URL) {
  console.error('HANGAR_TEST_NO_SKIP=1 needs REDIS_URL: the Redis tests must run in this run.');
  process.exit(2);
}

let embedded;
let databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  try {
    await withAdmin(databaseUrl, (c) => c.query('SELECT 1'));
  } catch (err) {
    console.error(`DATABASE_URL is set but PostgreSQL is unreachable there: ${err.message}`);
    process.exit(2);
  }
} else {
  const { startEmbedded } = await import('../src/db/embedded.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hangar-test-'));
  embedded = { dir, db: await startEmbedded(dir, (line) => console.error(line)) };
  databaseUrl = embedded.db.url;
}

/**
 * The files that spend most of their time waiting — for a restarted database, a deadline, a child
 * process, a scheduled minute — longest first, so that their waits overlap the busy files' work and
 * none starts near the end to run on alone. The rest follow in name order, the browser files (the
 * busiest: chromium beside a server) spread evenly among them rather than all at once. Files named
 * on the command line run in the order given.
 */
const WAITING = [
  'resilience/database-faults', // 200 s
  'agents/schedules',
  'resilience/request-deadline',
  'readme',
  'shutdown',
  'scale-out',
  'triggers/durability',
  'cluster',
].map((name) => path.join(root, 'test', `${name}.test.ts`));

/**
 * Three files at a time on two cores (HANGAR_TEST_CONCURRENCY to choose): with two, the machine sat
 * idle for a fifth of the run while files waited on restarts, deadlines and child processes. On
 * 2026-12-04, one after the other on the same VM: two 848 s with 325 core-seconds idle, three 795 s
 * with 90 — both green.
 */
const CONCURRENCY = Number(process.env.HANGAR_TEST_CONCURRENCY ?? 3);

const args = process.argv.slice(2);
const all = testFiles(path.join(root, 'test')).sort();
const rest = all.filter((f) => !WAITING.includes(f));
const browser = rest.filter((f) => f.includes(`${path.sep}dashboard${path.sep}`));
const others = rest.filter((f) => !browser.includes(f));
const spread = others.flatMap((f, i) => {
  const from = Math.floor((i * browser.length) / others.length);
  const to = Math.floor(((i + 1) * browser.length) / others.length);
  return [f, ...browser.slice(from, to)];
});
const files = args.length ? args.map((f) => path.resolve(f)) : [...WAITING.filter((f) => all.includes(f)), ...spread];

// Every test database is a copy of one migrated here, once per run (test/helpers/hangar.ts): applying
// every migration costs PostgreSQL about ten times the CPU of a copy, and the suite makes some two
// hundred databases on a machine whose cores the tests already keep busy.
const run = randomBytes(6).toString('hex');
const template = `hangar_test_${run}_template`;

async function migrateTemplate() {
  await withAdmin(databaseUrl, (c) => c.query(`CREATE DATABASE ${template}`));
  const { migrateSchema } = await import('../src/jobs/queue.ts');
  const url = new URL(databaseUrl);
  url.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    await migrateSchema(pool);
  } finally {
    await pool.end();
  }
}

// The test files run as plain JavaScript, bundled here in about a second (src/ and test/; packages
// stay in node_modules; shared modules in shared chunks, so a process still has one of each):
// through tsx's loader every test process spent some 1.4 s more CPU starting — its hooks' thread
// sees each of the thousand modules a server loads — about a tenth of the suite's CPU.
const builds = path.join(root, '.test-build');
const outdir = path.join(builds, String(process.pid));

async function bundleTests() {
  // What a run stopped by a signal left behind.
  const { alive } = await import('../test/helpers/proc.ts');
  for (const pid of existsSync(builds) ? readdirSync(builds) : []) if (!alive(Number(pid))) rmSync(path.join(builds, pid), { recursive: true, force: true });
  const { build, stop } = await import('esbuild');
  try {
    await build({
      entryPoints: files,
      outbase: root,
      outdir,
      ...NODE_ESM,
      sourcemap: 'linked',
      plugins: [ownImportMeta(/[\\/](src|test|sdk)[\\/].*\.ts$/)],
    });
  } finally {
    await stop();
  }
  return files.map((f) => path.join(outdir, path.relative(root, f)).replace(/\.ts$/, '.js'));
}

function runTests(bundled) {
  // --enable-source-maps (inherited by each file's process): a failure's stack names test/ and src/.
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'scripts', 'test-run.js'), String(CONCURRENCY), ...bundled], {
    stdio: 'inherit',
    env: { ...process.env, HANGAR_TEST_DATABASE_URL: databaseUrl, HANGAR_TEST_TEMPLATE: template, HANGAR_TEST_RUN: run },
    cwd: root,
  });
  // Ctrl-C (or a SIGTERM to this process) stops the runner, and the cleanup below still runs.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
}

// Whatever fails on the way, nothing of the run is left behind: not the template, not the bundle,
// not the embedded PostgreSQL.
let code = 1;
try {
  await migrateTemplate();
  code = await runTests(await bundleTests());
} catch (err) {
  // esbuild has printed its errors (a test that does not compile) already; anything else, whole.
  console.error(`npm test could not start the tests: ${err.errors ? err.message : (err.stack ?? err)}`);
} finally {
  // The template, and the databases of a file stopped before its own cleanup (test/helpers/hangar.ts).
  await withAdmin(databaseUrl, async (c) => {
    const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE 'hangar\\_test\\_${run}\\_%'`);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }).catch((err) => console.error(`could not drop this run's databases (hangar_test_${run}_…): ${err.message}`));
  rmSync(outdir, { recursive: true, force: true });
  if (embedded) {
    await embedded.db.stop();
    rmSync(embedded.dir, { recursive: true, force: true });
  }
}
process.exit(code);
