// Removing or rotating an organization key is seen by every server before the call returns (issue 33
// §3): the call waits for the acknowledgement the principal cache uses, so the very next request on
// another server — no polling, no waiting for a notification — uses the new key, or finds none.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

const FIRST_KEY = 'enr_live_0rg0key0set0a1b2c3d4e5f60718293a4b';
const SECOND_KEY = 'enr_live_0rg0key0set0ffffeeeeddddccccbbbb1';

let enr: Enrichment;
let one: TestServer;
let two: TestServer;
let org: Org;
let projectId: string;

before(async () => {
  enr = await startEnrichment({ apiKeys: [FIRST_KEY, SECOND_KEY] });
  const env = { HANGAR_ENRICHMENT_BASE_URL: enr.url, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' };
  one = await startServer(undefined, env);
  two = await startServer(one.databaseUrl, env);
  org = await bootstrap(one);
  projectId = (await call(one, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Keys', organization_id: org.organization_id } })).body.project_id;
});

after(() => enr?.close());

const orgKeys = (rest: string) => `/latest/organizations/${org.organization_id}/integrations/connections/${rest}`;
const admin = { authorization: () => `Bearer :${org.api_key}` };
const apiCall = (server: TestServer, connectionId: string) =>
  call(server, 'POST', '/latest/integrations/api_call', { authorization: `Bearer ${projectId}:${org.api_key}`, body: { connection_id: connectionId, method: 'GET', endpoint: '/account' } });

test('rotating the key on one server: the next call on the other uses the new key; removing it: the next call there has none', async () => {
  const created = await call(one, 'POST', orgKeys('create'), { authorization: admin.authorization(), body: { provider: 'enrichment', api_key: FIRST_KEY, label: 'Shared' } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const id = created.body.connection_id;

  for (let round = 0; round < 5; round++) {
    const [from, to] = round % 2 ? [two, one] : [one, two];
    const [oldKey, newKey] = round % 2 ? [SECOND_KEY, FIRST_KEY] : [FIRST_KEY, SECOND_KEY];
    // The other server has the key in its cache.
    let mark = enr.requests.length;
    assert.equal((await apiCall(to, id)).status, 200);
    assert.equal(enr.requests[mark].headers.authorization, `Bearer ${oldKey}`);
    const rotated = await call(from, 'POST', orgKeys(`${id}/update`), { authorization: admin.authorization(), body: { api_key: newKey } });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    assert.equal(rotated.body.rotated, true);
    mark = enr.requests.length;
    const next = await apiCall(to, id);
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.equal(enr.requests.slice(mark).find((r) => r.path === '/account')?.headers.authorization, `Bearer ${newKey}`, `round ${round}: the other server's very next call uses the new key`);
  }

  assert.equal((await apiCall(two, id)).status, 200);
  const removed = await call(one, 'POST', orgKeys(`${id}/delete`), { authorization: admin.authorization(), body: {} });
  assert.equal(removed.status, 200, JSON.stringify(removed.body));
  const after = await apiCall(two, id);
  assert.ok(after.status === 409 || after.status === 404, `the other server's very next call finds no key: ${after.status} ${JSON.stringify(after.body)}`);
});
