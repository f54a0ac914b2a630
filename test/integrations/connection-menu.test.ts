// A connection's menu through the API (issue 35): rename, replace its key (checked at the provider
// first; an OAuth connection is renewed by signing in instead), test it (an answer, not an error,
// when the provider refuses), what uses it (tools, agents, triggers), the repositories a code-host
// connection sees (for the trigger form), and how an unlabelled one is named (provider, account).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startAnzEnrichment, type AnzEnrichment } from '../../src/sandbox/standins/anz-enrichment.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { call, expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { CODEHOST_CLIENT, freePort, member, newProject, providerEnv, signIn, type Client } from './kit.ts';

const ENR_KEY = 'enr_live_1111aaaa2222bbbb3333cccc4444dddd';
const ENR_NEW_KEY = 'enr_live_5555eeee6666ffff7777aaaa8888bbbb';
const ANZ_KEY = 'anz-live-0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';
const CH_TOKEN = 'github_pat_11AAMENU0connectionMenuToken7a1b';
const CH_LOGIN = 'octocat';

let enr: Enrichment;
let anz: AnzEnrichment;
let ch: CodeHost;
let chAuth: OAuthServer;
let server: TestServer;
let c: Client;
const enrKeys = [ENR_KEY, ENR_NEW_KEY];

before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  enr = await startEnrichment({ apiKeys: enrKeys });
  anz = await startAnzEnrichment({ apiKeys: [ANZ_KEY] });
  chAuth = await startOAuthServer({ clients: [{ ...CODEHOST_CLIENT, redirect_uris: [`${publicUrl}/latest/integrations/oauth/callback`] }], accounts: [{ id: 'u-1', login: 'ada', email: 'ada@example.com' }] });
  ch = await startCodeHost({ tokens: { [CH_TOKEN]: { login: CH_LOGIN } }, oauth: chAuth });
  ch.seed.user({ login: 'ada' });
  ch.seed.user({ login: 'mona' });
  ch.seed.repo({ owner: CH_LOGIN, name: 'hello' });
  ch.seed.repo({ owner: CH_LOGIN, name: 'secret-plans', private: true });
  ch.seed.repo({ owner: 'mona', name: 'not-shared', private: true });
  // The code host pings a new webhook at once: Hangar's public address is its own.
  server = await startServer(undefined, { PORT: String(port), HANGAR_PUBLIC_URL: publicUrl, LOG_LEVEL: 'warn', ...providerEnv({ enrichment: enr, anz, codehost: ch, codehostOAuth: chAuth }) });
  c = await newProject(server);
});
after(async () => {
  for (const s of [enr, anz, ch, chAuth]) await s?.close();
});

const connect = async (provider: string, key: string, label?: string) => {
  const r = await c.connect(provider, key, label);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.connection_id as string;
};
const listed = async (id: string) => (await c.post('/latest/integrations/connections/list', {})).body.results.find((x: any) => x.connection_id === id);

describe('the catalogue and the list name things for people', () => {
  test("every provider has a mark (letters on a colour), and a connection carries its provider's name", async () => {
    const providers = (await c.get('/latest/integrations/providers/list')).body.results;
    for (const p of providers) {
      assert.match(p.mark.letters, /^[A-Za-z]{1,3}$/, p.provider);
      assert.match(p.mark.colour, /^#[0-9a-f]{6}$/, p.provider);
    }
    const id = await connect('codehost', CH_TOKEN);
    const entry = await listed(id);
    assert.deepEqual([entry.provider_name, entry.label, entry.account], ['Code Host', null, CH_LOGIN]);
  });
});

describe('rename and replace key', () => {
  test('a label is set, then cleared (null); both are in the audit trail', async () => {
    const id = await connect('enrichment', ENR_KEY);
    const renamed = await c.post(`/latest/integrations/connections/${id}/update`, { label: 'Sales team' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(renamed.body, { connection_id: id, label: 'Sales team', account: enr.account.name, key_replaced: false });
    assert.equal((await listed(id)).label, 'Sales team');
    const cleared = await c.post(`/latest/integrations/connections/${id}/update`, { label: null });
    assert.equal(cleared.body.label, null);
    const audit = await call(server, 'POST', `/latest/organizations/${c.org.organization_id}/audit/list`, { authorization: `Bearer :${c.org.api_key}`, body: { action: 'connection.update' } });
    const actions = audit.body.results.filter((e: any) => e.target?.id === id).map((e: any) => e.action);
    assert.deepEqual(actions, ['connection.update', 'connection.update']);
  });

  test('a new key is checked at the provider first: refused, the old key stays; accepted, it is used from the next call', async () => {
    const id = await connect('enrichment', ENR_KEY, 'Rotating');
    const refused = expectError(await c.post(`/latest/integrations/connections/${id}/update`, { api_key: 'enr_live_not-a-key-at-all-000000000000' }), 400, 'validation_error');
    assert.match(refused.message, /rejected this API key/);
    await c.post(`/latest/integrations/connections/${id}/test`);
    assert.equal(enr.requests.at(-1)?.headers.authorization, `Bearer ${ENR_KEY}`);
    const replaced = await c.post(`/latest/integrations/connections/${id}/update`, { api_key: ENR_NEW_KEY });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.equal(replaced.body.key_replaced, true);
    assert.equal(replaced.body.label, 'Rotating');
    assert.ok(!JSON.stringify(replaced.body).includes(ENR_NEW_KEY), 'the key is never returned');
    await c.post(`/latest/integrations/connections/${id}/test`);
    assert.equal(enr.requests.at(-1)?.headers.authorization, `Bearer ${ENR_NEW_KEY}`);
  });

  test('an OAuth connection is reconnected by signing in, not given a key: 400; an empty change: 400; unknown: 404; a viewer: 403', async () => {
    const s = await signIn(c, 'codehost', 'ada');
    const e = expectError(await c.post(`/latest/integrations/connections/${s.connection_id}/update`, { api_key: CH_TOKEN }), 400, 'validation_error');
    assert.match(e.message, /sign in again/);
    expectError(await c.post(`/latest/integrations/connections/${s.connection_id}/update`, {}), 400, 'validation_error');
    expectError(await c.post('/latest/integrations/connections/7d0c3d59-0000-4000-8000-000000000000/update', { label: 'x' }), 404, 'not_found');
    const viewer = await member(server, c, 'role:viewer');
    const r = await fetch(`${server.url}/latest/integrations/connections/${s.connection_id}/update`, { method: 'POST', headers: { authorization: viewer, 'content-type': 'application/json' }, body: JSON.stringify({ label: 'mine' }) });
    assert.equal(r.status, 403);
  });
});

describe('test', () => {
  test('accepted, refused (the key revoked at the provider), and not checkable (a provider with no check)', async () => {
    const id = await connect('enrichment', ENR_KEY, 'To test');
    const good = await c.post(`/latest/integrations/connections/${id}/test`);
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.equal(good.body.ok, true);
    assert.match(good.body.message, /accepted/);
    enrKeys.splice(enrKeys.indexOf(ENR_KEY), 1);
    try {
      const bad = await c.post(`/latest/integrations/connections/${id}/test`);
      assert.equal(bad.status, 200, JSON.stringify(bad.body));
      assert.equal(bad.body.ok, false);
      assert.match(bad.body.message, /rejected this connection's credentials/);
    } finally {
      enrKeys.push(ENR_KEY);
    }
    const anzId = await connect('anz_enrichment', ANZ_KEY);
    const unchecked = await c.post(`/latest/integrations/connections/${anzId}/test`);
    assert.equal(unchecked.body.ok, null);
    assert.match(unchecked.body.message, /no request to check a key/);
  });

  test('a removed connection is a 409 connection_removed', async () => {
    const id = await connect('enrichment', ENR_KEY);
    assert.equal((await c.post(`/latest/integrations/connections/${id}/delete`)).status, 200);
    expectError(await c.post(`/latest/integrations/connections/${id}/test`), 409, 'connection_removed');
  });
});

describe('usage', () => {
  test("lists the tools, agents and triggers that name the connection, and nothing else's", async () => {
    const id = await connect('codehost', CH_TOKEN, 'For usage');
    const other = await connect('enrichment', ENR_KEY);
    const tool = await c.post('/latest/studios/create', {
      title: 'Repository info',
      transformations: { steps: [{ name: 'info', transformation: 'codehost.get_repository_info', params: { connection_id: id.toUpperCase(), owner: CH_LOGIN, repo: 'hello' } }] },
    });
    assert.equal(tool.status, 200, JSON.stringify(tool.body));
    const unrelated = await c.post('/latest/studios/create', { title: 'Enrich', transformations: { steps: [{ name: 'e', transformation: 'enrichment.find_contact', params: { connection_id: other, email: 'a@b.example' } }] } });
    assert.equal(unrelated.status, 200, JSON.stringify(unrelated.body));
    const agent = await c.post('/latest/agents/upsert', { name: 'Repo helper', system_prompt: 'Helps.', actions: [{ step: 'codehost.get_repository_info', connection_id: id }] });
    assert.equal(agent.status, 200, JSON.stringify(agent.body));
    const watcher = await c.post('/latest/agents/upsert', { name: 'Watcher', system_prompt: 'Watches.' });
    const trigger = await c.post(`/latest/agents/${watcher.body.agent_id}/triggers/create`, { type: 'codehost.new_issue', connection_id: id, config: { repository: `${CH_LOGIN}/hello` } });
    assert.equal(trigger.status, 200, JSON.stringify(trigger.body));

    const usage = await c.get(`/latest/integrations/connections/${id}/usage`);
    assert.equal(usage.status, 200, JSON.stringify(usage.body));
    assert.deepEqual(usage.body, {
      connection_id: id,
      tools: [{ studio_id: tool.body.studio_id, title: 'Repository info' }],
      agents: [{ agent_id: agent.body.agent_id, name: 'Repo helper' }],
      triggers: [{ trigger_id: trigger.body.trigger_id, type: 'codehost.new_issue', agent_id: watcher.body.agent_id, agent_name: 'Watcher', config: { repository: `${CH_LOGIN}/hello` } }],
    });
    const none = await c.get(`/latest/integrations/connections/${(await connect('anz_enrichment', ANZ_KEY))}/usage`);
    assert.deepEqual([none.body.tools, none.body.agents, none.body.triggers], [[], [], []]);
    expectError(await c.get('/latest/integrations/connections/not-an-id/usage'), 404, 'not_found');
  });
});

describe('repositories', () => {
  test("a code-host connection's repositories as the code host lists them; another provider's connection: 400", async () => {
    const id = await connect('codehost', CH_TOKEN);
    const r = await c.get(`/latest/integrations/connections/${id}/repositories/list`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.results.map((x: any) => x.full_name).sort(), [`${CH_LOGIN}/hello`, `${CH_LOGIN}/secret-plans`]);
    assert.deepEqual(r.body.results.find((x: any) => x.full_name === `${CH_LOGIN}/secret-plans`), { full_name: `${CH_LOGIN}/secret-plans`, private: true, admin: true });
    assert.equal(r.body.truncated, false);
    assert.ok(ch.requests.some((q) => q.method === 'GET' && q.path === '/user/repos'), 'asked of the code host');
    const e = expectError(await c.get(`/latest/integrations/connections/${await connect('enrichment', ENR_KEY)}/repositories/list`), 400, 'validation_error');
    assert.match(e.message, /not a code-host connection/);
  });
});
