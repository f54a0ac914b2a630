// Approvals in the dashboard, in Debian's chromium over the machine's own address: the Approvals
// page of the project navigation lists what waits (oldest first) with its parameters, editable
// before Approve; Reject; the task page shows the pending action with the same buttons; the agent's
// settings offer the three behaviours per action; past a page of 100, "Show more approvals" appends the
// next through the list's cursor, and a decision then keeps what was loaded. Found by role and label; axe-core, phone width and
// the console checked on the way. The tool the agent runs posts to a local target, which counts.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/shared/free-port.ts';
import { bearer, bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { assertAccessible, assertFitsPhone, ownAddress, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'approvals-admin@acme.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let projectId: string;
let auth: string;
let agentId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;
let target: Server;
const written: any[] = [];

const api = (method: string, path: string, body?: unknown) => call(server, method, path, { authorization: auth, ...(body !== undefined ? { body } : {}) });

async function pendingTask(message: string): Promise<string> {
  const r = await api('POST', '/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content: message } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  await waitState(r.body.conversation_id, 'pending-approval');
  return r.body.conversation_id;
}

async function waitState(conversationId: string, state: string) {
  const end = Date.now() + 15_000;
  for (;;) {
    const meta = await api('GET', `/latest/agents/${agentId}/tasks/${conversationId}/metadata`);
    if (meta.body.state === state) return;
    if (Date.now() > end) assert.fail(`task ${conversationId} is ${meta.body.state}, not ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

before(async () => {
  target = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      written.push(JSON.parse(text));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const host = ownAddress() ?? '127.0.0.1';
  const port = await freePort();
  const base = `http://${host}:${port}`;
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, LOG_LEVEL: 'warn', HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Careful agents', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  auth = bearer(projectId, org.api_key);
  const tool = await api('POST', '/latest/studios/create', {
    title: 'Write note',
    transformations: { steps: [{ name: 'write', transformation: 'api_call', params: { url: `http://127.0.0.1:${(target.address() as AddressInfo).port}/notes`, method: 'POST', body: { text: '{{params.message}}' } } }] },
  });
  assert.equal(tool.status, 200, JSON.stringify(tool.body));
  const agent = await api('POST', '/latest/agents/upsert', { name: 'Note taker', actions: [{ studio_id: tool.body.studio_id, action_behaviour: 'always-ask' }] });
  agentId = agent.body.agent_id;
  ({ browser, context, page, consoleWatch } = await signedIn(base, ADMIN, PASSWORD));
});

afterEach(() => consoleWatch.assertClean('Approvals'));
after(async () => {
  await browser?.close();
  await new Promise((r) => target?.close(r));
});

const button = (scope: Page | ReturnType<Page['getByRole']>, name: string) => scope.getByRole('button', { name, exact: true });

test('the Approvals page: oldest first, parameters edited before Approve, Reject; accessible and fitting a phone', async () => {
  const first = await pendingTask('first note');
  const second = await pendingTask('second note');
  await page.goto(`/p/${projectId}/agents`);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals', exact: true }).click();
  await page.getByRole('heading', { name: 'Approvals', exact: true }).waitFor();
  const items = page.getByRole('list', { name: 'Pending approvals' }).getByRole('listitem');
  await items.nth(1).waitFor();
  assert.equal(await items.count(), 2);
  assert.match((await items.nth(0).textContent())!, /Note taker asks to run Write note/);
  const params = page.getByLabel('Parameters of Write note');
  assert.deepEqual(JSON.parse(await params.nth(0).inputValue()), { message: 'first note' });
  assert.deepEqual(JSON.parse(await params.nth(1).inputValue()), { message: 'second note' });
  await assertAccessible(page, 'Approvals page');
  await screenshot(page, 'approvals');
  await assertFitsPhone(page, 'approvals');

  await params.nth(0).fill('{"message": "first note, edited"}');
  await button(page.getByRole('group', { name: 'Approval of Write note' }).nth(0), 'Approve').click();
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Pending approvals"] li').length === 1);
  await waitState(first, 'completed');
  assert.deepEqual(written, [{ text: 'first note, edited' }]);

  await button(page.getByRole('group', { name: 'Approval of Write note' }), 'Reject').click();
  await page.getByText('Nothing waits for approval.').waitFor();
  await waitState(second, 'completed');
  assert.equal(written.length, 1, 'the rejected action never ran');
});

test('the task page shows the pending action with Approve and Reject', async () => {
  const conversation = await pendingTask('from the task page');
  await page.goto(`/p/${projectId}/agents/${agentId}?task=${conversation}`);
  const group = page.getByRole('group', { name: 'Approval of Write note' });
  await group.waitFor();
  await page.getByText('Waiting for a person to approve or reject the action above.').waitFor();
  await assertAccessible(page, 'task page with a pending action');
  assert.deepEqual(JSON.parse(await page.getByLabel('Parameters of Write note').inputValue()), { message: 'from the task page' }, 'the parameters, editable here too');
  await screenshot(page, 'approvals-task');
  await assertFitsPhone(page, 'approvals-task');
  await button(group, 'Approve').click();
  await waitState(conversation, 'completed');
  await group.waitFor({ state: 'detached' });
  assert.deepEqual(written.at(-1), { text: 'from the task page' });
});

test("the agent's settings offer the three behaviours for each action", async () => {
  await page.goto(`/p/${projectId}/agents/${agentId}/settings`);
  const choice = page.getByLabel('Approval for Write note');
  await choice.waitFor();
  assert.equal(await choice.inputValue(), 'always-ask');
  assert.deepEqual(await choice.locator('option').allTextContents(), ['Never ask', 'Always ask a person', 'The agent decides']);
  await assertAccessible(page, 'agent settings with approvals');
  await screenshot(page, 'approvals-settings');
  await assertFitsPhone(page, 'approvals-settings');
  await choice.selectOption({ label: 'The agent decides' });
  await button(page, 'Save agent').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const stored = await api('GET', `/latest/agents/${agentId}/get`);
  assert.equal(stored.body.agent.actions[0].action_behaviour, 'agent-decide');
});

test('more pending than a page: the oldest 100, then Show more appends the next; a decision keeps the rest loaded', { timeout: 120_000 }, async () => {
  const started: string[] = [];
  for (let batch = 0; batch < 101; batch += 10) {
    const rs = await Promise.all(
      Array.from({ length: Math.min(10, 101 - batch) }, (_, i) => api('POST', '/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content: `bulk ${batch + i}` } })),
    );
    for (const r of rs) started.push(r.body.conversation_id);
  }
  const end = Date.now() + 60_000;
  let oldest: any;
  let newest: any;
  for (;;) {
    const first = await api('POST', '/latest/approvals/list', { page_size: 100 });
    const second = first.body.next_cursor ? await api('POST', '/latest/approvals/list', { page_size: 100, cursor: first.body.next_cursor }) : undefined;
    if (first.body.results.length + (second?.body.results.length ?? 0) === 101) {
      oldest = first.body.results[0];
      newest = second!.body.results[0];
      break;
    }
    if (Date.now() > end) assert.fail('the 101 tasks did not all ask for approval within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  await page.goto(`/p/${projectId}/approvals`);
  const items = page.getByRole('list', { name: 'Pending approvals' }).getByRole('listitem');
  await items.nth(99).waitFor();
  assert.equal(await items.count(), 100);
  await page.getByRole('note').filter({ hasText: 'These are the oldest 100; more wait after them.' }).waitFor();
  const params = page.getByLabel('Parameters of Write note');
  assert.deepEqual(JSON.parse(await params.nth(0).inputValue()), oldest.params, 'the oldest first');
  await assertAccessible(page, 'Approvals page with more waiting');
  const more = button(page, 'Show more approvals');
  await more.scrollIntoViewIfNeeded();
  await screenshot(page, 'approvals-more');
  await assertFitsPhone(page, 'approvals-more');

  await more.click();
  await items.nth(100).waitFor();
  assert.equal(await items.count(), 101);
  assert.deepEqual(JSON.parse(await params.nth(100).inputValue()), newest.params, 'the 101st appended after the first 100');
  await more.waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('note').filter({ hasText: 'more wait after them' }).count(), 0, 'nothing more waits');
  await assertAccessible(page, 'Approvals page with every approval shown');
  await screenshot(page, 'approvals-all');
  await assertFitsPhone(page, 'approvals-all');

  // Deciding one of the first page leaves it out and keeps the appended 101st.
  await button(page.getByRole('group', { name: 'Approval of Write note' }).nth(0), 'Reject').click();
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Pending approvals"] > li').length === 100);
  const shown = await params.evaluateAll((fields) => fields.map((f) => JSON.parse((f as HTMLTextAreaElement).value)));
  assert.equal(shown.length, 100);
  assert.ok(!shown.some((p) => JSON.stringify(p) === JSON.stringify(oldest.params)), 'the rejected approval left the list');
  assert.deepEqual(shown.at(-1), newest.params, 'the appended approval stays');
});
