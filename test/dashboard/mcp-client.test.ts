// The dashboard's remote MCP servers in a real browser: the Integrations card (connect by address with
// a header, see the server's tools), an MCP tool found in the tool-step search bar and its arguments
// as a form of its input schema, run; and the agent's actions picker offering a server's tools. Each
// page checked with axe-core, at phone width, and for console errors.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/shared/free-port.ts';
import { startMcpStandin, type McpStandin } from '../../src/sandbox/standins/mcp.ts';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { assertAccessible, assertFitsPhone, launch, ownAddress, screenshot, watchConsole } from './browser.ts';

const ADMIN = 'mcp-client-admin@acme.example';
const PASSWORD = 'a long admin password';
const TOKEN = 'dashboard-mcp-token-3e5a7c9b1d';

let server: TestServer;
let remote: McpStandin;
let org: Org;
let projectId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;
let base: string;

before(async () => {
  const port = await freePort();
  base = `http://${ownAddress() ?? '127.0.0.1'}:${port}`;
  remote = await startMcpStandin({ token: TOKEN });
  server = await startServer(undefined, { HOST: ownAddress() ?? '127.0.0.1', PORT: String(port), HANGAR_PUBLIC_URL: base, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Remote tools', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  browser = await launch();
  context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(15_000);
  consoleWatch = watchConsole(context, base);
  page = await context.newPage();
  await page.goto('/');
  await page.waitForURL('**/sign-in');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Tools' }).waitFor();
});

afterEach(() => consoleWatch.assertClean('MCP client pages'));
after(async () => {
  await browser?.close();
  await remote?.close();
});

const button = (p: Page, name: string | RegExp) => p.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined });
const card = (p: Page) => p.locator('article.card', { has: p.getByRole('heading', { name: /^MCP server( beta)?$/ }) });

test('Integrations: connect an MCP server with a header, see its tools; a refusal shows why', async () => {
  await page.goto(`/p/${projectId}/integrations`);
  const mcp = card(page);
  await mcp.getByText('None yet: connect a server above.').waitFor();
  await mcp.getByLabel('Server URL').fill(remote.url);
  await mcp.getByLabel('Label (optional)').fill('Stand-in');
  await mcp.getByLabel('Header value (optional)').fill('Bearer wrong');
  consoleWatch.allowFailedLoad(400, '/latest/integrations/connections/create');
  await mcp.getByRole('button', { name: 'Connect', exact: true }).click();
  await mcp.getByText(/refused the credentials \(HTTP 401\)/).waitFor();

  await mcp.getByLabel('Header value (optional)').fill(`Bearer ${TOKEN}`);
  await mcp.getByRole('button', { name: 'Connect', exact: true }).click();
  await mcp.locator('ul.connections').getByText('Stand-in', { exact: true }).waitFor();
  assert.equal(await mcp.getByLabel('Header value (optional)').inputValue(), '', 'the header is cleared once sent');
  await mcp.getByRole('button', { name: 'Show tools' }).click();
  const tools = mcp.getByRole('list', { name: 'Tools of Stand-in' });
  await tools.getByText('echo', { exact: true }).waitFor();
  assert.deepEqual((await tools.locator('code').allTextContents()).sort(), ['add', 'echo', 'fail', 'slow']);
  assert.equal(await page.getByText(TOKEN).count(), 0);
  await assertAccessible(page, 'integrations with an MCP server');
  await screenshot(page, 'integrations-mcp');
  await assertFitsPhone(page, 'integrations-mcp');
});

test('Tools: an MCP tool in the step search bar, its arguments as a form of its input schema, run', async () => {
  await page.goto(`/p/${projectId}/tools/new`);
  await page.getByLabel('Title').fill('Sum remotely');
  await page.getByLabel('Search tool steps').fill('mcp add');
  const results = page.getByRole('list', { name: 'Matching steps' });
  await button(page, 'Add MCP tool Add (Stand-in)').click();
  const step = page.locator('ol.steps > li').nth(0);
  assert.equal(await step.getByLabel('MCP tool').inputValue(), 'add');
  await step.getByLabel('a (required)').fill('2');
  await step.getByLabel('b (required)').fill('40');
  await assertAccessible(page, 'tool editor with an MCP step');
  await assertFitsPhone(page, 'tool-editor-mcp');
  await button(page, 'Create tool').click();
  await page.waitForURL(/\/tools\/(?!new)[^/]+$/);
  await button(page, 'Run').click();
  const result = page.locator('.run-result');
  await result.getByText('complete', { exact: true }).waitFor();
  assert.match((await result.textContent())!, /"sum": 42/);
  await screenshot(page, 'tool-mcp');
});

test('Agents: the actions picker offers a server\'s tools, all or some, and saves them as an MCP action', async () => {
  await page.goto(`/p/${projectId}/agents/new`);
  await page.getByLabel('Name').fill('Remote agent');
  const group = page.getByRole('group', { name: 'Tools of Stand-in' });
  await group.getByLabel(/^Echo/).check();
  await group.getByLabel(/^Add/).check();
  await assertAccessible(page, 'agent settings with MCP tools');
  await assertFitsPhone(page, 'agent-settings-mcp');
  await button(page, 'Create agent').click();
  await page.waitForURL(/\/agents\/(?!new)[^/]+/);
  const agentId = decodeURIComponent(new URL(page.url()).pathname.split('/')[4]);
  const stored = await call(server, 'GET', `/latest/agents/${agentId}/get`, { authorization: `Bearer ${projectId}:${org.api_key}` });
  assert.equal(stored.status, 200, JSON.stringify(stored.body));
  const connectionId = (await call(server, 'POST', '/latest/integrations/connections/list', { authorization: `Bearer ${projectId}:${org.api_key}`, body: { provider: 'mcp' } })).body.results[0].connection_id;
  assert.deepEqual(stored.body.agent.actions, [{ mcp: { connection_id: connectionId, tools: ['echo', 'add'] } }]);
});
