// The notification link (src/db/notifications.ts) cut under a running server: PostgreSQL ends the
// process's LISTEN connection (pg_terminate_backend, as an administrator or a failover does). The
// failure is said once and counted in /metrics (hangar_background_failures_total{source="notifications"}),
// the link is opened again and listens on every channel, so a change another process announces
// afterwards is heard: a key revoked on one server is refused at once by the other, whose cache
// held it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { bootstrap, call, captureStderr, freshDatabase, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

/** The server whose link is cut: its connections carry this application_name, so its LISTEN connection can be found. */
const APP = 'hangar_cut';

let cut: TestServer;
let other: TestServer;
let org: Org;
let admin: pg.Client;

before(async () => {
  const url = await freshDatabase();
  const named = new URL(url);
  named.searchParams.set('application_name', APP);
  cut = await startServer(named.toString());
  other = await startServer(url);
  org = await bootstrap(cut);
  admin = new pg.Client({ connectionString: url });
  // Ended by the database's drop when the file ends.
  admin.on('error', () => {});
  await admin.connect();
});
after(() => admin?.end());

/** The backend of `cut`'s notification link: the one connection that LISTENs and runs the principal cache's heartbeat. */
async function linkBackends(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1
       AND (query LIKE 'LISTEN "hangar%' OR query LIKE 'INSERT INTO principal_caches%')`,
    [APP],
  );
  return rows.map((r) => r.pid);
}

async function metric(server: TestServer, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(pattern.exec(text)?.[1] ?? 0);
}
const linkFailures = () => metric(cut, /^hangar_background_failures_total\{source="notifications"\} (\d+)/m);
const cacheHits = () => metric(cut, /^hangar_principal_cache_lookups_total\{result="hit"\} (\d+)/m);

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the LISTEN connection ended by PostgreSQL: said once, counted, listened again, and a revocation elsewhere is heard', async () => {
  const created = await call(cut, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: `Bearer :${org.api_key}`, body: { label: 'cached' } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const withKey = () => call(cut, 'GET', '/latest/projects/list', { authorization: `Bearer :${created.body.api_key}` });
  // Served from the cache: the link is up (a cache serves only then).
  const servedFromCache = async () => {
    const hits = await cacheHits();
    assert.equal((await withKey()).status, 200);
    return (await cacheHits()) > hits;
  };
  await waitFor('the key to be served from the cache', servedFromCache);

  const [pid, ...more] = await waitFor('the notification link in pg_stat_activity', async () => {
    const pids = await linkBackends();
    return pids.length ? pids : undefined;
  });
  assert.deepEqual(more, [], 'one notification link');
  const failed = await linkFailures();
  const stderr = captureStderr();
  const { rows } = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1::int) AS ok', [pid]);
  assert.equal(rows[0].ok, true);

  // Listening again on a new connection, and serving from the cache again (only while it listens).
  await waitFor('a new notification link', async () => {
    const pids = await linkBackends();
    return pids.length === 1 && pids[0] !== pid;
  });
  await waitFor('the key to be served from the cache again', servedFromCache);
  assert.equal(await linkFailures(), failed + 1, 'the cut counted once');
  // 57P01 is the database's word for "not there right now": said as an outage of this process, once
  // when it begins and once when it ends, with what failed meanwhile.
  try {
    await waitFor('the outage to be said over', async () => stderr.lines.some((l) => /database available again/.test(l)));
  } finally {
    stderr.stop();
  }
  const begun = stderr.lines.filter((l) => /database unavailable/.test(l));
  const ended = stderr.lines.filter((l) => /database available again/.test(l));
  assert.equal(begun.length, 1, `said once: ${JSON.stringify(stderr.lines)}`);
  assert.match(begun[0], /57P01 terminating connection due to administrator command/);
  assert.deepEqual(ended.map((l) => /failed meanwhile: (.*)$/.exec(l)?.[1]), ['1 notifications']);

  // The other server revokes the key: it returns once every live process dropped it (this one by
  // hearing the announcement on its new link), so the very next call here is refused.
  const revoked = await call(other, 'POST', `/latest/auth/users/${org.user_id}/keys/delete`, { authorization: `Bearer :${org.api_key}`, body: { key_id: created.body.key_id } });
  assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
  assert.equal((await withKey()).status, 401, 'the revocation was heard on the new link');
  assert.deepEqual(other.logs.filter((l) => /did not acknowledge/.test(l)), [], 'every process acknowledged the revocation');
});
