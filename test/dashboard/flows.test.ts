// Every flow of the dashboard in a real browser (Debian's chromium through playwright-core) against
// a real Hangar on real PostgreSQL, with the provider stand-ins: sign-in and the header, members and
// invite links, integrations (API-key modal, the OAuth pop-up end to end, the three-dot Remove, own
// API keys), tools (step search, schema forms, API Call, runs), agents and chat, triggers, a viewer's
// read-only view, and session expiry. Each page is checked with axe-core after its main action, at
// phone width (390×844: nothing scrolls sideways), and for console errors (any fails the test);
// the first load's bytes on the wire are measured. Pages are photographed when HANGAR_SCREENSHOTS_DIR is set (browser.ts).
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bootstrap, call, type Org, type TestServer, startServer, role } from '../helpers/hangar.ts';
import { CODEHOST_CLIENT, freePort, providerEnv, query } from '../integrations/kit.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startModel, type ModelStandin } from '../../src/sandbox/standins/model.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import * as P from '../triggers/payloads.ts';
import { assertAccessible, assertFitsPhone, launch, ownAddress, screenshot, watchConsole } from './browser.ts';

const ADMIN = 'admin@acme.example';
const PASSWORD = 'a long admin password';
const ENR_KEY = 'enr-live-key-7f3a9c2e1b';
const CH_TOKEN = 'github_pat_11BOBFINEGRAINED0123456789';

let server: TestServer;
let org: Org;
let chAuth: OAuthServer;
let ch: CodeHost;
let enr: Enrichment;
let model: ModelStandin;
let browser: Browser;
let adminCtx: BrowserContext;
let page: Page;
let viewerCtx: BrowserContext;
let viewer: Page;
let adminConsole: ReturnType<typeof watchConsole>;
let viewerConsole: ReturnType<typeof watchConsole> | undefined;
let base: string;
let projectId: string;
let toolId: string;
let agentId: string;

before(async () => {
  const port = await freePort();
  // As a person meets it: over plain http at the machine's own address, not localhost (the provider
  // stand-ins stay on 127.0.0.1, another site, as a real provider is).
  const host = ownAddress() ?? '127.0.0.1';
  if (host === '127.0.0.1') console.log('# this machine has no non-loopback IPv4 address: the dashboard is tested on 127.0.0.1');
  base = `http://${host}:${port}`;
  chAuth = await startOAuthServer({ clients: [{ ...CODEHOST_CLIENT, redirect_uris: [`${base}/latest/integrations/oauth/callback`] }], accounts: [{ id: 'u-1', login: 'ada', email: 'ada@example.com', admin: true }] });
  ch = await startCodeHost({ oauth: chAuth, tokens: { [CH_TOKEN]: { login: 'bob' } } });
  ch.seed.repo({ owner: 'ada', name: 'notes', description: 'Ada’s notes' });
  enr = await startEnrichment({ apiKeys: [ENR_KEY] });
  model = await startModel({ models: ['gpt-test'] });
  server = await startServer(undefined, {
    HOST: host,
    PORT: String(port),
    HANGAR_PUBLIC_URL: base,
    HANGAR_MODEL_BASE_URL: `${model.url}/v1`,
    HANGAR_MODEL: 'gpt-test',
    LOG_LEVEL: 'warn',
    ...providerEnv({ codehost: ch, enrichment: enr, codehostOAuth: chAuth }),
  });
  org = await bootstrap(server, ADMIN, PASSWORD);
  browser = await launch();
  adminCtx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  // Two test files share two cores with a browser: waits are generous, assertions are not.
  adminCtx.setDefaultTimeout(30_000);
  adminCtx.setDefaultTimeout(10_000);
  // Every console error and page error fails the test it happened in (afterEach).
  adminConsole = watchConsole(adminCtx, base);
  page = await adminCtx.newPage();
});

// What the pages showed when a test ended, for a failure's post-mortem (not committed).
let n = 0;
afterEach(async () => {
  n += 1;
  await page?.screenshot({ path: `${process.env.HANGAR_TEST_ARTIFACTS ?? '/tmp'}/hangar-dashboard-${n}.png`, fullPage: true }).catch(() => {});
  adminConsole.assertClean(`test ${n} (admin)`);
  viewerConsole?.assertClean(`test ${n} (viewer)`);
});

after(async () => {
  await browser?.close();
  await Promise.all([ch?.close(), chAuth?.close(), enr?.close(), model?.close()]);
});

const heading = (p: Page, name: string | RegExp) => p.getByRole('heading', { name, exact: typeof name === 'string' ? true : undefined });
const button = (p: Page, name: string | RegExp) => p.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined });
const dialog = (p: Page) => p.locator('dialog[open]');
async function signIn(p: Page, email: string, password: string) {
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await button(p, 'Sign in').click();
}
const card = (p: Page, provider: string) => p.locator('article.card', { has: p.getByRole('heading', { name: new RegExp(`^${provider}( beta)?$`) }) });

test('sign-in, header, New project (submitted once even when clicked twice), project switcher, reload keeps the route', async () => {
  await page.goto('/');
  await page.waitForURL('**/sign-in');
  await heading(page, 'Sign in to Hangar').waitFor();
  await assertAccessible(page, 'sign-in');
  await screenshot(page, 'sign-in');
  await assertFitsPhone(page, 'sign-in');
  // The refusal is the point here: its failed load is expected in the console.
  adminConsole.allowFailedLoad(401, '/latest/auth/login');
  await signIn(page, ADMIN, 'wrong password');
  await page.getByRole('alert').filter({ hasText: 'The email or password is wrong.' }).waitFor();
  await signIn(page, ADMIN, PASSWORD);
  await page.getByText('You are not in any project yet.').waitFor();

  // The header: organization, region, the signed-in user.
  const header = page.locator('header.top');
  await header.getByText(ADMIN).waitFor();
  // Organization, region and Sign out sit in the account menu, opened from the button with the email.
  await header.getByRole('button', { name: /^Account: / }).click();
  assert.match(await header.textContent() ?? '', /Region:?US/);
  // The organization by its name, not its id.
  const orgName = (await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` })).body.organization_name;
  assert.ok(orgName);
  await header.locator('dd', { hasText: orgName }).waitFor();
  assert.doesNotMatch(await header.textContent() ?? '', new RegExp(org.organization_id.slice(0, 8)));
  await page.keyboard.press('Escape');
  await header.locator('dd', { hasText: orgName }).waitFor({ state: 'detached' });

  // A slow network: the Create button is disabled while the call is in flight, so a double click creates one project.
  await page.route('**/latest/projects/create', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await button(page, 'New project').click();
  await dialog(page).getByLabel('Name').fill('Support bots');
  await dialog(page).getByLabel('Description').fill('Agents for the support team');
  const create = dialog(page).getByRole('button', { name: 'Create project' });
  await create.click();
  assert.equal(await create.isDisabled(), true);
  // A forced second click while the first create is pending: it lands on the disabled button (and does
  // nothing), or finds the dialog already gone; any other failure is one.
  const second = await create.click({ force: true, timeout: 1000 }).then(() => undefined, (err: Error) => err.message);
  if (second !== undefined) assert.match(second, /not attached|detached|Timeout \d+ms exceeded/, second);
  await page.waitForURL(/\/p\/[^/]+\/agents$/);
  await page.unroute('**/latest/projects/create');
  projectId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  const rows = await query(server.databaseUrl, "SELECT count(*)::int AS n FROM projects WHERE name = 'Support bots'");
  assert.equal(rows[0].n, 1);

  await button(page, 'New project').click();
  await dialog(page).getByLabel('Name').fill('Research');
  await dialog(page).getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/agents') && !u.pathname.includes(projectId));
  const switcher = page.getByLabel('Project', { exact: true });
  assert.deepEqual((await switcher.locator('option').allTextContents()).sort(), ['Research', 'Support bots']);
  await switcher.selectOption({ label: 'Support bots' });
  await page.waitForURL(`**/p/${projectId}/agents`);
  await heading(page, 'Agents').waitFor();
  await header.getByText('admin', { exact: true }).waitFor();
  // At phone width the header wraps: role and every tab stay on screen.
  await assertFitsPhone(page, 'agents-empty');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['Agents', 'Tools', 'Integrations & API Keys', 'Members']) {
    const box = await page.getByRole('link', { name: tab, exact: true }).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the ${tab} tab is on screen at phone width: ${JSON.stringify(box)}`);
  }
  const roleBox = await header.getByText('admin', { exact: true }).boundingBox();
  assert.ok(roleBox && roleBox.x + roleBox.width <= 390, 'the role is on screen at phone width');
  await page.setViewportSize({ width: 1280, height: 860 });

  // A client-side route survives a reload.
  await page.getByRole('link', { name: 'Tools' }).click();
  await heading(page, 'Tools').waitFor();
  await page.reload();
  await heading(page, 'Tools').waitFor();
  assert.equal(new URL(page.url()).pathname, `/p/${projectId}/tools`);
});

test('the first load moves less than 120 KB over the wire (compressed), signed out and signed in', async () => {
  // A fresh browser profile with its cache off: every byte the load needs, as the network carried it.
  const measure = async (context: BrowserContext, path: string, ready: (p: Page) => Promise<void>) => {
    const p = await context.newPage();
    const cdp = await context.newCDPSession(p);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const sizes = new Map<string, number>();
    const urls = new Map<string, string>();
    const encodings = new Map<string, string>();
    cdp.on('Network.responseReceived', (e) => {
      urls.set(e.requestId, e.response.url);
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      encodings.set(e.requestId, h['content-encoding'] ?? 'identity');
    });
    cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
    await p.goto(path, { waitUntil: 'networkidle' });
    await ready(p);
    await p.close();
    const rows = [...sizes].map(([id, bytes]) => ({ url: urls.get(id) ?? id, bytes, encoding: encodings.get(id) }));
    return { total: rows.reduce((n, r) => n + r.bytes, 0), rows };
  };
  const fresh = await browser.newContext({ baseURL: base });
  const signedOut = await measure(fresh, '/', (p) => heading(p, 'Sign in to Hangar').waitFor());
  // Signed in (the session cookie copied), on a project's first page.
  await fresh.addCookies(await adminCtx.cookies());
  const signedIn = await measure(fresh, `/p/${projectId}/agents`, (p) => heading(p, 'Agents').waitFor());
  await fresh.close();
  for (const [what, load] of [['signed out', signedOut], ['signed in', signedIn]] as const) {
    const detail = load.rows.map((r) => `${r.bytes} ${r.encoding} ${r.url}`).join('\n');
    console.log(`# first load, ${what}: ${load.total} bytes on the wire\n${detail.replace(/^/gm, '#   ')}`);
    assert.ok(load.total < 120 * 1024, `first load ${what}: ${load.total} bytes\n${detail}`);
    // The big ones are the assets: each came compressed.
    for (const r of load.rows.filter((r) => r.url.includes('/assets/'))) assert.match(r.encoding ?? '', /^(br|gzip)$/, r.url);
  }
});

let viewerCode: string;
test('members: invite with a role, the invite link creates the account, a pending invite re-created with another role, role changes, removal, the last-admin refusal', async () => {
  await page.getByRole('link', { name: 'Members' }).click();
  await heading(page, 'Members').first().waitFor();
  await page.getByText('No pending invites.').waitFor();

  const inviteAs = async (email: string, r: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption(r);
    await button(page, 'Invite').click();
    const status = page.getByRole('status').filter({ hasText: `Invite created for ${email}` });
    await status.waitFor();
    return (await status.locator('code').textContent())!.split('/invite/')[1];
  };
  viewerCode = await inviteAs('viewer@acme.example', 'viewer');
  const pendingCode = await inviteAs('pending@acme.example', 'editor');
  await assertAccessible(page, 'members after an invite');

  // Changing a pending invite's role deletes and re-creates it, and the page says so.
  await page.getByLabel('Role of the invite for pending@acme.example').selectOption('admin');
  await dialog(page).getByText('will be deleted and a new one created as admin').waitFor();
  await dialog(page).getByRole('button', { name: 'Delete and re-invite' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  await page.getByText('Invite created for pending@acme.example').waitFor();
  const invites = await call(server, 'POST', '/latest/auth/invite/list', { authorization: `Bearer ${projectId}:${org.api_key}`, body: {} });
  const pending = invites.body.results.find((i: any) => i.email === 'pending@acme.example');
  assert.notEqual(pending.invite_code ?? pending._id, pendingCode);
  assert.deepEqual(pending.permissions, role('admin'));
  assert.equal(await page.getByLabel('Role of the invite for pending@acme.example').inputValue(), 'admin');

  // Delete a pending invite.
  await page.getByRole('row', { name: /pending@acme.example/ }).getByRole('button', { name: 'Delete invite' }).click();
  await dialog(page).getByRole('button', { name: 'Delete invite' }).click();
  await page.getByRole('row', { name: /pending@acme.example/ }).waitFor({ state: 'detached' });

  // The invite link: the invitee creates an account and lands in the project.
  viewerCtx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  viewerCtx.setDefaultTimeout(30_000);
  viewerCtx.setDefaultTimeout(10_000);
  viewer = await viewerCtx.newPage();
  viewerConsole = watchConsole(viewerCtx, base);
  await viewer.goto(`/invite/${viewerCode}`);
  await heading(viewer, 'Join a Hangar project').waitFor();
  // The invited address is shown, not asked for.
  assert.equal(await viewer.getByLabel('Email').inputValue(), 'viewer@acme.example');
  await assertAccessible(viewer, 'invite');
  await assertFitsPhone(viewer, 'invite');
  await viewer.getByLabel('Your name').fill('Vera Viewer');
  await viewer.getByLabel('Choose a password').fill('viewer password');
  await button(viewer, 'Accept invite').click();
  await viewer.waitForURL(`**/p/${projectId}/agents`);
  await viewer.locator('header.top').getByText('viewer@acme.example').waitFor();

  // A second member to change and remove (accepting through the API is the same route the link page uses).
  const leaverCode = await inviteAs('leaver@acme.example', 'editor');
  assert.equal((await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: leaverCode, password: 'leaver password' } })).status, 200);
  await page.reload();
  await page.getByRole('row', { name: /viewer@acme.example/ }).waitFor();
  await page.getByLabel('Role of leaver@acme.example').selectOption('viewer');
  await page.waitForFunction(() => !document.querySelector('select[aria-label="Role of leaver@acme.example"]')?.hasAttribute('disabled'));
  await page.reload();
  assert.equal(await page.getByLabel('Role of leaver@acme.example').inputValue(), 'viewer');
  await page.getByRole('row', { name: /leaver@acme.example/ }).getByRole('button', { name: 'Remove' }).click();
  await dialog(page).getByText('will lose access to this project').waitFor();
  await dialog(page).getByRole('button', { name: 'Remove from project' }).click();
  await page.getByRole('row', { name: /leaver@acme.example/ }).waitFor({ state: 'detached' });

  // The last admin cannot demote themself: the API's message is shown.
  adminConsole.allowFailedLoad(409, '/latest/auth/users/');
  adminConsole.allowFailedLoad(400, '/latest/auth/users/');
  await page.getByLabel(`Role of ${ADMIN}`).selectOption('editor');
  const refusal = page.getByRole('alert');
  await refusal.waitFor();
  assert.match((await refusal.textContent())!, /admin/i);
  await page.reload();
  assert.equal(await page.getByLabel(`Role of ${ADMIN}`).inputValue(), 'admin');
  await assertAccessible(page, 'members');
  await screenshot(page, 'members');
  await assertFitsPhone(page, 'members');
});

test('integrations: provider cards, the API-key modal (a wrong key shows the API message), the OAuth pop-up end to end, the three-dot Remove, own API keys', async () => {
  await page.getByRole('link', { name: 'Integrations & API Keys' }).click();
  await heading(page, 'Integrations & API Keys').waitFor();
  for (const name of ['ANZ Enrichment', 'Enrichment', 'Code Host', 'Web Analytics']) await card(page, name).waitFor();
  await card(page, 'Web Analytics').getByText('beta', { exact: true }).waitFor();
  assert.equal(await card(page, 'Code Host').getByText('beta', { exact: true }).count(), 0);
  await card(page, 'Enrichment').getByText('Connects with an API key.').waitFor();

  // API key in a modal: a wrong key is refused with the API's message; the field is a password field.
  await card(page, 'Enrichment').getByRole('button', { name: 'Connect with an API key' }).click();
  const keyField = dialog(page).getByLabel('API key');
  assert.equal(await keyField.getAttribute('type'), 'password');
  await dialog(page).getByLabel('Label (optional)').fill('Sales team');
  for (const status of [400, 401, 403, 422]) adminConsole.allowFailedLoad(status, '/latest/integrations/connections/create');
  await keyField.fill('not-the-key');
  await dialog(page).getByRole('button', { name: 'Connect' }).click();
  await dialog(page).getByRole('alert').waitFor();
  await keyField.fill(ENR_KEY);
  await dialog(page).getByRole('button', { name: 'Connect' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  await card(page, 'Enrichment').getByText('Sales team').waitFor();
  assert.ok(!(await page.content()).includes(ENR_KEY), 'the key is never echoed into the page');

  // The code host signs in in a real pop-up, which closes itself; the list refreshes.
  const [popup] = await Promise.all([page.waitForEvent('popup'), card(page, 'Code Host').getByRole('button', { name: 'Sign in with Code Host' }).click()]);
  await popup.waitForEvent('close', { timeout: 15_000 });
  await card(page, 'Code Host').getByText('ada', { exact: true }).waitFor();
  assert.equal(chAuth.authorizations.length >= 1, true);

  // A second account of the same provider (a fine-grained token) is listed separately.
  await card(page, 'Code Host').getByRole('button', { name: 'Connect with a token' }).click();
  assert.equal(await dialog(page).getByLabel('Access token').getAttribute('type'), 'password');
  await dialog(page).getByLabel('Access token').fill(CH_TOKEN);
  await dialog(page).getByRole('button', { name: 'Connect' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  await card(page, 'Code Host').getByText('bob', { exact: true }).waitFor();
  assert.equal(await card(page, 'Code Host').locator('ul.connections > li').count(), 2);

  // The three-dot menu's Remove, with its confirmation — by keyboard: Enter opens the menu with its
  // first item focused, Escape closes it, Enter on the item opens the confirmation.
  const before = await call(server, 'POST', '/latest/integrations/connections/list', { authorization: `Bearer ${projectId}:${org.api_key}`, body: {} });
  assert.equal(before.body.results.length, 3);
  await card(page, 'Code Host').getByRole('button', { name: 'Actions for Code Host · bob' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await dialog(page).getByRole('button', { name: 'Remove' }).click();
  await card(page, 'Code Host').getByText('bob', { exact: true }).waitFor({ state: 'detached' });
  const kebab = card(page, 'Enrichment').getByRole('button', { name: 'Actions for Sales team' });
  await kebab.focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Rename');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  assert.equal(await kebab.evaluate((el) => el === document.activeElement), true);
  // Remove is the last item: ArrowUp from the first wraps to it.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Remove');
  await page.keyboard.press('Enter');
  await dialog(page).getByText('Nothing in this project uses it.').waitFor();
  await screenshot(page, 'integrations-remove');
  await dialog(page).getByRole('button', { name: 'Remove' }).click();
  await card(page, 'Enrichment').getByText('Sales team').waitFor({ state: 'detached' });
  await card(page, 'Enrichment').getByText('None yet: connect an account above.').waitFor();

  // Own API keys: shown once with a copy button, listed, revoked.
  await page.getByLabel('Key label').fill('CI');
  await button(page, 'Create API key').click();
  const shown = dialog(page).getByLabel('API key');
  const apiKey = await shown.inputValue();
  assert.match(apiKey, /^sk-us-/);
  await dialog(page).getByRole('button', { name: 'Copy' }).click();
  await dialog(page).getByRole('button', { name: 'Copied' }).waitFor();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('row', { name: /CI/ }).waitFor();
  assert.ok(!(await page.content()).includes(apiKey), 'the key is shown once only');
  assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${apiKey}` })).status, 200);
  await assertAccessible(page, 'integrations');
  await screenshot(page, 'integrations');
  await assertFitsPhone(page, 'integrations');
  await page.getByRole('row', { name: /CI/ }).getByRole('button', { name: 'Revoke' }).click();
  await dialog(page).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('row', { name: /CI/ }).waitFor({ state: 'detached' });
  assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${apiKey}` })).status, 401);
});

test('tools: the tool-step search bar, schema-driven inputs, connection dropdown, the API Call form, Run with output and credits, a background run, edit', async () => {
  await page.getByRole('link', { name: 'Tools' }).click();
  await page.getByText('No tools yet.').waitFor();
  await page.getByRole('link', { name: 'New tool' }).click();
  await heading(page, 'New tool').waitFor();
  await page.getByLabel('Title').fill('Repo info');
  for (const [i, name] of ['owner', 'repo'].entries()) {
    await button(page, 'Add input').click();
    const row = page.getByRole('group', { name: `Input ${i + 1}` });
    await row.getByLabel('Name').fill(name);
    await row.getByLabel('Required').check();
  }

  await page.getByLabel('Search tool steps').fill('code host');
  const results = page.getByRole('list', { name: 'Matching steps' });
  await results.getByText('Create Issue', { exact: true }).waitFor();
  await results.getByText('Get Repository Info', { exact: true }).waitFor();
  assert.equal(await results.getByText('Run Reports').count(), 0);
  await button(page, 'Add step Get Repository Info (Code Host)').click();
  const step1 = page.locator('ol.steps > li').nth(0);
  // The connection dropdown lists only the step's provider's connections.
  const connection = step1.getByLabel('Connection');
  assert.deepEqual(await connection.locator('option').allTextContents(), ['Choose a connection', 'Code Host · ada']);
  assert.notEqual(await connection.inputValue(), '');
  await step1.getByLabel('owner (required)', { exact: true }).fill('{{params.owner}}');
  await step1.getByLabel('repo (required)', { exact: true }).fill('{{params.repo}}');

  await button(page, 'Add step API Call (Code Host)').click();
  const step2 = page.locator('ol.steps > li').nth(1);
  assert.deepEqual(await step2.getByLabel('Method').locator('option').allTextContents(), ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
  assert.match(await step2.getByLabel('Headers (JSON)', { exact: true }).inputValue(), /application\/vnd\.codehost\+json/);
  await step2.getByLabel('Endpoint', { exact: true }).fill('/repos/{{params.owner}}/{{params.repo}}/issues');
  // The reference picker offers the inputs and the earlier step's output.
  await step2.getByRole('button', { name: 'Insert reference into Endpoint' }).click();
  await step2.getByRole('menuitem', { name: '{{steps.get_repository_info.output}}' }).waitFor();
  await step2.getByRole('menuitem', { name: '{{params.owner}}' }).waitFor();
  await page.keyboard.press('Escape');
  await assertAccessible(page, 'tool editor');
  await assertFitsPhone(page, 'tool-editor');
  await button(page, 'Create tool').click();
  await page.waitForURL(/\/tools\/(?!new)[^/]+$/);
  toolId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // Run: params from the params schema, each step's result, credits.
  await page.getByLabel('owner (required)', { exact: true }).last().fill('ada');
  await page.getByLabel('repo (required)', { exact: true }).last().fill('notes');
  await button(page, 'Run').click();
  const result = page.locator('.run-result');
  await result.getByText('complete', { exact: true }).waitFor();
  await result.getByText('Credits used:').waitFor();
  assert.match((await result.textContent())!, /"status": 200/);
  // Each step's own output, as the run answered it (return_state).
  assert.ok((await result.locator('summary', { hasText: /^Step .+ output$/ }).count()) >= 1, 'each step shows its output');
  // The outputs scroll, so each is a region the keyboard reaches.
  await assertAccessible(page, 'tool after a run');
  const outputs = result.locator('pre.json');
  assert.ok((await outputs.count()) >= 2);
  for (const pre of await outputs.all()) assert.equal(await pre.getAttribute('tabindex'), '0');
  await screenshot(page, 'tool');
  await assertFitsPhone(page, 'tool');

  // In the background: progress until done.
  await button(page, 'Run in background').click();
  await result.getByText('complete', { exact: true }).waitFor();
  assert.match((await result.textContent())!, /"status": 200/);

  // Edit.
  await page.getByLabel('Title').fill('Repository info');
  await button(page, 'Save tool').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await page.getByRole('link', { name: 'Tools' }).click();
  await page.getByRole('link', { name: 'Repository info' }).waitFor();
  await assertAccessible(page, 'tools');
  await assertFitsPhone(page, 'tools');
});

test('agents: create with a tool action, chat with the task arriving without a reload, the task list, edit', async () => {
  await page.getByRole('link', { name: 'Agents' }).click();
  await page.getByText('No agents yet.').waitFor();
  await page.getByRole('link', { name: 'New agent' }).click();
  await assertFitsPhone(page, 'agent-new');
  await page.getByLabel('Name').fill('Helper');
  await page.getByLabel('System prompt').fill('You help with repositories.');
  await page.getByLabel('Repository info').check();
  await button(page, 'Create agent').click();
  await page.waitForURL(/\/agents\/(?!new)[^/?]+$/);
  agentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  model.script({ tool_calls: [{ name: 'tool_0', arguments: { owner: 'ada', repo: 'notes' } }] }, { content: 'The repository is called notes.' });
  await page.getByLabel('Message', { exact: true }).fill('What is the repository called?');
  await button(page, 'Send').click();
  await page.waitForURL(/\?task=/);
  const log = page.getByRole('log', { name: 'Messages' });
  await log.getByText('What is the repository called?').waitFor();
  await log.getByText('The repository is called notes.').waitFor({ timeout: 15_000 });
  // The tool run is named after the agent's action, not the model's function name.
  await log.getByText('Tool run Repository info').waitFor();
  assert.equal(await log.locator('.msg.agent').count(), 1, 'an assistant turn that only called a tool shows no empty bubble');
  await page.locator('.chat-head').getByText('completed').waitFor();

  // A reply that is JSON is shown formatted and wrapped inside its bubble.
  const reply = { repository: 'ada/notes', description: 'Ada’s notes', topics: ['a-rather-long-topic-name-that-would-not-fit-on-one-line', 'notes'], stars: 3 };
  model.script({ content: JSON.stringify(reply) });
  await page.getByLabel('Message', { exact: true }).fill('Answer as JSON.');
  await button(page, 'Send').click();
  const json = log.locator('.msg.agent pre.json');
  await json.waitFor({ timeout: 15_000 });
  assert.deepEqual(JSON.parse((await json.textContent())!), reply);
  assert.match((await json.textContent())!, /\n {2}"repository": "ada\/notes",\n/);
  const fits = await json.evaluate((el) => ({ pre: el.scrollWidth <= el.clientWidth, bubble: el.closest('.msg')!.scrollWidth <= el.closest('.msg')!.clientWidth }));
  assert.deepEqual(fits, { pre: true, bubble: true });
  await page.locator('.chat-head').getByText('completed').waitFor();
  await assertAccessible(page, 'chat');
  await screenshot(page, 'agent-chat');
  await assertFitsPhone(page, 'agent-chat');

  await page.getByRole('link', { name: 'Tasks' }).click();
  await page.getByRole('row', { name: /Completed/ }).first().waitFor();
  await assertAccessible(page, 'tasks');
  await assertFitsPhone(page, 'agent-tasks');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Name').fill('Repo helper');
  await button(page, 'Save agent').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await heading(page, 'Repo helper').waitFor();
  await assertAccessible(page, 'agent settings after saving');
  await assertFitsPhone(page, 'agent-settings');
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  await page.getByRole('row', { name: /Repo helper/ }).waitFor();
  await assertAccessible(page, 'agents');
  await screenshot(page, 'agents');
  await assertFitsPhone(page, 'agents');
  await page.getByRole('link', { name: 'Repo helper' }).click();
});

test('triggers: all 26 types by category with their "fires when", add with a connection and repository, the webhook state, an activation, pause/resume, delete', async () => {
  await page.getByRole('link', { name: 'Triggers' }).click();
  const type = page.getByLabel('Trigger type');
  // The tab is fetched when opened (a chunk of its own).
  await type.waitFor();
  assert.equal(await type.locator('option').count(), 26);
  assert.deepEqual(await type.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.getAttribute('label'))), [
    'Repository',
    'Issues and pull requests',
    'Commits and branches',
    'Workflows',
    'Collaboration',
    'Projects',
    'Other',
  ]);
  await type.selectOption({ label: 'New issue' });
  await page.getByText('Fires when: An issue is opened.').first().waitFor();
  // The lines and groups come from the server's catalogue.
  const listed = (await call(server, 'GET', '/latest/triggers/types/list', { authorization: `Bearer ${projectId}:${org.api_key}` })).body.results;
  assert.equal(listed.length, 26);
  assert.deepEqual(await type.locator('option').allTextContents(), listed.map((t: { name: string }) => t.name));
  await page.getByLabel('Code-host connection').selectOption({ label: 'Code Host · ada' });
  // The format checks work (browsers compile `pattern` with the v flag): owner/name, one slash, no spaces.
  const repository = page.getByLabel('Repository (owner/name)');
  const mismatch = () => repository.evaluate((el) => (el as HTMLInputElement).validity.patternMismatch);
  for (const bad of ['ada notes', 'ada', 'ada/notes/x', 'ada /notes']) {
    await repository.fill(bad);
    assert.equal(await mismatch(), true, `"${bad}" is refused`);
  }
  await type.selectOption({ label: 'New repository' });
  const organization = page.getByLabel('Organization (login)');
  await organization.fill('octo/org');
  assert.equal(await organization.evaluate((el) => (el as HTMLInputElement).validity.patternMismatch), true);
  await organization.fill('octo-org');
  assert.equal(await organization.evaluate((el) => (el as HTMLInputElement).validity.valid), true);
  await type.selectOption({ label: 'New issue' });
  await repository.fill('ada/notes');
  assert.equal(await mismatch(), false);
  await button(page, 'Add trigger').click();
  const item = page.locator('.trigger-list > li').first();
  await item.getByText('New issue').waitFor();
  await item.getByText(/registered \(hook .*\), subscribed to issues/).waitFor();
  // The hook's health and counters, as the trigger list gives them.
  await item.getByText(/health: ok/).waitFor();
  await item.locator('dl.counters').waitFor();
  assert.deepEqual(await item.locator('dl.counters dt').allTextContents(), ['Received', 'Duplicates', 'Rejected signatures', 'Recovered']);
  assert.equal(ch.hooks.length, 1);

  model.script({ content: 'Looking at the new issue.' });
  await ch.deliver('issues', P.issuesEvent('ada/notes', 'opened', P.issue('ada/notes', { number: 7, title: 'Broken link' })), { repo: 'ada/notes' });
  await item.getByRole('button', { name: 'Show activations' }).click();
  await item.getByRole('row', { name: /New issue/ }).waitFor({ timeout: 15_000 });
  await assertAccessible(page, 'triggers');
  await screenshot(page, 'triggers');
  await assertFitsPhone(page, 'triggers');

  // The activation's task shows the event as its own card, not its JSON as a message of "You".
  await item.getByRole('row', { name: /New issue/ }).getByRole('link', { name: /Open task/ }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  const event = log.locator('.msg.event');
  await event.getByText('Code host:').waitFor();
  await event.getByText('Issue #7 "Broken link" was opened in ada/notes.').waitFor();
  assert.equal(await log.locator('.msg.user').count(), 0, 'no "You" message holding the payload');
  assert.doesNotMatch(await log.evaluate((el) => (el as HTMLElement).innerText), /"payload"/, 'the payload is folded away');
  await event.getByText('Show payload').click();
  await event.getByRole('region', { name: 'Event payload' }).waitFor();
  await assertAccessible(page, 'a triggered task');
  await screenshot(page, 'task-event');
  await assertFitsPhone(page, 'task-event');
  await page.getByRole('link', { name: 'Triggers' }).click();
  await item.getByText('New issue').waitFor();

  await item.getByRole('button', { name: 'Pause' }).click();
  await item.getByText('paused', { exact: true }).waitFor();
  await item.getByRole('button', { name: 'Resume' }).click();
  await item.getByText('active', { exact: true }).waitFor();
  await item.getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete trigger' }).click();
  await page.getByText('No triggers yet.').waitFor();
});

test("a viewer's read-only view: no control it cannot use, but running and chatting", async () => {
  await viewer.goto(`/p/${projectId}/agents`);
  await viewer.getByRole('link', { name: 'Repo helper' }).waitFor();
  assert.equal(await viewer.getByRole('link', { name: 'New agent' }).count(), 0);
  assert.equal(await viewer.getByRole('button', { name: 'Delete' }).count(), 0);
  assert.equal(await viewer.getByRole('link', { name: 'Members' }).count(), 0);
  await viewer.locator('header.top').getByText('viewer', { exact: true }).waitFor();

  await viewer.getByRole('link', { name: 'Tools' }).click();
  await viewer.getByRole('link', { name: 'Repository info' }).click();
  await viewer.getByRole('heading', { name: 'Run' }).waitFor();
  assert.equal(await viewer.getByLabel('Title').isDisabled(), true);
  assert.equal(await viewer.getByRole('button', { name: 'Save tool' }).count(), 0);
  assert.equal(await viewer.getByRole('button', { name: /Remove step/ }).count(), 0);
  assert.equal(await viewer.getByLabel('Search tool steps').count(), 0);
  assert.equal(await viewer.getByRole('button', { name: 'Run', exact: true }).isEnabled(), true);

  await viewer.getByRole('link', { name: 'Integrations & API Keys' }).click();
  await card(viewer, 'Code Host').getByText('ada', { exact: true }).waitFor();
  assert.equal(await viewer.getByRole('button', { name: /Sign in with|Connect with/ }).count(), 0);
  // A viewer's menu only tests a connection.
  await card(viewer, 'Code Host').getByRole('button', { name: 'Actions for Code Host · ada' }).click();
  assert.deepEqual(await viewer.getByRole('menuitem').allTextContents(), ['Test']);
  await viewer.keyboard.press('Escape');
  await viewer.getByRole('button', { name: 'Create API key' }).waitFor();
  await assertAccessible(viewer, 'integrations (viewer)');
  await screenshot(viewer, 'viewer-integrations');
  await assertFitsPhone(viewer, 'viewer-integrations');

  // Viewers may trigger agents: the chat works for them.
  await viewer.goto(`/p/${projectId}/agents/${agentId}`);
  model.script({ content: 'Hello, viewer.' });
  await viewer.getByLabel('Message', { exact: true }).fill('Hi');
  await viewer.getByRole('button', { name: 'Send' }).click();
  await viewer.getByRole('log', { name: 'Messages' }).getByText('Hello, viewer.').waitFor({ timeout: 15_000 });
  assert.equal(await viewer.getByRole('link', { name: 'Settings' }).count(), 1);
  await assertAccessible(viewer, 'chat (viewer)');
  await assertFitsPhone(viewer, 'viewer-chat');

  await viewer.goto(`/p/${projectId}/agents/${agentId}/triggers`);
  await viewer.getByText('No triggers yet.').waitFor();
  assert.equal(await viewer.getByRole('button', { name: 'Add trigger' }).count(), 0);
  await viewer.goto(`/p/${projectId}/members`);
  await viewer.getByText("Members are managed by the project's admins.").waitFor();
  await assertAccessible(viewer, 'members (viewer)');
  await assertFitsPhone(viewer, 'viewer-members');
});

test('session expiry: back to sign-in, then back to the page', async () => {
  await page.goto(`/p/${projectId}/tools`);
  await heading(page, 'Tools').waitFor();
  await query(server.databaseUrl, 'DELETE FROM sessions');
  // The expired session's refusal is what sends the page to sign-in.
  adminConsole.allowFailedLoad(401, '/latest/');
  await page.getByRole('link', { name: 'Agents' }).click();
  await page.waitForURL(/\/sign-in\?next=/);
  assert.equal(new URL(page.url()).searchParams.get('next'), `/p/${projectId}/agents`);
  await page.getByText('Sign in to go back to the page you were on.').waitFor();
  await signIn(page, ADMIN, PASSWORD);
  await page.waitForURL(`**/p/${projectId}/agents`);
  await page.getByRole('link', { name: 'Repo helper' }).waitFor();
});

test('delete: a tool and an agent, each after a confirmation; sign-out', async () => {
  await page.getByRole('row', { name: /Repo helper/ }).getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete agent' }).click();
  await page.getByText('No agents yet.').waitFor();
  await page.getByRole('link', { name: 'Tools' }).click();
  await page.getByRole('row', { name: /Repository info/ }).getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete tool' }).click();
  await page.getByText('No tools yet.').waitFor();
  assert.equal((await call(server, 'GET', `/latest/studios/${toolId}/get`, { authorization: `Bearer ${projectId}:${org.api_key}` })).status, 404);

  await page.locator('header.top').getByRole('button', { name: /^Account: / }).click();
  await button(page, 'Sign out').click();
  await page.waitForURL('**/sign-in');
  await page.goto(`/p/${projectId}/agents`);
  await page.waitForURL(/\/sign-in\?next=/);
});
