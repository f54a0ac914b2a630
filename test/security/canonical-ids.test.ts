// Ids are canonical everywhere: every kind of secret Hangar seals (an API-key connection, a webhook
// secret, an agent's model key) is created through upper-case ids and then used, listed and deleted
// through the normal ones — and the other way round. The one-off repair re-seals secrets that an
// older Hangar sealed to a non-canonical spelling.
import assert from 'node:assert/strict';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { bearer, call, expectError, startServer, TEST_ENCRYPTION_KEY, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startModel, type ModelStandin } from '../../src/sandbox/standins/model.ts';
import { hookAt, LOGIN, newProject, processed, query, sendDelivery, startTriggerServer, TOKEN, waitFor, type Client } from '../triggers/kit.ts';

const ENRICHMENT_KEY = 'enr_live_5f2a9c81d7e34b60a1c2d3e4f5061728';
const MODEL_KEY = 'sk-model-canonical-7d1e2f3a4b5c6d7e8f90';
const upper = (id: string) => id.toUpperCase();

let ch: CodeHost;
let enrichment: Enrichment;
let model: ModelStandin;
let server: TestServer;
let c: Client;
let upperAuth: string;
let lowerAuth: string;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'canon' });
  enrichment = await startEnrichment({ apiKeys: [ENRICHMENT_KEY] });
  model = await startModel({ apiKeys: [MODEL_KEY], models: ['m-canon'] });
  server = await startTriggerServer(ch, { HANGAR_ENRICHMENT_BASE_URL: enrichment.url, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
  c = await newProject(server);
  upperAuth = bearer(upper(c.projectId), c.org.api_key);
  lowerAuth = bearer(c.projectId, c.org.api_key);
});
after(async () => {
  await Promise.all([ch?.close(), enrichment?.close(), model?.close()]);
});

const as = (auth: string, method: string, path: string, body?: unknown) => call(server, method, path, { authorization: auth, ...(body !== undefined ? { body } : {}) });

describe('canonical ids', () => {
  test('a connection created through an upper-case project id works, lists and deletes through the normal one', async () => {
    const created = await as(upperAuth, 'POST', '/latest/integrations/connections/create', { provider: 'enrichment', api_key: ENRICHMENT_KEY });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id: string = created.body.connection_id;
    assert.equal(id, id.toLowerCase());
    for (const [auth, connection] of [[lowerAuth, id], [upperAuth, upper(id)], [lowerAuth, upper(id)]]) {
      const r = await as(auth, 'POST', '/latest/integrations/api_call', { connection_id: connection, method: 'GET', endpoint: '/account' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.status, 200);
    }
    const step = await as(lowerAuth, 'POST', '/latest/integrations/steps/run', { step: 'enrichment.find_contact', connection_id: id, inputs: { email: 'maya.patel@northwind.io' } });
    assert.equal(step.status, 200, JSON.stringify(step.body));
    const listed = await as(upperAuth, 'POST', '/latest/integrations/connections/list', {});
    assert.deepEqual(listed.body.results.map((r: any) => r.connection_id), [id]);
    const removed = await as(lowerAuth, 'POST', `/latest/integrations/connections/${id}/delete`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    // Dropped from the cache under every spelling: the upper-case one is refused at once too.
    expectError(await as(upperAuth, 'POST', '/latest/integrations/api_call', { connection_id: upper(id), method: 'GET', endpoint: '/account' }), 409, 'connection_removed');
  });

  test('a tool run through upper-case ids uses the connection sealed through lower-case ones', async () => {
    const conn = await as(lowerAuth, 'POST', '/latest/integrations/connections/create', { provider: 'enrichment', api_key: ENRICHMENT_KEY });
    const tool = await as(upperAuth, 'POST', '/latest/studios/create', {
      title: 'Find',
      params_schema: { type: 'object', properties: { email: { type: 'string' }, connection: { type: 'string' } } },
      transformations: { steps: [{ name: 'find', transformation: 'enrichment.find_contact', params: { connection_id: '{{params.connection}}', email: '{{params.email}}' } }] },
    });
    assert.equal(tool.status, 200, JSON.stringify(tool.body));
    const run = await as(upperAuth, 'POST', `/latest/studios/${upper(tool.body.studio_id)}/trigger_limited`, { params: { email: 'maya.patel@northwind.io', connection: upper(conn.body.connection_id) } });
    assert.equal(run.status, 200, JSON.stringify(run.body));
    assert.equal(run.body.status, 'complete', JSON.stringify(run.body));
  });

  test("a trigger created through upper-case ids registers a hook whose signed deliveries are stored and activate; another spelling of the hook's URL is an unknown hook", async () => {
    const conn = await as(upperAuth, 'POST', '/latest/integrations/connections/create', { provider: 'codehost', api_key: TOKEN });
    assert.equal(conn.status, 200, JSON.stringify(conn.body));
    const agent = await as(upperAuth, 'POST', '/latest/agents/upsert', { name: 'Canon', system_prompt: 'Reacts.' });
    const trigger = await as(upperAuth, 'POST', `/latest/agents/${upper(agent.body.agent_id)}/triggers/create`, {
      type: 'codehost.new_issue',
      connection_id: upper(conn.body.connection_id),
      config: { repository: `${LOGIN}/canon` },
    });
    assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
    const hook = hookAt(ch, `${LOGIN}/canon`);
    assert.ok(hook, 'the hook was registered at the code host');
    const sent = await sendDelivery(hook, 'issues', { action: 'opened', issue: { number: 1, title: 'Canonical', body: '', user: { login: 'mona' }, html_url: 'https://codehost.example/x' }, repository: { full_name: `${LOGIN}/canon` } });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    await processed(server.databaseUrl, sent.id);
    const tasks = await waitFor('the activation', async () => {
      const r = await as(lowerAuth, 'POST', `/latest/agents/${agent.body.agent_id}/tasks/list`, {});
      return r.body.results.length ? r.body.results : undefined;
    });
    assert.equal(tasks.length, 1);
    const listed = await as(lowerAuth, 'POST', `/latest/agents/${agent.body.agent_id}/triggers/list`, {});
    assert.equal(listed.body.results[0].trigger_id, trigger.body.trigger_id);

    const shouted = hook.config.url.replace(/[0-9a-f-]{36}$/, (id) => upper(id));
    const unknown = hook.config.url.replace(/[0-9a-f-]{36}$/, '00000000-0000-4000-8000-000000000000');
    for (const signature of [undefined, null, 'sha256=00']) {
      const a = await sendDelivery(hook, 'issues', { action: 'opened' }, { url: shouted, ...(signature === undefined ? {} : { signature }) });
      const b = await sendDelivery(hook, 'issues', { action: 'opened' }, { url: unknown, ...(signature === undefined ? {} : { signature }) });
      assert.equal(a.status, 404, JSON.stringify(a.body));
      assert.equal(b.status, 404);
      assert.equal(a.body.error_type, b.body.error_type);
    }
    const deleted = await as(lowerAuth, 'POST', `/latest/agents/${agent.body.agent_id}/triggers/${upper(trigger.body.trigger_id)}/delete`);
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
  });

  test("an agent's model key set through upper-case ids is sent when the task runs", async () => {
    const agent = await as(upperAuth, 'POST', '/latest/agents/upsert', { name: 'Modelled', system_prompt: 'Answer.', model: 'm-canon', model_base_url: `${model.url}/v1`, model_api_key: MODEL_KEY });
    assert.equal(agent.status, 200, JSON.stringify(agent.body));
    // Re-saved through the upper-case agent id: the key is sealed again, to the same canonical owners.
    const again = await as(upperAuth, 'POST', '/latest/agents/upsert', { agent_id: upper(agent.body.agent_id), name: 'Modelled', system_prompt: 'Answer.', model: 'm-canon', model_base_url: `${model.url}/v1`, model_api_key: MODEL_KEY });
    assert.equal(again.body.agent_id, agent.body.agent_id);
    model.script({ content: 'Hello.' });
    const mark = model.requests.length;
    const started = await as(lowerAuth, 'POST', '/latest/agents/trigger', { agent_id: agent.body.agent_id, message: { role: 'user', content: 'hi' } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const state = await waitFor('the task to finish', async () => {
      const r = await as(lowerAuth, 'GET', `/latest/agents/${agent.body.agent_id}/tasks/${started.body.conversation_id}/metadata`);
      const s = r.body.state ?? r.body.metadata?.conversation?.state;
      return ['completed', 'errored', 'unrecoverable'].includes(s) ? s : undefined;
    });
    assert.equal(state, 'completed');
    assert.equal(model.requests[mark].headers.authorization, `Bearer ${MODEL_KEY}`);
  });
});

describe('the repair of secrets sealed to a non-canonical spelling', () => {
  test('a connection sealed by an older Hangar to an upper-case project id is re-sealed at start and works again', async () => {
    const conn = await as(lowerAuth, 'POST', '/latest/integrations/connections/create', { provider: 'enrichment', api_key: ENRICHMENT_KEY });
    const id: string = conn.body.connection_id;
    // What Hangar did before ids were canonical: AES-256-GCM bound to the caller's spelling.
    const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(['connection', upper(c.projectId), id].join('\u0000')));
    const body = Buffer.concat([cipher.update(JSON.stringify({ kind: 'key', key: ENRICHMENT_KEY })), cipher.final()]);
    const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]);
    const keyId = createHash('sha256').update(key).digest('hex').slice(0, 16);
    await query(server.databaseUrl, 'UPDATE connections SET secret = $1, secret_key_id = $2 WHERE id = $3', [sealed, keyId, id]);
    // And a secret nobody can open any more: reported, not fatal.
    const broken = await as(lowerAuth, 'POST', '/latest/integrations/connections/create', { provider: 'enrichment', api_key: ENRICHMENT_KEY, label: 'broken' });
    await query(server.databaseUrl, 'UPDATE connections SET secret = $1 WHERE id = $2', [randomBytes(60), broken.body.connection_id]);
    await query(server.databaseUrl, "DELETE FROM maintenance_runs WHERE name = 'vault_canonical_ids'");

    const restarted = await startServer(server.databaseUrl, { HANGAR_ENRICHMENT_BASE_URL: enrichment.url });
    try {
      const [run] = await query(server.databaseUrl, "SELECT details FROM maintenance_runs WHERE name = 'vault_canonical_ids'");
      assert.ok(run, 'the repair recorded its run');
      assert.ok(run.details.resealed >= 1, JSON.stringify(run.details));
      assert.deepEqual(run.details.unreadable, [{ table: 'connections', id: broken.body.connection_id }]);
      const r = await call(restarted, 'POST', '/latest/integrations/api_call', { authorization: lowerAuth, body: { connection_id: id, method: 'GET', endpoint: '/account' } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.status, 200);
    } finally {
      await restarted.close();
    }
  });
});
