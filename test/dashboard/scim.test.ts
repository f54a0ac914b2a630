// The SCIM section of the organization settings in Debian's chromium: the base URL an identity
// provider is given, a token created and shown once (and then working against /scim/v2), listed by
// its hint only, and revoked (then refused). axe-core, phone width and the console on the way.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { assertAccessible, assertFitsPhone, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'scim-admin@acme.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;

before(async () => {
  server = await startServer(undefined, { LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const project = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Directory', organization_id: org.organization_id } });
  assert.equal(project.status, 200);
  ({ browser, context, page, consoleWatch } = await signedIn(server.url, ADMIN, PASSWORD));
});

afterEach(() => consoleWatch.assertClean('SCIM section'));
after(async () => {
  await browser?.close();
});

const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });

test('the base URL, a token shown once that works, listed by its hint, revoked; accessible and fitting a phone', async () => {
  await page.goto('/org/settings/scim');
  await page.getByRole('heading', { name: 'SCIM directory sync' }).waitFor();
  const url = await page.getByLabel('SCIM base URL').inputValue();
  assert.equal(url, `${server.platform.config.publicUrl.replace(/\/+$/, '')}/scim/v2`);
  await page.getByText('No SCIM tokens yet.').waitFor();
  await assertAccessible(page, 'SCIM section, empty');

  await page.getByLabel('Token label').fill('Entra ID');
  await button(page, 'Create SCIM token').click();
  const dialog = page.getByRole('dialog', { name: 'Your new SCIM token' });
  await dialog.waitFor();
  const token = await dialog.getByLabel('SCIM token').inputValue();
  assert.match(token, /^scim_[A-Za-z0-9_-]{43}$/);
  await assertAccessible(page, 'SCIM new-token dialog');
  const users = await call(server, 'GET', '/scim/v2/Users', { authorization: `Bearer ${token}` });
  assert.equal(users.status, 200);
  assert.equal(users.body.totalResults, 1, 'the admin, found by the identity provider');
  await button(dialog, 'Done').click();

  const row = page.locator('tbody tr', { hasText: 'Entra ID' });
  await row.waitFor();
  assert.ok(!(await page.content()).includes(token), 'the token is not shown again');
  assert.match((await row.textContent())!, /scim_.{4}…/);
  await assertAccessible(page, 'SCIM section with a token');
  await screenshot(page, 'settings-scim');
  await assertFitsPhone(page, 'settings-scim');

  await page.setViewportSize({ width: 1280, height: 860 });
  await button(page, 'Revoke Entra ID').click();
  const confirm = page.getByRole('dialog', { name: 'Revoke SCIM token' });
  await button(confirm, 'Revoke').click();
  await page.getByText('No SCIM tokens yet.').waitFor();
  assert.equal((await call(server, 'GET', '/scim/v2/Users', { authorization: `Bearer ${token}` })).status, 401);
  const listed = await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
  assert.deepEqual(listed.body.results, []);
});
