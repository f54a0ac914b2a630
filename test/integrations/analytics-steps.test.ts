// The analytics provider's three named steps through Hangar's real HTTP API (api.md §4, source
// §4B): accounts connected by OAuth sign-in, reports sent to the Data API and key events and
// properties to the Admin API (two separate stand-in instances here, so each request's base is
// proven by where it arrived), no rows as a success, and the provider's refusals in our terms.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { startAnalytics, type Analytics } from '../../src/sandbox/standins/analytics.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { ANALYTICS_CLIENT, assertNoSecrets, credentialsSeen, expectRequest, freePort, newProject, providerEnv, query, signIn, since, storedCredentials, type Client } from './kit.ts';

let server: TestServer;
let oauth: OAuthServer;
let data: Analytics;
let admin: Analytics;
let c: Client;
const conn: Record<'ada' | 'bob' | 'cy', string> = { ada: '', bob: '', cy: '' };
const ran = new Set<string>();
const stored: string[] = [];

const ROWS = [
  { dimensions: { date: '20240301', country: 'Australia' }, metrics: { sessions: 120, activeUsers: 80 } },
  { dimensions: { date: '20240302', country: 'Australia' }, metrics: { sessions: 100, activeUsers: 70 } },
  { dimensions: { date: '20240302', country: 'New Zealand' }, metrics: { sessions: 60, activeUsers: 40 } },
  { dimensions: { date: '20240420', country: 'Japan' }, metrics: { sessions: 999, activeUsers: 900 } },
];

before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  oauth = await startOAuthServer({
    clients: [{ ...ANALYTICS_CLIENT, redirect_uris: [`${publicUrl}/latest/integrations/oauth/callback`] }],
    accounts: [
      { id: 'g-1', login: 'ada', email: 'ada@example.com', admin: true },
      { id: 'g-2', login: 'bob', email: 'bob@example.com' },
      { id: 'g-3', login: 'cy', email: 'cy@example.com' },
    ],
  });
  const options = {
    oauth,
    properties: [{ id: '123', account: 'accounts/1', displayName: 'Main site', collectedEvents: ['purchase', 'sign_up'], rows: ROWS }],
    accounts: [{ id: '1', displayName: 'Acme', members: { ada: 'administrator', bob: 'editor', cy: 'viewer' } as const }],
  };
  data = await startAnalytics(options);
  admin = await startAnalytics(options);
  server = await startServer(undefined, { PORT: String(port), HANGAR_PUBLIC_URL: publicUrl, ...providerEnv({ analyticsData: data, analyticsAdmin: admin, analyticsOAuth: oauth }) });
  c = await newProject(server);
  for (const login of ['ada', 'bob', 'cy'] as const) {
    const s = await signIn(c, 'analytics', login);
    assert.equal(s.account, `${login}@example.com`);
    conn[login] = s.connection_id;
  }
});
after(async () => {
  await data.close();
  await admin.close();
  await oauth.close();
});

/** The access token a stand-in saw, and whose it is at the authorization server. */
const tokenOwner = (authorization: string | undefined) => oauth.accountFor(authorization!.replace(/^Bearer /, ''))?.login;

async function step(id: string, who: keyof typeof conn, inputs: Record<string, unknown>) {
  const marks = [data.requests.length, admin.requests.length] as const;
  const r = await c.run(`analytics.${id}`, conn[who], inputs);
  assert.equal(r.status, 200, `${id}: ${JSON.stringify(r.body)}`);
  assert.deepEqual([r.body.status, r.body.errors, r.body.credits_used], ['complete', [], 0]);
  ran.add(`analytics.${id}`);
  return { output: r.body.output, run: r.body.run_id as string, toData: since(data, marks[0]), toAdmin: since(admin, marks[1]) };
}

test('each account signed in is its own connection, named by its email', async () => {
  const listed = await c.post('/latest/integrations/connections/list', { provider: 'analytics' });
  assert.deepEqual(
    listed.body.results.map((x: any) => [x.connection_id, x.account, x.auth_type, x.status]),
    [
      [conn.ada, 'ada@example.com', 'oauth', 'active'],
      [conn.bob, 'bob@example.com', 'oauth', 'active'],
      [conn.cy, 'cy@example.com', 'oauth', 'active'],
    ],
  );
});

describe('Run Reports', () => {
  test('goes to the Data API with the provider’s body; rows come back keyed by their headers', async () => {
    const r = await step('run_reports', 'cy', { property_id: '123', metrics: ['sessions', 'activeUsers'], dimensions: ['country'], date_range: { start_date: '2024-03-01', end_date: '2024-03-07' } });
    assert.equal(r.toAdmin.length, 0);
    assert.equal(r.toData.length, 1);
    expectRequest(r.toData[0], {
      method: 'POST',
      path: '/v1beta/properties/123:runReport',
      body: { dateRanges: [{ startDate: '2024-03-01', endDate: '2024-03-07' }], metrics: [{ name: 'sessions' }, { name: 'activeUsers' }], dimensions: [{ name: 'country' }], returnPropertyQuota: true },
    });
    assert.equal(tokenOwner(r.toData[0].headers.authorization), 'cy', 'the report went out with the viewer connection’s own token');
    assert.deepEqual(r.output.rows, [
      { country: 'Australia', sessions: 220, activeUsers: 150 },
      { country: 'New Zealand', sessions: 60, activeUsers: 40 },
    ]);
    assert.deepEqual([r.output.matched, r.output.row_count, r.output.dimension_headers, r.output.metric_headers], [true, 2, ['country'], ['sessions', 'activeUsers']]);
    // 1 dimension over 7 days costs ceil(2 × (1 + 7/30)) = 3 tokens.
    assert.equal(r.output.property_quota.tokensPerHour.remaining, 40_000 - data.tokensUsed('123'));
    const [row] = await query(server.databaseUrl, 'SELECT step, status, matched, credits_used FROM step_runs WHERE id = $1', [r.run]);
    assert.deepEqual(row, { step: 'analytics.run_reports', status: 'complete', matched: true, credits_used: 0 });
  });

  test('filters, ordering and a limit are sent as the provider names them', async () => {
    const filters = { filter: { fieldName: 'country', stringFilter: { matchType: 'BEGINS_WITH', value: 'new' } } };
    const r = await step('run_reports', 'ada', { property_id: 'properties/123', metrics: ['activeUsers'], dimensions: ['country', 'date'], date_range: { start_date: '2024-03-01', end_date: '2024-03-31' }, filters, order_by_metric: 'activeUsers', descending: false, limit: 5 });
    expectRequest(r.toData[0], {
      method: 'POST',
      path: '/v1beta/properties/123:runReport',
      body: {
        dateRanges: [{ startDate: '2024-03-01', endDate: '2024-03-31' }],
        metrics: [{ name: 'activeUsers' }],
        dimensions: [{ name: 'country' }, { name: 'date' }],
        dimensionFilter: filters,
        orderBys: [{ metric: { metricName: 'activeUsers' }, desc: false }],
        limit: 5,
        returnPropertyQuota: true,
      },
    });
    assert.deepEqual(r.output.rows, [{ country: 'New Zealand', date: '20240302', activeUsers: 40 }]);
  });

  test('a report with no rows is a success with empty rows (matched false)', async () => {
    const r = await step('run_reports', 'cy', { property_id: '123', metrics: ['sessions'], dimensions: ['country'], date_range: { start_date: '2023-01-01', end_date: '2023-01-31' } });
    assert.equal(r.toData.length, 1);
    assert.deepEqual([r.output.matched, r.output.rows, r.output.row_count], [false, [], 0]);
    const [row] = await query(server.databaseUrl, 'SELECT status, matched FROM step_runs WHERE id = $1', [r.run]);
    assert.deepEqual(row, { status: 'complete', matched: false });
  });

  test('invalid inputs never reach the provider; an unknown metric is the provider’s 400', async () => {
    const mark = data.requests.length;
    expectError(await c.run('analytics.run_reports', conn.ada, { property_id: 'abc', metrics: ['sessions'], date_range: { start_date: 'today', end_date: 'today' } }), 400, 'validation_error');
    expectError(await c.run('analytics.run_reports', conn.ada, { property_id: '123', metrics: [], date_range: { start_date: 'today', end_date: 'today' } }), 400, 'validation_error');
    assert.equal(data.requests.length, mark);
    const e = expectError(await c.run('analytics.run_reports', conn.ada, { property_id: '123', metrics: ['notAMetric'], date_range: { start_date: '7daysAgo', end_date: 'today' } }), 400, 'validation_error');
    assert.match(e.message, /notAMetric/);
    assert.equal(e.error_audience, 'third_party');
  });
});

describe('Create Key Events', () => {
  test('marks a collected event on the Admin API (an Editor may)', async () => {
    const r = await step('create_key_events', 'bob', { property_id: '123', event_name: 'purchase' });
    assert.equal(r.toData.length, 0);
    expectRequest(r.toAdmin[0], { method: 'POST', path: '/v1beta/properties/123/keyEvents', body: { eventName: 'purchase', countingMethod: 'ONCE_PER_EVENT' } });
    assert.equal(tokenOwner(r.toAdmin[0].headers.authorization), 'bob');
    assert.equal(r.output.key_event.eventName, 'purchase');
    assert.match(r.output.key_event.name, /^properties\/123\/keyEvents\/\d+$/);
    assert.deepEqual(admin.properties.get('123')!.keyEvents.map((k) => k.eventName), ['purchase']);
    const session = await step('create_key_events', 'ada', { property_id: 'properties/123', event_name: 'sign_up', counting_method: 'ONCE_PER_SESSION' });
    expectRequest(session.toAdmin[0], { method: 'POST', path: '/v1beta/properties/123/keyEvents', body: { eventName: 'sign_up', countingMethod: 'ONCE_PER_SESSION' } });
  });

  test('an event the property never collected is the provider’s 400, surfaced as a 400', async () => {
    const mark = admin.requests.length;
    const e = expectError(await c.run('analytics.create_key_events', conn.bob, { property_id: '123', event_name: 'made_up_event' }), 400, 'validation_error');
    assert.equal(admin.requests.length, mark + 1);
    assert.match(e.message, /Event 'made_up_event' has not been collected by property 123/);
    assert.equal(e.error_audience, 'third_party');
    const [row] = await query(server.databaseUrl, "SELECT status, error_type FROM step_runs WHERE project_id = $1 AND step = 'analytics.create_key_events' ORDER BY created_at DESC LIMIT 1", [c.projectId]);
    assert.deepEqual(row, { status: 'failed', error_type: 'validation_error' });
  });

  test('marking it twice is a 409; a Viewer is refused with a 403', async () => {
    expectError(await c.run('analytics.create_key_events', conn.bob, { property_id: '123', event_name: 'purchase' }), 409, 'conflict');
    expectError(await c.run('analytics.create_key_events', conn.cy, { property_id: '123', event_name: 'sign_up' }), 403, 'forbidden');
  });
});

describe('Create properties', () => {
  test('creates a property under the account (Administrator)', async () => {
    const r = await step('create_properties', 'ada', { account_id: '1', display_name: 'Sydney shop', time_zone: 'Australia/Sydney', currency_code: 'AUD', industry_category: 'SHOPPING' });
    assert.equal(r.toData.length, 0);
    expectRequest(r.toAdmin[0], { method: 'POST', path: '/v1beta/properties', body: { parent: 'accounts/1', displayName: 'Sydney shop', timeZone: 'Australia/Sydney', currencyCode: 'AUD', industryCategory: 'SHOPPING' } });
    const p = r.output.property;
    assert.deepEqual([p.parent, p.displayName, p.timeZone, p.currencyCode, p.industryCategory], ['accounts/1', 'Sydney shop', 'Australia/Sydney', 'AUD', 'SHOPPING']);
    const id = p.name.replace('properties/', '');
    assert.equal(admin.properties.get(id)?.displayName, 'Sydney shop');
  });

  test('an account without Administrator gets a 403 saying the connected account lacks Administrator access on the account', async () => {
    const mark = admin.requests.length;
    const e = expectError(await c.run('analytics.create_properties', conn.bob, { account_id: 'accounts/1', display_name: 'Not allowed', time_zone: 'UTC', currency_code: 'USD' }), 403, 'forbidden');
    assert.match(e.message, /connected analytics account lacks Administrator access on this account/);
    assert.equal(e.error_audience, 'third_party');
    expectRequest(since(admin, mark)[0], { method: 'POST', path: '/v1beta/properties', body: { parent: 'accounts/1', displayName: 'Not allowed', timeZone: 'UTC', currencyCode: 'USD' } });
  });
});

test('all three analytics steps of the catalogue were run', async () => {
  const catalogue = await c.get('/latest/integrations/providers/list');
  const steps = catalogue.body.results.find((p: any) => p.provider === 'analytics').steps.map((s: any) => s.step);
  assert.deepEqual([...ran].sort(), [...steps].sort());
  for (const cred of await storedCredentials(server.databaseUrl, c.projectId)) {
    if (cred.kind === 'oauth') stored.push(cred.access_token, cred.refresh_token ?? '');
  }
  assert.equal(stored.filter(Boolean).length, 6);
});

test('no token or client secret appears in any answer or log line', () => {
  const secrets = [ANALYTICS_CLIENT.client_secret, ...stored, ...credentialsSeen(oauth, data, admin)];
  assertNoSecrets(secrets, c.seen, 'an answer');
  assertNoSecrets(secrets, server.logs, 'the server log');
});
