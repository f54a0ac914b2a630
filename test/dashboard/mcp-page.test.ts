// The dashboard's MCP side in a real browser: an MCP client (the SDK's client-side auth) sends the
// user to Hangar; signed out, the consent page goes through sign-in and back; the user sees the
// client's name and redirect host, picks a project and approves (or denies), and the browser lands
// on the client's own loopback callback with the code. The MCP page shows the server address, the
// client configurations and the authorized clients, and Revoke stops the token at once. Each page
// checked with axe-core, at phone width, and for console errors.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, test } from 'node:test';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { verifyMcpAccessToken } from '../../src/mcp/oauth/verify.ts';
import { freePort } from '../../src/shared/free-port.ts';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { MemoryProvider } from '../mcp/oauth-kit.ts';
import { assertAccessible, assertFitsPhone, launch, ownAddress, screenshot, watchConsole } from './browser.ts';

const ADMIN = 'mcp-admin@acme.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let projectId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;
let base: string;
let callback: http.Server;
const callbackErrors: Error[] = [];
let callbackUrl: string;
/** The query strings the client's callback received, in order. */
const landed: URLSearchParams[] = [];

before(async () => {
  const port = await freePort();
  base = `http://${ownAddress() ?? '127.0.0.1'}:${port}`;
  server = await startServer(undefined, { HOST: ownAddress() ?? '127.0.0.1', PORT: String(port), HANGAR_PUBLIC_URL: base, LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Support bots', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Research', organization_id: org.organization_id } });
  // The MCP client's own loopback callback, as a native client runs one.
  callback = http.createServer((req, res) => {
    try {
      answerCallback(req, res);
    } catch (err) {
      callbackErrors.push(err as Error);
      res.writeHead(500).end();
    }
  });
  const answerCallback = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    // A hosted chat app's page (another site) with the link that starts the sign-in.
    if (url.pathname === '/start') {
      const given = url.searchParams.get('to');
      if (!given) throw new Error(`the chat app's page was asked for without ?to: ${req.url}`);
      const to = given.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><title>Chat app</title><a href="${to}">Connect Hangar</a></html>`);
      return;
    }
    // The browser also asks for a favicon.
    if (url.pathname === '/callback') landed.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><title>Done</title><h1>You can close this window</h1></html>');
  };
  // Collected, and asserted after each test: a throw in an event callback is an uncaught exception, not a failure of a test.
  callback.on('error', (err) => callbackErrors.push(err));
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  browser = await launch();
  context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(15_000);
  consoleWatch = watchConsole(context, base);
  page = await context.newPage();
});

afterEach(() => {
  consoleWatch.assertClean('MCP pages');
  assert.deepEqual(callbackErrors.map(String), [], "the chat app's stand-in server had no error");
});
after(async () => {
  await browser?.close();
  await new Promise((resolve) => callback?.close(resolve));
});

const heading = (p: Page, name: string) => p.getByRole('heading', { name, exact: true });
const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });
const mcpUrl = () => `${base}/latest/mcp`;

/** An MCP client's first step: registration and the authorization URL it opens in the browser. */
async function startClient(name: string): Promise<MemoryProvider> {
  const provider = new MemoryProvider(callbackUrl, { client_name: name });
  assert.equal(await auth(provider, { serverUrl: mcpUrl() }), 'REDIRECT');
  return provider;
}

test('signed out: the consent page goes through sign-in and back; approve lands the code on the client, whose token then works', async () => {
  const provider = await startClient('Claude Desktop');
  await page.goto(provider.authorizationUrl!.href);
  await page.waitForURL('**/sign-in?next=*');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await button(page, 'Sign in').click();
  await heading(page, 'Connect an MCP client').waitFor();
  assert.equal(new URL(page.url()).pathname, '/mcp/authorize');
  const main = page.locator('main');
  await main.getByText('Claude Desktop').waitFor();
  await main.getByText(new URL(callbackUrl).host).waitFor();
  await assertAccessible(page, 'MCP consent');
  await screenshot(page, 'mcp-consent');
  await assertFitsPhone(page, 'mcp-consent');

  await page.getByLabel('Project').selectOption({ label: 'Support bots' });
  await button(page, 'Approve').click();
  await page.waitForURL(`${callbackUrl}?*`);
  const answer = landed.at(-1)!;
  assert.equal(answer.get('state'), 'state-Zq3');
  assert.equal(answer.get('iss'), base);
  assert.equal(await auth(provider, { serverUrl: mcpUrl(), authorizationCode: answer.get('code')! }), 'AUTHORIZED');
  const principal = await verifyMcpAccessToken(server.db.pool, server.platform.config, provider.saved!.access_token);
  assert.deepEqual([principal.userId, principal.project?.id, principal.project?.role], [org.user_id, projectId, 'admin']);
});

test('from a link on another site (SameSite=Strict session): deny sends the client access_denied and authorizes nothing', async () => {
  const provider = await startClient('Unwanted client');
  await page.goto(`${new URL(callbackUrl).origin}/start?to=${encodeURIComponent(provider.authorizationUrl!.href)}`);
  await page.getByRole('link', { name: 'Connect Hangar' }).click();
  await heading(page, 'Connect an MCP client').waitFor();
  await page.locator('main').getByText('Unwanted client').waitFor();
  await button(page, 'Deny').click();
  await page.waitForURL(`${callbackUrl}?*`);
  assert.equal(landed.at(-1)!.get('error'), 'access_denied');
  assert.equal(landed.at(-1)!.get('code'), null);
});

test('MCP page: server address, configurations per client and sign-in, authorized clients with Revoke', async () => {
  // A second authorization, made through the page, so the list has the one to revoke and another.
  const provider = await startClient('Cursor');
  await page.goto(provider.authorizationUrl!.href);
  await page.getByLabel('Project').selectOption({ label: 'Research' });
  await button(page, 'Approve').click();
  await page.waitForURL(`${callbackUrl}?*`);
  await auth(provider, { serverUrl: mcpUrl(), authorizationCode: landed.at(-1)!.get('code')! });
  const token = provider.saved!.access_token;

  await page.goto(`/p/${projectId}/agents`);
  await page.getByRole('link', { name: 'MCP', exact: true }).click();
  await heading(page, 'MCP').waitFor();
  await page.locator('#mcp-url', { hasText: mcpUrl() }).waitFor();
  const config = page.getByRole('region', { name: /^Configuration for/ });
  assert.equal(await config.textContent(), `claude mcp add --transport http hangar ${mcpUrl()}`);
  await page.getByRole('radio', { name: 'API key' }).check();
  assert.match((await config.textContent())!, new RegExp(`--header "Authorization: Bearer ${projectId}:<your API key>"`));
  await page.getByRole('radio', { name: 'Cursor' }).check();
  assert.deepEqual(JSON.parse((await config.textContent())!), { mcpServers: { hangar: { url: mcpUrl(), headers: { Authorization: `Bearer ${projectId}:<your API key>` } } } });
  await page.getByRole('radio', { name: 'VS Code' }).check();
  await page.getByRole('radio', { name: 'Sign in with Hangar (OAuth)' }).check();
  assert.deepEqual(JSON.parse((await config.textContent())!), { servers: { hangar: { type: 'http', url: mcpUrl() } } });

  const table = page.locator('table');
  await table.getByRole('row', { name: /Claude Desktop/ }).waitFor();
  const row = table.getByRole('row', { name: /Cursor/ });
  await row.getByText('Research').waitFor();
  await assertAccessible(page, 'MCP page');
  await screenshot(page, 'mcp');
  await assertFitsPhone(page, 'mcp');

  assert.equal(typeof (await verifyMcpAccessToken(server.db.pool, server.platform.config, token)).userId, 'string');
  await row.getByRole('button', { name: /^Revoke Cursor/ }).click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Revoke', exact: true }).click();
  await row.waitFor({ state: 'detached' });
  await table.getByRole('row', { name: /Claude Desktop/ }).waitFor();
  await assert.rejects(verifyMcpAccessToken(server.db.pool, server.platform.config, token), /revoked/);
});

/** What a key's MCP session gets from tools/list, over /latest/mcp itself. */
async function toolsList(): Promise<Array<{ name: string; title?: string }>> {
  const headers = { authorization: `Bearer ${projectId}:${org.api_key}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const init = await fetch(mcpUrl(), {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page-test', version: '1' } } }),
  });
  assert.equal(init.status, 200);
  const session = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' };
  const list = await fetch(mcpUrl(), { method: 'POST', headers: { ...headers, ...session }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
  return ((await list.json()) as { result: { tools: Array<{ name: string; title?: string }> } }).result.tools;
}

test('MCP page: "Hangar as a server", the tools and agents tools/list offers (the empty state naming the controls that make them), paired with the Integrations card', async () => {
  assert.equal((await context.request.post('/latest/auth/login', { data: { email: ADMIN, password: PASSWORD } })).status(), 200);
  const key = `Bearer ${projectId}:${org.api_key}`;
  await page.goto(`/p/${projectId}/mcp`);
  await heading(page, 'Hangar as a server').waitFor();
  const offered = page.getByRole('region', { name: 'Tools and agents clients see' });
  await offered.getByText('Clients see nothing yet.').waitFor();
  // The empty state names the controls as the pages have them.
  assert.match((await offered.textContent())!, /create one with “New tool” on Tools or “New agent” on Agents/);
  await offered.getByRole('link', { name: 'Tools', exact: true }).click();
  await page.getByRole('link', { name: 'New tool', exact: true }).waitFor();
  await page.goto(`/p/${projectId}/agents`);
  await page.getByRole('link', { name: 'New agent', exact: true }).waitFor();

  const tool = await call(server, 'POST', '/latest/studios/create', { authorization: key, body: { title: 'Summarise ticket', description: 'Reads a support ticket and answers a summary.', transformations: { steps: [{ name: 'summarise', transformation: 'api_call', params: { url: 'https://tickets.example/summary', method: 'POST', body: { ticket: '{{params.ticket}}' } } }] } } });
  assert.equal(tool.status, 200, JSON.stringify(tool.body));
  const agent = await call(server, 'POST', '/latest/agents/upsert', { authorization: key, body: { name: 'Triage desk' } });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  const expected = await toolsList();
  assert.deepEqual(expected.map((t) => t.title), ['Summarise ticket', 'Triage desk']);

  await page.goto(`/p/${projectId}/mcp`);
  await offered.getByRole('listitem').first().waitFor();
  assert.deepEqual(await offered.getByRole('listitem').locator('code').allTextContents(), expected.map((t) => t.name), 'the names tools/list answers, in its order');
  await offered.getByRole('listitem').filter({ hasText: 'Reads a support ticket' }).getByRole('link', { name: 'Summarise ticket' }).waitFor();
  await offered.getByRole('listitem').filter({ hasText: 'Agent' }).getByRole('link', { name: 'Triage desk' }).waitFor();
  await assertAccessible(page, 'MCP page with offers');
  await screenshot(page, 'mcp-offers');
  await assertFitsPhone(page, 'mcp-offers');

  // The same route answers what ?toolsets= selects, and refuses a set it does not know.
  const all = await call(server, 'GET', '/latest/mcp/tools/list?toolsets=all', { authorization: key });
  assert.deepEqual(all.body.results.map((o: { kind: string }) => o.kind), ['tool', 'agent']);
  const bad = await call(server, 'GET', '/latest/mcp/tools/list?toolsets=everything', { authorization: key });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /toolsets: "everything" is not a toolset/);

  // Its pair: the Integrations page's MCP server card is Hangar as a client, and leads here.
  await page.goto(`/p/${projectId}/integrations`);
  const card = page.locator('article.card', { has: page.getByRole('heading', { name: /^MCP server( beta)?$/ }) });
  await card.getByText('Hangar as a client:').waitFor();
  await card.getByRole('link', { name: 'the MCP page' }).click();
  await heading(page, 'Hangar as a server').waitFor();
});
