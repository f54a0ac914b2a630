// The hosted platform's own clients, unchanged, against a real Hangar (hosted-compat.md): the v2
// JavaScript SDK (@relevanceai/sdk 2.0.2) with its `endpoint` option set to Hangar, and the chain
// client (@relevanceai/chain 0.1.13) — its Chain/Client classes in-process and its `relevance deploy`
// command as a subprocess — with a fetch that rewrites only the hosted origin (the client has no
// base-address option). Every call of theirs inside Hangar's scope must pass.
//
// Bugs of the clients themselves, not counted (called here through the client's own SendRequest with
// the path filled in, as its users must):
// - SDK 2.0.2: GetUser, UpdateUser, DeleteUser, CreateUserKey, ListUserKeys and DeleteUserKey send
//   the path placeholder `{user_id}` literally (only `{dataset_id}` is ever substituted).
// - SDK 2.0.2: AcceptProjectInvite always sends `<project>:<key>`, so a new invitee (who has no key
//   yet) cannot accept through it; the first acceptance is with a password (README), later ones
//   with the invitee's key go through the SDK.
// - chain 0.1.13: `Chain.run` of a chain with no id sends `studio_id: "LOCAL_DEV_CHAIN"`; Hangar runs
//   the given studio_override without a stored tool of that id.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { Chain, Client, RunChainError } from '@relevanceai/chain';
import { VecDBApiClient } from '@relevanceai/sdk';
import { bootstrap, call, role, sessionHeaders, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

const require = createRequire(import.meta.url);
const HOSTED = /^https:\/\/api-[a-z0-9]+\.stack\.tryrelevance\.com(?=\/)/;

let server: TestServer;
let org: Org;
let projectId: string;
let target: { url: string; hits: Array<{ url: string; body: any }>; close(): Promise<void> };
/** Every request the chain client sent, as it sent it (after the origin was rewritten). */
const sent: Array<{ url: string; method: string; authorization: string | null; body: unknown }> = [];
const realFetch = globalThis.fetch;

async function startTarget() {
  const hits: Array<{ url: string; body: any }> = [];
  const s: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? JSON.parse(text) : undefined;
      hits.push({ url: req.url!, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ greeting: `Hello, ${body?.name ?? 'nobody'}!` }));
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, hits, close: () => new Promise<void>((r) => s.close(() => r())) };
}

before(async () => {
  // api_call steps reach the local target: private addresses are allowed on this deployment.
  server = await startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
  org = await bootstrap(server);
  target = await startTarget();
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (typeof input !== 'string' || !HOSTED.test(input)) return realFetch(input, init);
    const url = input.replace(HOSTED, server.url);
    const headers = new Headers(init?.headers);
    sent.push({ url, method: init?.method ?? 'GET', authorization: headers.get('authorization'), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return realFetch(url, init);
  }) as typeof fetch;
});
after(async () => {
  globalThis.fetch = realFetch;
  await target.close();
});

/** A client of the SDK pointed at Hangar: only `endpoint` differs from a hosted setup. */
const sdk = (project: string | undefined, apiKey: string) => new VecDBApiClient({ ...(project !== undefined ? { project } : {}), api_key: apiKey, endpoint: server.url });

describe('JavaScript SDK 2.0.2 (governance and keys)', () => {
  test('health, auth info, projects: create and list', async () => {
    const account = sdk('', org.api_key);
    assert.deepEqual((await account.SendRequest({ method: 'get', path: '/health', input: {} })).body, { status: 'ok' });
    const info = (await account.GetAuthHeaderInfo({} as never)).body as any;
    assert.equal(info.user_id, org.user_id);
    assert.equal(typeof info.key_id, 'string');
    assert.ok('permissions' in info);
    // With no project configured at all the SDK sends the literal "undefined:<key>".
    assert.equal(((await sdk(undefined, org.api_key).GetAuthHeaderInfo({} as never)).body as any).user_id, org.user_id);

    const created = (await account.CreateProject({ name: 'Compat', description: 'clients', organization_id: org.organization_id } as never)).body as any;
    assert.equal(typeof created.project_id, 'string');
    projectId = created.project_id;
    const listed = (await account.ListProjects({} as never)).body as any;
    assert.equal(listed.count, listed.projects.length);
    const mine = listed.projects.find((p: any) => p.project_id === projectId);
    assert.deepEqual([mine.name, mine.description, typeof mine.updated_at, mine.permissions], ['Compat', 'clients', 'string', role('admin')]);
  });

  test('invites and users: create, list, accept with the invitee’s key, read, update, delete', async () => {
    const admin = sdk(projectId, org.api_key);
    const email = `invitee-${Date.now()}@example.test`;
    const first = (await admin.CreateProjectInvite({ email, permissions: role('role:editor') } as never)).body as any;
    assert.equal(typeof first.invite_code, 'string');
    const invites = (await admin.ListProjectInvites({} as never)).body as any;
    assert.deepEqual(invites.results.map((i: any) => [i._id, i.email]), [[first.invite_code, email]]);
    await admin.DeleteProjectInvite({ invite_code: first.invite_code } as never);
    assert.deepEqual(((await admin.ListProjectInvites({} as never)).body as any).results, []);

    // A second project's invite stays pending while the first is accepted with a password; the
    // invitee, now with a key, accepts the second through the SDK.
    const other = ((await sdk('', org.api_key).CreateProject({ name: 'Compat 2', organization_id: org.organization_id } as never)).body as any).project_id;
    const again = ((await admin.CreateProjectInvite({ email, permissions: role('role:editor') } as never)).body as any).invite_code;
    const later = ((await sdk(other, org.api_key).CreateProjectInvite({ email, permissions: role('role:viewer') } as never)).body as any).invite_code;
    const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: again, password: 'a long password', name: 'Invitee' } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const userId = accepted.body.user_id;
    const session = await call(server, 'POST', '/latest/auth/login', { body: { email, password: 'a long password' } });
    const key = await call(server, 'POST', `/latest/auth/users/${userId}/keys/create`, { headers: sessionHeaders(session), body: {} });
    assert.deepEqual(((await sdk(other, key.body.api_key).AcceptProjectInvite({ invite_code: later } as never)).body as any).project_id, other);

    const users = ((await admin.ListUsers({} as never)).body as any).results;
    const entry = users.find((u: any) => u._id === userId);
    assert.deepEqual([entry.type, entry.email, entry.permissions], ['user', email, { projects: { [projectId]: role('role:editor') } }]);
    // The SDK's own GetUser sends "{user_id}" literally (a bug of the client), so the path is filled in.
    assert.equal(((await admin.SendRequest({ method: 'get', path: `/auth/users/${userId}`, input: {} })).body as any)._id, userId);
    await admin.SendRequest({ method: 'post', path: `/auth/users/${userId}/update`, input: { permissions: role('role:viewer'), overwrite: true } });
    const updated = ((await admin.SendRequest({ method: 'get', path: `/auth/users/${userId}`, input: {} })).body as any).permissions;
    assert.deepEqual(updated, { projects: { [projectId]: role('role:viewer') } });
    await admin.SendRequest({ method: 'post', path: `/auth/users/${userId}/delete`, input: {} });
    await assert.rejects(admin.SendRequest({ method: 'get', path: `/auth/users/${userId}`, input: {} }), /failed with status 404/);
  });

  test('keys: create (answering id), list (_id), delete with {id}', async () => {
    const me = sdk('', org.api_key);
    const made = (await me.SendRequest({ method: 'post', path: `/auth/users/${org.user_id}/keys/create`, input: { label: 'sdk' } })).body as any;
    assert.match(made.api_key, /^sk-us-/);
    assert.equal(typeof made.id, 'string');
    const listed = ((await me.SendRequest({ method: 'post', path: `/auth/users/${org.user_id}/keys/list`, input: {} })).body as any).results;
    assert.ok(listed.some((k: any) => k._id === made.id && k.label === 'sdk'));
    await me.SendRequest({ method: 'post', path: `/auth/users/${org.user_id}/keys/delete`, input: { id: made.id } });
    await assert.rejects(sdk('', made.api_key).GetAuthHeaderInfo({} as never), /failed with status 401/);
    // The client's own method sends the placeholder: Hangar answers a clear 404, not a success.
    await assert.rejects(me.ListUserKeys({} as never), /failed with status 404/);
  });
});

describe('chain client 0.1.13', () => {
  const chainPackage = path.resolve(path.dirname(require.resolve('@relevanceai/chain')), '..');
  const auth = () => ({ project: projectId, region: 'us', apiKey: org.api_key });

  function greeter(id?: string, flags: { publiclyTriggerable?: boolean } = {}) {
    const chain = new Chain(auth());
    if (id) chain.setChainId(id);
    chain.setTitle('Greeter');
    chain.setDescription('Says hello through an API call');
    if (flags.publiclyTriggerable) chain.setPubliclyTriggerable(true);
    const { name } = chain.defineParams({ name: { type: 'string' } });
    const { response_body } = (chain as any).step('api_call', { url: `${target.url}/greet`, method: 'POST', body: { name } });
    chain.defineOutput({ greeting: response_body } as never);
    return chain;
  }

  test('Chain.run runs the local configuration (studio_override) and returns the state', async () => {
    const out: any = await greeter().run({ name: 'Ada' } as never);
    assert.equal(out.status, 'complete', JSON.stringify(out.errors));
    assert.deepEqual(out.output, { greeting: { greeting: 'Hello, Ada!' } });
    assert.deepEqual(out.state.params, { name: 'Ada' });
    assert.deepEqual(out.state.steps.api_call.output.response_body, { greeting: 'Hello, Ada!' });
    assert.ok(Array.isArray(out.credits_used));
    const last = sent.at(-1)!;
    assert.equal(last.authorization, `${projectId}:${org.api_key}:us`, 'the three-part header');
    assert.match(last.url, /\/latest\/studios\/LOCAL_DEV_CHAIN\/trigger\?$/);
  });

  test('save (bulk_update), get, list by ids, run the saved chain; region code in the header', async () => {
    const chain = greeter('compat-greeter');
    const api = (chain as any).api;
    await api.saveChains({ updates: [{ ...chain.toJSON(), project: projectId, tags: { source: 'sdk' } }], version: 'latest' });
    const saved = await api.getChain('compat-greeter');
    assert.deepEqual([saved.studio_id, saved.title, saved.project, saved.tags, saved.publicly_triggerable], ['compat-greeter', 'Greeter', projectId, { source: 'sdk' }, false]);
    const found = await api.getChainsByIds(['compat-greeter', 'no-such-chain']);
    assert.deepEqual(found.map((t: any) => t.studio_id), ['compat-greeter']);
    // A partial update changes only what it sends.
    await api.saveChains({ updates: [{ studio_id: 'compat-greeter', description: 'Changed' }] });
    assert.deepEqual([(await api.getChain('compat-greeter')).description, (await api.getChain('compat-greeter')).title], ['Changed', 'Greeter']);

    const coded = new Chain({ ...auth(), region: 'bcbe5a' });
    coded.setChainId('compat-greeter');
    const ran: any = await (coded as any).api.runChain({ studio_id: 'compat-greeter', params: { name: 'Grace' }, return_state: true });
    assert.deepEqual(ran.output, { greeting: { greeting: 'Hello, Grace!' } });
    assert.equal(sent.at(-1)!.authorization, `${projectId}:${org.api_key}:bcbe5a`);
  });

  test('a failing step: status failed, errors with body and raw', async () => {
    const chain = new Chain(auth());
    (chain as any).step('api_call', { url: '{{params.url}}', method: 'GET' });
    const out: any = await chain.run({ url: 'not a url' } as never);
    assert.equal(out.status, 'failed');
    assert.deepEqual(out.output, {});
    assert.equal(out.errors[0].step_name, 'api_call');
    assert.equal(typeof out.errors[0].body, 'string');
    assert.equal(out.errors[0].raw, out.errors[0].body);
  });

  test('another region in the header is 421; the client throws its message', async () => {
    const elsewhere = new Chain({ ...auth(), region: 'eu' });
    await assert.rejects(elsewhere.run({} as never), /EU region/);
  });

  test('Client.runChain: a publicly_triggerable chain runs without a key; any other is refused', async () => {
    const open = greeter('compat-public', { publiclyTriggerable: true });
    const closed = greeter('compat-private');
    await (open as any).api.saveChains({ updates: [open.toJSON(), closed.toJSON()] });
    const client = new Client({ project: projectId, region: 'us' } as never);
    assert.deepEqual(await client.runChain('compat-public', { name: 'Linus' }), { greeting: { greeting: 'Hello, Linus!' } });
    assert.equal(sent.at(-1)!.authorization, null, 'no Authorization header at all');
    await assert.rejects(client.runChain('compat-private', { name: 'x' }), /needs an API key/);
    await assert.rejects(client.runChain('no-such-chain', { name: 'x' }), /needs an API key/);
    // A run that fails throws the client's RunChainError with the run's errors.
    const broken = new Chain(auth());
    broken.setChainId('compat-broken');
    broken.setPubliclyTriggerable(true);
    (broken as any).step('api_call', { url: 'not a url', method: 'GET' });
    await (broken as any).api.saveChains({ updates: [broken.toJSON()] });
    const err = await client.runChain('compat-broken', {}).then(
      () => assert.fail('a failed run must throw'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof RunChainError, String(err));
    assert.match((err as RunChainError).errors[0].body, /Step "api_call"/);
  });

  test('share links are not available here: the client gets an error naming them', async () => {
    await assert.rejects((greeter() as any).api.shareChain('compat-greeter'), /Share links are not available on this deployment/);
  });

  test('`relevance deploy` saves the chains of ./chains, tagged as its own, and finds them again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hangar-deploy-'));
    try {
      mkdirSync(path.join(dir, 'chains'));
      writeFileSync(
        path.join(dir, 'chains', 'deployed-greeter.js'),
        `const { Chain } = require(${JSON.stringify(chainPackage)});
const chain = new Chain();
chain.setTitle('Deployed greeter');
const { name } = chain.defineParams({ name: { type: 'string' } });
chain.step('api_call', { url: ${JSON.stringify(`${target.url}/greet`)}, method: 'POST', body: { name } });
exports.default = chain;
`,
      );
      const env = { ...process.env, RELEVANCE_PROJECT_ID: projectId, RELEVANCE_REGION: 'us', RELEVANCE_API_KEY: org.api_key, HANGAR_COMPAT_ORIGIN: server.url };
      const child = spawn(process.execPath, ['--require', path.join(import.meta.dirname, 'rewrite-origin.cjs'), path.join(chainPackage, 'dist', 'bin.js'), 'deploy'], { cwd: dir, env });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((r) => child.on('exit', r));
      assert.equal(code, 0, output);
      // The command names a chain after its file, dropping only a `.ts` extension.
      assert.match(output, /deployed-greeter\.js/);
      const stored = await call(server, 'GET', '/latest/studios/deployed-greeter.js/get', { authorization: `${projectId}:${org.api_key}` });
      assert.deepEqual([stored.status, stored.body.studio.title, stored.body.studio.tags], [200, 'Deployed greeter', { source: 'sdk' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
