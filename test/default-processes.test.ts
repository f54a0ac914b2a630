// `hangar start` with no --processes and no HANGAR_PROCESSES: one process per core, and it says what
// it chose and why (a chosen count is not explained).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { test } from 'node:test';
import { defaultProcesses, loadConfig } from '../src/config.ts';
import { freePort } from '../src/free-port.ts';
import { freshDatabase } from './helpers/hangar.ts';
import { shellEnv, spawnHangar } from './helpers/processes.ts';
import { waitFor } from './triggers/kit.ts';

test('a count someone chose wins, and is not explained as a default', () => {
  const flag = loadConfig({ HANGAR_PROCESSES: '3' }, { processes: 2 });
  assert.equal(flag.processes, 2);
  assert.equal(flag.processesDefaultReason, undefined);
  const env = loadConfig({ HANGAR_PROCESSES: '3' });
  assert.equal(env.processes, 3);
  assert.equal(env.processesDefaultReason, undefined);
  const none = loadConfig({});
  assert.equal(none.processes, os.availableParallelism());
  assert.equal(none.processesDefaultReason, `one per core: ${os.availableParallelism()} core${os.availableParallelism() === 1 ? '' : 's'}`);
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
  const expected = defaultProcesses(os.availableParallelism());
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
