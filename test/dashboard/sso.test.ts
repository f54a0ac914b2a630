// Single sign-on in Debian's chromium against a real OpenID provider (oidc-provider on 127.0.0.1,
// another site than Hangar's): the organization settings' "Single sign-on" section (a provider
// added through the form, a group rule, "Require single sign-on" with a break-glass admin picked by
// email), the sign-in page offering
// "Sign in with <provider>" once an address of its domain is typed, the whole round trip through
// the provider into the dashboard, an SSO refusal shown on the sign-in page (by its code: never a
// link's own text), and a page to return to that cannot leave the site. axe-core, phone width and the
// console checked on the way.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/shared/free-port.ts';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { startDns, type TestDns } from '../helpers/dns-server.ts';
import { startIdp, type Idp } from '../governance/oidc-idp.ts';
import { assertAccessible, assertFitsPhone, launch, ownAddress, screenshot, watchConsole } from './browser.ts';

const ADMIN = 'sso-admin@corp.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let idp: Idp;
/** corp.example is verified through it: only a verified domain routes the email-first sign-in. */
let dns: TestDns;
let org: Org;
let base: string;
let browser: Browser;
let consoleWatch: ReturnType<typeof watchConsole>;
let admin: BrowserContext;
let page: Page;

before(async () => {
  const port = await freePort();
  // Hangar on the machine's own address, the provider on 127.0.0.1: two sites, as in production.
  base = `http://${ownAddress() ?? '127.0.0.1'}:${port}`;
  idp = await startIdp({ redirectUri: `${base}/latest/auth/sso/callback` });
  dns = await startDns();
  server = await startServer(undefined, { HOST: ownAddress() ?? '127.0.0.1', PORT: String(port), HANGAR_PUBLIC_URL: base, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', LOG_LEVEL: 'warn', HANGAR_DNS_SERVERS: dns.address });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const claim = await call(server, 'POST', `/latest/organizations/${org.organization_id}/domains/create`, { authorization: `Bearer :${org.api_key}`, body: { domain: 'corp.example' } });
  dns.txt.set(claim.body.txt_record.name, [claim.body.txt_record.value]);
  assert.equal((await call(server, 'POST', `/latest/organizations/${org.organization_id}/domains/${claim.body.domain_id}/verify`, { authorization: `Bearer :${org.api_key}`, body: {} })).status, 200);
  await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Support bots', organization_id: org.organization_id } });
  browser = await launch();
  admin = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  admin.setDefaultTimeout(15_000);
  consoleWatch = watchConsole(admin, base);
  const login = await admin.request.post('/latest/auth/login', { data: { email: ADMIN, password: PASSWORD } });
  assert.equal(login.status(), 200);
  page = await admin.newPage();
});

afterEach(() => consoleWatch.assertClean('single sign-on pages'));
after(async () => {
  await browser?.close();
  await idp?.close();
  await dns?.close();
});

const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });

test('an org admin adds a provider, a group rule and requires single sign-on from the settings', async () => {
  await page.goto('/org/settings/sso');
  await page.getByRole('heading', { name: 'Identity providers' }).waitFor();
  await page.getByText('No identity providers yet.').waitFor();
  await page.getByText(`${base}/latest/auth/sso/callback`).waitFor();
  const form = page.getByRole('form', { name: 'Add an identity provider' });
  await form.getByLabel('Name').fill('Corp Login');
  await form.getByLabel('Issuer URL').fill(idp.issuer);
  await form.getByLabel('Client ID').fill(idp.clientId);
  await form.getByLabel('Client secret').fill(idp.clientSecret);
  await form.getByLabel('Allowed email domains').fill('corp.example');
  await form.getByLabel('Extra scopes').fill('groups');
  await button(page, 'Add provider').click();
  await page.getByRole('cell', { name: 'corp.example' }).waitFor();
  assert.equal(await page.getByText(idp.clientSecret).count(), 0);

  // A refusal of the API is shown with its reason.
  await form.getByLabel('Name').fill('Broken');
  await form.getByLabel('Issuer URL').fill('https://idp.invalid');
  await form.getByLabel('Client ID').fill('x');
  await form.getByLabel('Client secret').fill('y');
  await form.getByLabel('Allowed email domains').fill('corp.example');
  consoleWatch.allowFailedLoad(409, '/latest/organizations/');
  await button(page, 'Add provider').click();
  await form.getByRole('alert').getByText(/already signed in by this organization's provider "Corp Login"/).waitFor();

  const rule = page.getByRole('form', { name: 'Add a group rule' });
  await rule.getByLabel('Group').fill('support');
  await rule.getByLabel('Project').selectOption({ label: 'Support bots' });
  await rule.getByLabel('Role').selectOption({ label: 'editor' });
  await button(page, 'Add rule').click();
  await page.getByRole('cell', { name: 'support', exact: true }).waitFor();

  // Break-glass admins are picked by email from the organization's admins, never typed as ids.
  const requireSso = page.getByRole('region', { name: 'Require single sign-on' });
  await page.getByLabel('Require single sign-on for everyone in the organization').check();
  await requireSso.getByText('You are not a break-glass admin: once saved, you too sign in with single sign-on.').waitFor();
  const pick = page.getByLabel('Add an admin by email', { exact: true });
  const offered = await page.locator(`datalist[id="${await pick.getAttribute('list')}"] option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  assert.deepEqual(offered, [ADMIN]);
  await pick.fill('someone@corp.example');
  await button(page, 'Add').click();
  await requireSso.getByRole('alert').getByText('someone@corp.example is not an active organization admin: only admins may keep a password.').waitFor();
  await pick.fill(ADMIN.toUpperCase());
  await pick.press('Enter');
  await requireSso.getByRole('list', { name: 'Break-glass admins' }).getByText(`${ADMIN} (you)`).waitFor();
  assert.equal(await requireSso.getByRole('alert').count(), 0);
  await button(page, 'Save sign-in settings').click();
  await page.getByRole('status').getByText('Saved.').waitFor();
  const settings = await call(server, 'GET', `/latest/organizations/${org.organization_id}/sso/settings`, { authorization: `Bearer :${org.api_key}` });
  assert.deepEqual(settings.body, { organization_id: org.organization_id, require_sso: true, break_glass_user_ids: [org.user_id] });

  await assertAccessible(page, 'single sign-on settings');
  await screenshot(page, 'settings-sso');
  await assertFitsPhone(page, 'settings-sso');
});

test('the sign-in page offers the provider of a typed address, and the round trip lands in the dashboard with the group\'s role', async () => {
  idp.accounts.set('sam', { email: 'sam@corp.example', name: 'Sam', groups: ['Support'] });
  idp.signInAs = 'sam';
  const person = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  person.setDefaultTimeout(15_000);
  const watch = watchConsole(person, base);
  const p = await person.newPage();
  await p.goto('/sign-in');
  await p.getByRole('heading', { name: 'Sign in to Hangar' }).waitFor();
  await p.getByLabel('Email').fill('sam@corp.example');
  const offer = p.getByRole('link', { name: 'Sign in with Corp Login' });
  await offer.waitFor();
  await assertAccessible(p, 'sign-in with SSO offered');
  await assertFitsPhone(p, 'sign-in-sso');
  await offer.click();
  // Through the provider and back, signed in: the dashboard opens the project the group rule gave.
  await p.waitForURL('**/p/*/agents');
  await p.getByRole('combobox', { name: 'Project' }).getByRole('option', { name: 'Support bots', selected: true }).waitFor({ state: 'attached' });
  const projectId = new URL(p.url()).pathname.split('/')[2];
  const me = await p.evaluate(async (project) => (await fetch('/latest/auth/info', { headers: { 'x-project-id': project } })).json(), projectId);
  assert.equal(me.email, 'sam@corp.example');
  assert.deepEqual(me.permissions.items.platformDefault.actions, { 'role:editor': true });
  watch.assertClean('SSO sign-in');

  // Password sign-in is refused now that SSO is required, with the reason on the page.
  const q = await person.newPage();
  watch.allowFailedLoad(403, '/latest/auth/login');
  await q.goto('/sign-in');
  await q.getByLabel('Email').fill(ADMIN.replace('sso-admin', 'nobody'));
  await q.getByLabel('Password').fill('whatever password');
  watch.allowFailedLoad(401, '/latest/auth/login');
  await button(q, 'Sign in').click();
  await q.getByRole('alert').waitFor();
  await person.close();
  watch.assertClean('password refused');
});

test('a single sign-on that fails comes back to the sign-in page with its reason', async () => {
  const person = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  person.setDefaultTimeout(15_000);
  const watch = watchConsole(person, base);
  const p = await person.newPage();
  await p.goto('/sign-in');
  await p.getByLabel('Email').fill('someone@unknown.example');
  await button(p, 'Use single sign-on').click();
  await p.waitForURL('**/sign-in?sso_error=no_provider');
  await p.getByRole('alert').getByText(/No identity provider signs in addresses of your email's domain/).waitFor();
  await assertAccessible(p, 'sign-in with an SSO error');
  // The page says only its own words: a link's text in sso_error is never shown.
  await p.goto(`/sign-in?sso_error=${encodeURIComponent('Your account is locked: call +1 555 0100')}`);
  await p.getByRole('alert').getByText(/Single sign-on did not complete\. Something went wrong/).waitFor();
  assert.equal(await p.getByText(/555 0100/).count(), 0);
  await person.close();
  watch.assertClean('SSO error');
});

test('signing in with a password never leaves for another site, whatever the page to return to says', async () => {
  const person = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  person.setDefaultTimeout(15_000);
  const watch = watchConsole(person, base);
  const p = await person.newPage();
  // Browsers drop the tab: "/\t/evil.example" would be "//evil.example", another site.
  await p.goto(`/sign-in?next=${encodeURIComponent('/\t/evil.example')}`);
  await p.getByLabel('Email').fill(ADMIN);
  await p.getByLabel('Password').fill(PASSWORD);
  await button(p, 'Sign in').click();
  await p.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  assert.equal(new URL(p.url()).origin, new URL(base).origin);
  await person.close();
  watch.assertClean('password sign-in with an odd next');
});
