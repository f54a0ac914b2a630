// An agent's Settings tab in Debian's chromium over the machine's own address (issue 35 §2): the
// deployment's default model named beside the Model field, the banner saying the actions run in
// order while neither the agent nor the deployment has a model (gone once the form has one), and a
// provider step's inputs set in the form, saved as the action's inputs and used by the run. axe,
// phone width and the console on the page.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { bearer, bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { freePort, providerEnv } from '../integrations/kit.ts';
import { assertAccessible, assertFitsPhone, ownAddress, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'agent-settings-admin@acme.example';
const PASSWORD = 'a long admin password';
const ENR_KEY = 'enr-agent-settings-key-41c9';

let server: TestServer;
let enr: Enrichment;
let org: Org;
let projectId: string;
let connectionId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;

const api = (method: string, path: string, body?: unknown) => call(server, method, path, { authorization: bearer(projectId, org.api_key), ...(body !== undefined ? { body } : {}) });
const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });
const banner = (p: Page) => p.getByRole('note', { name: 'No model' });

before(async () => {
  enr = await startEnrichment({ apiKeys: [ENR_KEY] });
  const host = ownAddress() ?? '127.0.0.1';
  const port = await freePort();
  const base = `http://${host}:${port}`;
  // A model name but no endpoint: agents without their own endpoint run their actions in order.
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, HANGAR_MODEL: 'house-model-7b', LOG_LEVEL: 'warn', ...providerEnv({ enrichment: enr }) });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Lead research', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  const c = await api('POST', '/latest/integrations/connections/create', { provider: 'enrichment', api_key: ENR_KEY, label: 'Global' });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  connectionId = c.body.connection_id;
  ({ browser, context, page, consoleWatch } = await signedIn(base, ADMIN, PASSWORD));
});

afterEach(() => consoleWatch.assertClean('agent settings'));
after(async () => {
  await browser?.close();
  await enr?.close();
});

test("the API tells the deployment's default model, never its key", async () => {
  const info = await api('GET', '/latest/auth/info');
  assert.deepEqual(info.body.default_model, { model: 'house-model-7b', has_base_url: false });
});

test("agent settings: the default model named, the no-model banner, and a provider step's inputs taken in the form and used by the run", async () => {
  await page.goto(`/p/${projectId}/agents/new/settings`);
  await page.getByRole('heading', { name: 'New agent' }).waitFor();
  const modelField = page.getByLabel('Model', { exact: true });
  const hint = page.locator('.field', { has: modelField }).locator('.hint');
  assert.equal(await hint.textContent(), "Empty: the deployment's default, house-model-7b.");
  // The deployment names a model but has no endpoint: nothing chooses the actions' inputs.
  await banner(page).waitFor();
  assert.match((await banner(page).textContent())!, /No model: the actions run in order\. Neither this agent nor the deployment has a model endpoint\./);
  await page.getByLabel('Model endpoint (OpenAI-compatible)').fill('https://models.example/v1');
  await banner(page).waitFor({ state: 'detached' });
  await page.getByLabel('Model endpoint (OpenAI-compatible)').fill('');
  await banner(page).waitFor();

  await page.getByLabel('Name', { exact: true }).fill('Company lookup');
  await page.getByLabel('Step', { exact: true }).selectOption({ label: 'Find Company' });
  await page.getByLabel('Connection', { exact: true }).selectOption({ label: 'Global' });
  const newInputs = page.getByRole('group', { name: 'Inputs of Find Company' });
  await newInputs.getByLabel('domain').fill('northwind.io');
  await button(page, 'Add step action').click();
  const added = page.locator('li.step-action', { hasText: 'Find Company' });
  assert.equal(await added.getByRole('group', { name: 'Inputs of Find Company' }).getByLabel('domain').inputValue(), 'northwind.io');
  await assertAccessible(page, 'agent settings with a step action');
  await screenshot(page, 'agent-settings');
  await assertFitsPhone(page, 'agent-settings');

  await button(page, 'Create agent').click();
  await page.waitForURL(/\/agents\/(?!new)[^/]+$/);
  const agentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const stored = (await api('GET', `/latest/agents/${agentId}/get`)).body.agent;
  assert.equal(stored.model, null);
  assert.deepEqual(stored.actions, [{ step: 'enrichment.find_company', connection_id: connectionId, inputs: { domain: 'northwind.io' } }]);

  // Changed on the saved agent: the form's inputs are what the run sends.
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const saved = page.locator('li.step-action', { hasText: 'Find Company' }).getByRole('group', { name: 'Inputs of Find Company' });
  await saved.getByLabel('domain').fill('bluefinpay.com');
  await button(page, 'Save agent').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const r = await api('POST', '/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content: 'who are they?' } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const end = Date.now() + 15_000;
  while ((await api('GET', `/latest/agents/${agentId}/tasks/${r.body.conversation_id}/metadata`)).body.state !== 'completed') {
    assert.ok(Date.now() < end, 'the task completes');
    await new Promise((res) => setTimeout(res, 100));
  }
  assert.deepEqual(
    enr.requests.filter((q) => q.path === '/company').map((q) => q.body),
    [{ domain: 'bluefinpay.com' }],
  );
});
