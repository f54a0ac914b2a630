// How Hangar behaves when a provider does not (api.md §4): rate limits are retried with backoff
// within a bounded wait honouring Retry-After and reset headers, then reported as rate_limited;
// 5xx is retried for idempotent methods only; a hung provider times out without holding anything;
// an answer that is not JSON is an upstream error. Real sockets throughout, counted at the stand-in.
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { startAnzEnrichment, type AnzEnrichment } from '../../src/sandbox/standins/anz-enrichment.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { assertNoSecrets, CODEHOST_CLIENT, credentialsSeen, freePort, newProject, providerEnv, query, signIn, since, storedCredentials, until, type Client } from './kit.ts';

const ANZ_KEY = 'anz-live-resilience-4e5f6a7b8c9d0e1f2a3b';
const GLOBAL_KEY = 'enr_live_resilience_7c8d9e0f1a2b3c4d5e6f';
const TOKEN = 'github_pat_11AARESILIENCE0token9a8b7c6d5e';
const TIMEOUT_MS = 500;
const MAX_WAIT_MS = 2500;
/** Waits between three attempts (full jitter of 400 and 800 ms at most) always fit in MAX_WAIT_MS. */
const MAX_ATTEMPTS = 3;

let server: TestServer;
let anz: AnzEnrichment;
let enr: Enrichment;
let ch: CodeHost;
let auth: OAuthServer;
let c: Client;
let oauthConn: string;
let anzConn: string;
let enrConn: string;
let chConn: string;
/** In front of the ANZ stand-in: counts requests whose client is still connected. */
let watch: Server;
let open = 0;

function startWatch(target: string): Promise<Server> {
  const proxy = createServer((req, res) => {
    open++;
    res.on('close', () => open--);
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    // The client gave up: so does the proxy, like any front end would.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

before(async () => {
  anz = await startAnzEnrichment({ apiKeys: [ANZ_KEY] });
  enr = await startEnrichment({ apiKeys: [GLOBAL_KEY] });
  auth = await startOAuthServer({ clients: [CODEHOST_CLIENT], accounts: [{ id: 'u-1', login: 'ada', email: 'ada@example.com' }] });
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: 'octocat' } }, oauth: auth });
  ch.seed.repo({ owner: 'octocat', name: 'hello' });
  ch.seed.repo({ owner: 'mona', name: 'public-work' });
  watch = await startWatch(anz.url);
  const port = await freePort();
  server = await startServer(undefined, {
    PORT: String(port),
    HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...providerEnv({ enrichment: enr, codehost: ch, codehostOAuth: auth }),
    HANGAR_ANZ_ENRICHMENT_BASE_URL: `http://127.0.0.1:${(watch.address() as AddressInfo).port}`,
    HANGAR_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
    HANGAR_PROVIDER_MAX_RETRY_WAIT_MS: String(MAX_WAIT_MS),
    HANGAR_PROVIDER_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  });
  c = await newProject(server);
  // The code host stand-in compiles each operation's schema on first use (~1 s, more than the short
  // timeout here): warm up the ones used below directly, before Hangar calls them.
  const h = { authorization: `Bearer ${TOKEN}`, accept: 'application/json', 'user-agent': 'warm-up', 'content-type': 'application/json' };
  await fetch(`${ch.url}/user`, { headers: h });
  await fetch(`${ch.url}/repos/octocat/hello`, { headers: h });
  await fetch(`${ch.url}/repos/mona/public-work/git/refs`, { method: 'POST', headers: h, body: JSON.stringify({ ref: 'refs/heads/x', sha: 'a'.repeat(40) }) });
  anzConn = (await c.connect('anz_enrichment', ANZ_KEY)).body.connection_id;
  enrConn = (await c.connect('enrichment', GLOBAL_KEY)).body.connection_id;
  const chConnected = await c.connect('codehost', TOKEN);
  assert.equal(chConnected.status, 200, JSON.stringify(chConnected.body));
  chConn = chConnected.body.connection_id;
  oauthConn = (await signIn(c, 'codehost', 'ada')).connection_id;
});
after(async () => {
  await new Promise((r) => watch.close(r));
  for (const s of [anz, enr, ch, auth]) await s.close();
});

const person = () => c.run('anz_enrichment.people_enrichment', anzConn, { email: 'liam@southerncross.io' });
const contact = () => c.run('enrichment.find_contact', enrConn, { email: 'maya.patel@northwind.io' });
const repo = () => c.run('codehost.get_repository_info', chConn, { owner: 'octocat', repo: 'hello' });

/** The ISO instant a rate-limit message names as the provider's reset time. */
function resetIn(message: string): Date {
  const m = /resets at (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)/.exec(message);
  assert.ok(m, `no reset time in: ${message}`);
  return new Date(m[1]);
}

describe('provider rate limits', () => {
  test('a 429 with Retry-After 1 is waited out and retried once; the step succeeds', async () => {
    anz.behave({ kind: 'rate_limited', times: 1, retryAfterSeconds: 1 });
    const mark = anz.requests.length;
    const started = Date.now();
    const r = await person();
    const took = Date.now() - started;
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.output.person.full_name, 'Liam O’Connor');
    const sent = since(anz, mark);
    assert.equal(sent.length, 2);
    assert.deepEqual(sent[1].body, sent[0].body);
    assert.ok(took >= 950 && took < MAX_WAIT_MS + 3000, `took ${took} ms; Retry-After said 1 s`);
  });

  test('an API Call sees the answer after the retry, not the 429', async () => {
    enr.behave({ kind: 'rate_limited', times: 1, retryAfterSeconds: 1 });
    const mark = enr.requests.length;
    const r = await c.api(enrConn, 'POST', '/company', { body: { domain: 'northwind.io' } });
    assert.equal(r.status, 200);
    assert.deepEqual([r.body.status, r.body.response_body.company.name], [200, 'Northwind Analytics']);
    assert.equal(since(enr, mark).length, 2);
  });

  test('still limited after the retry budget: 429 rate_limited (third_party), Retry-After, and the reset time in the message', async () => {
    enr.behave({ kind: 'rate_limited', retryAfterSeconds: 30 });
    try {
      const mark = enr.requests.length;
      const started = Date.now();
      const r = await contact();
      const e = expectError(r, 429, 'rate_limited');
      assert.equal(e.error_audience, 'third_party');
      // Waiting 30 s is beyond the budget: Hangar answers at once instead of sleeping on it.
      assert.ok(Date.now() - started < MAX_WAIT_MS);
      assert.equal(since(enr, mark).length, 1);
      const retryAfter = Number(r.headers.get('retry-after'));
      assert.ok(retryAfter >= 28 && retryAfter <= 31, `Retry-After ${retryAfter}`);
      const reset = resetIn(e.message).getTime();
      assert.ok(Math.abs(reset - (started + 30_000)) < 2000, e.message);
      const [row] = await query(server.databaseUrl, "SELECT status, error_type FROM step_runs WHERE project_id = $1 AND step = 'enrichment.find_contact' ORDER BY created_at DESC LIMIT 1", [c.projectId]);
      assert.deepEqual(row, { status: 'failed', error_type: 'rate_limited' });
      // An API Call gets the same error, not the 429 as data: Hangar's retry budget is what ran out.
      expectError(await c.api(enrConn, 'GET', '/account'), 429, 'rate_limited');
    } finally {
      enr.behave({ kind: 'normal' });
    }
  });

  test('without Retry-After, the provider’s reset header (epoch seconds) is the reset time reported', async () => {
    anz.behave({ kind: 'rate_limited', resetInSeconds: 40 });
    try {
      const mark = anz.requests.length;
      const e = expectError(await person(), 429, 'rate_limited');
      const sent = since(anz, mark);
      assert.equal(sent.length, 1);
      const reset = resetIn(e.message);
      assert.equal(reset.getUTCMilliseconds(), 0, 'read from x-ratelimit-reset, a whole second');
      const expected = Math.ceil(Date.now() / 1000) + 40;
      assert.ok(Math.abs(reset.getTime() / 1000 - expected) <= 1, `${reset.toISOString()} vs ${expected}`);
    } finally {
      anz.behave({ kind: 'normal' });
    }
  });

  test('code host: 403 with x-ratelimit-remaining 0 is a rate limit, waited out until its reset', async () => {
    ch.behave({ kind: 'rate_limited', times: 1, as403: true, resetInSeconds: 1 });
    const mark = ch.requests.length;
    const r = await repo();
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.output.repository.full_name, 'octocat/hello');
    assert.equal(since(ch, mark).length, 2);
  });

  test('code host: an exhausted 403 past the budget is 429 rate_limited, not a permission error', async () => {
    ch.behave({ kind: 'rate_limited', as403: true, resetInSeconds: 120 });
    try {
      const mark = ch.requests.length;
      const e = expectError(await repo(), 429, 'rate_limited');
      assert.equal(e.error_audience, 'third_party');
      assert.match(e.message, /Code Host is rate limiting this connection/);
      assert.equal(since(ch, mark).length, 1);
    } finally {
      ch.behave({ kind: 'normal' });
    }
  });

  test('code host: a 403 with budget left is a permission refusal, and is not retried', async () => {
    const mark = ch.requests.length;
    const e = expectError(await c.run('codehost.create_branch', chConn, { owner: 'mona', repo: 'public-work', branch: 'x', sha: 'a'.repeat(40) }), 403, 'forbidden');
    assert.match(e.message, /lacks the permission/);
    assert.equal(since(ch, mark).length, 1);
  });
});

describe('provider failures', () => {
  test('5xx is retried for a GET: two 502s, then the answer', async () => {
    ch.behave({ kind: 'server_error', times: 2, status: 502 });
    const mark = ch.requests.length;
    const r = await repo();
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(since(ch, mark).length, 3);
  });

  test('5xx is not retried for a POST: the step fails with 502 after one request', async () => {
    anz.behave({ kind: 'server_error', times: 1, status: 500 });
    const mark = anz.requests.length;
    const e = expectError(await person(), 502, 'upstream_error');
    assert.equal(e.error_audience, 'third_party');
    assert.match(e.message, /answered 500/);
    assert.equal(since(anz, mark).length, 1);
    assert.equal((await person()).status, 200);
  });

  test('through an API Call: a GET’s 503 is retried; a POST’s 500 comes back as data, sent once', async () => {
    enr.behave({ kind: 'server_error', times: 1, status: 503 });
    let mark = enr.requests.length;
    const get = await c.api(enrConn, 'GET', '/account');
    assert.deepEqual([get.status, get.body.status, since(enr, mark).length], [200, 200, 2]);
    enr.behave({ kind: 'server_error', times: 1, status: 500 });
    mark = enr.requests.length;
    const post = await c.api(enrConn, 'POST', '/person', { body: { email: 'maya.patel@northwind.io' } });
    assert.deepEqual([post.status, post.body.status, post.body.response_body.error.code], [200, 500, 'internal_error']);
    assert.equal(since(enr, mark).length, 1);
  });

  test('a hung provider times out as a 502; the server keeps serving meanwhile and holds nothing afterwards', async () => {
    anz.behave({ kind: 'hang' });
    try {
      const mark = anz.requests.length;
      const started = Date.now();
      let settled = false;
      const pending = person().finally(() => (settled = true));
      await until(() => anz.requests.length > mark, 2000, 'the request to reach the provider');
      assert.equal(open, 1);
      // Meanwhile other requests, to Hangar and through it to other providers, are served.
      assert.equal((await repo()).status, 200);
      assert.equal((await c.post('/latest/integrations/connections/list')).status, 200);
      assert.equal(settled, false, 'served while the hung call was still pending');
      const e = expectError(await pending, 502, 'upstream_error');
      const took = Date.now() - started;
      assert.match(e.message, /ANZ Enrichment could not be reached: it did not answer in time/);
      assert.ok(took >= TIMEOUT_MS - 50 && took < TIMEOUT_MS + 2500, `took ${took} ms`);
      assert.equal(since(anz, mark).length, 1, 'a POST that timed out is not sent again');
      // Hangar closed its end: no request to the provider is left open.
      await until(() => open === 0, 1000, 'the hung request to be closed by Hangar');
    } finally {
      anz.behave({ kind: 'normal' });
    }
    assert.equal((await person()).status, 200);
  });

  test('a provider trickling its answer a byte at a time: the attempt ends within HANGAR_PROVIDER_TIMEOUT_MS of its start, headers and body together', async () => {
    anz.behave({ kind: 'trickle', everyMs: 50 });
    try {
      const mark = anz.requests.length;
      const started = Date.now();
      const e = expectError(await person(), 502, 'upstream_error');
      const took = Date.now() - started;
      assert.match(e.message, /ANZ Enrichment could not be reached: it did not answer in time/);
      assert.ok(took >= TIMEOUT_MS - 50 && took < TIMEOUT_MS + 2500, `took ${took} ms`);
      assert.equal(since(anz, mark).length, 1, 'a POST that timed out is not sent again');
      await until(() => open === 0, 1000, 'the trickling request to be closed by Hangar');
    } finally {
      anz.behave({ kind: 'normal' });
    }
  });

  test('a hung provider on a GET is tried HANGAR_PROVIDER_MAX_ATTEMPTS times, then a 502', async () => {
    enr.behave({ kind: 'hang' });
    try {
      const mark = enr.requests.length;
      const started = Date.now();
      const e = expectError(await c.api(enrConn, 'GET', '/account'), 502, 'upstream_error');
      assert.match(e.message, /did not answer in time/);
      assert.equal(since(enr, mark).length, MAX_ATTEMPTS);
      // The attempts' timeouts and the bounded waits between them (with slack for a busy machine).
      assert.ok(Date.now() - started < MAX_ATTEMPTS * TIMEOUT_MS + 1200 + 4000);
    } finally {
      enr.behave({ kind: 'normal' });
    }
  });

  test('an answer that is not JSON fails the step with 502, for every provider', async () => {
    for (const [s, run] of [[anz, person], [enr, contact], [ch, repo]] as const) {
      s.behave({ kind: 'garbage', times: 1 });
      const e = expectError(await run(), 502, 'upstream_error');
      assert.match(e.message, /not JSON/);
      assert.equal((await run()).status, 200);
    }
    // An API Call returns what the provider said, as data.
    enr.behave({ kind: 'garbage', times: 1 });
    const data = await c.api(enrConn, 'GET', '/account');
    assert.deepEqual([data.status, data.body.status, data.body.headers['content-type']], [200, 200, 'text/html; charset=utf-8']);
    assert.match(data.body.response_body, /Service temporarily rerouted/);
  });
});

describe('the authorization server, when Hangar refreshes a sign-in', () => {
  const oauthRepo = () => c.run('codehost.get_repository_info', oauthConn, { owner: 'octocat', repo: 'hello' });

  test('hung: a 502 within the timeout, not a request held for ever; the next call refreshes', { timeout: 15_000 }, async () => {
    assert.equal((await oauthRepo()).status, 200);
    auth.expireAccessTokens();
    auth.behave({ kind: 'hang' });
    try {
      const started = Date.now();
      const e = expectError(await oauthRepo(), 502, 'upstream_error');
      assert.match(e.message, /authorization server could not refresh/);
      assert.ok(Date.now() - started < TIMEOUT_MS + 2500, `took ${Date.now() - started} ms`);
    } finally {
      auth.behave({ kind: 'normal' });
    }
    assert.equal((await oauthRepo()).status, 200);
  });

  test('failing (5xx) is a 502 to retry later; refusing the refresh token (access revoked at the provider) asks to reconnect', { timeout: 15_000 }, async () => {
    auth.expireAccessTokens();
    auth.behave({ kind: 'server_error', times: 1 });
    const failed = expectError(await oauthRepo(), 502, 'upstream_error');
    assert.match(failed.message, /retry later/);
    assert.equal((await oauthRepo()).status, 200, 'the connection survived the failed refresh');
    // The account owner revokes Hangar's access in the provider's settings.
    const [held] = (await storedCredentials(server.databaseUrl, c.projectId)).filter((x) => x.kind === 'oauth');
    assert.ok(held?.kind === 'oauth' && held.refresh_token);
    const revoked = await fetch(`${auth.url}/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: held.refresh_token, ...CODEHOST_CLIENT }) });
    assert.equal(revoked.status, 200);
    const e = expectError(await oauthRepo(), 403, 'forbidden');
    assert.match(e.message, /refused to refresh this connection's sign-in \(invalid_grant\); reconnect the account/);
  });

  test('hung while a connection is removed: it is removed at once, the revocation reported as not done', { timeout: 15_000 }, async () => {
    auth.behave({ kind: 'hang' });
    try {
      const revocationFailures = async () => Number(/^hangar_background_failures_total\{source="revocation"\} (\d+)/m.exec(await fetch(`${server.url}/metrics`).then((x) => x.text()))?.[1] ?? 0);
      const failedBefore = await revocationFailures();
      const started = Date.now();
      const r = await c.post(`/latest/integrations/connections/${oauthConn}/delete`);
      assert.deepEqual(r.body, { connection_id: oauthConn, deleted: true, revoked_at_provider: false });
      assert.ok(Date.now() - started < TIMEOUT_MS + 2500, `took ${Date.now() - started} ms`);
      assert.equal(await revocationFailures(), failedBefore + 1, 'the failed revocation is counted (and logged with its reason)');
    } finally {
      auth.behave({ kind: 'normal' });
    }
    expectError(await oauthRepo(), 409, 'connection_removed');
  });
});

test('no key or token appears in any answer or log line', () => {
  const secrets = [ANZ_KEY, GLOBAL_KEY, TOKEN, CODEHOST_CLIENT.client_secret, ...credentialsSeen(auth, ch)];
  assertNoSecrets(secrets, c.seen, 'an answer');
  assertNoSecrets(secrets, server.logs, 'the server log');
});
