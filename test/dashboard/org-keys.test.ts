// Organization keys in Debian's chromium: Organization settings → Organization keys (a key added
// through the form, checked at the enrichment stand-in, never shown again; rotated; removed), and a
// project's Integrations page showing the inherited key beside the project's own (in use, then
// overridden). axe-core, phone width and the console on every page.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { providerEnv } from '../integrations/kit.ts';
import { assertAccessible, assertFitsPhone, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'keys-admin@acme.example';
const PASSWORD = 'a long admin password';
const ORG_KEY = 'enr_live_7e6d5c4b3a29180f7e6d5c4b3a291800';
const ROTATED_KEY = 'enr_live_00ff11ee22dd33cc44bb55aa66998877';
const PROJECT_KEY = 'enr_live_abababababababababababababababab';

let server: TestServer;
let enr: Enrichment;
let org: Org;
let projectId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;

before(async () => {
  enr = await startEnrichment({ apiKeys: [ORG_KEY, ROTATED_KEY, PROJECT_KEY] });
  server = await startServer(undefined, { LOG_LEVEL: 'warn', ...providerEnv({ enrichment: enr }) });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const project = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Sales', organization_id: org.organization_id } });
  assert.equal(project.status, 200);
  projectId = project.body.project_id;
  ({ browser, context, page, consoleWatch } = await signedIn(server.url, ADMIN, PASSWORD));
});

afterEach(() => consoleWatch.assertClean('organization keys'));
after(async () => {
  await browser?.close();
  await enr?.close();
});

const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });
const lastKey = () => enr.requests[enr.requests.length - 1]?.headers.authorization;
const listed = async () => (await call(server, 'POST', `/latest/organizations/${org.organization_id}/integrations/connections/list`, { authorization: `Bearer :${org.api_key}`, body: {} })).body.results;

test('an organization admin adds a key (never shown again) and rotates it; accessible and fitting a phone', async () => {
  await page.goto('/org/settings/keys');
  await page.getByRole('heading', { name: 'Organization keys' }).waitFor();
  await page.getByText('No organization keys yet.').waitFor();
  await assertAccessible(page, 'organization keys, empty');

  await button(page, 'Add an organization key').click();
  const dialog = page.getByRole('dialog', { name: 'Add an organization key' });
  await dialog.getByLabel('Provider').selectOption('enrichment');
  await dialog.getByLabel('Label (optional)').fill('Company enrichment');
  await dialog.getByLabel('API key').fill(ORG_KEY);
  await assertAccessible(page, 'add-key dialog');
  await button(dialog, 'Add key').click();
  const row = page.locator('tbody tr', { hasText: 'Company enrichment' });
  await row.waitFor();
  assert.equal(lastKey(), `Bearer ${ORG_KEY}`, 'checked at the provider');
  assert.match((await row.textContent())!, /1 project/);
  assert.ok(!(await page.content()).includes(ORG_KEY), 'the key is not shown');
  await assertAccessible(page, 'organization keys with a key');
  await screenshot(page, 'settings-org-keys');
  await assertFitsPhone(page, 'settings-org-keys');
  await page.setViewportSize({ width: 1280, height: 860 });

  await button(row, 'Actions for the Enrichment key').click();
  await page.getByRole('menuitem', { name: 'Rotate or rename' }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate or rename the Enrichment key' });
  await rotate.getByLabel('New api key (optional)').fill(ROTATED_KEY);
  await button(rotate, 'Save').click();
  await rotate.waitFor({ state: 'hidden' });
  assert.equal(lastKey(), `Bearer ${ROTATED_KEY}`);
  const [key] = await listed();
  assert.ok(key.rotated_at, 'rotated');
  assert.equal(key.label, 'Company enrichment');
});

test("a project's Integrations page shows the inherited key beside its own", async () => {
  await page.goto(`/p/${projectId}/integrations`);
  const card = page.getByRole('article', { name: 'Enrichment', exact: true });
  const item = card.locator('li', { hasText: 'Company enrichment' });
  await item.waitFor();
  assert.match((await item.textContent())!, /organization key/);
  assert.match((await item.textContent())!, /in use/);
  assert.match((await item.textContent())!, new RegExp(`set by ${ADMIN}`));
  await assertAccessible(page, 'project integrations with an organization key');
  await assertFitsPhone(page, 'integrations-org-key');
  await page.setViewportSize({ width: 1280, height: 860 });

  const own = await call(server, 'POST', '/latest/integrations/connections/create', { authorization: `Bearer ${projectId}:${org.api_key}`, body: { provider: 'enrichment', api_key: PROJECT_KEY, label: 'Sales team' } });
  assert.equal(own.status, 200);
  await page.reload();
  await card.locator('li', { hasText: 'Sales team · ' }).waitFor();
  const overridden = card.locator('li', { hasText: 'Company enrichment' });
  await overridden.getByText('overridden').waitFor();
  assert.match((await overridden.textContent())!, /Sales team is used instead/);
  // Only the project's own connection can be removed here.
  assert.equal(await overridden.getByRole('button').count(), 0);
  await assertAccessible(page, 'project integrations, key overridden');
});

test('removing the key from the settings', async () => {
  await page.goto('/org/settings/keys');
  const row = page.locator('tbody tr', { hasText: 'Company enrichment' });
  await button(row, 'Actions for the Enrichment key').click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove organization key' });
  await button(confirm, 'Remove').click();
  await page.getByText('No organization keys yet.').waitFor();
  const [key] = await listed();
  assert.equal(key.status, 'removed');
});
