// Missed deliveries recovered (issue 13): Hangar is stopped, the code host makes deliveries while it
// is down (and records them as failed, as GitHub does: it never retries by itself), Hangar starts
// again and its recovery job lists the hook's failed deliveries, asks for each one it never stored to
// be redelivered — once — and every one activates exactly once. Also: the per-hook counters in the
// trigger list (received, duplicate, rejected signature, recovered), recovery through a rate limit, and
// a hook the code host disabled after failures: re-activated, then what failed is recovered.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { freshDatabase, startServer, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, freePort, hookAt, LOGIN, listTriggers, newAgent, newProject, query, sendDelivery, TOKEN, waitFor, type Client } from './kit.ts';
import * as P from './payloads.ts';

const REPO = `${LOGIN}/recover`;

let ch: CodeHost;
let databaseUrl: string;
let env: Record<string, string>;
let server: TestServer;
let c: Client;
let agent: string;
let trigger: string;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'recover' });
  databaseUrl = await freshDatabase();
  const port = await freePort();
  env = { PORT: String(port), HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`, HANGAR_CODEHOST_BASE_URL: ch.url, LOG_LEVEL: 'warn', HANGAR_HOOK_RECOVERY_SECONDS: '1' };
  server = await startServer(databaseUrl, env);
  c = await newProject(server);
  agent = await newAgent(c, 'recovered');
  const r = await createTrigger(c, agent, 'codehost.new_issue', await connectCodeHost(c), { repository: REPO });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  trigger = r.body.trigger_id;
});
after(() => ch?.close());

const attempts = () => ch.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/attempts'));
const activationsOf = async (guid: string) => (await query(databaseUrl, 'SELECT count(*)::int AS n FROM activations WHERE source = $1', [`delivery:${guid}`]))[0].n as number;
const taskCount = async () => (await query(databaseUrl, 'SELECT count(*)::int AS n FROM tasks WHERE trigger_id = $1', [trigger]))[0].n as number;
const entry = async () => (await listTriggers(c, agent)).find((e) => e.trigger_id === trigger);

async function restart(): Promise<void> {
  await server.close();
  server = await startServer(databaseUrl, env);
}

const opened = (n: number) => P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: n, title: `Issue ${n}` }));

test('deliveries made while Hangar is down are redelivered at start and activate exactly once each', async () => {
  const [live] = await ch.deliver('issues', opened(1), { repo: REPO });
  assert.equal(live.status, 202);
  await waitFor('the live delivery to activate', async () => (await activationsOf(live.guid)) === 1);

  await server.close();
  const missed = [];
  for (let n = 2; n <= 6; n++) {
    const [d] = await ch.deliver('issues', opened(n), { repo: REPO });
    assert.equal(d.status, undefined, 'nobody answered');
    assert.ok(d.error, 'the code host recorded the delivery as failed');
    missed.push(d);
  }
  assert.equal(await taskCount(), 1);

  server = await startServer(databaseUrl, env);
  await waitFor('every missed delivery to activate', async () => (await taskCount()) === 6, 20_000, 100);
  for (const d of missed) assert.equal(await activationsOf(d.guid), 1, `delivery ${d.guid} activates once`);
  assert.equal(await activationsOf(live.guid), 1);
  const asked = attempts().map((r) => r.path.split('/').at(-2));
  assert.deepEqual([...asked].sort(), missed.map((d) => String(d.id)).sort(), 'one redelivery asked for per missed delivery, none for the live one');
  for (const d of missed) assert.equal(ch.deliveries.filter((x) => x.guid === d.guid && x.redelivery).length, 1);

  // Later runs (every second here) find nothing more to ask for.
  const [{ at }] = await query(databaseUrl, 'SELECT recovered_at AS at FROM codehost_hooks');
  await waitFor('two more recovery runs', async () => (await query(databaseUrl, 'SELECT 1 FROM codehost_hooks WHERE recovered_at > $1::timestamptz + interval \'1.5 seconds\'', [at])).length > 0, 15_000, 100);
  assert.equal(attempts().length, 5);
  assert.equal(await taskCount(), 6);

  const stats = await waitFor('the counters to be written', async () => {
    const e = await entry();
    return e?.hook_stats?.received === 6 ? e.hook_stats : undefined;
  });
  assert.equal(stats.recovered, 5);
  assert.equal(stats.backlog_age_seconds, 0);
  assert.ok(Date.parse(stats.last_recovery_at) > Date.parse(at));
});

test('a rate-limited code host is waited for, and the missed deliveries still come back once', async () => {
  await server.close();
  const missed = [];
  for (let n = 7; n <= 8; n++) missed.push((await ch.deliver('issues', opened(n), { repo: REPO }))[0]);
  const before = attempts().length;
  // The next two calls (whichever they are) are refused with a secondary rate limit and Retry-After.
  ch.behave({ kind: 'rate_limited', times: 2, retryAfterSeconds: 1 });
  server = await startServer(databaseUrl, env);
  await waitFor('the missed deliveries to activate', async () => (await taskCount()) === 8, 25_000, 100);
  for (const d of missed) assert.equal(await activationsOf(d.guid), 1);
  assert.equal(attempts().length - before, 2);
});

test('a hook the code host disabled after failing deliveries is re-activated at start, and what failed before is recovered', async () => {
  await server.close();
  ch.disableHooksAfterFailures(2);
  const failed = [];
  for (let n = 10; n <= 11; n++) failed.push((await ch.deliver('issues', opened(n), { repo: REPO }))[0]);
  assert.equal(hookAt(ch, REPO)!.active, false, 'disabled by the code host after two failures');
  assert.deepEqual(await ch.deliver('issues', opened(12), { repo: REPO }), [], 'a disabled hook gets nothing');
  const tasks = await taskCount();
  server = await startServer(databaseUrl, env);
  await waitFor('the hook to be active again', async () => hookAt(ch, REPO)!.active, 15_000, 100);
  await waitFor('what failed to be recovered', async () => (await taskCount()) === tasks + 2, 20_000, 100);
  for (const d of failed) assert.equal(await activationsOf(d.guid), 1);
  ch.disableHooksAfterFailures(0);
  const [live] = await ch.deliver('issues', opened(13), { repo: REPO });
  assert.equal(live.status, 202);
  assert.match((await entry()).hook_health, /^repaired at /);
});

test('the trigger list counts duplicates and rejected signatures per hook', async () => {
  const hook = hookAt(ch, REPO)!;
  // Every delivery so far (6 + 2) is counted once the receiving processes have written their counts.
  const before = await waitFor('earlier counts to be written', async () => {
    const s = (await entry()).hook_stats;
    return s.received === 11 ? s : undefined;
  });
  assert.deepEqual([before.duplicate, before.rejected_signature, before.recovered], [0, 0, 9]);
  const first = await sendDelivery(hook, 'issues', opened(20));
  assert.equal(first.status, 202);
  assert.equal((await sendDelivery(hook, 'issues', opened(20), { id: first.id })).status, 202);
  assert.equal((await sendDelivery(hook, 'issues', opened(21), { signature: `sha256=${'0'.repeat(64)}` })).status, 401);
  const after = await waitFor('the counters to be written', async () => {
    const s = (await entry()).hook_stats;
    return s.rejected_signature === before.rejected_signature + 1 && s.duplicate === before.duplicate + 1 ? s : undefined;
  });
  assert.equal(after.received, before.received + 1);
  assert.ok(!JSON.stringify(await entry()).includes(hook.config.secret!), 'the secret is never listed');

  // The same counts, the backlog and the runs, as an operator scrapes them.
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const hookId = (await entry()).hook_id;
  const sample = (name: string, labels: string) => Number(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1]);
  assert.equal(sample('hangar_webhook_hook_deliveries', `hook_id="${hookId}",outcome="received"`), after.received);
  assert.equal(sample('hangar_webhook_hook_deliveries', `hook_id="${hookId}",outcome="duplicate"`), after.duplicate);
  assert.equal(sample('hangar_webhook_hook_deliveries', `hook_id="${hookId}",outcome="rejected_signature"`), after.rejected_signature);
  assert.equal(sample('hangar_webhook_hook_deliveries', `hook_id="${hookId}",outcome="recovered"`), after.recovered);
  assert.ok(sample('hangar_webhook_hook_last_run_timestamp_seconds', `hook_id="${hookId}",run="recovery"`) > Date.now() / 1000 - 3600);
  assert.ok(sample('hangar_webhook_hook_last_run_timestamp_seconds', `hook_id="${hookId}",run="reconciliation"`) > Date.now() / 1000 - 3600);
  assert.match(text, /^hangar_webhook_backlog_oldest_age_seconds \d/m);
});

test('a closed server leaves nothing running: a restart picks the schedule up from the queue', async () => {
  await restart();
  const [d] = await ch.deliver('issues', opened(30), { repo: REPO });
  assert.equal(d.status, 202);
  await waitFor('the live delivery to activate', async () => (await activationsOf(d.guid)) === 1);
  await server.close();
  const pending = await query(databaseUrl, "SELECT task_identifier FROM graphile_worker.jobs WHERE task_identifier IN ('recover_hook_deliveries', 'reconcile_hooks') ORDER BY 1");
  assert.deepEqual(pending.map((j) => j.task_identifier), ['reconcile_hooks', 'recover_hook_deliveries'], 'the next runs wait in the queue, not in a timer');
});

test('a redelivery that failed in its turn (Hangar away again when it came) is asked for again once its claim is 30 s old', async () => {
  await server.close();
  const [stale] = await ch.deliver('issues', opened(40), { repo: REPO });
  const [fresh] = await ch.deliver('issues', opened(41), { repo: REPO });
  assert.ok(stale.error && fresh.error, 'both failed: Hangar was down');
  // As an earlier run left them: asked for (a minute ago, and a moment ago), the redelivery failed too.
  const [{ id: hookId }] = await query(databaseUrl, 'SELECT id FROM codehost_hooks');
  await query(databaseUrl, "INSERT INTO hook_redeliveries (hook_id, guid, provider_delivery_id, requested_at) VALUES ($1, $2, $3, now() - interval '1 minute'), ($1, $4, $5, now())", [hookId, stale.guid, stale.id, fresh.guid, fresh.id]);
  const before = attempts().length;
  server = await startServer(databaseUrl, env);
  await waitFor('the stale claim to be asked for again and to activate', async () => (await activationsOf(stale.guid)) === 1, 20_000, 100);
  const asked = attempts().slice(before).map((r) => r.path.split('/').at(-2));
  assert.deepEqual(asked, [String(stale.id)], 'the stale claim is asked for again; the one asked a moment ago waits for its own redelivery');
  assert.equal(await activationsOf(fresh.guid), 0);
  // Out of the way of the tests after this one (it would be asked for again 30 s on): as if refused.
  await query(databaseUrl, "UPDATE hook_redeliveries SET requested_at = 'infinity' WHERE guid = $1", [fresh.guid]);
});
