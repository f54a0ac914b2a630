// Signed outbound events (issue 32 §4) through Hangar's real HTTP API, on a real PostgreSQL: real
// tasks end, and their events reach a local receiver (127.0.0.1) that verifies every request with
// the `standardwebhooks` package, as a subscriber would. The receiver answers as each test needs:
// 2xx, 5xx a few times then 2xx, always 5xx, or never.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { recordEvent } from '../../src/events/outbox.ts';
import { call, expectError, role, startServer, type TestServer } from '../helpers/hangar.ts';
import { fakeDns } from '../helpers/offline-dns.ts';
import { member, newProject, query, type Client } from '../integrations/kit.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** The receiver: records every request; `/flaky/<key>` answers 500 twice then 204, `/down/…` 503, `/hang/…` never, anything else 204. */
async function startReceiver() {
  const received: Received[] = [];
  const flaky = new Map<string, number>();
  const hanging: ServerResponse[] = [];
  const s: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (path.startsWith('/tool')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      }
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      if (path.startsWith('/hang/')) return void hanging.push(res);
      if (path.startsWith('/down/')) return void res.writeHead(503).end('down for maintenance');
      if (path.startsWith('/flaky/')) {
        const n = (flaky.get(path) ?? 0) + 1;
        flaky.set(path, n);
        if (n <= 2) return void res.writeHead(500).end('not yet');
      }
      // `/close/…`: no keep-alive, so each attempt opens (and resolves for) a new connection.
      res.writeHead(204, path.startsWith('/close/') ? { connection: 'close' } : {}).end();
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    close() {
      for (const res of hanging) res.destroy();
      s.closeAllConnections();
      return new Promise<void>((r) => s.close(() => r()));
    },
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let server: TestServer; // private addresses allowed (the receiver is on loopback); retries after 1 s
let strict: TestServer; // default address rules
let c: Client;

const path = (kind: string) => `/${kind}/${randomBytes(6).toString('hex')}`;

async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Verifies a received request as a subscriber would; returns the parsed body. */
function verified(r: Received, secret: string): { type: string; timestamp: string; data: Record<string, unknown> } {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Webhook(secret).verify(r.body, headers) as never;
}

async function subscribe(client: Client, url: string, events = ['task.completed', 'task.failed'], description?: string) {
  const r = await client.post('/latest/events/subscriptions/create', { url, events, ...(description ? { description } : {}) });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body).sort(), ['secret', 'subscription_id']);
  return r.body as { subscription_id: string; secret: string };
}

/** An agent whose one action is a tool calling `url` (no model: it runs in order). */
async function agentCalling(client: Client, url: string): Promise<string> {
  const tool = await client.post('/latest/studios/create', { title: 'Call', transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url } }] } });
  assert.equal(tool.status, 200, JSON.stringify(tool.body));
  const agent = await client.post('/latest/agents/upsert', { name: 'Caller', actions: [{ studio_id: tool.body.studio_id }] });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  return agent.body.agent_id;
}

async function runTask(client: Client, agentId: string): Promise<string> {
  const r = await client.post('/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content: 'go' } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.conversation_id;
}

const deliveries = async (client: Client, subscriptionId: string) => {
  const r = await client.post(`/latest/events/subscriptions/${subscriptionId}/deliveries/list`, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.results as Array<{ delivery_id: string; event: string; state: string; attempts: Array<{ at: string; status: number | null; error?: string }> }>;
};

before(async () => {
  receiver = await startReceiver();
  [server, strict] = await Promise.all([startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_EVENT_RETRY_SECONDS: '1,1,1' }), startServer(undefined, { HANGAR_EVENT_RETRY_SECONDS: '1' })]);
  c = await newProject(server);
});
after(async () => {
  await receiver.close();
});

describe('subscriptions', () => {
  test('admins create, rotate and delete; viewers list; editors and viewers may not change them', async () => {
    const viewer = await member(server, c, 'role:viewer');
    const editor = await member(server, c, 'role:editor');
    const body = { url: `${receiver.url}${path('ok')}`, events: ['task.completed'] };
    for (const who of [viewer, editor]) {
      const r = await call(server, 'POST', '/latest/events/subscriptions/create', { authorization: who, body });
      assert.match(expectError(r, 403, 'forbidden').message, /admin/);
    }
    const made = await subscribe(c, body.url, ['task.completed', 'task.pending_approval'], 'the on-call bot');
    const listed = await call(server, 'POST', '/latest/events/subscriptions/list', { authorization: viewer, body: {} });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const mine = listed.body.results.find((s: any) => s.subscription_id === made.subscription_id);
    assert.deepEqual(
      { ...mine, created_at: typeof mine.created_at },
      { subscription_id: made.subscription_id, url: body.url, events: ['task.completed', 'task.pending_approval'], description: 'the on-call bot', created_at: 'string', rotated_at: null },
    );
    for (const who of [viewer, editor]) {
      expectError(await call(server, 'POST', `/latest/events/subscriptions/${made.subscription_id}/rotate_secret`, { authorization: who, body: {} }), 403, 'forbidden');
      expectError(await call(server, 'POST', `/latest/events/subscriptions/${made.subscription_id}/delete`, { authorization: who, body: {} }), 403, 'forbidden');
      expectError(await call(server, 'POST', `/latest/events/subscriptions/${made.subscription_id}/deliveries/list`, { authorization: who, body: {} }), 403, 'forbidden');
      expectError(await call(server, 'POST', `/latest/events/subscriptions/${made.subscription_id}/deliveries/${randomUUID()}/retry`, { authorization: who, body: {} }), 403, 'forbidden');
    }
    // Another project's admin sees nothing of it.
    const other = await newProject(server);
    expectError(await other.post(`/latest/events/subscriptions/${made.subscription_id}/delete`), 404, 'not_found');
    expectError(await other.post(`/latest/events/subscriptions/${made.subscription_id}/deliveries/list`), 404, 'not_found');
    assert.equal((await other.post('/latest/events/subscriptions/list')).body.results.length, 0);

    const deleted = await c.post(`/latest/events/subscriptions/${made.subscription_id}/delete`);
    assert.deepEqual(deleted.body, { subscription_id: made.subscription_id, deleted: true });
    expectError(await c.post(`/latest/events/subscriptions/${made.subscription_id}/delete`), 404, 'not_found');
    expectError(await c.post(`/latest/events/subscriptions/${made.subscription_id}/rotate_secret`), 404, 'not_found');
    expectError(await c.post('/latest/events/subscriptions/not-an-id/delete'), 404, 'not_found');
  });

  test('the secret is shown once, in the Standard Webhooks form, stored sealed, never listed, logged or audited', async () => {
    const made = await subscribe(c, `${receiver.url}${path('ok')}`);
    assert.match(made.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(made.secret.slice(6), 'base64').length, 32);
    const rotated = await c.post(`/latest/events/subscriptions/${made.subscription_id}/rotate_secret`);
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    assert.equal(rotated.body.subscription_id, made.subscription_id);
    assert.match(rotated.body.secret, /^whsec_/);
    assert.notEqual(rotated.body.secret, made.secret);
    const list = await c.post('/latest/events/subscriptions/list');
    const row = list.body.results.find((s: any) => s.subscription_id === made.subscription_id);
    assert.equal(typeof row.rotated_at, 'string');
    const stored = await query(server.databaseUrl, 'SELECT secret, secret_key_id FROM event_subscriptions WHERE id = $1', [made.subscription_id]);
    const audit = await call(server, 'POST', `/latest/organizations/${c.org.organization_id}/audit/list`, { authorization: `Bearer :${c.org.api_key}`, body: { target_id: made.subscription_id } });
    assert.equal(audit.status, 200, JSON.stringify(audit.body));
    assert.deepEqual(audit.body.results.map((r: any) => r.action), ['event_subscription.rotate_secret', 'event_subscription.create']);
    assert.deepEqual(audit.body.results[1].details, { url: row.url, events: ['task.completed', 'task.failed'], description: null });
    assert.equal(audit.body.results[1].project_id, c.projectId);
    for (const secret of [made.secret, rotated.body.secret]) {
      const bare = secret.slice(6);
      assert.ok(!JSON.stringify(list.body).includes(bare), 'not in the list');
      assert.ok(!JSON.stringify(audit.body).includes(bare), 'not in the audit trail');
      assert.ok(!server.logs.some((l) => l.includes(bare)), 'not in a log line');
      assert.ok(!stored[0].secret.toString('latin1').includes(bare) && !stored[0].secret.toString('base64').includes(bare), 'sealed at rest');
    }
    await c.post(`/latest/events/subscriptions/${made.subscription_id}/delete`);
    const deleted = await call(server, 'POST', `/latest/organizations/${c.org.organization_id}/audit/list`, { authorization: `Bearer :${c.org.api_key}`, body: { target_id: made.subscription_id, action: 'event_subscription.delete' } });
    assert.equal(deleted.body.results.length, 1);
  });

  test('400: an unknown event, no event, an address that is not http(s) or not an address, a wrong type', async () => {
    const url = `${receiver.url}${path('ok')}`;
    const bad = async (body: unknown, message: RegExp) => assert.match(expectError(await c.post('/latest/events/subscriptions/create', body), 400, 'validation_error').message, message);
    await bad({ url, events: ['task.completed', 'task.exploded'] }, /"task\.exploded" is not an event; the events are task\.pending_approval, task\.completed, task\.failed/);
    await bad({ url, events: [] }, /events/);
    await bad({ url }, /events/);
    await bad({ url, events: 'task.completed' }, /events/);
    await bad({ url: 'ftp://example.com/hook', events: ['task.completed'] }, /Only http and https/);
    await bad({ url: 'javascript:alert(1)', events: ['task.completed'] }, /Only http and https/);
    await bad({ url: 'not a url', events: ['task.completed'] }, /not an absolute URL/);
    await bad({ url: 'https://user:pass@example.com/', events: ['task.completed'] }, /Credentials in the URL/);
    await bad({ events: ['task.completed'] }, /url/);
    assert.equal((await c.post('/latest/events/subscriptions/list')).body.results.filter((s: any) => s.url === url).length, 0, 'nothing stored');
  });

  test('private, loopback and local addresses are refused without HANGAR_ALLOW_PRIVATE_ADDRESSES, also by name and at delivery', async () => {
    const s = await newProject(strict);
    for (const url of [receiver.url, 'http://10.1.2.3/hook', 'http://[::1]:8080/', 'http://169.254.169.254/latest', 'http://localhost:9/', 'http://metadata.google.internal/', 'http://[::ffff:127.0.0.1]/']) {
      const r = await s.post('/latest/events/subscriptions/create', { url, events: ['task.completed'] });
      assert.match(expectError(r, 400, 'validation_error').message, /private, loopback|local name/, url);
    }
    // A name: checked as it resolves now, and again at every connection (DNS rebinding).
    const table: Record<string, string[]> = { 'hooks.example': ['93.184.216.34'], 'inside.example': ['10.0.0.7'] };
    let undo = fakeDns(table, ['hooks.example']);
    try {
      assert.match(expectError(await s.post('/latest/events/subscriptions/create', { url: 'http://inside.example/', events: ['task.completed'] }), 400, 'validation_error').message, /inside\.example resolves to 10\.0\.0\.7/);
      const hook = path('close');
      const made = await subscribe(s, `http://hooks.example:${receiver.port}${hook}`, ['task.completed', 'task.failed']);
      const agent = await agentCalling(s, 'http://127.0.0.1:1/');
      // A public answer: delivered (the stand-in network takes the connection to the local receiver).
      const first = await runTask(s, agent);
      const got = await waitFor('the event through a public name', () => receiver.at(hook)[0]);
      assert.equal(verified(got, made.secret).data.conversation_id, first);
      // The name now answers a loopback address: the attempt is refused before connecting.
      undo();
      undo = fakeDns({ 'hooks.example': ['127.0.0.1'] }, []);
      const before = receiver.at(hook).length;
      const second = await runTask(s, agent);
      const refused = await waitFor('the refused attempt', async () => (await deliveries(s, made.subscription_id)).find((d) => d.attempts.some((a) => a.error?.includes('127.0.0.1'))));
      assert.equal(refused.attempts[0].status, null);
      assert.match(refused.attempts[0].error!, /refused: hooks\.example resolves to 127\.0\.0\.1, a private or special address/);
      assert.equal(receiver.at(hook).length, before, 'nothing reached the receiver');
      assert.ok(second);
    } finally {
      undo();
    }
  });
});

describe('deliveries', () => {
  test('task.completed and task.failed, signed as the Standard Webhooks package verifies, for real tasks', async () => {
    const p = await newProject(server);
    const hook = path('ok');
    const made = await subscribe(p, `${receiver.url}${hook}`);
    const onlyFailed = path('ok');
    const failedOnly = await subscribe(p, `${receiver.url}${onlyFailed}`, ['task.failed']);
    const ok = await agentCalling(p, `${receiver.url}/tool`);
    const broken = await agentCalling(p, 'http://127.0.0.1:1/');
    const done = await runTask(p, ok);
    const failed = await runTask(p, broken);
    await waitFor('both events', () => receiver.at(hook).length >= 2 && receiver.at(onlyFailed).length >= 1);
    const bodies = receiver.at(hook).map((r) => {
      assert.equal(r.headers['content-type'], 'application/json');
      assert.match(String(r.headers['webhook-id']), /^[0-9a-f-]{36}$/);
      assert.match(String(r.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);
      assert.ok(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000) < 30);
      assert.throws(() => verified(r, failedOnly.secret), WebhookVerificationError, "another subscription's secret does not verify it");
      assert.throws(() => new Webhook(made.secret).verify(`${r.body} `, r.headers as Record<string, string>), WebhookVerificationError, 'a changed body does not verify');
      return verified(r, made.secret);
    });
    const byTask = new Map(bodies.map((b) => [b.data.conversation_id, b]));
    assert.deepEqual(Object.keys(byTask.get(done)!).sort(), ['data', 'timestamp', 'type']);
    assert.deepEqual(byTask.get(done)!.type, 'task.completed');
    assert.deepEqual(byTask.get(done)!.data, { conversation_id: done, agent_id: ok, state: 'completed' });
    assert.deepEqual(byTask.get(failed)!.type, 'task.failed');
    assert.deepEqual(byTask.get(failed)!.data, { conversation_id: failed, agent_id: broken, state: 'unrecoverable' });
    assert.ok(Math.abs(Date.parse(byTask.get(done)!.timestamp) - Date.now()) < 30_000);
    // The task's state says the same as its event.
    const meta = await p.get(`/latest/agents/${ok}/tasks/${done}/metadata`);
    assert.equal(meta.body.metadata.conversation.state, 'completed');
    // Only what a subscription asked for.
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(receiver.at(onlyFailed).map((r) => verified(r, failedOnly.secret).type), ['task.failed']);
    const list = await deliveries(p, made.subscription_id);
    assert.equal(list.length, 2);
    for (const d of list) {
      assert.equal(d.state, 'delivered');
      assert.deepEqual(d.attempts.map((a) => a.status), [204]);
      assert.ok(receiver.at(hook).some((r) => r.headers['webhook-id'] === d.delivery_id), 'delivery_id is the webhook-id');
    }
  });

  test('no subscription, no delivery: the task still ends as before', async () => {
    const p = await newProject(server);
    const agent = await agentCalling(p, `${receiver.url}/tool`);
    const id = await runTask(p, agent);
    await waitFor('the task to end', async () => (await p.get(`/latest/agents/${agent}/tasks/${id}/metadata`)).body.metadata.conversation.state === 'completed');
    const rows = await query(server.databaseUrl, `SELECT count(*)::int AS n FROM event_deliveries d JOIN event_subscriptions s ON s.id = d.subscription_id WHERE s.project_id = $1`, [p.projectId]);
    assert.equal(rows[0].n, 0);
  });

  test('retried until the receiver answers 2xx, with the same webhook-id and body on every attempt', async () => {
    const p = await newProject(server);
    const hook = path('flaky');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.completed']);
    const id = await runTask(p, await agentCalling(p, `${receiver.url}/tool`));
    const list = await waitFor('the delivery to succeed', async () => {
      const d = (await deliveries(p, made.subscription_id))[0];
      return d?.state === 'delivered' ? d : undefined;
    });
    const seen = receiver.at(hook);
    assert.equal(seen.length, 3);
    assert.deepEqual(new Set(seen.map((r) => r.headers['webhook-id'])), new Set([list.delivery_id]));
    assert.deepEqual(new Set(seen.map((r) => r.body)).size, 1, 'the same body each time');
    for (const r of seen) assert.equal(verified(r, made.secret).data.conversation_id, id);
    assert.deepEqual(list.attempts.map((a) => a.status), [500, 500, 204]);
    const gaps = seen.slice(1).map((r, i) => r.at - seen[i].at);
    assert.ok(gaps.every((g) => g >= 900), `about a second apart (HANGAR_EVENT_RETRY_SECONDS=1,1,1): ${gaps}`);
  });

  test('failed once the schedule is spent; retry sends it again now, and deliveries/list shows every attempt', async () => {
    const p = await newProject(server);
    const hook = path('down');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.failed']);
    await runTask(p, await agentCalling(p, 'http://127.0.0.1:1/'));
    const d = await waitFor('the delivery to fail', async () => {
      const first = (await deliveries(p, made.subscription_id))[0];
      return first?.state === 'failed' ? first : undefined;
    });
    assert.deepEqual(d.attempts.map((a) => a.status), [503, 503, 503, 503], 'the first attempt and three retries');
    assert.equal(receiver.at(hook).length, 4);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(receiver.at(hook).length, 4, 'nothing after it failed');
    // Sent again now: answers with the delivery after the attempt; still failed, one attempt more.
    const again = await p.post(`/latest/events/subscriptions/${made.subscription_id}/deliveries/${d.delivery_id}/retry`);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.state, 'failed');
    assert.equal(again.body.attempts.length, 5);
    assert.equal(receiver.at(hook).length, 5);
    assert.equal(receiver.at(hook)[4].headers['webhook-id'], d.delivery_id);
    expectError(await p.post(`/latest/events/subscriptions/${made.subscription_id}/deliveries/${made.subscription_id}/retry`), 404, 'not_found');
    expectError(await p.post(`/latest/events/subscriptions/${made.subscription_id}/deliveries/nope/retry`), 404, 'not_found');
  });

  test('a manual retry of a delivered event sends it again with its webhook-id; deliveries/list pages newest first', async () => {
    const p = await newProject(server);
    const hook = path('ok');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.completed']);
    const agent = await agentCalling(p, `${receiver.url}/tool`);
    const ids = [await runTask(p, agent), await runTask(p, agent), await runTask(p, agent)];
    await waitFor('three events', () => receiver.at(hook).length >= 3);
    await waitFor('three delivered', async () => (await deliveries(p, made.subscription_id)).filter((d) => d.state === 'delivered').length === 3);
    const first = await p.post(`/latest/events/subscriptions/${made.subscription_id}/deliveries/list`, { page_size: 2 });
    assert.equal(first.body.results.length, 2);
    assert.equal(typeof first.body.next_cursor, 'string');
    const second = await p.post(`/latest/events/subscriptions/${made.subscription_id}/deliveries/list`, { page_size: 2, cursor: first.body.next_cursor });
    assert.equal(second.body.results.length, 1);
    assert.equal(second.body.next_cursor, undefined);
    const all = [...first.body.results, ...second.body.results];
    assert.equal(new Set(all.map((d: any) => d.delivery_id)).size, 3);
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].created_at >= all[i].created_at, 'newest first');
    const target = all[2];
    const again = await p.post(`/latest/events/subscriptions/${made.subscription_id}/deliveries/${target.delivery_id}/retry`);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.state, 'delivered');
    assert.deepEqual(again.body.attempts.map((a: any) => a.status), [204, 204]);
    const resent = receiver.at(hook).filter((r) => r.headers['webhook-id'] === target.delivery_id);
    assert.equal(resent.length, 2);
    assert.equal(resent[0].body, resent[1].body);
    assert.ok(ids.includes(verified(resent[1], made.secret).data.conversation_id as string));
  });

  test('after rotate_secret, new deliveries verify with the new secret only', async () => {
    const p = await newProject(server);
    const hook = path('ok');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.completed']);
    const agent = await agentCalling(p, `${receiver.url}/tool`);
    await runTask(p, agent);
    await waitFor('the first event', () => receiver.at(hook).length >= 1);
    verified(receiver.at(hook)[0], made.secret);
    const rotated = (await p.post(`/latest/events/subscriptions/${made.subscription_id}/rotate_secret`)).body.secret as string;
    await runTask(p, agent);
    await waitFor('the second event', () => receiver.at(hook).length >= 2);
    const second = receiver.at(hook)[1];
    assert.equal(verified(second, rotated).type, 'task.completed');
    assert.throws(() => verified(second, made.secret), WebhookVerificationError);
  });

  test('a receiver that never answers is cut at 10 s and retried, and slows no task meanwhile', { timeout: 40_000 }, async () => {
    const p = await newProject(server);
    const hook = path('hang');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.completed']);
    const agent = await agentCalling(p, `${receiver.url}/tool`);
    await runTask(p, agent);
    const sent = await waitFor('the attempt to arrive', () => receiver.at(hook)[0]);
    // While that attempt hangs, another task of the project (whose end is an event for the same
    // receiver) runs to its end as fast as ever: its end only wrote the event's row.
    const next = await runTask(p, agent);
    await waitFor('the next task to end', async () => (await p.get(`/latest/agents/${agent}/tasks/${next}/metadata`)).body.metadata.conversation.state === 'completed', 5_000);
    assert.ok(Date.now() - sent.at < 9_000, 'ended while the first attempt still hung');
    const d = await waitFor('the attempt to be given up', async () => (await deliveries(p, made.subscription_id)).find((x) => x.attempts.length > 0), 14_000);
    const waited = Date.now() - sent.at;
    assert.ok(waited >= 9_500 && waited < 13_000, `cut after ${waited} ms`);
    assert.equal(d.state, 'pending', 'retried: the schedule is not spent');
    assert.deepEqual(d.attempts.map((a) => [a.status, a.error]), [[null, 'no answer within 10 s']]);
    // Deleting the subscription stops the retries.
    await p.post(`/latest/events/subscriptions/${made.subscription_id}/delete`);
  });

  test('a task whose agent has nothing to run (ended as it starts) reports task.completed too', async () => {
    const p = await newProject(server);
    const hook = path('ok');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.completed']);
    const agent = await p.post('/latest/agents/upsert', { name: 'Idle' });
    const id = await runTask(p, agent.body.agent_id);
    const got = await waitFor('the event', () => receiver.at(hook)[0]);
    assert.deepEqual(verified(got, made.secret), { type: 'task.completed', timestamp: JSON.parse(got.body).timestamp, data: { conversation_id: id, agent_id: agent.body.agent_id, state: 'completed' } });
  });

  test('recordEvent: an event recorded in a transaction of another module (task.pending_approval) is delivered once it commits', async () => {
    const p = await newProject(server);
    const hook = path('ok');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.pending_approval']);
    const data = { conversation_id: randomUUID(), agent_id: randomUUID(), action_request_id: 'req-1', action: 'tool_0', params: { title: 'Hello' } };
    // Rolled back: nothing is sent.
    await assert.rejects(
      server.db.kysely.transaction().execute(async (trx) => {
        assert.equal(await recordEvent(trx, { projectId: p.projectId, type: 'task.pending_approval', data }), 1);
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    // Another project's subscriptions, or another event, get nothing.
    assert.equal(await recordEvent(server.db.kysely, { projectId: c.projectId, type: 'task.pending_approval', data }), 0);
    assert.equal(await recordEvent(server.db.kysely, { projectId: p.projectId, type: 'task.failed', data }), 0);
    const n = await server.db.kysely.transaction().execute((trx) => recordEvent(trx, { projectId: p.projectId, type: 'task.pending_approval', data }));
    assert.equal(n, 1);
    server.platform.events.signal.recorded();
    const got = await waitFor('the event', () => receiver.at(hook)[0]);
    const body = verified(got, made.secret);
    assert.equal(body.type, 'task.pending_approval');
    assert.deepEqual(body.data, data);
    await new Promise((r) => setTimeout(r, 1200));
    assert.equal(receiver.at(hook).length, 1, 'the rolled-back one never went');
  });

  test('task.pending_approval for a real action that asks, then task.completed once a person approves it', async () => {
    const p = await newProject(server);
    const hook = path('ok');
    const made = await subscribe(p, `${receiver.url}${hook}`, ['task.pending_approval', 'task.completed']);
    const tool = await p.post('/latest/studios/create', { title: 'Call', transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url: `${receiver.url}/tool` } }] } });
    assert.equal(tool.status, 200, JSON.stringify(tool.body));
    const agent = await p.post('/latest/agents/upsert', { name: 'Asks first', actions: [{ studio_id: tool.body.studio_id, action_behaviour: 'always-ask' }] });
    assert.equal(agent.status, 200, JSON.stringify(agent.body));
    const agentId = agent.body.agent_id;
    const id = await runTask(p, agentId);
    const asked = verified(await waitFor('the pending_approval event', () => receiver.at(hook)[0]), made.secret);
    assert.equal(asked.type, 'task.pending_approval');
    const pending = (await p.post('/latest/approvals/list', {})).body.results;
    assert.equal(pending.length, 1);
    assert.deepEqual(asked.data, { conversation_id: id, agent_id: agentId, action_request_id: pending[0].action_request_id, action: pending[0].action, params: pending[0].params });
    assert.equal(receiver.at(hook).length, 1, 'nothing else yet: the task waits');
    const decided = await p.post('/latest/agents/trigger', { agent_id: agentId, conversation_id: id, message: { role: 'action-confirm', action: pending[0].action, action_request_id: pending[0].action_request_id } });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    const ended = verified(await waitFor('the completed event', () => receiver.at(hook)[1]), made.secret);
    assert.deepEqual({ type: ended.type, data: ended.data }, { type: 'task.completed', data: { conversation_id: id, agent_id: agentId, state: 'completed' } });
    assert.notEqual(receiver.at(hook)[0].headers['webhook-id'], receiver.at(hook)[1].headers['webhook-id']);
  });

  test('two processes on one database: each delivery is sent once', async () => {
    const second = await startServer(server.databaseUrl, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_EVENT_RETRY_SECONDS: '1,1,1' });
    const p = await newProject(server);
    const hook = path('ok');
    await subscribe(p, `${receiver.url}${hook}`, ['task.completed']);
    const count = 300;
    await server.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 50) {
        await Promise.all(Array.from({ length: 50 }, (_, j) => recordEvent(trx, { projectId: p.projectId, type: 'task.completed', data: { conversation_id: `${i + j}`, agent_id: 'a', state: 'completed' } })));
      }
    });
    // Both loops are woken: each claims what the other has not.
    server.platform.events.signal.recorded();
    second.platform.events.signal.recorded();
    await waitFor('every delivery', () => receiver.at(hook).length >= count);
    await new Promise((r) => setTimeout(r, 1500));
    const ids = receiver.at(hook).map((r) => String(r.headers['webhook-id']));
    assert.equal(ids.length, count, 'no attempt sent twice');
    assert.equal(new Set(ids).size, count);
    await second.close();
  });

  test('/metrics counts attempts by outcome', async () => {
    const text = (await call(server, 'GET', '/metrics')).body as string;
    const value = (outcome: string) => Number(new RegExp(`^hangar_event_deliveries_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    assert.ok(value('delivered') >= 5, text.split('\n').filter((l) => l.includes('event_deliveries')).join('\n'));
    assert.ok(value('retry_scheduled') >= 3);
    assert.ok(value('failed') >= 1);
  });
});

test('HANGAR_EVENT_RETRY_SECONDS: a bad value stops the start with a message naming it', () => {
  for (const bad of ['5,,10', 'soon', '0', '5,-1', '1.5', Array(21).fill('1').join(',')]) {
    assert.throws(() => loadConfig({ HANGAR_EVENT_RETRY_SECONDS: bad }), (err: Error) => err instanceof ConfigError && /HANGAR_EVENT_RETRY_SECONDS/.test(err.message), bad);
  }
  assert.deepEqual(loadConfig({}).eventRetrySeconds, [5, 300, 1800, 7200, 18000, 36000]);
  assert.deepEqual(loadConfig({ HANGAR_EVENT_RETRY_SECONDS: ' 2, 30 ' }).eventRetrySeconds, [2, 30]);
});
