// Hooks kept healthy (issue 13): a reconciliation pass (at start and, here, every second) finds a
// hook deleted at the code host and re-creates it with a new secret and the same events, re-activates
// a disabled one, patches drifted events and a changed HANGAR_PUBLIC_URL, removes a stray hook with
// Hangar's receiver URL, and reports a hook it cannot repair (access revoked) with the reason.
// Registration is idempotent: a hook already there with our URL (the code host's 422 "Hook already
// exists") is adopted, not duplicated. Trigger list entries show each hook's health.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ensureHook } from '../../src/triggers/hooks.ts';
import { freshDatabase, startServer, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, freePort, hangarHookId, hookAt, LOGIN, listTriggers, newAgent, newProject, query, TOKEN, waitFor, type Client } from './kit.ts';
import * as P from './payloads.ts';

let ch: CodeHost;
let databaseUrl: string;
let port: number;
let server: TestServer;
let c: Client;
let connection: string;

const envFor = (publicUrl: string) => ({ PORT: String(port), HANGAR_PUBLIC_URL: publicUrl, HANGAR_CODEHOST_BASE_URL: ch.url, LOG_LEVEL: 'warn', HANGAR_HOOK_RECONCILE_SECONDS: '1' });

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  for (const name of ['gone', 'off', 'drift', 'revoked', 'adopt', 'moved']) ch.seed.repo({ owner: LOGIN, name });
  databaseUrl = await freshDatabase();
  port = await freePort();
  server = await startServer(databaseUrl, envFor(`http://127.0.0.1:${port}`));
  c = await newProject(server);
  connection = await connectCodeHost(c);
});
after(() => ch?.close());

/** The code host's REST API, as a person at its settings would use it. */
async function codehost(method: string, path: string, body?: unknown) {
  const res = await fetch(`${ch.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/vnd.codehost+json', 'user-agent': 'a-person', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function withTrigger(name: string, type = 'codehost.new_issue'): Promise<{ agent: string; trigger: string }> {
  const agent = await newAgent(c, name);
  const r = await createTrigger(c, agent, type, connection, { repository: `${LOGIN}/${name}` });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { agent, trigger: r.body.trigger_id };
}

const health = async (agent: string) => (await listTriggers(c, agent))[0].hook_health as string;
const hooksOn = (name: string) => ch.hooks.filter((h) => h.target === `${LOGIN}/${name}`);

describe('repairs', () => {
  test('a hook deleted at the code host is re-created with a new secret and the same events, and deliveries flow again', async () => {
    const { agent, trigger } = await withTrigger('gone');
    const old = { ...hookAt(ch, `${LOGIN}/gone`)!, config: { ...hookAt(ch, `${LOGIN}/gone`)!.config } };
    await waitFor('a first pass to find the hook ok', async () => (await listTriggers(c, agent))[0].hook_stats.last_reconciliation_at !== null || undefined);
    ch.deleteHook(old.id);
    const fresh = await waitFor('the hook to be re-created', async () => hooksOn('gone')[0], 15_000, 100);
    assert.notEqual(fresh.id, old.id);
    assert.notEqual(fresh.config.secret, old.config.secret, 'a new secret');
    assert.deepEqual(fresh.events, old.events);
    assert.equal(fresh.config.url, old.config.url);
    assert.equal(hooksOn('gone').length, 1);
    assert.match(await waitFor('the health to say so', async () => (/^repaired at /.test(await health(agent)) ? health(agent) : undefined)), /^repaired at \d{4}-\d\d-\d\dT/);

    // The code host signs with the new secret; Hangar accepts it and activates the trigger.
    const [d] = await ch.deliver('issues', P.issuesEvent(`${LOGIN}/gone`, 'opened', P.issue(`${LOGIN}/gone`, { number: 1, title: 'After repair' })), { repo: `${LOGIN}/gone` });
    assert.equal(d.status, 202);
    await waitFor('the activation', async () => (await query(databaseUrl, 'SELECT 1 FROM activations WHERE trigger_id = $1', [trigger])).length === 1);
    const [row] = await query(databaseUrl, 'SELECT provider_hook_id FROM codehost_hooks WHERE id = $1', [hangarHookId(fresh)]);
    assert.equal(Number(row.provider_hook_id), fresh.id);
  });

  test('a disabled hook is re-activated', async () => {
    const { agent } = await withTrigger('off');
    const hook = hookAt(ch, `${LOGIN}/off`)!;
    ch.disableHook(hook.id);
    await waitFor('the hook to be active again', async () => hookAt(ch, `${LOGIN}/off`)!.active, 15_000, 100);
    assert.equal(hookAt(ch, `${LOGIN}/off`)!.id, hook.id, 'the same hook');
    assert.match(await waitFor('the health', async () => (/^repaired at /.test(await health(agent)) ? health(agent) : undefined)), /^repaired at /);
  });

  test('events changed at the code host are patched back; a stray hook with our receiver URL is removed, anyone else’s is left', async () => {
    await withTrigger('drift');
    const hook = hookAt(ch, `${LOGIN}/drift`)!;
    assert.equal((await codehost('PATCH', `/repos/${LOGIN}/drift/hooks/${hook.id}`, { events: ['push'] })).status, 200);
    const stray = await codehost('POST', `/repos/${LOGIN}/drift/hooks`, { config: { url: `http://127.0.0.1:${port}/latest/webhooks/codehost/${randomUUID()}`, content_type: 'json' }, events: ['issues'] });
    const foreign = await codehost('POST', `/repos/${LOGIN}/drift/hooks`, { config: { url: 'http://127.0.0.1:9/someone-else', content_type: 'json' }, events: ['issues'] });
    assert.equal(stray.status, 201);
    assert.equal(foreign.status, 201);
    await waitFor('the events to be patched back and the stray removed', async () => hookAt(ch, `${LOGIN}/drift`)!.events.join() === 'issues' && !hooksOn('drift').some((h) => h.id === stray.body.id), 15_000, 100);
    assert.deepEqual(hooksOn('drift').map((h) => h.id).sort(), [hook.id, foreign.body.id].sort());
  });

  test('a hook whose access was revoked says why; it is back to ok once access returns', async () => {
    const { agent } = await withTrigger('revoked');
    ch.refuseHooks(`${LOGIN}/revoked`, 404);
    const failing = await waitFor('the health to say failing', async () => ((await health(agent)).startsWith('failing: ') ? health(agent) : undefined), 15_000, 100);
    assert.match(failing, /^failing: the connection has no admin access to the webhooks of repository octocat\/revoked any more \(404/);
    assert.ok(!failing.includes(TOKEN));
    ch.model.refusedHooks.delete(`${LOGIN}/revoked`);
    assert.equal(await waitFor('the health to be ok again', async () => ((await health(agent)) === 'ok' ? 'ok' : undefined), 15_000, 100), 'ok');
  });
});

test('registration adopts a hook already there with our URL (the code host’s 422 "Hook already exists") instead of failing or duplicating it', async () => {
  // What a crash between the code host creating the hook and Hangar storing its id leaves behind:
  // Hangar's hook row without a provider id, and the hook at the code host with its URL.
  await ensureHook(server.db.kysely, server.platform.vault, { userId: c.org.user_id, project: { id: c.projectId } }, connection, `repo:${LOGIN}/adopt`);
  const [row] = await query(databaseUrl, 'SELECT id FROM codehost_hooks WHERE target = $1', [`repo:${LOGIN}/adopt`]);
  const leftover = await codehost('POST', `/repos/${LOGIN}/adopt/hooks`, { config: { url: `http://127.0.0.1:${port}/latest/webhooks/codehost/${row.id}`, content_type: 'form', secret: 'not-hangars' }, events: ['push'] });
  assert.equal(leftover.status, 201);
  const mark = ch.requests.length;
  const { agent, trigger } = await withTrigger('adopt');
  assert.deepEqual(ch.requests.slice(mark).filter((r) => r.path.startsWith(`/repos/${LOGIN}/adopt/hooks`)).map((r) => r.method), ['POST', 'GET', 'PATCH']);
  assert.deepEqual(hooksOn('adopt').map((h) => [h.id, h.events.join(), h.config.content_type, h.active]), [[leftover.body.id, 'issues', 'json', true]]);
  assert.equal((await listTriggers(c, agent))[0].hook_id, row.id);
  const [d] = await ch.deliver('issues', P.issuesEvent(`${LOGIN}/adopt`, 'opened', P.issue(`${LOGIN}/adopt`, { number: 1, title: 'Adopted' })), { repo: `${LOGIN}/adopt` });
  assert.equal(d.status, 202, 'the adopted hook signs with Hangar’s secret');
  await waitFor('the activation', async () => (await query(databaseUrl, 'SELECT 1 FROM activations WHERE trigger_id = $1', [trigger])).length === 1);
});

test('a changed HANGAR_PUBLIC_URL is patched into every hook at the next start', async () => {
  const { agent } = await withTrigger('moved');
  await server.close();
  server = await startServer(databaseUrl, envFor(`http://localhost:${port}`));
  await waitFor('the hook URL to follow', async () => hookAt(ch, `${LOGIN}/moved`)!.config.url.startsWith(`http://localhost:${port}/latest/webhooks/codehost/`), 15_000, 100);
  assert.equal(hooksOn('moved').length, 1);
  // The code host has the new URL once the PATCH lands; the health is written after its answer (seen
  // read in between on Node 22: 'ok').
  const repaired = await waitFor('the health to say repaired', async () => {
    const said = await health(agent);
    return said.startsWith('repaired at ') ? said : undefined;
  }, 15_000, 100);
  assert.match(repaired, /^repaired at /);
  const [d] = await ch.deliver('issues', P.issuesEvent(`${LOGIN}/moved`, 'opened', P.issue(`${LOGIN}/moved`, { number: 1, title: 'Moved' })), { repo: `${LOGIN}/moved` });
  assert.equal(d.status, 202);
});

test('the API reference describes hook health, the counters and the settings behind them', async () => {
  const res = await fetch(`${server.url}/latest/openapi_schema.json`);
  assert.equal(res.status, 200);
  const doc = JSON.stringify(await res.json());
  for (const word of ['hook_health', 'hook_stats', 'backlog_age_seconds', 'last_recovery_at', 'last_reconciliation_at', 'HANGAR_HOOK_RECOVERY_SECONDS', 'HANGAR_HOOK_RECONCILE_SECONDS', 'HANGAR_HOOK_RECOVERY_WINDOW_HOURS']) {
    assert.ok(doc.includes(word), `the reference mentions ${word}`);
  }
});
