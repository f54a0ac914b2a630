// GET /metrics, scraped and parsed as Prometheus does (parse-prometheus-text-format): request counts
// and latency by route and status, deliveries received / duplicated / dispatched, activations,
// provider calls, quota remaining, principal-cache hits, pool usage, event-loop lag and the job
// queue; behind HANGAR_METRICS_TOKEN; on a listener of its own with HANGAR_METRICS_PORT.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import parse, { type Family } from 'parse-prometheus-text-format';
import { startServer, type TestServer } from './helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, hookAt, LOGIN, newAgent, newDeliveryId, newProject, processed, sendDelivery, startTriggerServer, TOKEN, type Client } from './triggers/kit.ts';
import * as P from './triggers/payloads.ts';

const METRICS_TOKEN = 'metrics-token-7f3a9c';
const REPO = `${LOGIN}/metered`;
let ch: CodeHost;
let server: TestServer;
let c: Client;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'metered' });
  server = await startTriggerServer(ch, { HANGAR_METRICS_TOKEN: METRICS_TOKEN });
  c = await newProject(server);
});
after(async () => {
  await server?.close();
  await ch?.close();
});

async function scrape(url: string, token?: string): Promise<{ status: number; families: Map<string, Family>; text: string }> {
  const r = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await r.text();
  return { status: r.status, text, families: r.status === 200 ? new Map(parse(text).map((f) => [f.name, f])) : new Map() };
}

/** The value of the sample whose labels include `labels` (0 when there is none). */
function value(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  assert.ok(family, `no metric ${name}`);
  const sample = family.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample ? Number(sample.value ?? sample.count) : 0;
}

test('a scrape parses, and counts what happened', { timeout: 60_000 }, async () => {
  // Work to count: a delivery and its redelivery, a provider call, key lookups.
  const connection = await connectCodeHost(c);
  const agent = await newAgent(c, 'metered');
  assert.equal((await createTrigger(c, agent, 'codehost.new_issue', connection, { repository: REPO })).status, 200);
  const hook = hookAt(ch, REPO)!;
  const id = newDeliveryId();
  const payload = P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: 1, title: 'Count me' }));
  assert.equal((await sendDelivery(hook, 'issues', payload, { id })).status, 202);
  assert.equal((await sendDelivery(hook, 'issues', payload, { id })).status, 202);
  await processed(server.databaseUrl, id);
  const called = await c.post('/latest/integrations/api_call', { connection_id: connection, method: 'GET', endpoint: `/repos/${REPO}`, headers: { accept: 'application/vnd.codehost+json' } });
  assert.equal(called.status, 200, JSON.stringify(called.body));
  for (let i = 0; i < 3; i++) assert.equal((await c.post('/latest/auth/users/list')).status, 200);

  const refused = await scrape(server.url);
  assert.equal(refused.status, 401, 'the token protects it');
  assert.equal((await scrape(server.url, 'wrong')).status, 401);
  const { status, families, text } = await scrape(server.url, METRICS_TOKEN);
  assert.equal(status, 200);

  assert.ok(value(families, 'hangar_http_requests_total', { route: '/latest/auth/users/list', status: '200', method: 'POST' }) >= 3);
  assert.equal(families.get('hangar_http_request_duration_seconds')?.type, 'HISTOGRAM');
  // The parser folds labelled histograms into one sample, so their series are read from the text.
  assert.match(text, /^hangar_http_request_duration_seconds_count\{[^}]*route="\/latest\/integrations\/api_call"[^}]*status="200"[^}]*\} [1-9]/m);
  // The webhook route is counted by its template, not by each hook's URL.
  assert.ok(value(families, 'hangar_http_requests_total', { route: '/latest/webhooks/codehost/:hook_id', status: '202' }) >= 2);
  assert.equal(value(families, 'hangar_webhook_deliveries_total', { outcome: 'received' }), 1);
  assert.equal(value(families, 'hangar_webhook_deliveries_total', { outcome: 'duplicate' }), 1);
  assert.equal(value(families, 'hangar_webhook_deliveries_dispatched_total'), 1);
  assert.equal(value(families, 'hangar_trigger_activations_total', { source: 'delivery' }), 1);
  assert.ok(value(families, 'hangar_provider_calls_total', { provider: 'codehost', status: '200' }) >= 1);
  assert.ok(families.has('hangar_provider_retries_total'));
  const remaining = value(families, 'hangar_provider_quota_remaining', { provider: 'codehost' });
  assert.ok(remaining > 0 && remaining < 5000, `codehost quota remaining: ${remaining}`);
  assert.ok(value(families, 'hangar_principal_cache_lookups_total', { result: 'hit' }) >= 1);
  assert.ok(value(families, 'hangar_principal_cache_lookups_total', { result: 'miss' }) >= 1);
  assert.ok(value(families, 'hangar_db_pool_connections', { state: 'total' }) >= 1);
  assert.ok(families.has('nodejs_eventloop_lag_seconds'));
  assert.ok(families.has('hangar_job_queue_depth') && families.has('hangar_job_queue_oldest_age_seconds'));
});

test('the job queue is read from the database when scraped', { timeout: 60_000 }, async () => {
  // A job nobody takes yet (its task has no handler in this process): it waits, and ages.
  await server.db.pool.query(`SELECT graphile_worker.add_job('metrics_probe', '{}'::json, run_at => now() - interval '5 seconds')`);
  const { families } = await scrape(server.url, METRICS_TOKEN);
  assert.equal(value(families, 'hangar_job_queue_depth', { task: 'metrics_probe' }), 1);
  assert.ok(value(families, 'hangar_job_queue_oldest_age_seconds', { task: 'metrics_probe' }) >= 5);
  await server.db.pool.query(`DELETE FROM graphile_worker._private_jobs WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'metrics_probe')`);
});

test('with HANGAR_METRICS_PORT, /metrics is served there and not on the API listener', { timeout: 60_000 }, async () => {
  const separate = await startServer(undefined, { HANGAR_METRICS_PORT: '0' });
  try {
    assert.equal((await fetch(`${separate.url}/metrics`)).status, 404);
    assert.ok(separate.metricsUrl);
    const { status, families } = await scrape(separate.metricsUrl!);
    assert.equal(status, 200);
    assert.ok(families.has('hangar_http_requests_total'));
  } finally {
    await separate.close();
  }
});
