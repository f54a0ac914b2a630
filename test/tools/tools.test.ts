// Tools ("studios", api.md §5) through Hangar's real HTTP API: definitions and their checks, roles,
// params validated against params_schema, steps chained with {{params.x}} / {{steps.<name>.output.y}}
// across a named step, a provider API Call and a generic api_call (each provider a stand-in, the
// api_call target a local server), synchronous and asynchronous runs, and tenant isolation. Then the
// api_call guard against private addresses: through a server with the default settings, and
// ssrf.ts / http-call.ts directly (DNS answers and redirects, which need public hosts offline).
import assert from 'node:assert/strict';
import dns from 'node:dns';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { after, before, describe, test } from 'node:test';
import { HangarError } from '../../src/shared/errors.ts';
import { createHttpCaller } from '../../src/tools/http-call.ts';
import { checkTarget, isPublicAddress } from '../../src/tools/ssrf.ts';
import { fakeDns } from '../helpers/offline-dns.ts';
import { bearer, call, expectError, role, startServer, type Reply, type TestServer, sessionHeaders } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { expectRequest, newProject, providerEnv, since, type Client } from '../integrations/kit.ts';
import { skipTest } from '../helpers/skips.ts';

const ENR_KEY = 'enr_live_tools_4b7d1e9a2c6f8b0d3e5a7c9f1b2d4e6a';
const CH_TOKEN = 'github_pat_11AATOOLS0chainToken9e8d7c6b5a4f';

// ---------------------------------------------------------------------------------------------
// A local HTTP server as the generic api_call's target: records what arrived, answers JSON, and
// holds /slow until released (so an asynchronous run is seen in progress).

interface Hit {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

interface Target {
  url: string;
  hits: Hit[];
  release(): void;
  close(): Promise<void>;
}

async function startTarget(): Promise<Target> {
  const hits: Hit[] = [];
  let release!: () => void;
  let gate = new Promise<void>((r) => (release = r));
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    let body: unknown = raw || undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      /* keep the text */
    }
    hits.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    if (req.url === '/slow') await gate;
    const answer = req.url === '/slow' ? { slow: true, n: hits.length } : { received: true, id: 42 };
    res.writeHead(req.url?.startsWith('/missing') ? 404 : 200, { 'content-type': 'application/json', 'set-cookie': 'session=abc' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    release: () => {
      release();
      gate = new Promise<void>((r) => (release = r));
    },
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

// ---------------------------------------------------------------------------------------------

let server: TestServer; // HANGAR_ALLOW_PRIVATE_ADDRESSES=true: api_call may reach the local target
let strict: TestServer; // the default settings: api_call refuses private addresses
let enr: Enrichment;
let ch: CodeHost;
let target: Target;
let c: Client; // admin of the main project
let other: Client; // admin of a project of another organization
let viewer: string; // Authorization header of a viewer of the main project
let editor: string;
let enrConn: string;
let chConn: string;
let repoId: number;

/** A user invited into c's project with `action`, as an Authorization header with their own key. */
async function member(s: TestServer, owner: Client, action: 'role:editor' | 'role:viewer'): Promise<string> {
  const email = `${action.replace(':', '-')}-${Math.random().toString(36).slice(2)}@example.test`;
  const invite = await owner.post('/latest/auth/invite/create', { email, permissions: role(action) });
  assert.equal(invite.status, 200, JSON.stringify(invite.body));
  const accepted = await call(s, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'a long password', name: 'Member' } });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const session = await call(s, 'POST', '/latest/auth/login', { body: { email, password: 'a long password' } });
  const key = await call(s, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: sessionHeaders(session), body: {} });
  assert.equal(key.status, 200, JSON.stringify(key.body));
  return bearer(owner.projectId, key.body.api_key);
}

const as = (auth: string, method: string, path: string, body?: unknown) => call(server, method, path, { authorization: auth, ...(body !== undefined ? { body } : {}) });

async function createTool(client: Client, tool: unknown): Promise<string> {
  const r = await client.post('/latest/studios/create', tool);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body), ['studio_id']);
  return r.body.studio_id;
}

async function runLimited(client: Client, id: string, params: Record<string, unknown>) {
  const r = await client.post(`/latest/studios/${id}/trigger_limited`, { params });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body).sort(), ['cost', 'credits_used', 'errors', 'executionTime', 'output', 'status', 'warnings']);
  assert.ok(Number.isInteger(r.body.executionTime) && r.body.executionTime >= 0, `executionTime ${r.body.executionTime}`);
  // The hosted shape: a list of entries per step, and their sum as the run's cost.
  assert.ok(Array.isArray(r.body.credits_used), 'credits_used is a list');
  assert.equal(r.body.credits_used.reduce((n: number, e: { credits: number }) => n + e.credits, 0), r.body.cost);
  for (const e of r.body.errors) assert.deepEqual([e.body, e.raw, e.step_name], [e.message, e.message, e.step], 'each error in the hosted shape too');
  return r.body as { output: any; status: string; errors: any[]; warnings: any[]; executionTime: number; credits_used: Array<{ credits: number; name: string }>; cost: number };
}

/** Polls async_poll until it leaves `inprogress` (≤ 10 s). */
async function pollUntilDone(client: Client, studioId: string, jobId: string): Promise<Reply> {
  const end = Date.now() + 10_000;
  for (;;) {
    const r = await client.get(`/latest/studios/${studioId}/async_poll/${jobId}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (r.body.type !== 'inprogress') return r;
    if (Date.now() > end) assert.fail(`job ${jobId} still in progress after 10 s`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

const simpleTool = (title: string, url = 'https://example.com/') => ({ title, transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url } }] } });

/** The three-provider chain: a named step, a code-host API Call, and a generic api_call. */
const chainTool = () => ({
  title: 'Enrich and notify',
  description: 'Finds a contact, reads a repository, and posts both to a webhook.',
  params_schema: {
    type: 'object',
    required: ['email', 'repo'],
    properties: { email: { type: 'string', format: 'email' }, repo: { type: 'string', pattern: '^[\\w.-]+/[\\w.-]+$' }, priority: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  transformations: {
    steps: [
      { name: 'person', transformation: 'enrichment.find_contact', params: { connection_id: enrConn, email: '{{params.email}}' } },
      { name: 'repo', transformation: 'codehost_api_call', params: { connection_id: chConn, method: 'GET', endpoint: '/repos/{{params.repo}}', headers: { accept: 'application/vnd.codehost+json' } } },
      {
        name: 'notify',
        transformation: 'api_call',
        params: {
          url: `${target.url}/notify?who={{steps.person.output.person.first_name}}&repo={{params.repo}}`,
          method: 'POST',
          headers: { 'x-tool': 'hangar-test', authorization: 'Bearer hook-secret-1' },
          body: {
            person: '{{steps.person.output.person}}',
            phones: '{{ steps.person.output.person.phone_numbers }}',
            repo_id: '{{steps.repo.output.response_body.id}}',
            private: '{{steps.repo.output.response_body.private}}',
            priority: '{{params.priority}}',
            summary: '{{steps.person.output.person.full_name}} ({{steps.person.output.person.job_title}}) watches {{steps.repo.output.response_body.full_name}}; priority {{params.priority}}; phones {{steps.person.output.person.phone_numbers}}',
            tags: ['{{params.repo}}', 'static', 7],
            note: '{{params.note}}',
          },
        },
      },
    ],
    output: { name: '{{steps.person.output.person.full_name}}', repository: '{{steps.repo.output.response_body.full_name}}', notified: '{{steps.notify.output.status}}', answer: '{{steps.notify.output.response_body}}' },
  },
});

before(async () => {
  enr = await startEnrichment({ apiKeys: [ENR_KEY] });
  ch = await startCodeHost({ tokens: { [CH_TOKEN]: { login: 'octocat' } } });
  repoId = ch.seed.repo({ owner: 'octocat', name: 'hello', description: 'Hello world' }).id;
  target = await startTarget();
  [server, strict] = await Promise.all([startServer(undefined, { ...providerEnv({ enrichment: enr, codehost: ch }), HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' }), startServer()]);
  c = await newProject(server);
  other = await newProject(server);
  [viewer, editor] = await Promise.all([member(server, c, 'role:viewer'), member(server, c, 'role:editor')]);
  enrConn = (await c.connect('enrichment', ENR_KEY)).body.connection_id;
  chConn = (await c.connect('codehost', CH_TOKEN)).body.connection_id;
  assert.ok(enrConn && chConn);
});
after(async () => {
  await Promise.all([enr.close(), ch.close(), target.close()]);
});

describe('definitions', () => {
  test('create, get, update (a replacement), and the stored definition as given', async () => {
    const id = await createTool(c, chainTool());
    const got = await c.get(`/latest/studios/${id}/get`);
    assert.equal(got.status, 200, JSON.stringify(got.body));
    const tool = got.body.studio;
    assert.deepEqual(Object.keys(got.body), ['studio']);
    assert.deepEqual(Object.keys(tool).sort(), ['_id', 'created_at', 'description', 'insert_date_', 'params_schema', 'project', 'public', 'publicly_triggerable', 'studio_id', 'title', 'transformations', 'update_date_', 'updated_at']);
    const { title, description, params_schema, transformations } = chainTool();
    const dates = { created_at: undefined, updated_at: undefined, insert_date_: undefined, update_date_: undefined };
    assert.deepEqual({ ...tool, ...dates }, { studio_id: id, _id: id, project: c.projectId, title, description, params_schema, transformations, public: false, publicly_triggerable: false, ...dates });
    assert.equal(tool.created_at, tool.updated_at);
    assert.deepEqual([tool.insert_date_, tool.update_date_], [tool.created_at, tool.updated_at]);

    const replacement = simpleTool('Replaced', 'https://example.com/v2');
    const up = await c.post(`/latest/studios/${id}/update`, replacement);
    assert.deepEqual([up.status, up.body], [200, { studio_id: id }]);
    const again = (await c.get(`/latest/studios/${id}/get`)).body.studio;
    assert.deepEqual([again.title, again.description, again.params_schema, again.transformations], ['Replaced', '', undefined, replacement.transformations]);
    assert.equal(again.created_at, tool.created_at);
    assert.ok(again.updated_at > tool.updated_at, 'updated_at moves on update');

    expectError(await c.post('/latest/studios/00000000-0000-4000-8000-000000000000/update', replacement), 404, 'not_found');
    expectError(await c.get('/latest/studios/not-a-uuid/get'), 404, 'not_found');
  });

  test('invalid definitions are 400s naming the problem, and nothing is stored', async () => {
    const named = (name: string, transformation: string, params: Record<string, unknown>) => ({ name, transformation, params });
    const find = (name: string, email = '{{params.email}}') => named(name, 'enrichment.find_contact', { connection_id: enrConn, email });
    const cases: Array<[string, unknown, RegExp]> = [
      ['unknown transformation', { title: 't', transformations: { steps: [named('a', 'enrichment.find_contacts', { connection_id: enrConn })] } }, /step "a": transformation "enrichment\.find_contacts" is not a named tool step, <provider>_api_call, or api_call/],
      ['unknown provider API Call', { title: 't', transformations: { steps: [named('a', 'nowhere_api_call', { connection_id: enrConn })] } }, /transformation "nowhere_api_call" is not/],
      ['duplicate step names', { title: 't', transformations: { steps: [find('a'), find('a')] } }, /two steps are named "a"; step names must be unique/],
      ['reference to a later step', { title: 't', transformations: { steps: [find('a', '{{steps.b.output.person.emails}}'), find('b')] } }, /step "a" refers to \{\{steps\.b\.output\.person\.emails\}\}, but no earlier step is named "b"/],
      ['reference to an unknown step', { title: 't', transformations: { steps: [find('a'), find('b', '{{steps.zed.output.x}}')] } }, /step "b" refers to \{\{steps\.zed\.output\.x\}\}, but no earlier step is named "zed"/],
      ['reference to its own output', { title: 't', transformations: { steps: [find('a', '{{steps.a.output.x}}')] } }, /step "a" refers to its own output/],
      ['reference to a step without .output', { title: 't', transformations: { steps: [find('a'), find('b', '{{steps.a.person}}')] } }, /step "b" refers to \{\{steps\.a\.person\}\}; a step's result is read as \{\{steps\.a\.output\}\}/],
      ['reference outside params and steps', { title: 't', transformations: { steps: [find('a', '{{env.SECRET}}')] } }, /step "a" refers to \{\{env\.SECRET\}\}; references start with params\. or steps\./],
      ['output referring to an unknown step', { title: 't', transformations: { steps: [find('a')], output: { x: '{{steps.b.output}}' } } }, /"output" refers to \{\{steps\.b\.output\}\}/],
      ['named step without connection_id', { title: 't', transformations: { steps: [named('lookup', 'enrichment.find_contact', { email: 'a@b.example' })] } }, /step "lookup" needs params\.connection_id/],
      ['provider API Call without connection_id', { title: 't', transformations: { steps: [named('gh', 'codehost_api_call', { method: 'GET', endpoint: '/user' })] } }, /step "gh" needs params\.connection_id/],
      ['api_call without url', { title: 't', transformations: { steps: [named('hook', 'api_call', { method: 'POST' })] } }, /step "hook" \(api_call\) needs params\.url/],
      ['params_schema with an unknown type', { title: 't', params_schema: { type: 'objekt' }, transformations: { steps: [find('a')] } }, /params_schema is not a valid JSON schema: .*type/],
      ['params_schema with a bad keyword value', { title: 't', params_schema: { type: 'object', required: 'email' }, transformations: { steps: [find('a')] } }, /params_schema is not a valid JSON schema: .*required must be array/],
      ['params_schema that is not an object', { title: 't', params_schema: ['email'], transformations: { steps: [find('a')] } }, /params_schema/],
      ['no steps', { title: 't', transformations: { steps: [] } }, /transformations\.steps/],
      ['a step name that cannot be referenced', { title: 't', transformations: { steps: [find('my step')] } }, /transformations\.steps\.0\.name/],
      ['no title', { transformations: { steps: [find('a')] } }, /title/],
    ];
    for (const [what, body, message] of cases) {
      const e = expectError(await c.post('/latest/studios/create', body), 400, 'validation_error');
      assert.match(e.message, message, what);
    }
    // An update is checked the same way, and a refused one leaves the tool as it was.
    const id = await createTool(c, simpleTool('Kept'));
    const e = expectError(await c.post(`/latest/studios/${id}/update`, cases[2][1]), 400, 'validation_error');
    assert.match(e.message, /two steps are named "a"/);
    assert.equal((await c.get(`/latest/studios/${id}/get`)).body.studio.title, 'Kept');
    const titles = (await c.get('/latest/studios/list?page_size=1000')).body.results.map((t: any) => t.title);
    assert.ok(!titles.includes('t'), 'no refused definition was stored');
  });

  test('list pages through the project’s tools in creation order; a foreign cursor is a 400', async () => {
    const p = await newProject(server);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await createTool(p, simpleTool(`Tool ${n}`)));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await p.get(`/latest/studios/list?page_size=2${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.ok(r.body.results.length <= 2);
      seen.push(...r.body.results.map((t: any) => t.studio_id));
      cursor = r.body.next_cursor;
      pages += 1;
    } while (cursor);
    assert.deepEqual(seen, ids);
    assert.equal(pages, 3);
    const all = await p.get('/latest/studios/list');
    assert.deepEqual(all.body.results.map((t: any) => t.title), ['Tool 1', 'Tool 2', 'Tool 3', 'Tool 4', 'Tool 5']);
    assert.equal(all.body.next_cursor, undefined);
    expectError(await p.get('/latest/studios/list?cursor=bm90LWEtY3Vyc29y'), 400, 'validation_error');
    expectError(await p.get('/latest/studios/list?page_size=0'), 400, 'validation_error');
    expectError(await p.get('/latest/studios/list?page_size=1001'), 400, 'validation_error');
  });

  test('bulk_delete removes the project’s own tools only', async () => {
    const a = await createTool(c, simpleTool('Delete me A'));
    const b = await createTool(c, simpleTool('Delete me B'));
    const keep = await createTool(c, simpleTool('Keep me'));
    const foreign = await createTool(other, simpleTool('Another project’s'));
    const r = await c.post('/latest/studios/bulk_delete', { ids: [a, b, foreign, 'not-a-uuid', '00000000-0000-4000-8000-000000000000'] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.deleted.sort(), [a, b].sort());
    expectError(await c.get(`/latest/studios/${a}/get`), 404, 'not_found');
    expectError(await c.get(`/latest/studios/${b}/get`), 404, 'not_found');
    assert.equal((await c.get(`/latest/studios/${keep}/get`)).status, 200);
    assert.equal((await other.get(`/latest/studios/${foreign}/get`)).status, 200, 'another project’s tool survives');
    assert.deepEqual((await c.post('/latest/studios/bulk_delete', { ids: [a] })).body, { deleted: [] });
    expectError(await c.post('/latest/studios/bulk_delete', {}), 400, 'validation_error');
  });

  test('roles: a viewer reads and runs tools but cannot create, change or delete them; an editor can', async () => {
    const id = await createTool(c, { title: 'Echo', transformations: { steps: [{ name: 'hook', transformation: 'api_call', params: { url: `${target.url}/echo` } }] } });
    for (const [method, path, body] of [
      ['POST', '/latest/studios/create', simpleTool('By a viewer')],
      ['POST', `/latest/studios/${id}/update`, simpleTool('By a viewer')],
      ['POST', '/latest/studios/bulk_delete', { ids: [id] }],
    ] as const) {
      const e = expectError(await as(viewer, method, path, body), 403, 'forbidden');
      assert.match(e.message, /"role:editor" permission/);
    }
    assert.equal((await as(viewer, 'GET', `/latest/studios/${id}/get`)).body.studio.title, 'Echo');
    assert.ok((await as(viewer, 'GET', '/latest/studios/list')).body.results.some((t: any) => t.studio_id === id));
    const run = await as(viewer, 'POST', `/latest/studios/${id}/trigger_limited`, { params: {} });
    assert.equal(run.status, 200, JSON.stringify(run.body));
    assert.equal(run.body.status, 'complete');
    const job = await as(viewer, 'POST', `/latest/studios/${id}/trigger_async`, { params: {} });
    assert.equal(job.status, 200, JSON.stringify(job.body));
    assert.equal((await as(viewer, 'GET', `/latest/studios/${id}/async_poll/${job.body.job_id}`)).status, 200);

    const made = await as(editor, 'POST', '/latest/studios/create', simpleTool('By an editor'));
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal((await as(editor, 'POST', `/latest/studios/${made.body.studio_id}/update`, simpleTool('Edited'))).status, 200);
    assert.deepEqual((await as(editor, 'POST', '/latest/studios/bulk_delete', { ids: [made.body.studio_id] })).body, { deleted: [made.body.studio_id] });
    expectError(await call(server, 'GET', `/latest/studios/${id}/get`), 401, 'unauthorized');
  });

  test('a params_schema with a $id works on every run, and in another project too', async () => {
    const tool = {
      title: 'Schema with an id',
      params_schema: { $id: 'https://schemas.example/contact.json', type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } },
      transformations: { steps: [{ name: 'hook', transformation: 'api_call', params: { url: `${target.url}/id`, method: 'POST', body: { email: '{{params.email}}' } } }] },
    };
    const id = await createTool(c, tool);
    for (const email of ['a@example.com', 'b@example.com']) assert.equal((await runLimited(c, id, { email })).status, 'complete');
    expectError(await c.post(`/latest/studios/${id}/trigger_limited`, { params: { email: 'nope' } }), 400, 'validation_error');
    assert.equal((await c.post(`/latest/studios/${id}/update`, tool)).status, 200);
    const foreign = await createTool(other, tool);
    assert.equal((await other.post(`/latest/studios/${foreign}/trigger_limited`, { params: { email: 'c@example.com' } })).body.status, 'complete');
  });
});

describe('runs', () => {
  let chain: string;
  before(async () => {
    chain = await createTool(c, chainTool());
  });

  test('params are validated against params_schema: a 400 naming the field, and no step runs', async () => {
    const marks = [enr.requests.length, ch.requests.length, target.hits.length];
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ repo: 'octocat/hello' }, /params\.email is required/],
      [{ email: 'not an email', repo: 'octocat/hello' }, /params\.email must match format "email"/],
      [{ email: 'maya.patel@northwind.io', repo: '../../admin' }, /params\.repo must match/],
      [{ email: 'maya.patel@northwind.io', repo: 'octocat/hello', priority: 'high' }, /params\.priority must be a integer|params\.priority must be an? integer/],
      [{ email: 'maya.patel@northwind.io', repo: 'octocat/hello', extra: 1 }, /params\.extra is not allowed/],
    ];
    for (const [params, message] of cases) {
      for (const path of ['trigger_limited', 'trigger_async']) {
        const e = expectError(await c.post(`/latest/studios/${chain}/${path}`, { params }), 400, 'validation_error');
        assert.match(e.message, message, `${path} ${JSON.stringify(params)}`);
      }
    }
    assert.deepEqual([enr.requests.length, ch.requests.length, target.hits.length], marks, 'no provider or target was called');
    expectError(await c.post(`/latest/studios/${chain}/trigger_limited`, { params: 'email' }), 400, 'validation_error');
  });

  test('trigger_limited chains a named step, a code-host API Call and an api_call; each received what the templates say', async () => {
    const marks = { enr: enr.requests.length, ch: ch.requests.length, hits: target.hits.length };
    const r = await runLimited(c, chain, { email: 'maya.patel@northwind.io', repo: 'octocat/hello', priority: 2 });
    assert.equal(r.status, 'complete', JSON.stringify(r.errors));
    assert.deepEqual(r.errors, []);
    assert.equal(r.cost, 2, 'Find Contact with phone numbers is 2 credits; the API Calls cost nothing');

    // 1. the enrichment provider: the tool's param as the step's input
    const enrSent = since(enr, marks.enr);
    assert.equal(enrSent.length, 1);
    expectRequest(enrSent[0], { method: 'POST', path: '/person', body: { email: 'maya.patel@northwind.io' }, headers: { authorization: `Bearer ${ENR_KEY}` } });
    // 2. the code host: the endpoint built from a param, with the accept header and the connection's token
    const chSent = since(ch, marks.ch);
    assert.equal(chSent.length, 1);
    expectRequest(chSent[0], { method: 'GET', path: '/repos/octocat/hello', headers: { accept: 'application/vnd.codehost+json', authorization: `Bearer ${CH_TOKEN}` } });
    // 3. the generic api_call: whole-string references keep their types, embedded ones are written in
    const hits = target.hits.slice(marks.hits);
    assert.equal(hits.length, 1);
    const hit = hits[0];
    assert.equal(hit.method, 'POST');
    assert.equal(hit.url, '/notify?who=Maya&repo=octocat/hello');
    assert.equal(hit.headers['x-tool'], 'hangar-test');
    assert.equal(hit.headers.authorization, 'Bearer hook-secret-1', 'the author’s own headers are sent as given');
    assert.equal(hit.headers['content-type'], 'application/json');
    const person = (await c.run('enrichment.find_contact', enrConn, { email: 'maya.patel@northwind.io' })).body.output.person;
    assert.equal(person.full_name, 'Maya Patel');
    assert.deepEqual(hit.body, {
      person,
      phones: ['+1 512 555 0142'],
      repo_id: repoId,
      private: false,
      priority: 2,
      summary: 'Maya Patel (VP of Engineering) watches octocat/hello; priority 2; phones ["+1 512 555 0142"]',
      tags: ['octocat/hello', 'static', 7],
    });
    assert.ok(!('note' in (hit.body as object)), 'a reference to a param that was not given leaves the field out');

    assert.deepEqual(r.output, { name: 'Maya Patel', repository: 'octocat/hello', notified: 200, answer: { received: true, id: 42 } });
  });

  test('an optional param left out: its whole-string field is omitted and its embedded references are empty', async () => {
    const mark = target.hits.length;
    const r = await runLimited(c, chain, { email: 'tom.fletcher@bluefinpay.com', repo: 'octocat/hello' });
    assert.equal(r.status, 'complete', JSON.stringify(r.errors));
    assert.equal(r.cost, 1, 'no phone numbers: 1 credit');
    const body = target.hits[mark].body as Record<string, unknown>;
    assert.equal(target.hits[mark].url, '/notify?who=Tom&repo=octocat/hello');
    assert.ok(!('priority' in body));
    assert.equal(body.summary, 'Tom Fletcher (Head of Partnerships) watches octocat/hello; priority ; phones []');
    assert.deepEqual(body.phones, []);
  });

  test('a failing step makes status "failed", naming the step and why; later steps do not run', async () => {
    const tool = chainTool();
    delete (tool.transformations.steps[1].params as Record<string, unknown>).headers;
    const id = await createTool(c, tool);
    const marks = { enr: enr.requests.length, ch: ch.requests.length, hits: target.hits.length };
    const r = await runLimited(c, id, { email: 'maya.patel@northwind.io', repo: 'octocat/hello' });
    assert.equal(r.status, 'failed');
    assert.deepEqual(r.output, {}, 'a failed run answers an empty object');
    assert.equal(r.errors.length, 1);
    assert.deepEqual(Object.keys(r.errors[0]).sort(), ['body', 'error_type', 'message', 'raw', 'step', 'stepName', 'step_name', 'transformation']);
    assert.equal(r.errors[0].step, 'repo');
    assert.equal(r.errors[0].transformation, 'codehost_api_call');
    assert.equal(r.errors[0].error_type, 'validation_error');
    assert.match(r.errors[0].message, /^Step "repo" \(codehost_api_call\) failed: .*accept: application\/vnd\.codehost\+json/);
    assert.equal(r.cost, 2, 'the credits of the step that ran before are still reported');
    assert.equal(since(enr, marks.enr).length, 1);
    assert.equal(since(ch, marks.ch).length, 0, 'refused before reaching the code host');
    assert.equal(target.hits.length, marks.hits, 'the step after the failure did not run');

    // A provider answer that is not a success is still data for an API Call, but a named step's
    // provider failure fails the run: here the enrichment key is refused at the provider.
    const bad = await c.connect('enrichment', ENR_KEY, 'Soon revoked');
    const revoked = { ...chainTool(), transformations: { steps: [{ name: 'lookup', transformation: 'enrichment.find_contact', params: { connection_id: bad.body.connection_id, email: '{{params.email}}' } }] } };
    const rid = await createTool(c, revoked);
    assert.equal((await c.post(`/latest/integrations/connections/${bad.body.connection_id}/delete`, {})).status, 200);
    const gone = await runLimited(c, rid, { email: 'maya.patel@northwind.io', repo: 'octocat/hello' });
    assert.equal(gone.status, 'failed');
    assert.equal(gone.errors[0].step, 'lookup');
    assert.equal(gone.errors[0].error_type, 'connection_removed');
    assert.match(gone.errors[0].message, /^Step "lookup" \(enrichment\.find_contact\) failed: /);
  });

  test('an api_call whose url comes from a param that was not given fails the run (not a 500)', async () => {
    const id = await createTool(c, { title: 'Optional url', transformations: { steps: [{ name: 'hook', transformation: 'api_call', params: { url: '{{params.url}}', method: 7 } }] } });
    const r = await runLimited(c, id, {});
    assert.equal(r.status, 'failed');
    assert.equal(r.errors[0].step, 'hook');
    assert.match(r.errors[0].message, /required input "url" reads \{\{params\.url\}\}, which resolved to nothing/);
    const m = await runLimited(c, id, { url: `${target.url}/x` });
    assert.equal(m.status, 'failed');
    assert.match(m.errors[0].message, /method must be a string/);
  });

  test('a reference that resolves to nothing: a warning naming it (sync, async and the output); in a required input it fails the step before anything is sent', async () => {
    // A lookup that matched nothing: the target's answer has no "name".
    const lookup = { name: 'find', transformation: 'api_call', params: { url: `${target.url}/find` } };
    const warned = await createTool(c, {
      title: 'Look into it (optional input)',
      transformations: {
        steps: [lookup, { name: 'note', transformation: 'api_call', params: { url: `${target.url}/note`, method: 'POST', body: { title: 'Look into {{steps.find.output.response_body.name}}', id: '{{steps.find.output.response_body.id}}' } } }],
        output: { who: '{{steps.find.output.response_body.owner}}' },
      },
    });
    const mark = target.hits.length;
    const r = await runLimited(c, warned, {});
    assert.equal(r.status, 'complete', JSON.stringify(r.errors));
    assert.deepEqual(target.hits[mark + 1].body, { title: 'Look into ', id: 42 }, 'an optional input is still sent, with the warning');
    assert.deepEqual(
      r.warnings.map((w) => [w.step, w.input, w.reference]),
      [
        ['note', 'body', 'steps.find.output.response_body.name'],
        ['output', undefined, 'steps.find.output.response_body.owner'],
      ],
    );
    assert.match(r.warnings[0].message, /\{\{steps\.find\.output\.response_body\.name\}\}, which resolved to nothing/);
    // The same through a background run.
    const started = await c.post(`/latest/studios/${warned}/trigger_async`, { params: {} });
    const done = await pollUntilDone(c, warned, started.body.job_id);
    assert.equal(done.body.type, 'complete');
    assert.deepEqual(done.body.updates[0].output.warnings.map((w: { reference: string }) => w.reference), ['steps.find.output.response_body.name', 'steps.find.output.response_body.owner']);
    // A run with every reference filled has none.
    assert.deepEqual((await runLimited(c, chain, { email: 'maya.patel@northwind.io', repo: 'octocat/hello', priority: 2 })).warnings, []);

    // The code host's create_issue requires a title: an empty reference in it stops the step, and
    // no issue titled "Look into " is created.
    const required = await createTool(c, {
      title: 'Look into it (required input)',
      transformations: {
        steps: [lookup, { name: 'issue', transformation: 'codehost.create_issue', params: { connection_id: chConn, owner: 'octocat', repo: 'hello', title: 'Look into {{steps.find.output.response_body.name}}' } }],
      },
    });
    const chMark = ch.requests.length;
    const f = await runLimited(c, required, {});
    assert.equal(f.status, 'failed');
    assert.equal(f.errors[0].step, 'issue');
    assert.equal(f.errors[0].error_type, 'validation_error');
    assert.match(f.errors[0].message, /^Step "issue" \(codehost\.create_issue\) failed: its required input "title" reads \{\{steps\.find\.output\.response_body\.name\}\}, which resolved to nothing/);
    assert.equal(since(ch, chMark).length, 0, 'nothing reached the code host');
  });

  test('an api_call answer is data whatever its status, without set-cookie', async () => {
    const id = await createTool(c, { title: 'Missing', transformations: { steps: [{ name: 'hook', transformation: 'api_call', params: { url: `${target.url}/missing` } }] } });
    const r = await runLimited(c, id, {});
    assert.equal(r.status, 'complete');
    assert.equal(r.output.status, 404);
    assert.deepEqual(r.output.response_body, { received: true, id: 42 });
    assert.equal(r.output.headers['content-type'], 'application/json');
    assert.equal(r.output.headers['set-cookie'], undefined);
  });

  test('trigger_async answers at once; async_poll goes inprogress → complete with a chain-success update', async () => {
    const id = await createTool(c, {
      title: 'Slow',
      transformations: { steps: [{ name: 'wait', transformation: 'api_call', params: { url: `${target.url}/slow`, headers: { 'x-run': '{{params.run}}' } } }], output: '{{steps.wait.output.response_body}}' },
    });
    const mark = target.hits.length;
    const started = await c.post(`/latest/studios/${id}/trigger_async`, { params: { run: 'first' } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.deepEqual(Object.keys(started.body).sort(), ['job_id', 'project', 'studio_id']);
    assert.equal(started.body.studio_id, id);
    assert.equal(started.body.project, c.projectId);
    const jobId = started.body.job_id;
    const early = await c.get(`/latest/studios/${id}/async_poll/${jobId}`);
    assert.deepEqual(early.body, { type: 'inprogress', updates: [], last_message_id: null });
    // The worker picks it up and waits at the target: still in progress.
    const end = Date.now() + 10_000;
    while (target.hits.length === mark) {
      if (Date.now() > end) assert.fail('the worker never ran the tool');
      await new Promise((res) => setTimeout(res, 20));
    }
    assert.equal(target.hits[mark].headers['x-run'], 'first');
    assert.equal((await c.get(`/latest/studios/${id}/async_poll/${jobId}`)).body.type, 'inprogress');
    target.release();
    const done = await pollUntilDone(c, id, jobId);
    assert.equal(done.body.type, 'complete');
    assert.equal(done.body.updates.length, 1);
    assert.equal(done.body.updates[0].type, 'chain-success');
    assert.deepEqual(done.body.updates[0].output.output, { slow: true, n: mark + 1 });
    assert.equal(typeof done.body.last_message_id, 'string');
    assert.equal(target.hits.length, mark + 1, 'the run ran once');
  });

  test('an asynchronous run that fails polls as failed with the step’s error', async () => {
    const tool = chainTool();
    delete (tool.transformations.steps[1].params as Record<string, unknown>).headers;
    const id = await createTool(c, tool);
    const started = await c.post(`/latest/studios/${id}/trigger_async`, { params: { email: 'lena@greenleafhealth.de', repo: 'octocat/hello' } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const done = await pollUntilDone(c, id, started.body.job_id);
    assert.equal(done.body.type, 'failed');
    assert.equal(done.body.updates[0].type, 'chain-failure');
    assert.equal(done.body.updates[0].output.errors[0].step, 'repo');
    assert.match(done.body.updates[0].output.errors[0].message, /accept/);
  });

  test('a tool of another project is 404 everywhere; so is a job polled under another tool', async () => {
    const foreign = await createTool(other, simpleTool('Theirs'));
    const job = await other.post(`/latest/studios/${foreign}/trigger_async`, { params: {} });
    assert.equal(job.status, 200);
    for (const r of [
      await c.get(`/latest/studios/${foreign}/get`),
      await c.post(`/latest/studios/${foreign}/update`, simpleTool('Mine now')),
      await c.post(`/latest/studios/${foreign}/trigger_limited`, { params: {} }),
      await c.post(`/latest/studios/${foreign}/trigger_async`, { params: {} }),
      await c.get(`/latest/studios/${foreign}/async_poll/${job.body.job_id}`),
      await c.get(`/latest/studios/${chain}/async_poll/${job.body.job_id}`),
      await other.get(`/latest/studios/${chain}/get`),
    ]) {
      expectError(r, 404, 'not_found');
    }
    assert.equal((await other.get(`/latest/studios/${foreign}/get`)).body.studio.title, 'Theirs');
    assert.ok(!(await c.get('/latest/studios/list?page_size=1000')).body.results.some((t: any) => t.studio_id === foreign));
  });
});

describe('api_call refuses private addresses (default settings)', () => {
  let s: Client;
  let fetchTool: string;
  const port = () => new URL(target.url).port;

  before(async () => {
    s = await newProject(strict);
    fetchTool = await createTool(s, {
      title: 'Fetch',
      params_schema: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
      transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url: '{{params.url}}', method: 'POST', body: { hello: 'world' } } }] },
    });
  });

  async function refused(url: string, why: RegExp) {
    const mark = target.hits.length;
    const r = await runLimited(s, fetchTool, { url });
    assert.equal(r.status, 'failed', `${url} was not refused: ${JSON.stringify(r.output)}`);
    assert.deepEqual(r.output, {}, 'a failed run answers an empty object');
    assert.equal(r.errors[0].step, 'call');
    assert.equal(r.errors[0].error_type, 'validation_error', `${url}: ${r.errors[0].message}`);
    assert.match(r.errors[0].message, /^Step "call" \(api_call\) failed: /);
    assert.match(r.errors[0].message, why, url);
    assert.equal(target.hits.length, mark, `${url} reached the local server`);
  }

  test('loopback (however written), private, metadata, unspecified and IPv4-mapped addresses', async () => {
    const literal = /is a private, loopback, link-local or metadata address, which api_call may not reach/;
    for (const url of [
      `http://127.0.0.1:${port()}/`,
      `http://127.1:${port()}/`, // written short, normalized to 127.0.0.1
      `http://2130706433:${port()}/`, // 127.0.0.1 as one number
      `http://0x7f.0.0.1:${port()}/`,
      `http://0.0.0.0:${port()}/`,
      `http://[::1]:${port()}/`,
      `http://[::ffff:127.0.0.1]:${port()}/`,
      `http://[::]:${port()}/`,
      // Only loopback targets here: private, metadata and other ranges are checked on ssrf.ts
      // directly below, so even a broken guard never sends a request off this machine.
    ]) {
      await refused(url, literal);
    }
  });

  test('local names, and a host name that resolves to a loopback address', async (t) => {
    for (const url of [`http://localhost:${port()}/`, `http://LocalHost:${port()}/x`, `http://api.localhost:${port()}/`, 'http://metadata.google.internal/computeMetadata/v1/']) {
      await refused(url, /is a local name, which api_call may not reach/);
    }
    // This machine's own name resolves (through /etc/hosts) to one of its addresses; those are
    // never public where tests run, so the guard refuses it when it connects.
    const host = os.hostname();
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0 || addresses.some((a) => isPublicAddress(a.address))) {
      return skipTest(t, `this machine's name ${host} does not resolve to private addresses only (${addresses.map((a) => a.address).join(', ') || 'it does not resolve'}): its refusal cannot be checked here`);
    }
    await refused(`http://${host}:${port()}/`, new RegExp(`may not reach ${esc(host)}: ${esc(host)} resolves to .*, a private or special address`));
  });

  test('other schemes and credentials in the URL', async () => {
    await refused('file:///etc/passwd', /Only http and https addresses can be called/);
    await refused('gopher://127.0.0.1:70/', /Only http and https/);
    await refused('http://user:secret@example.com/', /Credentials in the URL are not allowed/);
    await refused('not a url', /is not an absolute URL/);
  });
});

describe('ssrf.ts and http-call.ts directly', () => {
  test('isPublicAddress: only globally routable unicast addresses', () => {
    const notPublic = [
      '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.255',
      '0.0.0.0', '0.1.2.3', '255.255.255.255', '224.0.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '240.0.0.1',
      '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.1.2.3', '::ffff:169.254.169.254', '2001:db8::1', 'ff02::1', '64:ff9b::7f00:1',
      'localhost', 'not an address', '',
    ];
    for (const a of notPublic) assert.equal(isPublicAddress(a), false, a);
    for (const a of ['8.8.8.8', '93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::200e']) assert.equal(isPublicAddress(a), true, a);
  });

  test('checkTarget: literal addresses and local names refused unless allowed; public ones pass', () => {
    const refusedBy = (raw: string, why: RegExp) =>
      assert.throws(() => checkTarget(raw, false), (e: unknown) => e instanceof HangarError && e.status === 400 && e.type === 'validation_error' && why.test(e.message), raw);
    for (const raw of ['http://127.0.0.1/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://100.64.0.1/', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/', 'https://0.0.0.0/', 'http://0177.0.0.1/', 'http://[::ffff:192.168.0.1]:8080/']) {
      refusedBy(raw, /private, loopback, link-local or metadata address/);
    }
    for (const raw of ['http://localhost/', 'http://a.b.localhost:9/', 'http://metadata.google.internal/', 'http://db.internal/']) refusedBy(raw, /local name/);
    refusedBy('ftp://example.com/', /Only http and https/);
    refusedBy('https://u:p@example.com/', /Credentials/);
    refusedBy('/relative', /not an absolute URL/);
    assert.equal(checkTarget('https://93.184.216.34/x', false).hostname, '93.184.216.34');
    assert.equal(checkTarget('https://api.example.com/x?y=1', false).toString(), 'https://api.example.com/x?y=1');
    assert.equal(checkTarget('http://127.0.0.1:8080/', true).port, '8080', 'allowed when the deployment allows private addresses');
    assert.equal(checkTarget('http://localhost/', true).hostname, 'localhost');
  });

  // Offline there is no public host to start from: test/helpers/offline-dns.ts stands in for DNS.
  describe('DNS answers and redirects', () => {
    const TABLE: Record<string, string[]> = {
      'public.test': ['93.184.216.34'],
      'other-public.test': ['93.184.216.35'],
      'internal.test': ['127.0.0.5'],
      'mixed.test': ['93.184.216.36', '127.0.0.1'],
      'rebind.test': ['127.0.0.9'],
    };
    let restoreDns: () => void;
    let redirector: Server;
    let hops: Array<{ host: string; url: string; headers: Record<string, unknown>; method: string }>;
    let rport: number;
    const httpCall = createHttpCaller({ allowPrivate: false, timeoutMs: 5000 });

    before(async () => {
      hops = [];
      redirector = createServer((req, res) => {
        hops.push({ host: String(req.headers.host), url: req.url!, headers: req.headers, method: req.method! });
        const [path, query] = req.url!.split('?');
        const to = new URLSearchParams(query ?? '').get('to');
        if (path === '/go' && to) {
          res.writeHead(Number(new URLSearchParams(query).get('status') ?? 302), { location: to });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ at: req.headers.host, path }));
      });
      await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
      rport = (redirector.address() as AddressInfo).port;
      restoreDns = fakeDns(TABLE, ['public.test', 'other-public.test']);
    });
    after(async () => {
      restoreDns();
      redirector.closeAllConnections();
      await new Promise((r) => redirector.close(r));
    });

    const at = (host: string, path: string) => `http://${host}:${rport}${path}`;
    const go = (to: string, status = 302) => `/go?status=${status}&to=${encodeURIComponent(to)}`;
    const blocked = async (input: Parameters<typeof httpCall>[0], why: RegExp) => {
      await assert.rejects(httpCall(input), (e: unknown) => e instanceof HangarError && e.status === 400 && e.type === 'validation_error' && why.test(e.message));
    };

    test('a host name is checked as it resolves: any private answer refuses it, and nothing connects', async () => {
      const mark = hops.length;
      await blocked({ url: at('internal.test', '/x') }, /api_call may not reach internal\.test: internal\.test resolves to 127\.0\.0\.5, a private or special address/);
      await blocked({ url: at('mixed.test', '/x') }, /mixed\.test resolves to 127\.0\.0\.1/);
      await blocked({ url: at('rebind.test', '/x') }, /rebind\.test resolves to 127\.0\.0\.9/);
      assert.equal(hops.length, mark);
      const ok = (await httpCall({ url: at('public.test', '/hello') })) as { status: number; response_body: unknown };
      assert.deepEqual([ok.status, ok.response_body], [200, { at: `public.test:${rport}`, path: '/hello' }]);
    });

    test('every redirect hop is checked again: to a private literal, a local name, or a name resolving privately', async () => {
      for (const [to, why] of [
        [`http://127.0.0.1:${rport}/secret`, /127\.0\.0\.1 is a private, loopback/],
        [`http://[::ffff:127.0.0.1]:${rport}/secret`, /::ffff:7f00:1 is a private/],
        [`http://localhost:${rport}/secret`, /localhost is a local name/],
        [at('internal.test', '/secret'), /internal\.test resolves to 127\.0\.0\.5/],
        ['file:///etc/passwd', /Only http and https/],
      ] as const) {
        const mark = hops.length;
        await blocked({ url: at('public.test', go(to)) }, why);
        assert.deepEqual(hops.slice(mark).map((h) => h.url.split('?')[0]), ['/go'], `only the first hop was made (${to})`);
      }
    });

    test('an allowed redirect is followed; credentials stay with their origin; 303 turns a POST into a GET without its body', async () => {
      const mark = hops.length;
      const r = (await httpCall({
        url: at('public.test', go(at('other-public.test', '/landing'), 307)),
        method: 'POST',
        headers: { authorization: 'Bearer for-public-only', cookie: 'a=1', 'x-trace': 't-1' },
        body: { n: 1 },
      })) as { status: number; response_body: unknown };
      assert.deepEqual(r.response_body, { at: `other-public.test:${rport}`, path: '/landing' });
      const [first, second] = hops.slice(mark);
      assert.equal(first.headers.authorization, 'Bearer for-public-only');
      assert.deepEqual([second.method, second.headers.authorization, second.headers.cookie, second.headers['x-trace']], ['POST', undefined, undefined, 't-1']);
      // Same origin keeps them; a 303 makes the next hop a GET and drops the body's headers.
      const mark2 = hops.length;
      await httpCall({ url: at('public.test', go(at('public.test', '/same'), 303)), method: 'POST', headers: { authorization: 'Bearer same-origin' }, body: { n: 2 } });
      const [, next] = hops.slice(mark2);
      assert.deepEqual([next.method, next.headers.authorization, next.headers['content-type'], next.headers['content-length']], ['GET', 'Bearer same-origin', undefined, undefined]);
    });

    test('redirect chains end after five redirects', async () => {
      // Six redirects in a row, each hop to the next: the sixth is not followed.
      let url = at('public.test', '/end');
      for (let i = 0; i < 6; i++) url = at('public.test', go(url));
      const mark = hops.length;
      await assert.rejects(httpCall({ url }), (e: unknown) => e instanceof HangarError && e.status === 502 && /redirected more than 5 times/.test(e.message));
      assert.equal(hops.length - mark, 6);
    });
  });
});
