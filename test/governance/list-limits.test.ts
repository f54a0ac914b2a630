// The contract's page_size maximum (api.md §1: "page_size (default 50, max 1000)") holds on every
// list route (issue 33 §3): each `…/list` operation of the served OpenAPI document is called with
// page_size 1000, as its admin would, and none answers a 400 for it; where a route declares
// page_size, 1001 is the 400 naming it (so the check sees the limit it looks for).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, test } from 'node:test';
import { bootstrap, call, type Org, type Reply, startServer, type TestServer } from '../helpers/hangar.ts';

let server: TestServer;
let org: Org;
let projectId: string;
let spec: any;

before(async () => {
  server = await startServer();
  org = await bootstrap(server, undefined, 'admin password');
  projectId = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Lists', organization_id: org.organization_id } })).body.project_id;
  spec = await (await fetch(`${server.url}/latest/openapi_schema.json`)).json();
});

/** Where an operation takes page_size: its JSON body, its query string, or nowhere. */
function pageSizeIn(op: any): 'body' | 'query' | undefined {
  if ((op.parameters ?? []).some((p: any) => p.in === 'query' && p.name === 'page_size')) return 'query';
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const props = schema?.properties ?? Object.assign({}, ...(schema?.anyOf ?? schema?.oneOf ?? []).map((s: any) => s.properties ?? {}));
  return props.page_size ? 'body' : undefined;
}

function request(path: string, method: string, op: any, where: 'body' | 'query' | undefined, pageSize: number): Promise<Reply> {
  const ids: Record<string, string> = { organization_id: org.organization_id, project_id: projectId };
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID());
  // Required fields other than page_size get an id that names nothing (a 404 is fine: page_size is checked first).
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) if (p.in === 'query' && p.required && p.name !== 'page_size') query.set(p.name, randomUUID());
  if (where === 'query' || (where === undefined && method === 'get')) query.set('page_size', String(pageSize));
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const body: Record<string, unknown> = {};
  for (const name of schema?.required ?? []) if (schema.properties?.[name]?.type === 'string') body[name] = randomUUID();
  return call(server, method.toUpperCase(), `${url}${query.size ? `?${query}` : ''}`, {
    authorization: `Bearer ${projectId}:${org.api_key}`,
    ...(method === 'get' ? {} : { body: { ...body, page_size: pageSize } }),
  });
}

const refusesPageSize = (r: Reply) => r.status === 400 && /page_size/.test(JSON.stringify(r.body));

test('every …/list route of the API takes page_size 1000; those that declare it refuse 1001 naming it', async () => {
  const lists = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post'].includes(method))
      .filter(() => /\/list$/.test(path))
      .map(([method, op]) => ({ path, method, op })),
  );
  assert.ok(lists.length >= 20, `the document lists ${lists.length} list routes`);
  const refused: string[] = [];
  let declared = 0;
  for (const { path, method, op } of lists) {
    const where = pageSizeIn(op);
    const r = await request(path, method, op, where, 1000);
    assert.notEqual(r.status, 500, `${method} ${path}: ${JSON.stringify(r.body)}`);
    if (refusesPageSize(r)) refused.push(`${method.toUpperCase()} ${path}: ${r.body.message}`);
    // Where the call is refused for another reason (a field the walk cannot fill), 1001 cannot be told apart.
    if (where && r.status !== 400) {
      declared++;
      const over = await request(path, method, op, where, 1001);
      assert.ok(refusesPageSize(over), `${method} ${path} declares page_size and takes 1001: ${over.status} ${JSON.stringify(over.body)}`);
    }
  }
  assert.deepEqual(refused, [], 'no list route refuses page_size 1000');
  assert.ok(declared >= 10, `${declared} list routes declare page_size`);
});
