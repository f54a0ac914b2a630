// The Domains section of the organization settings in Debian's chromium, reached at the machine's own
// address as a person meets it: a domain added, the TXT record shown to publish, Verify refused while
// the record is missing (saying so), verified once the local DNS server (HANGAR_DNS_SERVERS) has it,
// and removed. By role and label; axe-core, phone width and the console on the way.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { freePort } from '../../src/shared/free-port.ts';
import { startDns, type TestDns } from '../helpers/dns-server.ts';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { assertAccessible, assertFitsPhone, ownAddress, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'domains-admin@acme.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let dns: TestDns;
let org: Org;
let base: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;

before(async () => {
  dns = await startDns();
  const host = ownAddress() ?? '127.0.0.1';
  const port = await freePort();
  base = `http://${host}:${port}`;
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, LOG_LEVEL: 'warn', HANGAR_DNS_SERVERS: dns.address });
  org = await bootstrap(server, ADMIN, PASSWORD);
  ({ browser, context, page, consoleWatch } = await signedIn(base, ADMIN, PASSWORD));
});

afterEach(() => consoleWatch.assertClean('Domains section'));
after(async () => {
  await browser?.close();
  await dns?.close();
});

const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });

test('a domain added shows its TXT record; Verify says what is missing, then verifies; removed; accessible and fitting a phone', async () => {
  await page.goto('/org/settings/domains');
  await page.getByRole('heading', { name: 'Domains', exact: true }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Domains' }).getAttribute('aria-current'), 'page');
  await page.getByText('No domains yet.').waitFor();
  await assertAccessible(page, 'Domains section, empty');

  await page.getByLabel('Email domain').fill('Acme.Example');
  await button(page, 'Add domain').click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /acme\.example/ }) });
  await card.getByText('Not verified').waitFor();
  await card.getByText('_hangar-verification.acme.example').waitFor();
  const listed = await call(server, 'POST', `/latest/organizations/${org.organization_id}/domains/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
  const value: string = listed.body.results[0].txt_record.value;
  await card.getByText(value).waitFor();
  await assertAccessible(page, 'Domains section with a domain to verify');
  await screenshot(page, 'settings-domains');
  await assertFitsPhone(page, 'settings-domains');

  // Not published yet: the page says what DNS answered, and the domain stays unverified.
  consoleWatch.allowFailedLoad(400, `/latest/organizations/${org.organization_id}/domains/`);
  await button(card, 'Verify acme.example').click();
  await card.getByText(/No TXT record was found at _hangar-verification\.acme\.example/).waitFor();
  await assertAccessible(page, 'Domains section, verification refused');

  dns.txt.set('_hangar-verification.acme.example', [value]);
  await button(card, 'Verify acme.example').click();
  await card.getByText('Verified', { exact: true }).waitFor();
  assert.equal(await card.getByText(value).count(), 0, 'the record is no longer asked for');
  const verified = await call(server, 'POST', `/latest/organizations/${org.organization_id}/domains/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
  assert.equal(verified.body.results[0].verified, true);
  await assertAccessible(page, 'Domains section, verified');
  await screenshot(page, 'settings-domains-verified');
  await assertFitsPhone(page, 'settings-domains-verified');

  await button(card, 'Remove acme.example').click();
  const confirm = page.getByRole('dialog', { name: 'Remove domain' });
  await button(confirm, 'Remove').click();
  await page.getByText('No domains yet.').waitFor();
  const gone = await call(server, 'POST', `/latest/organizations/${org.organization_id}/domains/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
  assert.deepEqual(gone.body.results, []);
});
