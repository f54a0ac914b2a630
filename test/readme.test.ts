// The README works as written: its shell blocks run in order against a real Hangar in sandbox
// mode. A block marked `<!-- readme-test: skip (why) -->` is not run (installing, an external
// database); the one marked `background` is started and left serving (`npx hangar sandbox`), then
// stopped as Ctrl-C would. The blocks run in one bash with `set -euo pipefail`, and curl fails on an
// HTTP error, so a command that stops working fails the test; what the README says they print is
// checked too.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/shared/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Block {
  line: number;
  mode: 'run' | 'skip' | 'background';
  code: string;
}

export function shellBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```sh') continue;
    let j = i - 1;
    while (j >= 0 && lines[j].trim() === '') j--;
    const marker = /<!-- readme-test: (skip|background)\b/.exec(lines[j] ?? '');
    const end = lines.indexOf('```', i + 1);
    assert.ok(end > i, `unclosed block at README line ${i + 1}`);
    blocks.push({ line: i + 1, mode: (marker?.[1] as Block['mode']) ?? 'run', code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hangar-readme-'));
// As root the embedded PostgreSQL runs as the postgres user, which must reach the data directory.
chmodSync(dir, 0o711);
let sandbox: ChildProcess | undefined;
after(() => {
  if (sandbox?.pid && sandbox.exitCode === null) {
    try {
      process.kill(-sandbox.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

test('every shell block of the README runs, in order, against `npx hangar sandbox`', { timeout: 300_000 }, async () => {
  const blocks = shellBlocks(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  const background = blocks.filter((b) => b.mode === 'background');
  assert.equal(background.length, 1, 'one block starts the sandbox');
  assert.ok(blocks.filter((b) => b.mode === 'run').length >= 10);

  const port = await freePort();
  // A user's shell: no settings of ours but where the sandbox keeps its data and the CLI its profiles.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HANGAR_DATA_DIR: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config'), npm_config_update_notifier: 'false' };
  if (process.env.XDG_CACHE_HOME) env.XDG_CACHE_HOME = process.env.XDG_CACHE_HOME;

  let serverOutput = '';
  sandbox = spawn('bash', ['-c', background[0].code], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  sandbox.stdout!.on('data', (d) => (serverOutput += d));
  sandbox.stderr!.on('data', (d) => (serverOutput += d));
  const stopped = new Promise<number | null>((r) => sandbox!.once('exit', (code) => r(code)));
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false))) {
    assert.equal(sandbox.exitCode, null, `the sandbox exited:\n${serverOutput}`);
    assert.ok(Date.now() < deadline, `the sandbox was not ready in time:\n${serverOutput}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  const script = [
    'set -euo pipefail',
    // An HTTP error fails the command (and so the walk-through), printing the body.
    'curl() { command curl --fail-with-body "$@"; echo; }',
    ...blocks.filter((b) => b.mode === 'run').map((b) => `echo "README block at line ${b.line}" >&2\n${b.code}`),
  ].join('\n');
  const walk = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  const lastBlock = [...walk.stderr.matchAll(/README block at line (\d+)/g)].pop()?.[1];
  assert.equal(walk.code, 0, `the walk-through failed in the block at README line ${lastBlock}:\n--- stdout\n${walk.stdout.slice(-4000)}\n--- stderr\n${walk.stderr.slice(-4000)}`);

  // What the README says the commands print.
  const out = walk.stdout;
  for (const expected of [
    /"user_id":"[^"]+","project_id":"[^"]+","permissions"/, // 3. the role change
    /"deleted":true/, // 4. and 5.
    /"auth_url":"http/,
    /"status":"complete","output":\{"matched":true,"company":\{/,
    /"title":"Maya Patel"/, // the tool filed an issue named after the person found
    /"status":"failed"[^\n]*"step":"issue"/, // and none for no one
    /"type":"complete","updates":\[\{"type":"chain-success"/,
    /"state":"completed"/,
    /^verified task\.pending_approval\nverified task\.completed$/m, // the approvals walk-through's event receiver
    /"trigger_type":"codehost\.new_issue"/,
    /"name":"Enrich_and_file","title":"Enrich and file"[^\n]*"name":"agent\.Company_lookup"/, // tools/list over MCP
    /"status":"paused"/,
    /^PROJECT_ID\s+NAME\s+ROLE/m, // the CLI's tables
    /^user: Look it up again$/m,
    /^Support bots$/m,
    /^hangar_webhook_deliveries_total\{outcome="received"\} [1-9]\d*$/m, // the ping and the issue
  ]) {
    assert.ok(expected.test(out), `the walk-through printed nothing matching ${expected}; its output ends:\n${out.slice(-3000)}`);
  }
  // The code host got exactly the one issue for the person found, and the one the README opened.
  const issues = out.match(/"title":"(Maya Patel|Wake the agent|Lena Schmidt|Tom Fletcher|nobody)"/g) ?? [];
  assert.ok(!issues.some((t) => t.includes('nobody')));

  // Ctrl-C in the sandbox's terminal: SIGINT to its process group.
  process.kill(-sandbox.pid!, 'SIGINT');
  const code = await Promise.race([stopped, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]);
  assert.notEqual(code, 'hung', `the sandbox did not stop on Ctrl-C:\n${serverOutput.slice(-3000)}`);
  assert.ok(!existsSync(path.join(dir, 'data', 'pg', 'postmaster.pid')), 'the sandbox left its PostgreSQL running');
});
