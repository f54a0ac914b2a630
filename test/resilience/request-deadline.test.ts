// The request's bound on a frozen database (issue 33 §3): PostgreSQL frozen (SIGSTOP, a partition
// look-alike) for 15 s while clients keep calling — reads, writes, SCIM — and every request is answered within 10 s, a 503 with Retry-After
// in its error body (the contract's, SCIM's on /scim/v2) unless it got through; on a server running
// every role and on one running `--role server`, side by side on one database.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startBreakablePostgres, type BreakablePostgres } from '../helpers/breakable-postgres.ts';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { createScimToken } from '../governance/identity-kit.ts';

let pgx: BreakablePostgres;
let servers: TestServer[];
let org: Org;
let projectId: string;
let scimToken: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  pgx = await startBreakablePostgres();
  const url = await pgx.createDatabase();
  const all = await startServer(url);
  const serverOnly = await startServer(url, {}, { role: 'server' });
  servers = [all, serverOnly];
  org = await bootstrap(all, undefined, 'admin password');
  projectId = (await call(all, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Frozen', organization_id: org.organization_id } })).body.project_id;
  scimToken = (await createScimToken(all, org, 'frozen')).token;
});
after(async () => {
  await pgx?.thaw().catch(() => {});
  await Promise.all((servers ?? []).map((s) => s.close()));
  await pgx?.close();
});

interface Answer {
  what: string;
  status: number;
  ms: number;
  body: any;
  retryAfter: string | null;
}

async function timed(server: TestServer, what: string, method: string, path: string, options: Parameters<typeof call>[3]): Promise<Answer> {
  const started = performance.now();
  const r = await call(server, method, path, options).catch((err: Error) => ({ status: 0, body: String(err), headers: new Headers() }));
  return { what, status: r.status, ms: performance.now() - started, body: r.body, retryAfter: r.headers.get('retry-after') };
}

test('PostgreSQL frozen for 15 s: every request is answered within 10 s, each 503 with Retry-After in its error body', { timeout: 180_000 }, async () => {
  const key = `Bearer ${projectId}:${org.api_key}`;
  const answers: Promise<Answer>[] = [];
  let stop = false;
  // A few clients per server, each sending its next request when the last is answered.
  const clients = servers.flatMap((server, n) => [
    async () => timed(server, `read ${n}`, 'GET', '/latest/projects/list', { authorization: key }),
    async () => timed(server, `write ${n}`, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: `p ${Date.now()}`, organization_id: org.organization_id } }),
    async () => timed(server, `keys ${n}`, 'POST', `/latest/auth/users/${org.user_id}/keys/list`, { authorization: `Bearer :${org.api_key}`, body: {} }),
    async () => timed(server, `scim ${n}`, 'GET', '/scim/v2/Users?count=5', { authorization: `Bearer ${scimToken}` }),
  ]);
  const loops = clients.map(async (send) => {
    while (!stop) {
      const answer = send();
      answers.push(answer);
      await answer;
      await sleep(200);
    }
  });
  await sleep(1000);
  await pgx.freeze();
  await sleep(15_000);
  await pgx.thaw();
  await sleep(2000);
  stop = true;
  await Promise.all(loops);
  const all = await Promise.all(answers);

  const slow = all.filter((a) => a.ms >= 10_000);
  assert.deepEqual(slow.map((a) => `${a.what}: ${a.status} after ${Math.round(a.ms)} ms`), [], 'every request answered within 10 s');
  const refused = all.filter((a) => a.status !== 200);
  assert.ok(refused.length > 0, 'the freeze was felt');
  for (const a of refused) {
    assert.equal(a.status, 503, JSON.stringify(a));
    assert.ok(Number(a.retryAfter) >= 1, `Retry-After: ${JSON.stringify(a)}`);
    if (a.what.startsWith('scim')) assert.deepEqual([a.body.schemas, a.body.status], [['urn:ietf:params:scim:api:messages:2.0:Error'], '503'], JSON.stringify(a));
    else assert.deepEqual([a.body.error_type, a.body.error_audience], ['service_unavailable', 'platform'], JSON.stringify(a));
  }
  // Served again once it is back.
  for (const server of servers) assert.equal((await call(server, 'GET', '/latest/projects/list', { authorization: key })).status, 200);
  for (const server of servers) assert.deepEqual(server.logs.filter((l) => /"level":50/.test(l)), [], 'no unhandled error');
});
