#!/usr/bin/env node
// `npm test`: runs every test/**/*.test.ts with node's test runner against a real PostgreSQL —
// DATABASE_URL when set (and then it must be reachable: CI fails rather than skips), otherwise an
// embedded PostgreSQL started here in a temporary directory and removed afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
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
    await reachable(databaseUrl);
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

const args = process.argv.slice(2);
const files = args.length ? args : testFiles(path.join(root, 'test')).sort();
const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, HANGAR_TEST_DATABASE_URL: databaseUrl },
  cwd: root,
});
const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
if (embedded) {
  await embedded.db.stop();
  rmSync(embedded.dir, { recursive: true, force: true });
}
process.exit(code);
