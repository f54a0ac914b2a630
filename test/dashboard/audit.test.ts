// The Audit section of the organization settings in Debian's chromium: the trail newest first,
// "Load more" through the cursor, filters (typed, chosen from the actions the server declares and the
// organization's people, or a row's actor or target clicked), a refused time range shown as the
// API's message, the NDJSON export saying whether the filters apply and downloaded with them, and a
// tool's creation in the trail. axe-core, phone width and the console checked on the way.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bearer, bootstrap, call, role, sessionHeaders, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { assertAccessible, assertFitsPhone, PHONE, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'audit-admin@acme.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let keyId: string;
let projectId = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;

before(async () => {
  server = await startServer(undefined, { LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const account = `Bearer :${org.api_key}`;
  keyId = (await call(server, 'GET', '/latest/auth/info', { authorization: account })).body.key_id;
  // More than one page (50) of records.
  for (let i = 0; i < 55; i++) {
    const p = await call(server, 'POST', '/latest/projects/create', { authorization: account, body: { name: `Project ${i}`, organization_id: org.organization_id } });
    assert.equal(p.status, 200);
    projectId = p.body.project_id;
  }
  for (const email of ['ana@acme.example', 'bo@acme.example']) {
    const r = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email, permissions: role('role:editor') } });
    assert.equal(r.status, 200);
  }
  ({ browser, context, page, consoleWatch } = await signedIn(server.url, ADMIN, PASSWORD, { acceptDownloads: true }));
});

afterEach(() => consoleWatch.assertClean('Audit section'));
after(async () => {
  await browser?.close();
});

const rows = (p: Page) => p.getByRole('table', { name: 'Audit records' }).locator('tbody tr');
const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });

test('the trail newest first, Load more, accessible and fitting a phone', async () => {
  await page.goto('/org/settings/audit');
  await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
  await rows(page).first().waitFor();
  assert.equal(await rows(page).count(), 50);
  // Newest first: the sign-in, by the person; before it the invites, by the key.
  assert.match((await rows(page).nth(0).textContent())!, new RegExp(`${ADMIN}person.*session\\.create`));
  assert.match((await rows(page).nth(1).textContent())!, new RegExp(`${ADMIN}API key.*invite\\.create.*bo@acme\\.example`));
  // Unfiltered, the export says it is everything.
  await page.getByRole('link', { name: 'Export NDJSON — everything', exact: true }).waitFor();
  await page.getByText('Every record of the organization, one JSON object per line.').waitFor();
  await assertAccessible(page, 'Audit section');
  await screenshot(page, 'settings-audit');
  await assertFitsPhone(page, 'settings-audit');
  await button(page, 'Load more').click();
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Audit records"] tbody tr').length === 58);
  assert.equal(await button(page, 'Load more').count(), 0, 'no further page');
});

test('filters: typed, from a row, cleared; a refused range shows the reason', async () => {
  await page.goto('/org/settings/audit');
  await page.getByLabel('Action', { exact: true }).fill('invite.create');
  await button(page, 'Filter').click();
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Audit records"] tbody tr').length === 2);
  for (const text of await rows(page).allTextContents()) assert.match(text, /invite\.create/);

  // A row's actor filters by that actor (the bootstrap key made the invites), beside the filters applied.
  await page.getByRole('button', { name: `Show only changes by ${ADMIN}` }).first().click();
  assert.equal(await page.getByLabel('Actor', { exact: true }).inputValue(), keyId);
  await button(page, 'Clear filters').click();
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Audit records"] tbody tr').length === 50);
  await page.getByLabel('Actor', { exact: true }).fill(keyId);
  await button(page, 'Filter').click();
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Audit records"] tbody tr').length === 50);
  assert.equal(await rows(page).getByText('session.create').count(), 0, "the person's sign-in is not the key's");
  // A row's target.
  await page.getByRole('button', { name: /^Show only changes to invite ana@acme\.example$/ }).click();
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Audit records"] tbody tr').length === 1);
  assert.equal(await page.getByLabel('Target id', { exact: true }).inputValue(), 'ana@acme.example');
  await assertAccessible(page, 'Audit section, filtered');

  await button(page, 'Clear filters').click();
  consoleWatch.allowFailedLoad(400, '/latest/organizations/');
  await page.getByLabel('From', { exact: true }).fill('2030-02-01T10:00');
  await page.getByLabel('To', { exact: true }).fill('2030-01-01T10:00');
  await button(page, 'Filter').click();
  await page.getByRole('alert').filter({ hasText: /from .* is after to/ }).waitFor();
  await button(page, 'Clear filters').click();
  await rows(page).first().waitFor();
});

test('Export NDJSON downloads the records the filters select', async () => {
  await page.goto('/org/settings/audit');
  await page.getByLabel('Action', { exact: true }).fill('invite.create');
  await button(page, 'Filter').click();
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Audit records"] tbody tr').length === 2);
  const link = page.getByRole('link', { name: 'Export NDJSON — with the filters above', exact: true });
  await page.getByText('The records matching action invite.create, one JSON object per line.').waitFor();
  // A filter typed but not applied is not the export's: it says so.
  await page.getByLabel('Target id', { exact: true }).fill('ana@acme.example');
  await page.getByText('The list and the export keep the filters last applied: press Filter to apply your changes.').waitFor();
  await page.getByLabel('Target id', { exact: true }).fill('');
  assert.match((await link.getAttribute('href'))!, /\/audit\/export\?action=invite\.create$/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.match(download.suggestedFilename(), /^hangar-audit-\d{4}-\d{2}-\d{2}\.ndjson$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((r) => r.target.id), ['bo@acme.example', 'ana@acme.example']);
  assert.ok(lines.every((r) => r.action === 'invite.create' && r.actor.id === keyId));
});

/** The values a field's suggestions offer (its datalist). */
async function suggestions(p: Page, label: string): Promise<string[]> {
  const list = await p.getByLabel(label, { exact: true }).getAttribute('list');
  assert.ok(list, `${label} offers suggestions`);
  return p.locator(`datalist[id="${list}"] option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

test("a tool's creation is in the trail; Action and Actor offer the known actions and the organization's people", async () => {
  // A second person, an editor, creates a tool with their own API key.
  const email = 'rea@acme.example';
  const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email, permissions: role('role:editor') } });
  const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: PASSWORD } });
  const session = await call(server, 'POST', '/latest/auth/login', { body: { email, password: PASSWORD } });
  const key = await call(server, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: sessionHeaders(session), body: {} });
  const tool = await call(server, 'POST', '/latest/studios/create', {
    authorization: bearer(projectId, key.body.api_key),
    body: { title: 'Rea lookup', transformations: { steps: [{ name: 'get', transformation: 'api_call', params: { url: 'https://example.com/' } }] } },
  });
  assert.equal(tool.status, 200, JSON.stringify(tool.body));

  await page.goto('/org/settings/audit');
  await rows(page).first().waitFor();
  assert.match((await rows(page).first().textContent())!, new RegExp(`rea@acme\\.exampleAPI key.*tool\\.create.*tool ${tool.body.studio_id}.*title: Rea lookup`));

  await page.waitForFunction(() => document.querySelectorAll('datalist option[value="tool.create"]').length === 1);
  const actions = await suggestions(page, 'Action');
  for (const action of ['tool.create', 'tool.update', 'tool.delete', 'agent.create', 'trigger.delete', 'schedule.create', 'event_subscription.delete', 'member.update']) assert.ok(actions.includes(action), action);
  await page.waitForFunction(() => document.querySelectorAll('datalist option[value="rea@acme.example"]').length === 1);
  assert.deepEqual(await suggestions(page, 'Actor'), [ADMIN, email, 'system']);

  // A person's email finds their changes, made in the dashboard and with their key.
  await page.getByLabel('Actor', { exact: true }).fill(email);
  await button(page, 'Filter').click();
  await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Audit records"] tbody tr').length === 4);
  assert.deepEqual(
    (await rows(page).allTextContents()).map((t) => /(tool|api_key|session|invite)\.[a-z_]+/.exec(t)?.[0]),
    ['tool.create', 'api_key.create', 'session.create', 'invite.accept'],
  );
  await page.getByRole('link', { name: 'Export NDJSON — with the filters above', exact: true }).waitFor();
  await page.getByText(`The records matching actor ${email}, one JSON object per line.`).waitFor();
  await assertAccessible(page, 'Audit section, by a person');
  await assertFitsPhone(page, 'settings-audit-person');
  // Anything typed is still taken: an action no record has.
  await page.getByLabel('Action', { exact: true }).fill('tool.renamed');
  await button(page, 'Filter').click();
  await page.getByText('No record matches these filters.').waitFor();
});

test("a long email as the actor wraps only between its parts, from the cell's left, at phone width", async () => {
  // Every part fits the Who column of a phone; the whole address does not.
  const email = 'jo.ann-marie.lee-smith@acme-corp.example';
  const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email, permissions: role('role:editor') } });
  assert.equal((await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: PASSWORD } })).status, 200);
  await page.setViewportSize(PHONE);
  try {
    await page.goto('/org/settings/audit');
    const actor = page.getByRole('button', { name: `Show only changes by ${email}` }).first();
    await actor.waitFor();
    const layout = await actor.evaluate((b) => {
      const edge = b.getBoundingClientRect().left + parseFloat(getComputedStyle(b).paddingLeft);
      const parts = [...b.querySelectorAll('.email > span')].map((s) => ({ text: s.textContent, rects: [...s.getClientRects()].map((r) => ({ left: r.left, top: r.top })) }));
      return { edge, parts };
    });
    assert.deepEqual(layout.parts.map((p) => p.text), ['jo', '.ann-marie', '.lee-smith@', 'acme-corp', '.example']);
    const broken = layout.parts.filter((p) => p.rects.length !== 1).map((p) => p.text);
    assert.deepEqual(broken, [], 'no part of the address is broken across lines (at its hyphen, say)');
    const lines = new Map<number, number>();
    for (const { left, top } of layout.parts.map((p) => p.rects[0])) lines.set(Math.round(top), Math.min(lines.get(Math.round(top)) ?? Infinity, left));
    assert.ok(lines.size > 1, 'the address wraps in the Who column');
    for (const left of lines.values()) assert.ok(Math.abs(left - layout.edge) <= 1, `each line starts at the cell's left (${left} against ${layout.edge})`);
    await assertFitsPhone(page, 'settings-audit-long-actor');
  } finally {
    await page.setViewportSize({ width: 1280, height: 860 });
  }
});
