// `hangar sandbox`: a real Hangar (embedded database) whose providers are the local stand-ins,
// labelled as such on every answer and page, usable with the documented sandbox credentials, and
// refused under NODE_ENV=production.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/shared/free-port.ts';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/sandbox.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'hangar.js');
const dirs: string[] = [];
const children: ChildProcess[] = [];
after(async () => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function hangar(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => setImmediate(() => r(code))));
  return { child, out: () => out, err: () => err, exited };
}

test('hangar sandbox: labelled answers, providers that work with the sandbox credentials', { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hangar-sandbox-'));
  dirs.push(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { HANGAR_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  const sandbox = hangar(['sandbox'], env);
  const deadline = Date.now() + 90_000;
  for (;;) {
    assert.equal(sandbox.child.exitCode, null, sandbox.err());
    const ok = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    assert.ok(Date.now() < deadline, `not ready: ${sandbox.err()}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const health = await fetch(`${url}/healthz`);
  assert.equal(health.headers.get('x-hangar-sandbox'), 'true');
  const page = await fetch(`${url}/latest/documentation/static/index.html`);
  assert.equal(page.headers.get('x-hangar-sandbox'), 'true');
  assert.match(await page.text(), /SANDBOX/);
  const spec = await (await fetch(`${url}/latest/openapi_schema.json`)).json();
  assert.match(spec.info.title, /SANDBOX/);

  const boot = hangar(['bootstrap', '--org', 'Sandbox', '--email', 'me@sandbox.test'], env);
  assert.equal(await boot.exited, 0, boot.err());
  const org = JSON.parse(boot.out());
  const call = async (p: string, body: unknown, project = '') => {
    const r = await fetch(`${url}${p}`, { method: 'POST', headers: { authorization: `Bearer ${project}:${org.api_key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(r.headers.get('x-hangar-sandbox'), 'true');
    return { status: r.status, body: await r.json() };
  };
  const project = (await call('/latest/projects/create', { name: 'Try', description: 'sandbox', organization_id: org.organization_id })).body.project_id;
  const anz = await call('/latest/integrations/connections/create', { provider: 'anz_enrichment', api_key: SANDBOX_CREDENTIALS.anz_enrichment_api_key }, project);
  assert.equal(anz.status, 200, JSON.stringify(anz.body));
  const step = await call('/latest/integrations/steps/run', { step: 'anz_enrichment.company_enrichment', connection_id: anz.body.connection_id, inputs: { abn: '51824753556' } }, project);
  assert.equal(step.status, 200, JSON.stringify(step.body));
  assert.equal(step.body.output.matched, true);
  const ch = await call('/latest/integrations/connections/create', { provider: 'codehost', api_key: SANDBOX_CREDENTIALS.codehost_token }, project);
  assert.equal(ch.status, 200, JSON.stringify(ch.body));
  const repo = await call('/latest/integrations/api_call', { connection_id: ch.body.connection_id, method: 'GET', endpoint: `/repos/${SANDBOX_CREDENTIALS.codehost_repository}`, headers: { accept: 'application/vnd.codehost+json' } }, project);
  assert.equal(repo.status, 200, JSON.stringify(repo.body));
  assert.equal(repo.body.response_body.full_name, SANDBOX_CREDENTIALS.codehost_repository);

  sandbox.child.kill('SIGTERM');
  assert.equal(await sandbox.exited, 0, sandbox.err());
});

test('hangar sandbox is refused when NODE_ENV=production', { timeout: 60_000 }, async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hangar-sandbox-'));
  dirs.push(dataDir);
  const refused = hangar(['sandbox'], { HANGAR_DATA_DIR: dataDir, PORT: String(await freePort()), NODE_ENV: 'production' });
  assert.equal(await refused.exited, 1);
  assert.match(refused.err(), /sandbox .* is refused when NODE_ENV=production/);
});
