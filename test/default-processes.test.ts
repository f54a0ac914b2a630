// `hangar start` with no --processes and no HANGAR_PROCESSES: the count comes from the machine
// (one per core, less one when PostgreSQL is on it), and the process says what it chose and why.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { test } from 'node:test';
import { databaseSharesMachine, defaultProcesses, loadConfig } from '../src/config.ts';
import { freePort } from '../src/shared/free-port.ts';
import { freshDatabase } from './helpers/hangar.ts';
import { shellEnv, spawnHangar } from './helpers/processes.ts';
import { waitFor } from './triggers/kit.ts';

test('PostgreSQL on this machine keeps a core; one elsewhere leaves them all to Hangar', () => {
  for (const local of [undefined, 'postgres://u@localhost/h', 'postgres://u@127.0.0.1:5432/h', 'postgres://u@[::1]:5432/h', 'postgres://u@x/h?host=/var/run/postgresql']) {
    assert.equal(databaseSharesMachine(local), true, String(local));
  }
  for (const remote of ['postgres://u@db.internal:5432/h', 'postgres://u@10.0.0.5/h', 'postgres://u@[2001:db8::1]/h']) {
    assert.equal(databaseSharesMachine(remote), false, remote);
  }
  assert.deepEqual([1, 2, 4, 16].map((cores) => defaultProcesses(cores, undefined).count), [1, 1, 3, 15]);
  assert.deepEqual([1, 2, 4].map((cores) => defaultProcesses(cores, 'postgres://u@db.internal/h').count), [1, 2, 4]);
  assert.match(defaultProcesses(2, undefined).reason, /2 cores, one left to PostgreSQL on this machine/);
});

test('a count someone chose wins, and is not explained as a default', () => {
  const flag = loadConfig({ HANGAR_PROCESSES: '3' }, { processes: 2 });
  assert.equal(flag.processes, 2);
  assert.equal(flag.processesDefaultReason, undefined);
  const env = loadConfig({ HANGAR_PROCESSES: '3' });
  assert.equal(env.processes, 3);
  assert.equal(env.processesDefaultReason, undefined);
  const none = loadConfig({ DATABASE_URL: 'postgres://u@db.internal:5432/h' });
  assert.equal(none.processes, os.availableParallelism());
  assert.match(none.processesDefaultReason!, /one per core: \d+ cores?, PostgreSQL on another machine/);
});

test('hangar start says how many processes it runs by default, and why', async () => {
  const port = await freePort();
  const env = shellEnv({
    DATABASE_URL: await freshDatabase(),
    HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  const expected = defaultProcesses(os.availableParallelism(), env.DATABASE_URL);
  const hangar = spawnHangar(['start'], env);
  try {
    await waitFor(
      'hangar to answer /readyz',
      async () => {
        if (hangar.child.exitCode !== null) throw new Error(`hangar exited early:\n${hangar.output()}`);
        const serving = expected.count === 1 || hangar.output().includes(`${expected.count} processes (role all) serving`);
        return serving && (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
      },
      90_000,
      100,
    );
    const said = `hangar: ${expected.count} process${expected.count === 1 ? '' : 'es'} by default (${expected.reason})`;
    assert.ok(hangar.output().includes(said), `expected "${said}" in:\n${hangar.output()}`);
  } finally {
    hangar.child.kill('SIGTERM');
    assert.equal((await hangar.exited).code, 0, hangar.output());
  }
});
