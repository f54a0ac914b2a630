// The HTTP edge, as the outside probe found it: answers inside the contract for malformed framing
// (no Host, a Content-Type list, oversized headers, a stalled header read), request ids that look
// like ids, bounded JSON nesting, and the small leaks (an invitee's other organization, another
// project's agent, the header's project echoed in a message, a stale key blocking sign-in).
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { bearer, bootstrap, call, expectError, role, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

/** Sends exact bytes and reads until the server closes (or `waitMs` passes). */
export function rawExchange(url: string, text: string, waitMs = 5000): Promise<{ text: string; closed: boolean; ms: number }> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(u.port), u.hostname);
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: out, closed: false, ms: Date.now() - started });
    }, waitMs);
    socket.on('data', (d) => (out += d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: out, closed: true, ms: Date.now() - started });
    });
    socket.write(text);
  });
}

function parsed(answer: string): { status: number; headers: Record<string, string>; body: any } {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined };
}

const STEPS = { steps: [{ name: 's', transformation: 'api_call', params: { url: 'https://example.com' } }] };

describe('the HTTP edge', () => {
  let server: TestServer;
  let org: Org;
  let projectId: string;
  let auth: string;
  before(async () => {
    server = await startServer(undefined, { HANGAR_REQUEST_TIMEOUT_MS: '1500', HANGAR_HEADERS_TIMEOUT_MS: '1000', HANGAR_JSON_MAX_DEPTH: '32' });
    org = await bootstrap(server, undefined, 'edge-password-1');
    const created = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Edge', description: '', organization_id: org.organization_id } });
    projectId = created.body.project_id;
    auth = bearer(projectId, org.api_key);
  });
  after(() => server.close());

  test('a Content-Type list is parsed as JSON, not refused with 415', async () => {
    const r = await call(server, 'POST', '/latest/projects/create', {
      authorization: `Bearer :${org.api_key}`,
      raw: JSON.stringify({ name: 'Listed', description: '', organization_id: org.organization_id }),
      headers: { 'content-type': 'application/json, text/plain' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const garbage = await call(server, 'POST', '/latest/projects/create', {
      authorization: `Bearer :${org.api_key}`,
      raw: JSON.stringify({ name: 'Garbage type', description: '', organization_id: org.organization_id }),
      headers: { 'content-type': 'not a media type' },
    });
    assert.equal(garbage.status, 200, JSON.stringify(garbage.body));
  });

  test('HTTP/1.1 without Host gets the contract error body and a request id', async () => {
    const { text } = await rawExchange(server.url, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    const r = parsed(text);
    assert.equal(r.status, 400);
    assert.equal(r.body.error_type, 'validation_error');
    assert.match(r.body.message, /Host/);
    assert.ok(r.headers['x-request-id']);
  });

  test('oversized headers answer 431 with the error body; a stalled header read answers 408', async () => {
    const big = parsed((await rawExchange(server.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).text);
    assert.equal(big.status, 431);
    assert.equal(big.body.error_audience, 'user');
    assert.ok(big.headers['x-request-id']);
    const slow = await rawExchange(server.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n', 5000);
    assert.ok(slow.closed, 'the server closed the stalled connection');
    const r = parsed(slow.text);
    assert.equal(r.status, 408);
    assert.equal(r.body.error_type, 'request_timeout');
    assert.ok(r.headers['x-request-id']);
  });

  test('a body stalled after an early 401 does not hold the socket', async () => {
    const r = await rawExchange(server.url, 'POST /latest/projects/create HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"na', 5000);
    assert.ok(r.closed, 'socket closed');
    assert.ok(r.ms < 1000, `closed after ${r.ms} ms, not at once`);
    assert.equal(parsed(r.text).status, 401);
  });

  test('an authenticated request whose body stalls is answered 408 and closed by the request timeout', async () => {
    const r = await rawExchange(server.url, `POST /latest/studios/create HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Length: 1000\r\n\r\n{"title":`, 6000);
    assert.ok(r.closed, 'socket closed');
    assert.ok(r.ms >= 1400 && r.ms < 4000, `closed after ${r.ms} ms`);
    const answer = parsed(r.text);
    assert.equal(answer.status, 408);
    assert.equal(answer.body.error_type, 'request_timeout');
  });

  test("a caller's X-Request-Id is echoed only when it looks like an id", async () => {
    for (const good of ['req-1', 'abc.DEF:123_x', 'a'.repeat(128)]) {
      const r = await call(server, 'GET', '/healthz', { headers: { 'x-request-id': good } });
      assert.equal(r.headers.get('x-request-id'), good);
    }
    for (const bad of ['-leading', '<script>', 'a b', 'a'.repeat(129), '../../x', '%0d%0a']) {
      const r = await call(server, 'GET', '/healthz', { headers: { 'x-request-id': bad } });
      assert.notEqual(r.headers.get('x-request-id'), bad);
      assert.match(r.headers.get('x-request-id')!, /^[0-9a-f-]{36}$/);
    }
  });

  test('JSON nested past the bound is a 400 naming the field and the depth, on bodies otherwise valid', async () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const r = await call(server, 'POST', '/latest/studios/create', { authorization: auth, raw: `{"title":"t","params_schema":${deep(3000)}}` });
    const e = expectError(r, 400, 'validation_error');
    assert.match(e.message, /^params_schema(\.a)+ is nested more than 32 levels deep/);
    // Each body is one the route would accept, but for the deep array in a field it takes freely.
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const agent = await call(server, 'POST', '/latest/agents/upsert', { authorization: auth, body: { name: 'Deep', system_prompt: 'x', actions: [] } });
    assert.equal(agent.status, 200, JSON.stringify(agent.body));
    const bodies: Array<[string, string, RegExp]> = [
      ['/latest/integrations/api_call', `{"url":"https://example.com/","method":"POST","body":{"x":${deepArray}}}`, /^body\.x(\.0)+ is nested more than 32 levels deep/],
      ['/latest/integrations/steps/run', `{"step":"api_call","inputs":{"url":"https://example.com/","body":${deepArray}}}`, /^inputs\.body(\.0)+ is nested more than 32 levels deep/],
      ['/latest/agents/upsert', `{"name":"A","system_prompt":"x","actions":[],"tags":{"t":${deepArray}}}`, /^tags\.t(\.0)+ is nested more than 32 levels deep/],
      ['/latest/agents/trigger', `{"agent_id":"${agent.body.agent_id}","message":{"role":"user","content":"hi","attachments":${deepArray}}}`, /^message\.attachments(\.0)+ is nested more than 32 levels deep/],
      ['/latest/studios/create', `{"title":"t","transformations":{"steps":[{"name":"s","transformation":"api_call","params":{"url":"https://example.com","body":${deepArray}}}]}}`, /^transformations\.steps\.0\.params\.body(\.0)+ is nested more than 32 levels deep/],
    ];
    for (const [path, raw, message] of bodies) {
      const shallow = raw.replace(deepArray, '[[1]]');
      assert.doesNotThrow(() => JSON.parse(shallow), path);
      const answer = await call(server, 'POST', path, { authorization: auth, raw });
      assert.match(expectError(answer, 400, 'validation_error').message, message, `${path}: ${answer.body.message?.slice(0, 200)}`);
    }
    const tasks = await call(server, 'POST', `/latest/agents/${agent.body.agent_id}/tasks/list`, { authorization: auth, body: {} });
    assert.equal(tasks.status, 200, JSON.stringify(tasks.body));
    assert.equal(tasks.body.results.length, 0, 'no task was started by the refused trigger');
  });

  test('a huge string in a field is a clear 4xx (the body limit or the field bound), never a 5xx, and nothing is stored', async () => {
    const before = await call(server, 'GET', '/latest/studios/list', { authorization: auth });
    const huge = await call(server, 'POST', '/latest/studios/create', { authorization: auth, body: { title: 'x'.repeat(900_000), transformations: STEPS } });
    assert.ok(huge.status === 400 || huge.status === 413, `${huge.status}: ${JSON.stringify(huge.body).slice(0, 300)}`);
    assert.ok(['validation_error', 'payload_too_large'].includes(huge.body.error_type), JSON.stringify(huge.body).slice(0, 300));
    assert.match(huge.body.message, /^title must NOT have more than 200 characters|body is too large/i);
    const after = await call(server, 'GET', '/latest/studios/list', { authorization: auth });
    assert.equal(after.body.results.length, before.body.results.length);
  });

  test('a number JSON cannot carry (1e309, -1e309) is a 400 naming the field on every route that stores JSON; nothing is stored as null', async () => {
    const steps = JSON.stringify(STEPS);
    const schema = (bound: string) => `{"type":"object","properties":{"n":{"type":"number","maximum":${bound}}}}`;
    const made = await call(server, 'POST', '/latest/studios/create', { authorization: auth, raw: `{"title":"Bounded","transformations":${steps},"params_schema":${schema('1e308')}}` });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const toolId = made.body.studio_id;
    const agent = await call(server, 'POST', '/latest/agents/upsert', { authorization: auth, body: { name: 'Finite', system_prompt: 'x', actions: [], temperature: 0.5 } });
    assert.equal(agent.status, 200, JSON.stringify(agent.body));
    const agentId = agent.body.agent_id;
    const stored = async () => ({
      tools: (await call(server, 'GET', '/latest/studios/list', { authorization: auth })).body.results.length,
      tool: (await call(server, 'GET', `/latest/studios/${toolId}/get`, { authorization: auth })).body.studio.params_schema,
      agent: (await call(server, 'GET', `/latest/agents/${agentId}/get`, { authorization: auth })).body,
    });
    const before = await stored();
    assert.equal(before.tool.properties.n.maximum, 1e308, 'the largest finite bound is kept as sent');
    const connectionId = '00000000-0000-4000-8000-00000000c0de';
    const bodies: Array<[string, string, string]> = [
      ['/latest/studios/create', `{"title":"Bounded","transformations":${steps},"params_schema":${schema('1e309')}}`, 'params_schema.properties.n.maximum'],
      ['/latest/studios/create', `{"title":"Bounded","transformations":${steps},"params_schema":${schema('-1e309')}}`, 'params_schema.properties.n.maximum'],
      ['/latest/studios/create', `{"title":"Stepped","transformations":{"steps":[{"name":"s","transformation":"api_call","params":{"url":"https://example.com","body":{"n":2e400}}}]}}`, 'transformations.steps.0.params.body.n'],
      [`/latest/studios/${toolId}/update`, `{"title":"Bounded","transformations":${steps},"params_schema":${schema('1' + '0'.repeat(400))}}`, 'params_schema.properties.n.maximum'],
      ['/latest/studios/bulk_update', `{"updates":[{"studio_id":"${toolId}","transformations":${steps},"params_schema":${schema('-1e309')}}]}`, 'updates.0.params_schema.properties.n.maximum'],
      ['/latest/agents/upsert', `{"agent_id":"${agentId}","name":"Finite","system_prompt":"x","actions":[],"temperature":1e309}`, 'temperature'],
      ['/latest/agents/upsert', `{"name":"Tagged","system_prompt":"x","actions":[],"tags":{"limit":-1E+309}}`, 'tags.limit'],
      [`/latest/agents/${agentId}/triggers/create`, `{"type":"codehost.new_issue","connection_id":"${connectionId}","config":{"repository":"o/r","every":1e309}}`, 'config.every'],
      ['/latest/agents/trigger', `{"agent_id":"${agentId}","message":{"role":"user","content":"hi","attachments":[{"size":1e309}]}}`, 'message.attachments.0.size'],
      ['/latest/integrations/api_call', `{"url":"https://example.com/","method":"POST","body":{"n":1e309}}`, 'body.n'],
    ];
    for (const [path, raw, field] of bodies) {
      // Otherwise valid: the same text with a finite number parses and is a well-formed body.
      assert.doesNotThrow(() => JSON.parse(raw.replace(/-?1(?:0{400}|e309|E\+309)|2e400/, '1')));
      const answer = await call(server, 'POST', path, { authorization: auth, raw });
      const e = expectError(answer, 400, 'validation_error');
      assert.equal(e.message.split(' ')[0], field, `${path}: ${e.message}`);
      assert.match(e.message, /too large for JSON/);
    }
    assert.deepEqual(await stored(), before, 'no tool or agent was stored or changed');
    const tasks = await call(server, 'POST', `/latest/agents/${agentId}/tasks/list`, { authorization: auth, body: {} });
    assert.equal(tasks.status, 200, JSON.stringify(tasks.body));
    assert.equal(tasks.body.results.length, 0, 'no task was started');
  });

  test('a body naming __proto__ or constructor.prototype is a 400, at any depth and in escaped spelling; nothing is stored', async () => {
    const before = await call(server, 'GET', '/latest/studios/list', { authorization: auth });
    for (const raw of [
      '{"title":"t","__proto__":{"polluted":true}}',
      '{"title":"t","params_schema":{"type":"object","properties":{"x":{"__proto__":{"polluted":true}}}}}',
      '{"title":"t","\\u005f_proto__":{"polluted":true}}',
      '{"title":"t","constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const r = await call(server, 'POST', '/latest/studios/create', { authorization: auth, raw });
      const e = expectError(r, 400, 'validation_error');
      assert.match(e.message, /__proto__/);
    }
    const fine = await call(server, 'POST', '/latest/studios/create', { authorization: auth, raw: '{"title":"constructor","description":"a __proto__ in text is fine","transformations":{"steps":[{"name":"constructor","transformation":"api_call","params":{"url":"https://example.com/__proto__"}}]}}' });
    assert.equal(fine.status, 200, JSON.stringify(fine.body));
    const after = await call(server, 'GET', '/latest/studios/list', { authorization: auth });
    assert.equal((after.body.results ?? after.body.studios).length, (before.body.results ?? before.body.studios).length + 1);
  });

  test('no error message repeats the Authorization header', async () => {
    const unknownProject = '7AB9A294-0000-4000-8000-0000DEADBEEF';
    const r = await call(server, 'GET', '/latest/studios/list', { authorization: `Bearer ${unknownProject}:${org.api_key}` });
    const e = expectError(r, 404, 'not_found');
    assert.ok(!e.message.toLowerCase().includes(unknownProject.toLowerCase()), e.message);
    const garbage = await call(server, 'GET', '/latest/studios/list', { authorization: `Bearer <svg-onload>:${org.api_key}` });
    assert.ok(!expectError(garbage, 404, 'not_found').message.includes('svg'), garbage.body.message);
    const other = await bootstrap(server);
    const foreign = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${other.api_key}`, body: { name: 'Other', description: '', organization_id: other.organization_id } });
    const notMember = await call(server, 'GET', '/latest/studios/list', { authorization: bearer(foreign.body.project_id, org.api_key) });
    assert.ok(!JSON.stringify(notMember.body).includes(foreign.body.project_id), JSON.stringify(notMember.body));
    for (const r2 of [r, garbage, notMember]) assert.ok(!JSON.stringify(r2.body).includes(org.api_key.slice(6, 20)));
  });

  test('inviting an address with an account in another organization answers like any other address', async () => {
    const otherAdmin = `elsewhere-${Date.now()}@other.test`;
    await bootstrap(server, otherAdmin);
    const known = await call(server, 'POST', '/latest/auth/invite/create', { authorization: auth, body: { email: otherAdmin, permissions: role('role:viewer') } });
    const unknown = await call(server, 'POST', '/latest/auth/invite/create', { authorization: auth, body: { email: `nobody-${Date.now()}@nowhere.test`, permissions: role('role:viewer') } });
    assert.equal(known.status, 200, JSON.stringify(known.body));
    assert.deepEqual(Object.keys(known.body).sort(), Object.keys(unknown.body).sort());
    assert.equal(known.body.state, unknown.body.state);
    const again = await call(server, 'POST', '/latest/auth/invite/create', { authorization: auth, body: { email: otherAdmin, permissions: role('role:viewer') } });
    expectError(again, 409, 'conflict');
    const listed = await call(server, 'POST', '/latest/auth/invite/list', { authorization: auth, body: {} });
    assert.ok(listed.body.results.some((i: any) => i.email === otherAdmin && i.state === 'pending'));
  });

  test("another project's agent is a 404 on triggers/list like on every agent route", async () => {
    const other = await bootstrap(server);
    const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${other.api_key}`, body: { name: 'Theirs', description: '', organization_id: other.organization_id } });
    const theirs = bearer(p.body.project_id, other.api_key);
    const agent = await call(server, 'POST', '/latest/agents/upsert', { authorization: theirs, body: { name: 'Theirs', system_prompt: 'x', actions: [] } });
    assert.equal(agent.status, 200, JSON.stringify(agent.body));
    expectError(await call(server, 'POST', `/latest/agents/${agent.body.agent_id}/triggers/list`, { authorization: auth, body: {} }), 404, 'not_found');
    expectError(await call(server, 'GET', `/latest/agents/${agent.body.agent_id}/get`, { authorization: auth }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/agents/not-a-uuid/triggers/list', { authorization: auth, body: {} }), 404, 'not_found');
    const own = await call(server, 'POST', `/latest/agents/${agent.body.agent_id}/triggers/list`, { authorization: theirs, body: {} });
    assert.equal(own.status, 200);
  });

  test('a stale Authorization header does not block a correct email + password login', async () => {
    const info = await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` });
    for (const stale of [`Bearer :sk-us-${'A'.repeat(43)}`, 'Bearer garbage', `Bearer ${projectId}:sk-eu-${'b'.repeat(43)}`]) {
      const r = await call(server, 'POST', '/latest/auth/login', { authorization: stale, body: { email: info.body.email, password: 'edge-password-1' } });
      assert.equal(r.status, 200, `${stale}: ${JSON.stringify(r.body)}`);
      assert.match(r.headers.get('set-cookie') ?? '', /hangar_session=/);
    }
    expectError(await call(server, 'POST', '/latest/auth/login', { authorization: `Bearer :${org.api_key}`, body: { email: info.body.email, password: 'wrong-password' } }), 401, 'unauthorized');
  });
});

/** `GET /latest/auth/info` from another loopback address (its own failure budget): the status. */
function authInfoFrom(server: TestServer, address: string, authorization: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const u = new URL(server.url);
    const req = http.request({ host: u.hostname, port: u.port, path: '/latest/auth/info', localAddress: address, headers: { authorization } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('failed authentications per address', () => {
  let server: TestServer;
  let org: Org;
  const LIMIT = 20;
  const badKey = (i: number) => `Bearer :sk-us-${String(i).padStart(43, 'x')}`;
  const from = (address: string, authorization: string) => authInfoFrom(server, address, authorization);

  before(async () => {
    server = await startServer(undefined, { HANGAR_AUTH_FAILURES_PER_ADDRESS: String(LIMIT), HANGAR_AUTH_FAILURES_WINDOW_SECONDS: '60' });
    org = await bootstrap(server);
  });
  after(() => server.close());

  test('an address that keeps failing gets no more lookups for a while; known keys and other addresses are served', async () => {
    const known = `Bearer :${org.api_key}`;
    assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: known })).status, 200);
    // A valid key this process has not looked up yet.
    const fresh = await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: known, body: { label: 'fresh' } });
    for (let i = 0; i < LIMIT; i++) expectError(await call(server, 'GET', '/latest/auth/info', { authorization: badKey(i) }), 401, 'unauthorized');
    const refused = await call(server, 'GET', '/latest/auth/info', { authorization: badKey(LIMIT) });
    const e = expectError(refused, 429, 'rate_limited');
    assert.match(e.message, /failed authentications/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    // Needs a lookup: refused while the address is over its budget. Already in memory: served.
    expectError(await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${fresh.body.api_key}` }), 429, 'rate_limited');
    assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: known })).status, 200);
    // Another address has its own budget.
    assert.equal(await from('127.0.0.3', badKey(999)), 401);
    assert.equal(await from('127.0.0.3', `Bearer :${fresh.body.api_key}`), 200);
  });
});

describe('failed authentications: the addresses counted are bounded', () => {
  let server: TestServer;
  const badKey = (i: number) => `Bearer :sk-us-${String(i).padStart(43, 'y')}`;
  const from = (address: string, authorization: string) => authInfoFrom(server, address, authorization);

  before(async () => {
    server = await startServer(undefined, { HANGAR_AUTH_FAILURES_PER_ADDRESS: '2', HANGAR_AUTH_FAILURES_WINDOW_SECONDS: '60', HANGAR_AUTH_FAILURES_MAX_ADDRESSES: '2' });
    await bootstrap(server);
  });
  after(() => server.close());

  test('past HANGAR_AUTH_FAILURES_MAX_ADDRESSES the least recently failing address is forgotten, not kept', async () => {
    assert.equal(await from('127.0.0.4', badKey(1)), 401);
    assert.equal(await from('127.0.0.4', badKey(2)), 401);
    assert.equal(await from('127.0.0.4', badKey(3)), 429);
    // Two other addresses fail: the first one's count is the one dropped, so it gets lookups again.
    assert.equal(await from('127.0.0.5', badKey(4)), 401);
    assert.equal(await from('127.0.0.6', badKey(5)), 401);
    assert.equal(await from('127.0.0.4', badKey(6)), 401);
  });
});
