// The providers' published quotas, kept by Hangar ahead of the provider (api.md §4): a call that
// would exceed one is refused with 429 rate_limited (third_party) and never leaves. Code host:
// requests per hour per connection; analytics: tokens per property (as the provider reports them
// in propertyQuota) and concurrent requests per property. The counters are shared, so the limit
// holds across two server processes on one database (PostgreSQL counters, or Redis when REDIS_URL
// is set). Quotas are overridden small (HANGAR_QUOTA_OVERRIDES) so they run out quickly.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { expectError, startServer, TEST_ENCRYPTION_KEY, type TestServer } from '../helpers/hangar.ts';
import { startAnalytics, type Analytics } from '../../src/sandbox/standins/analytics.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { ANALYTICS_CLIENT, assertNoSecrets, CODEHOST_CLIENT, credentialsSeen, freePort, newProject, providerEnv, query, signIn, since, storedCredentials, until, type Client } from './kit.ts';
import { skipWhen } from '../helpers/skips.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKENS = {
  single: 'github_pat_11AAQUOTA0single7a6b5c4d3e2f1',
  shared: 'github_pat_11AAQUOTA0shared9f8e7d6c5b4a3',
  redis: 'github_pat_11AAQUOTA0redis1c2d3e4f5a6b7',
};
const OVERRIDES = { 'codehost.requests_per_hour': 3, 'analytics.core_tokens_per_hour': 4, 'analytics.core_concurrent_requests': 1 };
const TIMEOUT_MS = 1500;

let server: TestServer;
let ch: CodeHost;
let oauth: OAuthServer;
let ga: Analytics;
let c: Client;
let analyticsConn: string;
const children: Array<{ process: ChildProcess; output: string[] }> = [];

const ROWS = [{ dimensions: { date: '20240301', country: 'Australia' }, metrics: { sessions: 10 } }];

before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  oauth = await startOAuthServer({ clients: [ANALYTICS_CLIENT, CODEHOST_CLIENT], accounts: [{ id: 'g-1', login: 'ada', email: 'ada@example.com', admin: true }] });
  ch = await startCodeHost({ tokens: Object.fromEntries(Object.values(TOKENS).map((t) => [t, { login: 'octocat' }])), oauth });
  ch.seed.repo({ owner: 'octocat', name: 'hello' });
  ga = await startAnalytics({ oauth, properties: ['501', '502', '503'].map((id) => ({ id, account: 'accounts/1', rows: ROWS })) });
  server = await startServer(undefined, {
    PORT: String(port),
    HANGAR_PUBLIC_URL: publicUrl,
    HANGAR_COUNTER_STORE: 'postgres',
    HANGAR_QUOTA_OVERRIDES: JSON.stringify(OVERRIDES),
    HANGAR_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
    ...providerEnv({ codehost: ch, analyticsData: ga, analyticsAdmin: ga, analyticsOAuth: oauth, codehostOAuth: oauth }),
  });
  c = await newProject(server);
  analyticsConn = (await signIn(c, 'analytics', 'ada')).connection_id;
});
after(async () => {
  for (const child of children) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      const exited = new Promise((r) => child.process.once('exit', r));
      child.process.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
    }
  }
  for (const s of [ch, ga, oauth]) await s.close();
});

/** Requests that reached the code host with one token. */
const withToken = (token: string) => ch.requests.filter((r) => r.headers.authorization === `Bearer ${token}`);
const repoInfo = (client: Client, connection: string) => client.run('codehost.get_repository_info', connection, { owner: 'octocat', repo: 'hello' });
/** A report on one property: 1 dimension over 7 days costs ceil(2 × (1 + 7/30)) = 3 tokens. */
const report = (property: string, dimensions = ['country'], end = '2024-03-07') =>
  c.run('analytics.run_reports', analyticsConn, { property_id: property, metrics: ['sessions'], dimensions, date_range: { start_date: '2024-03-01', end_date: end } });
const reportsTo = (property: string) => ga.requests.filter((r) => r.path === `/v1beta/properties/${property}:runReport`);

function quotaRefusal(r: Awaited<ReturnType<Client['run']>>, quota: string) {
  const e = expectError(r, 429, 'rate_limited');
  assert.equal(e.error_audience, 'third_party');
  assert.match(e.message, new RegExp(`quota "${quota}"`));
  assert.match(e.message, /resets at \d{4}-\d{2}-\d{2}T/);
  assert.ok(Number(r.headers.get('retry-after')) >= 1);
  return e;
}

/** `hangar start` as a second process of the region: same database and key, its own port. */
async function startSecondProcess(env: Record<string, string>): Promise<{ url: string; output: string[] }> {
  const port = await freePort();
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Not the test runner's variables, nor settings meant for this process.
    if (k.startsWith('NODE_TEST') || k.startsWith('HANGAR_') || ['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'LOG_LEVEL'].includes(k)) continue;
    base[k] = v;
  }
  const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'hangar.js'), 'start'], {
    cwd: ROOT,
    env: { ...base, DATABASE_URL: server.databaseUrl, HANGAR_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', HANGAR_QUOTA_OVERRIDES: JSON.stringify(OVERRIDES), ...providerEnv({ codehost: ch }), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  children.push({ process: child, output });
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the second process exited: ${output.join('')}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return { url, output };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the second process was not ready within 30 s: ${output.join('')}`);
}

describe('code host: requests per hour per connection', () => {
  test('the 4th request of the hour is refused before it leaves; steps and API Calls count alike', async () => {
    const made = await c.connect('codehost', TOKENS.single);
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const id = made.body.connection_id;
    assert.equal(withToken(TOKENS.single).length, 1, 'the token check (GET /user) is a request of the connection');
    assert.equal((await repoInfo(c, id)).status, 200);
    const api = await c.api(id, 'GET', '/repos/octocat/hello', { headers: { accept: 'application/vnd.codehost+json' } });
    assert.deepEqual([api.status, api.body.status], [200, 200]);
    const e = quotaRefusal(await repoInfo(c, id), 'requests_per_hour');
    assert.match(e.message, /3 per 3600 s/);
    quotaRefusal(await c.api(id, 'GET', '/repos/octocat/hello', { headers: { accept: 'application/vnd.codehost+json' } }), 'requests_per_hour');
    assert.equal(withToken(TOKENS.single).length, 3, 'the refused calls never reached the code host');
  });

  test('a sign-in is not a connection: sign-ins (which ask GET /user) do not spend one counter shared by all', async () => {
    for (let i = 0; i < 4; i++) {
      const s = await signIn(c, 'codehost', 'ada');
      assert.equal(s.account, 'ada');
    }
  });
});

describe('analytics: per property', () => {
  test('tokens per hour, as the provider reports spending them: the third report of 3 tokens is refused', async () => {
    const first = await report('501');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.output.property_quota.tokensPerHour.consumed > 0, true);
    assert.equal((await report('501')).status, 200);
    // 6 tokens spent of 4: one request may overshoot (its cost is known only from its answer).
    quotaRefusal(await report('501'), 'core_tokens_per_hour');
    assert.equal(reportsTo('501').length, 2);
    assert.equal(ga.tokensUsed('501'), 6);
  });

  test('another property has its own budget; a report retried after a token refresh is charged too', async () => {
    oauth.expireAccessTokens();
    const refreshes = oauth.requests.filter((r) => (r.body as any)?.grant_type === 'refresh_token').length;
    // 2 dimensions over 30 days cost ceil(3 × 2) = 6 tokens, more than the whole budget of 4.
    const r = await report('502', ['country', 'date'], '2024-03-30');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(oauth.requests.filter((x) => (x.body as any)?.grant_type === 'refresh_token').length, refreshes + 1);
    assert.equal(reportsTo('502').length, 2, 'refused with the expired token, then sent again with the new one');
    assert.equal(ga.tokensUsed('502'), 6);
    quotaRefusal(await report('502'), 'core_tokens_per_hour');
    assert.equal(reportsTo('502').length, 2);
  });

  test('concurrent requests: with one held in flight, the next is refused; once it ends the slot is free', async () => {
    ga.behave({ kind: 'hang' });
    let held: Promise<Awaited<ReturnType<typeof report>>>;
    try {
      held = report('503');
      await until(() => reportsTo('503').length === 1, 3000, 'the first report to reach the provider');
      quotaRefusal(await report('503'), 'core_concurrent_requests');
      assert.equal(reportsTo('503').length, 1);
    } finally {
      ga.behave({ kind: 'normal' });
    }
    // The held one times out (a POST is not retried) and gives its slot back.
    expectError(await held, 502, 'upstream_error');
    const next = await report('503');
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.equal(reportsTo('503').length, 2);
  });
});

describe('several server processes share the counters', () => {
  async function acrossProcesses(token: string, env: Record<string, string>) {
    const second = await startSecondProcess(env);
    const other = c.on(second);
    const made = await c.connect('codehost', token);
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const id = made.body.connection_id;
    assert.equal((await repoInfo(c, id)).status, 200);
    assert.equal((await repoInfo(other, id)).status, 200);
    assert.equal(withToken(token).length, 3);
    // The second process has counted the first's requests: it refuses, and so does the first.
    quotaRefusal(await repoInfo(other, id), 'requests_per_hour');
    quotaRefusal(await repoInfo(c, id), 'requests_per_hour');
    assert.equal(withToken(token).length, 3);
    return { second, counter: `quota:codehost.requests_per_hour:${id}` };
  }

  test('PostgreSQL counters: the limit holds across two processes on one database', async () => {
    const { second, counter } = await acrossProcesses(TOKENS.shared, { HANGAR_COUNTER_STORE: 'postgres' });
    // The count both processes read and wrote is the row in PostgreSQL.
    const [row] = await query(server.databaseUrl, 'SELECT points FROM rate_limits WHERE key = $1', [counter]);
    assert.ok(row && row.points >= 3, JSON.stringify(row));
    assertNoSecrets([TOKENS.shared, TOKENS.single], second.output, 'the second process’s output');
  });

  test('Redis counters: the limit holds across two processes', { skip: skipWhen(!process.env.REDIS_URL, 'REDIS_URL is not set') }, async () => {
    const redis = { HANGAR_COUNTER_STORE: 'redis', REDIS_URL: process.env.REDIS_URL! };
    const first = await startServer(server.databaseUrl, { ...redis, HANGAR_QUOTA_OVERRIDES: JSON.stringify(OVERRIDES), ...providerEnv({ codehost: ch }) });
    const main = c;
    c = c.on(first);
    try {
      const { second, counter } = await acrossProcesses(TOKENS.redis, redis);
      // The count lives in Redis (and not in PostgreSQL, which these servers share as well).
      const client = new Redis(process.env.REDIS_URL!);
      try {
        assert.ok(Number(await client.get(counter)) >= 3);
      } finally {
        client.disconnect();
      }
      assert.deepEqual(await query(server.databaseUrl, 'SELECT points FROM rate_limits WHERE key = $1', [counter]), []);
      assertNoSecrets([TOKENS.redis], [...second.output, ...first.logs], 'the Redis servers’ output');
    } finally {
      c = main;
    }
  });
});

test('no token or client secret appears in any answer or log line', async () => {
  const stored = (await storedCredentials(server.databaseUrl, c.projectId)).flatMap((x) => (x.kind === 'oauth' ? [x.access_token, x.refresh_token ?? ''] : x.kind === 'key' ? [x.key] : Object.values(x.headers)));
  const secrets = [...Object.values(TOKENS), ANALYTICS_CLIENT.client_secret, CODEHOST_CLIENT.client_secret, ...stored, ...credentialsSeen(oauth, ga, ch)];
  assertNoSecrets(secrets, c.seen, 'an answer');
  assertNoSecrets(secrets, server.logs, 'the server log');
  assertNoSecrets(secrets, children.flatMap((x) => x.output), 'the second processes’ output');
  assert.ok(since(ch, 0).length > 0);
});
