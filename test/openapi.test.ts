// The API reference is correct and lint-clean: Redocly's recommended ruleset (redocly.yaml) finds no
// problem in the document a server serves; every operation has an operationId and a security
// requirement (an empty one when public); the statuses routes answer outside the common set are
// declared; the browsable page's "Try it out" targets the host it was loaded from.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer, type TestServer } from './helpers/hangar.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: TestServer;
let spec: any;
const dir = mkdtempSync(path.join(os.tmpdir(), 'hangar-openapi-'));

before(async () => {
  server = await startServer(undefined, { HANGAR_BASE_URL_US: 'https://us.hangar.test' });
  spec = await (await fetch(`${server.url}/latest/openapi_schema.json`)).json();
});
after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ path: p, method, op })));

test('Redocly recommended ruleset: no error, no warning', { timeout: 120_000 }, async () => {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(spec));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'],
    { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 },
  ).catch((err: { stdout: string; stderr: string }) => {
    throw new Error(`redocly lint failed:\n${err.stdout}\n${err.stderr}`);
  });
  const report = JSON.parse(stdout.slice(stdout.indexOf('{')));
  assert.deepEqual(
    report.problems.map((p: any) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`),
    [],
  );
  assert.ok(operations().length >= 40, 'the document lists the API');
});

test('every operation: a unique operationId and a security requirement; public ones say so', () => {
  const ids = operations().map(({ op }) => op.operationId);
  assert.ok(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id)), JSON.stringify(ids));
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  for (const { path: p, method, op } of operations()) assert.ok(Array.isArray(op.security), `${method} ${p} has no security`);
  assert.deepEqual(spec.paths['/latest/webhooks/codehost/{hook_id}'].post.security, []);
  // Sign-in ignores any credential sent (a stale key must not block it): public.
  assert.deepEqual(spec.paths['/latest/auth/login'].post.security, []);
  assert.deepEqual(spec.paths['/latest/auth/invite/accept'].post.security, [{}, { apiKey: [] }, { session: [] }], 'a key is optional there');
  assert.equal(spec.paths['/latest/projects/create'].post.operationId, 'projectsCreate');
});

test('statuses answered outside the common set are declared', () => {
  const webhook = spec.paths['/latest/webhooks/codehost/{hook_id}'].post;
  assert.match(webhook.responses['401'].description, /X-Hub-Signature-256/);
  assert.ok(webhook.responses['202']);
  const callback = spec.paths['/latest/integrations/oauth/callback'].get;
  assert.ok(callback.responses['302'], JSON.stringify(Object.keys(callback.responses)));
});

test('the served document names the public base address; the page tries requests on the host it came from', async () => {
  assert.equal(spec.servers[0].url, 'https://us.hangar.test');
  const host = new URL(server.url).host;
  // As loaded through another name (fetch may not set Host, node:http may).
  const page = await new Promise<any>((resolve, reject) => {
    http
      .get(`${server.url}/latest/documentation/json`, { headers: { host: `localhost:${new URL(server.url).port}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => resolve(JSON.parse(text)));
      })
      .on('error', reject);
  });
  assert.equal(page.servers[0].url, `http://localhost:${new URL(server.url).port}`);
  const direct = await (await fetch(`${server.url}/latest/documentation/json`)).json();
  assert.equal(direct.servers[0].url, `http://${host}`);
  assert.equal(direct.servers[1].url, 'https://us.hangar.test');
});
