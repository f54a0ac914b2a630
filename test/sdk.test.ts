// The TypeScript client in sdk/: generated types that match what the server documents (a stale
// sdk/schema.d.ts fails here, so CI catches a route changed without `npm run sdk:generate`), the
// base address from the key's region, typed errors, 429 retries after Retry-After, cursor pages.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { schemaTypes } from '../sdk/generate.ts';
import { createHangar, HangarApiError, HangarUnreachableError } from '../sdk/index.ts';
import { freePort } from '../src/shared/free-port.ts';
import { bootstrap, role, startServer, type Org, type TestServer } from './helpers/hangar.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: TestServer;
let org: Org;
let projectId: string;

before(async () => {
  server = await startServer(undefined, { HANGAR_RATE_LIMIT: '3', HANGAR_RATE_LIMIT_WINDOW_SECONDS: '1' });
  org = await bootstrap(server);
  const hangar = createHangar({ apiKey: org.api_key, baseUrls: { us: server.url } });
  projectId = (await hangar.unwrap(hangar.client.POST('/latest/projects/create', { body: { name: 'SDK', description: 'sdk test', organization_id: org.organization_id } }))).project_id;
});
after(() => server?.close());

test('sdk/schema.d.ts is what openapi-typescript makes of the served document (run `npm run sdk:generate` if not)', async () => {
  const document = await (await fetch(`${server.url}/latest/openapi_schema.json`)).json();
  const committed = readFileSync(path.join(ROOT, 'sdk', 'schema.d.ts'), 'utf8');
  assert.ok(committed === (await schemaTypes(document)), 'sdk/schema.d.ts is stale: run `npm run sdk:generate` and commit it');
});

test('the base address comes from the key prefix; typed data and typed errors', async () => {
  const hangar = createHangar({ apiKey: org.api_key, projectId, baseUrls: { us: server.url, eu: 'http://eu.invalid' } });
  assert.equal(hangar.baseUrl, server.url);
  const me = await hangar.unwrap(hangar.client.GET('/latest/auth/info'));
  assert.equal(me.user_id, org.user_id);
  assert.throws(() => createHangar({ apiKey: org.api_key, baseUrls: { eu: 'http://eu.invalid' } }), /no base address for the US region/);

  const stranger = createHangar({ apiKey: `sk-us-${'x'.repeat(43)}`, baseUrl: server.url });
  const err = await stranger.unwrap(stranger.client.GET('/latest/auth/info')).catch((e: unknown) => e);
  assert.ok(err instanceof HangarApiError, String(err));
  assert.equal(err.status, 401);
  assert.equal(err.errorType, 'unauthorized');
  assert.equal(err.errorAudience, 'user');
  assert.ok(err.requestId);
  const invalid = await hangar.unwrap(hangar.client.POST('/latest/auth/invite/create', { body: { email: 'not an email', permissions: role('role:viewer') } })).catch((e: unknown) => e);
  assert.ok(invalid instanceof HangarApiError && invalid.errorType === 'validation_error' && /email/.test(invalid.message), String(invalid));

  const nowhere = createHangar({ apiKey: org.api_key, baseUrl: `http://127.0.0.1:${await freePort()}` });
  await assert.rejects(nowhere.unwrap(nowhere.client.GET('/latest/auth/info')), (e: unknown) => e instanceof HangarUnreachableError && /ECONNREFUSED/.test(e.message));
});

test('a 429 is retried after its Retry-After; cursor pages are iterated', { timeout: 60_000 }, async () => {
  const statuses: number[] = [];
  const hangar = createHangar({
    apiKey: org.api_key,
    projectId,
    baseUrls: { us: server.url },
    fetch: async (input, init) => {
      const r = await fetch(input, init);
      statuses.push(r.status);
      return r;
    },
  });
  // Three requests a second per key: seven in a row meet the limit, and all succeed.
  const emails = Array.from({ length: 7 }, (_, i) => `paged${i}@example.test`);
  for (const email of emails) await hangar.unwrap(hangar.client.POST('/latest/auth/invite/create', { body: { email, permissions: role('role:viewer') } }));
  assert.ok(statuses.includes(429), `expected the limit to be met: ${statuses.join(',')}`);
  const seen: string[] = [];
  for await (const invite of hangar.pages((cursor) => hangar.client.POST('/latest/auth/invite/list', { body: { page_size: 2, cursor } }))) seen.push(invite.email);
  assert.deepEqual(seen.sort(), emails.sort());
  assert.ok(statuses.filter((s) => s === 200).length >= 7 + 4, 'four pages of two');
});
