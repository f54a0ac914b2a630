// Issue 35 §2, Triggers, in chromium over the machine's own address: the repository field suggests
// the connection's repositories (asked of the code-host stand-in); a repository that does not exist
// says so, not "needs admin access"; the trigger card's counters are named and explained; "Send a
// test event" starts a task marked as a test, shown among the activations and as an event card.
// axe, phone width and the console on each page.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { bearer, bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { freePort, providerEnv } from '../integrations/kit.ts';
import { assertAccessible, assertFitsPhone, ownAddress, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'triggers-admin@acme.example';
const PASSWORD = 'a long admin password';
const CH_TOKEN = 'github_pat_11AATRIG0dashboardToken0000bb22';

let ch: CodeHost;
let server: TestServer;
let org: Org;
let projectId: string;
let agentId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let watch: ReturnType<typeof watchConsole>;

const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });
const post = (path: string, body: unknown = {}) => call(server, 'POST', path, { authorization: bearer(projectId, org.api_key), body });

before(async () => {
  const port = await freePort();
  const host = ownAddress() ?? '127.0.0.1';
  const base = `http://${host}:${port}`;
  ch = await startCodeHost({ tokens: { [CH_TOKEN]: { login: 'octocat' } } });
  ch.seed.user({ login: 'mona' });
  for (const name of ['hello', 'website']) ch.seed.repo({ owner: 'octocat', name });
  ch.seed.repo({ owner: 'mona', name: 'private-notes', private: true });
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, LOG_LEVEL: 'warn', ...providerEnv({ codehost: ch }) });
  org = await bootstrap(server, ADMIN, PASSWORD);
  projectId = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Website', organization_id: org.organization_id } })).body.project_id;
  assert.equal((await post('/latest/integrations/connections/create', { provider: 'codehost', api_key: CH_TOKEN })).status, 200);
  agentId = (await post('/latest/agents/upsert', { name: 'Triage', system_prompt: 'Triages issues.' })).body.agent_id;

  ({ browser, context, page, consoleWatch: watch } = await signedIn(base, ADMIN, PASSWORD));
});

afterEach(() => watch.assertClean('triggers'));
after(async () => {
  await browser?.close();
  await ch?.close();
});

test("the repository field suggests the connection's repositories; one that does not exist says so", async () => {
  await page.goto(`/p/${projectId}/agents/${agentId}/triggers`);
  await page.getByLabel('Code-host connection').selectOption({ label: 'Code Host · octocat' });
  const repository = page.getByLabel('Repository (owner/name)');
  await page.getByText('Suggests the 2 repositories this connection can see').waitFor();
  const listId = await repository.getAttribute('list');
  assert.ok(listId, 'the field has suggestions');
  assert.deepEqual((await page.locator(`datalist[id="${listId}"] option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).sort(), ['octocat/hello', 'octocat/website']);
  await assertAccessible(page, 'the trigger form with suggestions');

  watch.allowFailedLoad(404, `/latest/agents/${agentId}/triggers/create`);
  await repository.fill('octocat/nope');
  await button(page, 'Add trigger').click();
  const refusal = page.getByRole('alert');
  await refusal.filter({ hasText: 'octocat/nope was not found at the code host, or the connection cannot see it' }).waitFor();
  assert.doesNotMatch((await refusal.textContent())!, /admin access/);
  await screenshot(page, 'triggers-not-found');
});

test('the trigger card names and explains its counters, and "Send a test event" starts a task marked as a test', async () => {
  await page.goto(`/p/${projectId}/agents/${agentId}/triggers`);
  await page.getByLabel('Code-host connection').selectOption({ label: 'Code Host · octocat' });
  await page.getByLabel('Repository (owner/name)').fill('octocat/website');
  await button(page, 'Add trigger').click();
  const item = page.getByRole('listitem', { name: 'New issue on octocat/website' });
  await item.getByText(/registered \(hook .*\), subscribed to issues/).waitFor();
  assert.deepEqual(await item.locator('dl.counters dt').allTextContents(), ['Received', 'Duplicates', 'Rejected signatures', 'Recovered']);
  await item.getByText('What these mean').click();
  await item.getByText('Requests refused for a missing or wrong signature').waitFor();
  await item.getByText('Deliveries sent again (same delivery id)').waitFor();

  await button(item, 'Send a test event').click();
  await item.getByRole('status').filter({ hasText: 'Test event sent' }).waitFor();
  const row = item.getByRole('row', { name: /Test event: Issue #42 "The export button does nothing" was opened in octocat\/website/ });
  await row.waitFor();
  await assertAccessible(page, 'a trigger with its counters explained and a test activation');
  await screenshot(page, 'triggers');
  await assertFitsPhone(page, 'triggers');
  await page.setViewportSize({ width: 1280, height: 860 });

  await item.getByRole('link', { name: 'Open the test task' }).click();
  const event = page.getByRole('log', { name: 'Messages' }).locator('.msg.event');
  await event.getByText('Test event: Issue #42 "The export button does nothing" was opened in octocat/website.').waitFor();
  const tasks = (await post(`/latest/agents/${agentId}/tasks/list`, {})).body.results;
  assert.equal(tasks.length, 1, 'one real task');
});
