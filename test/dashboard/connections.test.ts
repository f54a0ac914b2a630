// Issue 35 §2, Connections, in chromium over the machine's own address: provider cards with their
// marks; a connection with no label named by its provider and account, never its id; each
// connection's menu — Rename, Replace key (made with a key) or Reconnect (made by signing in), Test,
// Remove — and Remove's confirmation listing the tools, agents and triggers that use the connection.
// axe, phone width and the console on each page.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { bearer, bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { CODEHOST_CLIENT, freePort, providerEnv } from '../integrations/kit.ts';
import { assertAccessible, assertFitsPhone, ownAddress, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'connections-admin@acme.example';
const PASSWORD = 'a long admin password';
const ENR_KEY = 'enr_live_0a0a0a0a1b1b1b1b2c2c2c2c3d3d3d3d';
const ENR_NEW_KEY = 'enr_live_4e4e4e4e5f5f5f5f6a6a6a6a7b7b7b7b';
const CH_TOKEN = 'github_pat_11AACONN0dashboardToken0000aa11';

let ch: CodeHost;
let chAuth: OAuthServer;
let enr: Enrichment;
let server: TestServer;
let org: Org;
let projectId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let watch: ReturnType<typeof watchConsole>;
let base: string;
let codehostId: string;

const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });
const card = (p: Page, provider: string) => p.locator('article.card', { has: p.getByRole('heading', { name: new RegExp(`^${provider}( beta)?$`) }) });
const post = (path: string, body: unknown = {}) => call(server, 'POST', path, { authorization: bearer(projectId, org.api_key), body });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

before(async () => {
  const port = await freePort();
  const host = ownAddress() ?? '127.0.0.1';
  base = `http://${host}:${port}`;
  chAuth = await startOAuthServer({ clients: [{ ...CODEHOST_CLIENT, redirect_uris: [`${base}/latest/integrations/oauth/callback`] }], accounts: [{ id: 'u-1', login: 'ada', email: 'ada@example.com' }] });
  ch = await startCodeHost({ oauth: chAuth, tokens: { [CH_TOKEN]: { login: 'octocat' } } });
  ch.seed.user({ login: 'ada' });
  ch.seed.repo({ owner: 'octocat', name: 'hello' });
  enr = await startEnrichment({ apiKeys: [ENR_KEY, ENR_NEW_KEY] });
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, LOG_LEVEL: 'warn', ...providerEnv({ codehost: ch, enrichment: enr, codehostOAuth: chAuth }) });
  org = await bootstrap(server, ADMIN, PASSWORD);
  projectId = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Sales', organization_id: org.organization_id } })).body.project_id;

  // A code-host token (no label) used by a tool, an agent and a trigger; an enrichment key.
  const created = await post('/latest/integrations/connections/create', { provider: 'codehost', api_key: CH_TOKEN });
  codehostId = created.body.connection_id;
  assert.equal((await post('/latest/integrations/connections/create', { provider: 'enrichment', api_key: ENR_KEY, label: 'Sales team' })).status, 200);
  const tool = await post('/latest/studios/create', { title: 'Repository info', transformations: { steps: [{ name: 'info', transformation: 'codehost.get_repository_info', params: { connection_id: codehostId, owner: 'octocat', repo: 'hello' } }] } });
  assert.equal(tool.status, 200, JSON.stringify(tool.body));
  assert.equal((await post('/latest/agents/upsert', { name: 'Repo helper', system_prompt: 'Helps.', actions: [{ step: 'codehost.get_repository_info', connection_id: codehostId }] })).status, 200);
  const watcher = await post('/latest/agents/upsert', { name: 'Watcher', system_prompt: 'Watches.' });
  const trigger = await post(`/latest/agents/${watcher.body.agent_id}/triggers/create`, { type: 'codehost.new_issue', connection_id: codehostId, config: { repository: 'octocat/hello' } });
  assert.equal(trigger.status, 200, JSON.stringify(trigger.body));

  ({ browser, context, page, consoleWatch: watch } = await signedIn(base, ADMIN, PASSWORD));
});

afterEach(() => watch.assertClean('connections'));
after(async () => {
  await browser?.close();
  await Promise.all([ch?.close(), chAuth?.close(), enr?.close()]);
});

test('provider cards carry their marks; an unlabelled connection is named by provider and account, never an id', async () => {
  const images: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') images.push(r.url());
  });
  await page.goto(`/p/${projectId}/integrations`);
  const codehost = card(page, 'Code Host');
  await codehost.getByText('Code Host · octocat').waitFor();
  for (const [provider, letters] of [['Code Host', 'CH'], ['Enrichment', 'En'], ['ANZ Enrichment', 'AE'], ['Web Analytics', 'WA'], ['MCP server', 'MCP']]) {
    assert.equal(await card(page, provider).locator('.provider-mark').textContent(), letters, provider);
  }
  assert.deepEqual(images, [], 'no image is loaded: marks are drawn');
  assert.doesNotMatch((await page.locator('main').innerText()), UUID, 'no connection is shown by its id');
  await button(codehost, 'Actions for Code Host · octocat').waitFor();
  await assertAccessible(page, 'integrations with marks');
  await screenshot(page, 'connections');
  await assertFitsPhone(page, 'connections');
  await page.setViewportSize({ width: 1280, height: 860 });
});

test('Rename sets and clears a label; Replace key refuses a wrong key with the API’s reason and takes a right one; Test says how it went', async () => {
  await page.goto(`/p/${projectId}/integrations`);
  const codehost = card(page, 'Code Host');
  await button(codehost, 'Actions for Code Host · octocat').click();
  assert.deepEqual(await page.getByRole('menuitem').allTextContents(), ['Rename', 'Replace key', 'Test', 'Remove']);
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Code Host · octocat' });
  await rename.getByLabel('Label').fill('Website bot');
  await assertAccessible(page, 'rename dialog');
  await button(rename, 'Save').click();
  await rename.waitFor({ state: 'hidden' });
  await codehost.getByText('Website bot').waitFor();
  await button(codehost, 'Actions for Website bot').click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog', { name: 'Rename Website bot' }).getByLabel('Label').fill('');
  await button(page.getByRole('dialog', { name: 'Rename Website bot' }), 'Save').click();
  await button(codehost, 'Actions for Code Host · octocat').waitFor();

  const enrichment = card(page, 'Enrichment');
  await button(enrichment, 'Actions for Sales team').click();
  await page.getByRole('menuitem', { name: 'Replace key' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace the key of Sales team' });
  const field = replace.getByLabel('New API key');
  assert.equal(await field.getAttribute('type'), 'password');
  watch.allowFailedLoad(400, '/latest/integrations/connections/');
  await field.fill('enr_live_wrong0000wrong0000wrong0000');
  await button(replace, 'Replace').click();
  await replace.getByRole('alert').filter({ hasText: 'rejected this API key' }).waitFor();
  await field.fill(ENR_NEW_KEY);
  await button(replace, 'Replace').click();
  await replace.waitFor({ state: 'hidden' });
  assert.ok(!(await page.content()).includes(ENR_NEW_KEY), 'the key is never echoed into the page');

  await button(enrichment, 'Actions for Sales team').click();
  await page.getByRole('menuitem', { name: 'Test' }).click();
  await enrichment.getByRole('status').filter({ hasText: 'Test passed:' }).waitFor();
  assert.equal(enr.requests.at(-1)?.headers.authorization, `Bearer ${ENR_NEW_KEY}`, 'the replaced key is the one used');
  await assertAccessible(page, 'a connection tested');
});

test('a signed-in connection offers Reconnect (signing in again renews it), not Replace key', async () => {
  await page.goto(`/p/${projectId}/integrations`);
  const codehost = card(page, 'Code Host');
  const [first] = await Promise.all([page.waitForEvent('popup'), button(codehost, 'Sign in with Code Host').click()]);
  await first.waitForEvent('close', { timeout: 15_000 });
  await button(codehost, 'Actions for Code Host · ada').click();
  assert.deepEqual(await page.getByRole('menuitem').allTextContents(), ['Rename', 'Reconnect', 'Test', 'Remove']);
  const [again] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: 'Reconnect' }).click()]);
  await again.waitForEvent('close', { timeout: 15_000 });
  await codehost.getByText('Code Host · ada').waitFor();
  assert.equal(await codehost.getByText('Code Host · ada').count(), 1, 'the same connection, renewed');
});

test("Remove's confirmation lists the connection's usage: its tools, agents and triggers", async () => {
  await page.goto(`/p/${projectId}/integrations`);
  await button(card(page, 'Code Host'), 'Actions for Code Host · octocat').click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove connection' });
  const usage = confirm.getByRole('list', { name: 'What uses this connection' });
  await usage.getByText(/New issue on octocat\/hello/).waitFor();
  assert.deepEqual(await usage.getByRole('listitem').allInnerTexts(), ['Tool Repository info', 'Agent Repo helper', 'Trigger New issue on octocat/hello of agent Watcher']);
  await confirm.getByRole('link', { name: 'Repository info' }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', 'the confirmation opens on Cancel, not on a link of the list');
  await assertAccessible(page, "Remove's confirmation with the usage list");
  await screenshot(page, 'connections-remove');
  await assertFitsPhone(page, 'connections-remove');
  await page.setViewportSize({ width: 1280, height: 860 });
  await button(confirm, 'Cancel').click();

  // Something nothing uses says so.
  await button(card(page, 'Enrichment'), 'Actions for Sales team').click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove connection' }).getByText('Nothing in this project uses it.').waitFor();
  await button(page.getByRole('dialog', { name: 'Remove connection' }), 'Remove').click();
  await card(page, 'Enrichment').getByText('Sales team').waitFor({ state: 'detached' });
});
