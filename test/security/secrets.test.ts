// No secret in any answer or log line. One deployment holds every kind Hangar keeps — API keys,
// a password, provider API keys and access tokens, OAuth access and refresh tokens and client
// secrets, webhook secrets, an agent's model key — and is then driven through its normal paths and
// through the error paths a careless or hostile client takes (credentials in the wrong header form,
// in bodies, in endpoints, wrong regions, removed connections). Every answer (body and headers) and
// every log line is searched for every secret.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bootstrap, call, startServer, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startModel, type ModelStandin } from '../../src/sandbox/standins/model.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { assertNoSecrets, CODEHOST_CLIENT, credentialsSeen, freePort, newProject, providerEnv, signIn, type Client } from '../integrations/kit.ts';
import { hookAt, sendDelivery } from '../triggers/kit.ts';

const PASSWORD = 'correct-horse-battery-staple-9';
const ENRICHMENT_KEY = 'enr_live_secretsTest_4b7c1d9e2f3a5b6c';
const CODEHOST_TOKEN = 'github_pat_11SECRETStest0token7f3e9a1b2c';
const MODEL_KEY = 'sk-model-secrets-test-1a2b3c4d5e6f7a8b';

let chAuth: OAuthServer;
let ch: CodeHost;
let enrichment: Enrichment;
let model: ModelStandin;
let server: TestServer;
let c: Client;
const secrets: string[] = [PASSWORD, ENRICHMENT_KEY, CODEHOST_TOKEN, MODEL_KEY, CODEHOST_CLIENT.client_secret];

before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  chAuth = await startOAuthServer({ clients: [{ ...CODEHOST_CLIENT, redirect_uris: [`${publicUrl}/latest/integrations/oauth/callback`] }], accounts: [{ id: 'u-1', login: 'ada', email: 'ada@example.com', admin: true }] });
  ch = await startCodeHost({ oauth: chAuth, tokens: { [CODEHOST_TOKEN]: { login: 'ada' } } });
  ch.seed.repo({ owner: 'ada', name: 'vault' });
  enrichment = await startEnrichment({ apiKeys: [ENRICHMENT_KEY] });
  model = await startModel({ apiKeys: [MODEL_KEY], models: ['m-secret'] });
  server = await startServer(undefined, {
    PORT: String(port),
    HANGAR_PUBLIC_URL: publicUrl,
    HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true',
    LOG_LEVEL: 'debug',
    ...providerEnv({ codehost: ch, enrichment, codehostOAuth: chAuth }),
  });
  c = await newProject(server);
});
after(async () => {
  await Promise.all([ch?.close(), chAuth?.close(), enrichment?.close(), model?.close()]);
});

describe('secrets never leave', () => {
  test('every kind of secret, through normal and error paths: in no answer and no log line', async () => {
    const seen = c.seen;
    const record = async (p: Promise<{ status: number; body: unknown; headers: Headers }>) => {
      const r = await p;
      seen.push(typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? ''));
      for (const [k, v] of r.headers) seen.push(`${k}: ${v}`);
      return r;
    };
    const anon = (method: string, path: string, options: Parameters<typeof call>[3] = {}) => record(call(server, method, path, options));

    // Accounts: a password, a second key, a session.
    const admin = await bootstrap(server, `keeper-${Date.now()}@example.test`, PASSWORD);
    secrets.push(admin.api_key, c.org.api_key);
    // The one answer that shows a key (once, at creation) is not searched.
    const extra = await call(server, 'POST', `/latest/auth/users/${admin.user_id}/keys/create`, { authorization: `Bearer :${admin.api_key}`, body: { label: 'extra' } });
    secrets.push(extra.body.api_key);
    const info = await anon('GET', '/latest/auth/info', { authorization: `Bearer :${admin.api_key}` });
    // The sign-in answer sets the session cookie: the one place it travels, so not searched.
    const login = await call(server, 'POST', '/latest/auth/login', { body: { email: (info.body as any).email, password: PASSWORD } });
    const session = /hangar_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    assert.ok(session);
    secrets.push(session);

    // Provider credentials: an API key, an access token, an OAuth sign-in (access and refresh tokens).
    const enr = await c.connect('enrichment', ENRICHMENT_KEY);
    const code = await c.connect('codehost', CODEHOST_TOKEN);
    assert.equal(enr.status, 200, JSON.stringify(enr.body));
    assert.equal(code.status, 200, JSON.stringify(code.body));
    const oauth = await signIn(c, 'codehost', 'ada');
    assert.ok(oauth.connection_id);
    await c.run('codehost.get_repository_info', oauth.connection_id, { owner: 'ada', repo: 'vault' });
    await c.run('enrichment.find_contact', enr.body.connection_id, { email: 'maya.patel@northwind.io' });

    // A webhook secret, and deliveries signed with it (and not).
    const agent = await c.post('/latest/agents/upsert', { name: 'Keeper', system_prompt: 'x', model: 'm-secret', model_base_url: `${model.url}/v1`, model_api_key: MODEL_KEY });
    await c.post(`/latest/agents/${agent.body.agent_id}/triggers/create`, { type: 'codehost.new_issue', connection_id: code.body.connection_id, config: { repository: 'ada/vault' } });
    const hook = hookAt(ch, 'ada/vault');
    assert.ok(hook?.config.secret);
    secrets.push(hook.config.secret);
    model.script({ content: 'ok' }, { content: 'ok' }, { content: 'ok' });
    for (const signature of [undefined, 'sha256=00', null]) {
      const d = await sendDelivery(hook, 'issues', { action: 'opened', issue: { number: 1, title: 't', body: '', user: { login: 'bob' } }, repository: { full_name: 'ada/vault' } }, signature === undefined ? {} : { signature });
      seen.push(JSON.stringify(d.body));
    }
    await c.post('/latest/agents/trigger', { agent_id: agent.body.agent_id, message: { role: 'user', content: 'hello' } });

    // The careless client: credentials in every wrong place.
    for (const authorization of [admin.api_key, `Bearer ${admin.api_key}`, `Basic ${admin.api_key}`, `Bearer ${c.projectId}:${admin.api_key}x`, `Bearer ${admin.api_key}:${admin.api_key}`, `Token ${CODEHOST_TOKEN}`]) {
      await anon('GET', '/latest/studios/list', { authorization });
      await anon('POST', '/latest/integrations/api_call', { authorization, body: { connection_id: enr.body.connection_id, method: 'GET', endpoint: '/account' } });
    }
    await anon('GET', '/latest/auth/info', { authorization: `Bearer :${admin.api_key.replace('sk-us-', 'sk-eu-')}` });
    await anon('POST', '/latest/auth/login', { body: { email: (info.body as any).email, password: `${PASSWORD}-wrong` } });
    await anon('GET', '/latest/studios/list', { headers: { cookie: `hangar_session=${session}x` } });
    await c.post('/latest/integrations/api_call', { connection_id: enr.body.connection_id, method: 'GET', endpoint: `/account?api_key=${ENRICHMENT_KEY}`, headers: { authorization: `Bearer ${ENRICHMENT_KEY}` } });
    await c.post('/latest/integrations/api_call', { connection_id: code.body.connection_id, method: 'GET', endpoint: '/user', headers: { accept: 'application/vnd.codehost+json', cookie: CODEHOST_TOKEN } });
    await c.post('/latest/integrations/connections/create', { provider: 'enrichment', api_key: `${ENRICHMENT_KEY}-wrong` });
    await c.post('/latest/integrations/connections/create', { provider: 'codehost', api_key: `${CODEHOST_TOKEN}\u0000` });
    await c.post(`/latest/integrations/connections/${oauth.connection_id}/delete`);
    await c.run('codehost.get_repository_info', oauth.connection_id, { owner: 'ada', repo: 'vault' });
    await new Promise((r) => setTimeout(r, 300));

    // What the providers saw is what Hangar holds: OAuth tokens, the client secret, the keys.
    secrets.push(...credentialsSeen(ch, chAuth, enrichment, model));
    const listed = await c.post('/latest/integrations/connections/list', {});
    assert.ok((listed.body as any).results.length >= 2);
    await c.post('/latest/auth/users/' + admin.user_id + '/keys/list', {});
    assertNoSecrets(secrets, seen, 'an answer');
    assertNoSecrets(secrets, server.logs, 'a log line');
    assert.ok(server.logs.length > 50, `only ${server.logs.length} log lines: the log check would be thin`);
  });
});
