// Issue 35 §2, the tool editor, in chromium over the machine's own address, by role and label: inputs
// built as rows and saved as the params schema, the raw schema under Advanced in sync both ways (one
// the rows cannot say kept intact), the reference picker writing at the cursor and the run using it,
// each reference's value in the last run under its field, and Save and Run in a bar on top with the
// Run panel beside the steps at 1280 px (stacked at 390 px). axe, phone width and the console.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { bearer, bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { freePort } from '../integrations/kit.ts';
import { assertAccessible, assertFitsPhone, launch, ownAddress, PHONE, screenshot, watchConsole } from './browser.ts';

const ADMIN = 'tess.tools@acme-corporation.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let watch: ReturnType<typeof watchConsole>;
let projectId: string;
let target: Server;
let targetUrl: string;
const hits: string[] = [];

const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });
const admin = () => bearer(projectId, org.api_key);
const stored = async (id: string) => (await call(server, 'GET', `/latest/studios/${id}/get`, { authorization: admin() })).body.studio;
async function createTool(body: Record<string, unknown>): Promise<string> {
  const created = await call(server, 'POST', '/latest/studios/create', { authorization: admin(), body });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return created.body.studio_id;
}
const step = (n: number) => page.locator('ol.steps > li').nth(n);
const resolved = (where: Locator, label: string) => where.getByRole('list', { name: `${label}: resolved in the last run` });
const advancedJson = () => page.getByLabel('Params schema (JSON)');

before(async () => {
  // A lookup that finds a company by its domain, and a notes service that answers anything.
  target = createServer((req, res) => {
    hits.push(req.url!);
    const url = new URL(req.url!, 'http://target');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(url.pathname === '/find' ? { company: { name: 'Acme', domain: url.searchParams.get('domain') }, tags: ['b2b'] } : { ok: true }));
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const port = await freePort();
  const host = ownAddress() ?? '127.0.0.1';
  const base = `http://${host}:${port}`;
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Sales tools', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  browser = await launch();
  ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  ctx.setDefaultTimeout(15_000);
  watch = watchConsole(ctx, base);
  const login = await ctx.request.post('/latest/auth/login', { data: { email: ADMIN, password: PASSWORD } });
  assert.equal(login.status(), 200);
  page = await ctx.newPage();
});

afterEach(() => watch.assertClean('tool editor'));

after(async () => {
  await browser?.close();
  await new Promise((r) => target?.close(r));
});

test('inputs are built as rows (name, type, required, description) and saved as the params schema', async () => {
  const id = await createTool({ title: 'Find a company', transformations: { steps: [{ name: 'find', transformation: 'api_call', params: { url: `${targetUrl}/find` } }] } });
  await page.goto(`/p/${projectId}/tools/${id}`);
  await page.getByRole('heading', { name: 'Find a company', level: 1 }).waitFor();
  await page.getByText('No inputs: the tool takes none.').waitFor();

  await button(page, 'Add input').click();
  const first = page.getByRole('group', { name: 'Input 1', exact: true });
  await first.getByLabel('Name').fill('domain');
  await first.getByLabel('Required').check();
  await first.getByLabel('Description').fill("The company's web address");
  await button(page, 'Add input').click();
  const second = page.getByRole('group', { name: 'Input 2', exact: true });
  await second.getByLabel('Name').fill('limit');
  await second.getByLabel('Type').selectOption({ label: 'Whole number' });
  await button(page, 'Add input').click();
  await page.getByRole('group', { name: 'Input 3', exact: true }).getByLabel('Name').fill('extra');
  await button(page, 'Remove input extra').click();
  assert.equal(await page.getByRole('group', { name: 'Input 3', exact: true }).count(), 0);
  await page.getByText('Unsaved changes', { exact: true }).waitFor();

  const expected = { type: 'object', properties: { domain: { type: 'string', description: "The company's web address" }, limit: { type: 'integer' } }, required: ['domain'] };
  // The rows write the JSON Schema under Advanced as they change.
  await page.getByText('Advanced: the inputs as JSON Schema').click();
  assert.deepEqual(JSON.parse(await advancedJson().inputValue()), expected);
  // The Run panel asks for the inputs as they are on the screen.
  await page.getByLabel('domain (required)', { exact: true }).waitFor();
  await assertAccessible(page, 'tool inputs as rows');
  await assertFitsPhone(page, 'tool-inputs');

  await button(page, 'Save tool').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.deepEqual((await stored(id)).params_schema, expected);

  // Loaded again, the saved schema reads back as the same rows (in the order PostgreSQL's jsonb keeps its keys).
  await page.reload();
  await page.getByRole('group', { name: 'Input 2', exact: true }).waitFor();
  const rows: Array<[string, string, boolean, string]> = [];
  for (const row of await page.getByRole('group', { name: /^Input \d+$/ }).all()) {
    rows.push([await row.getByLabel('Name').inputValue(), await row.getByLabel('Type').inputValue(), await row.getByLabel('Required').isChecked(), await row.getByLabel('Description').inputValue()]);
  }
  assert.deepEqual(rows.sort(), [
    ['domain', 'string', true, "The company's web address"],
    ['limit', 'integer', false, ''],
  ]);
  assert.equal(await page.getByText('Unsaved changes', { exact: true }).count(), 0, 'reading the rows back changes nothing');
});

test('Advanced: the raw JSON Schema and the rows stay in sync both ways; a schema rows cannot say is kept intact and edited there only', async () => {
  const id = await createTool({ title: 'Plans', transformations: { steps: [{ name: 'find', transformation: 'api_call', params: { url: `${targetUrl}/find` } }] } });
  await page.goto(`/p/${projectId}/tools/${id}`);
  await page.getByRole('heading', { name: 'Plans', level: 1 }).waitFor();
  await page.getByText('Advanced: the inputs as JSON Schema').click();

  // Typed in Advanced: the rows follow, and a row's change is written back into the JSON.
  await advancedJson().fill(JSON.stringify({ type: 'object', properties: { domain: { type: 'string', description: 'Web address' } }, required: ['domain'] }));
  const row = page.getByRole('group', { name: 'Input 1', exact: true });
  assert.equal(await row.getByLabel('Name').inputValue(), 'domain');
  assert.equal(await row.getByLabel('Required').isChecked(), true);
  await row.getByLabel('Description').fill('The web address');
  assert.deepEqual(JSON.parse(await advancedJson().inputValue()), { type: 'object', properties: { domain: { type: 'string', description: 'The web address' } }, required: ['domain'] });

  // Not JSON yet: the rows wait for it.
  await advancedJson().fill('{ "type": ');
  await page.getByText('The JSON Schema under Advanced is not valid JSON yet').waitFor();
  assert.equal(await row.count(), 0);

  // Choices and a nested object: no rows, a note, and the schema saved exactly as typed.
  const rich = {
    type: 'object',
    properties: { plan: { type: 'string', enum: ['free', 'team'], default: 'free' }, address: { type: 'object', properties: { city: { type: 'string' } } } },
    required: ['plan'],
  };
  await advancedJson().fill(JSON.stringify(rich, null, 2));
  await page.getByText('This schema says more than rows can show').waitFor();
  assert.equal(await row.count(), 0);
  assert.equal(await button(page, 'Add input').count(), 0);
  await assertAccessible(page, 'tool inputs in Advanced only');
  await button(page, 'Save tool').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.deepEqual((await stored(id)).params_schema, rich);

  // Loaded again, Advanced opens by itself: it is where this schema is edited.
  await page.reload();
  await page.getByText('This schema says more than rows can show').waitFor();
  assert.deepEqual(JSON.parse(await advancedJson().inputValue()), rich);
  assert.equal(await advancedJson().isVisible(), true);
});

test('the reference picker writes {{params.x}} and a field of an earlier step’s last output at the cursor; the run uses them; each reference shows what it resolved to', async () => {
  const id = await createTool({
    title: 'Look up a company',
    params_schema: { type: 'object', properties: { domain: { type: 'string' } }, required: ['domain'] },
    transformations: {
      steps: [
        { name: 'find', transformation: 'api_call', params: { url: `${targetUrl}/find?domain=` } },
        { name: 'note', transformation: 'api_call', params: { url: `${targetUrl}/note?name=` } },
      ],
    },
  });
  await page.goto(`/p/${projectId}/tools/${id}`);
  await page.getByRole('heading', { name: 'Look up a company', level: 1 }).waitFor();

  // Step 1 may read the inputs only; the reference lands where the cursor was.
  const url1 = step(0).getByLabel('URL', { exact: true });
  await url1.click();
  await url1.press('End');
  await step(0).getByRole('button', { name: 'Insert reference into URL' }).click();
  assert.deepEqual(await step(0).getByRole('menuitem').allTextContents(), ['{{params.domain}}']);
  await step(0).getByRole('menuitem', { name: '{{params.domain}}' }).click();
  assert.equal(await url1.inputValue(), `${targetUrl}/find?domain={{params.domain}}`);
  assert.equal(await url1.evaluate((el) => el === document.activeElement), true, 'the field keeps the focus');
  assert.equal(await resolved(step(0), 'URL').count(), 0, 'no run yet, nothing resolved');

  // Step 2 is offered the earlier step's output; without a run there are no fields to offer.
  await step(1).getByRole('button', { name: 'Insert reference into URL' }).click();
  assert.deepEqual(await step(1).getByRole('menuitem').allTextContents(), ['{{params.domain}}', '{{steps.find.output}}']);
  await page.keyboard.press('Escape');

  // The run uses what the picker wrote (the draft, unsaved).
  await page.getByLabel('domain (required)', { exact: true }).fill('acme.com');
  const mark = hits.length;
  await button(page, 'Run').click();
  const result = page.locator('.run-result');
  await result.getByText('complete', { exact: true }).waitFor();
  assert.deepEqual(hits.slice(mark), ['/find?domain=acme.com', '/note?name=']);
  await resolved(step(0), 'URL').getByText('→ "acme.com"').waitFor();

  // After a run, step 2 is offered the fields of find's output.
  const url2 = step(1).getByLabel('URL', { exact: true });
  await url2.click();
  await url2.press('End');
  await step(1).getByRole('button', { name: 'Insert reference into URL' }).click();
  await step(1).getByRole('menuitem', { name: '{{steps.find.output.response_body.company.domain}}' }).waitFor();
  await step(1).getByRole('menuitem', { name: '{{steps.find.output.response_body.company.name}}', exact: true }).click();
  assert.equal(await url2.inputValue(), `${targetUrl}/note?name={{steps.find.output.response_body.company.name}}`);
  await resolved(step(1), 'URL').getByText('→ "Acme"').waitFor();

  // A reference to nothing says so, each reference on its own line.
  await url2.press('End');
  await url2.pressSequentially('&city={{steps.find.output.response_body.company.city}}');
  const lines = resolved(step(1), 'URL').getByRole('listitem');
  await lines.filter({ hasText: '{{steps.find.output.response_body.company.city}} → empty' }).waitFor();
  await lines.filter({ hasText: '{{steps.find.output.response_body.company.name}} → "Acme"' }).waitFor();

  const again = hits.length;
  await button(page, 'Run').click();
  // url is a required input: the empty reference fails the step rather than call with it empty.
  await result.getByText('failed', { exact: true }).waitFor();
  assert.match((await result.getByRole('listitem').filter({ hasText: 'Step note' }).textContent())!, /reads \{\{steps\.find\.output\.response_body\.company\.city\}\}, which resolved to nothing/);
  assert.deepEqual(hits.slice(again), ['/find?domain=acme.com']);
  await assertAccessible(page, 'tool with references resolved');
  await assertFitsPhone(page, 'tool-references');

  // Saved, the references are what the tool keeps.
  await button(page, 'Save tool').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.equal((await stored(id)).transformations.steps[1].params.url, `${targetUrl}/note?name={{steps.find.output.response_body.company.name}}&city={{steps.find.output.response_body.company.city}}`);
  // The last run stays with the page for the tab's session.
  await page.reload();
  await resolved(step(0), 'URL').getByText('→ "acme.com"').waitFor();
});

test('Save and Run sit in a bar that stays on top; the Run panel is beside the steps at 1280 px and below them on a phone', async () => {
  const steps = ['one', 'two', 'three', 'four', 'five'].map((name) => ({ name, transformation: 'api_call', params: { url: `${targetUrl}/find?domain={{params.domain}}`, method: 'POST', body: { step: name } } }));
  const id = await createTool({ title: 'Five lookups', params_schema: { type: 'object', properties: { domain: { type: 'string' } } }, transformations: { steps } });
  await page.goto(`/p/${projectId}/tools/${id}`);
  await page.getByRole('heading', { name: 'Five lookups', level: 1 }).waitFor();
  const panel = page.getByRole('region', { name: 'Run', exact: true });
  const list = page.locator('ol.steps');

  const wide = (await panel.boundingBox())!;
  const stepsBox = (await list.boundingBox())!;
  assert.ok(wide.y < 860, `the Run panel starts within the first screen (at ${wide.y} px)`);
  assert.ok(wide.x >= stepsBox.x + stepsBox.width, 'the Run panel is beside the steps');
  await page.getByLabel('domain', { exact: true }).fill('acme.com');
  await button(page, 'Run').click();
  await page.locator('.run-result').getByText('complete', { exact: true }).waitFor();
  await screenshot(page, 'tool-editor-1280');

  // Scrolled to the last step, Save and Run are still on the screen.
  await step(4).getByLabel('URL', { exact: true }).scrollIntoViewIfNeeded();
  for (const name of ['Save tool', 'Run']) {
    const box = (await button(page, name).boundingBox())!;
    assert.ok(box.y >= 0 && box.y + box.height <= 860, `${name} stays on the screen (at ${box.y} px)`);
  }

  // A phone: one column, the panel after the steps.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(PHONE);
  const narrow = (await panel.boundingBox())!;
  const narrowSteps = (await list.boundingBox())!;
  assert.ok(narrow.y >= narrowSteps.y + narrowSteps.height, 'the Run panel is below the steps');
  await assertFitsPhone(page, 'tool-editor');
  await page.setViewportSize({ width: 1280, height: 860 });
});
