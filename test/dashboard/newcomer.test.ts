// Issue 35 §1 in chromium, by role and label, over the machine's own address: the invite page (the
// invite shown, its email read-only and no other accepted, signed in after; sign-in takes over with
// the email filled in when only the sign-in failed), invite links (created, copied, wrapping at
// 390 px), dialogs (in document.body with their own contrast, focus on the first field or Cancel, a
// secret shown once asks before closing), a tool's Run using the draft with the "Unsaved changes"
// marker and a question before leaving, a run's empty reference shown as a warning, and Members
// without Remove on your own row. axe, phone width and the console on each page.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bearer, bootstrap, call, role, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { freePort } from '../integrations/kit.ts';
import { assertAccessible, assertFitsPhone, launch, ownAddress, PHONE, screenshot, watchConsole } from './browser.ts';

const ADMIN = 'alexandra.administrator@acme-corporation.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let watch: ReturnType<typeof watchConsole>;
let base: string;
let projectId: string;
let target: Server;
let targetUrl: string;
const hits: string[] = [];

const button = (p: Page, name: string | RegExp) => p.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined });
const dialog = (p: Page) => p.locator('dialog[open]');
const admin = () => bearer(projectId, org.api_key);
const invite = async (email: string) => (await call(server, 'POST', '/latest/auth/invite/create', { authorization: admin(), body: { email, permissions: role('role:editor') } })).body.invite_code as string;
const focused = (p: Page) => p.evaluate(() => (document.activeElement ? `${document.activeElement.tagName.toLowerCase()}:${document.activeElement.getAttribute('aria-label') ?? document.activeElement.textContent ?? ''}` : ''));

let axeSource: string | undefined;
/** axe's color-contrast rule on one part of the page (a dialog): no violation at all. */
async function assertContrast(p: Page, selector: string, where: string) {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await p.evaluate(axeSource);
  const found = await p.evaluate(async (sel) => {
    const result = await (window as any).axe.run(document.querySelector(sel), { runOnly: ['color-contrast'], resultTypes: ['violations', 'passes'] });
    return { violations: result.violations.flatMap((v: any) => v.nodes.map((n: any) => n.failureSummary)), passes: result.passes.reduce((n: number, v: any) => n + v.nodes.length, 0) };
  }, selector);
  assert.deepEqual(found.violations, [], `${where}: contrast`);
  assert.ok(found.passes > 0, `${where}: axe checked the contrast of some text`);
}

before(async () => {
  target = createServer((req, res) => {
    hits.push(req.url!);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 42 }));
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const port = await freePort();
  const host = ownAddress() ?? '127.0.0.1';
  base = `http://${host}:${port}`;
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Support bots', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  browser = await launch();
  ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  ctx.setDefaultTimeout(15_000);
  watch = watchConsole(ctx, base);
  page = await ctx.newPage();
});

afterEach(() => watch.assertClean('admin'));

after(async () => {
  await browser?.close();
  await new Promise((r) => target?.close(r));
});

/** A fresh browser for an invitee: its own cookies and console. */
async function invitee(run: (p: Page, w: ReturnType<typeof watchConsole>) => Promise<void>) {
  const c = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  c.setDefaultTimeout(15_000);
  const w = watchConsole(c, base);
  try {
    await run(await c.newPage(), w);
    w.assertClean('invitee');
  } finally {
    await c.close();
  }
}

test('invite page: the invite shown with its email read-only; another email refused by the API; accepting signs in', async () => {
  const code = await invite('dana.newcomer@acme-corporation.example');
  await invitee(async (p) => {
    await p.goto(`/invite/${code}`);
    await p.getByRole('heading', { name: 'Join a Hangar project' }).waitFor();
    const facts = p.getByRole('definition');
    await facts.filter({ hasText: 'Support bots' }).waitFor();
    const orgName = (await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` })).body.organization_name;
    await facts.filter({ hasText: orgName }).waitFor();
    await facts.filter({ hasText: ADMIN }).waitFor();
    await p.getByText(`${ADMIN} invited you to a project as an editor.`).waitFor();
    const email = p.getByLabel('Email');
    assert.equal(await email.inputValue(), 'dana.newcomer@acme-corporation.example');
    assert.equal(await email.getAttribute('readonly'), '', 'the invited email cannot be changed');
    await assertAccessible(p, 'invite page');
    await screenshot(p, 'invite');
    await assertFitsPhone(p, 'invite');

    // Another address is refused by the API itself, before any account exists.
    const other = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, email: 'someone.else@acme-corporation.example', password: 'a long password' } });
    assert.equal(other.status, 403);
    assert.match(other.body.message, /This invite is for dana\.newcomer@acme-corporation\.example/);

    await p.getByLabel('Your name').fill('Dana Newcomer');
    await p.getByLabel('Choose a password').fill('dana password');
    await button(p, 'Accept invite').click();
    await p.waitForURL(`**/p/${projectId}/agents`);
    await p.locator('header.top').getByText('dana.newcomer@acme-corporation.example').waitFor();
  });
});

test('invite page: when only the sign-in fails after the account exists, sign-in has the email filled in and says the account exists; a used link says so', async () => {
  const code = await invite('erin.second@acme-corporation.example');
  await invitee(async (p, w) => {
    w.allowFailedLoad(503, '/latest/auth/login');
    await p.route('**/latest/auth/login', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error_type: 'service_unavailable', message: 'Down for a moment.', error_audience: 'platform' }) }));
    await p.goto(`/invite/${code}`);
    await p.getByLabel('Choose a password').fill('erin password');
    await button(p, 'Accept invite').click();
    await p.waitForURL('**/sign-in?**');
    await p.getByRole('status').filter({ hasText: 'Your account exists and you joined the project' }).waitFor();
    assert.equal(await p.getByLabel('Email').inputValue(), 'erin.second@acme-corporation.example');
    await assertAccessible(p, 'sign-in after an accepted invite');
    await assertFitsPhone(p, 'sign-in-joined');
    await p.unroute('**/latest/auth/login');
    await p.getByLabel('Password').fill('erin password');
    await button(p, 'Sign in').click();
    await p.waitForURL(`**/p/${projectId}/agents`);

    // The link again: accepted already, and the page says what to do.
    w.allowFailedLoad(404, '/latest/auth/invite/lookup');
    await p.goto(`/invite/${code}`);
    await p.getByRole('alert').filter({ hasText: 'has already been accepted' }).waitFor();
    await p.getByRole('link', { name: 'sign in' }).waitFor();
  });
});

test('members: "Invite created" with the link and Copy; Copy link on every pending invite; the link wraps at 390 px; no Remove on your own row', async () => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await button(page, 'Sign in').click();
  await page.waitForURL('**/agents');
  await page.goto(`/p/${projectId}/members`);
  await page.getByRole('heading', { name: 'Invite someone' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill('frank.third.newcomer.with.a.long.address@acme-corporation.example');
  await button(page, 'Invite').click();
  const status = page.getByRole('status').filter({ hasText: 'Invite created for frank.third.newcomer.with.a.long.address@acme-corporation.example' });
  await status.waitFor();
  assert.doesNotMatch((await status.textContent())!, /sent/i, 'nothing is sent: no mail is set up');
  const link = (await status.locator('code').textContent())!;
  assert.match(link, new RegExp(`^${base}/invite/[\\w-]+$`));
  const copy = status.getByRole('button', { name: 'Copy the invite link for frank.third.newcomer.with.a.long.address@acme-corporation.example' });
  await copy.click();
  await status.getByRole('button', { name: /Copied/ }).or(copy.filter({ hasText: 'Copied' })).waitFor();

  // Every pending invite has its own Copy link.
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Delete invite' }) });
  const pending = (await call(server, 'POST', '/latest/auth/invite/list', { authorization: admin(), body: {} })).body.results.length;
  assert.ok(pending >= 1);
  assert.equal(await rows.count(), pending);
  for (const row of await rows.all()) await row.getByRole('button', { name: /^Copy the invite link for / }).waitFor();

  // Your own row has no Remove; another member's has.
  const code = await invite('gina.member@acme-corporation.example');
  assert.equal((await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'gina password' } })).status, 200);
  await page.reload();
  await page.getByRole('row', { name: /gina\.member/ }).getByRole('button', { name: 'Remove' }).waitFor();
  const mine = page.getByRole('row', { name: /alexandra\.administrator.*you/ });
  await mine.waitFor();
  assert.equal(await mine.getByRole('button', { name: 'Remove' }).count(), 0);

  // Emails wrap between their parts, never inside a word.
  await page.setViewportSize(PHONE);
  // Every line of an email ends after its @, before a dot, or after a hyphen: never inside a word.
  const broken = await page.locator('td .email').evaluateAll((els) =>
    els.flatMap((el) => {
      const chars: Array<{ c: string; top: number }> = [];
      for (const part of el.querySelectorAll(':scope > span')) {
        const text = part.lastChild!;
        for (let i = 0; i < text.textContent!.length; i++) {
          const r = document.createRange();
          r.setStart(text, i);
          r.setEnd(text, i + 1);
          chars.push({ c: text.textContent![i], top: Math.round(r.getBoundingClientRect().top) });
        }
      }
      return chars.flatMap((ch, i) => (i > 0 && ch.top > chars[i - 1].top && !['@', '-'].includes(chars[i - 1].c) && ch.c !== '.' ? [`${el.textContent} at ${i}`] : []));
    }),
  );
  assert.deepEqual(broken, [], 'no part of an email is broken across lines');
  await page.setViewportSize({ width: 1280, height: 860 });

  // The new invite's link (long) wraps: the page stays 390 px wide.
  await page.getByLabel('Email', { exact: true }).fill('hana.fourth@acme-corporation.example');
  await button(page, 'Invite').click();
  await page.getByRole('status').filter({ hasText: 'Invite created for hana.fourth@acme-corporation.example' }).waitFor();
  await assertAccessible(page, 'members with an invite link');
  await screenshot(page, 'members');
  await assertFitsPhone(page, 'members');
});

test('dialogs: New project opens on its first field with readable labels (axe color-contrast), outside the header; a confirmation opens on Cancel; a secret shown once asks before Escape or × close it, unless copied', async () => {
  await page.goto(`/p/${projectId}/members`);
  await button(page, 'New project').click();
  const d = dialog(page);
  await d.getByLabel('Name').waitFor();
  assert.equal(await d.getByLabel('Name').evaluate((el) => el === document.activeElement), true, 'focus on the first field, not ×');
  assert.equal(await d.evaluate((el) => el.parentElement === document.body && !el.closest('header')), true, 'rendered outside the header');
  const labelColor = await d.locator('label').first().evaluate((el) => getComputedStyle(el).color);
  assert.equal(labelColor, 'rgb(26, 29, 35)', 'labels in the page text colour, not the header grey');
  await assertContrast(page, 'dialog[open]', 'New project dialog');
  await assertAccessible(page, 'New project dialog');
  await screenshot(page, 'new-project-dialog');
  await assertFitsPhone(page, 'new-project-dialog');
  // Enter in the first field submits the form (required Name): it does not close the dialog.
  await page.keyboard.press('Enter');
  assert.equal(await d.count(), 1);
  await page.keyboard.press('Escape');
  await d.waitFor({ state: 'detached' });

  // A confirmation opens on Cancel.
  await page.getByRole('row', { name: /hana\.fourth/ }).getByRole('button', { name: 'Delete invite' }).click();
  await d.getByRole('button', { name: 'Cancel' }).waitFor();
  assert.equal(await focused(page), 'button:Cancel');
  await page.keyboard.press('Enter');
  await d.waitFor({ state: 'detached' });
  await page.getByRole('row', { name: /hana\.fourth/ }).waitFor();

  // The API key shown once: Escape and × ask first; after Copy they close.
  await page.goto(`/p/${projectId}/integrations`);
  await page.getByLabel('Key label').fill('CI');
  await button(page, 'Create API key').click();
  await d.getByLabel('API key').waitFor();
  assert.equal(await d.getByLabel('API key').evaluate((el) => el === document.activeElement), true);
  await page.keyboard.press('Escape');
  const ask = d.getByRole('group', { name: 'Close this dialog?' });
  await ask.getByText('Close without copying the key?').waitFor();
  assert.equal(await focused(page), 'button:Keep open');
  await assertAccessible(page, 'secret dialog asking');
  await screenshot(page, 'api-key-dialog');
  // A second Escape in a row (the browser then closes a dialog whatever it asks): still open, still asking.
  await page.keyboard.press('Escape');
  await d.getByLabel('API key').waitFor();
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Keep open' }).click();
  await ask.waitFor({ state: 'detached' });
  await d.getByRole('button', { name: 'Close' }).click();
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Keep open' }).click();
  await d.getByRole('button', { name: 'Copy', exact: true }).click();
  await d.getByRole('button', { name: 'Copied' }).waitFor();
  await page.keyboard.press('Escape');
  await d.waitFor({ state: 'detached' });
  // Close anyway closes without copying.
  await button(page, 'Create API key').click();
  await d.getByLabel('API key').waitFor();
  await d.getByRole('button', { name: 'Close' }).click();
  await d.getByRole('button', { name: 'Close anyway' }).click();
  await d.waitFor({ state: 'detached' });
});

test('a tool: Run uses the draft, "Unsaved changes" shows, leaving asks; an empty reference is a warning naming it', async () => {
  const created = await call(server, 'POST', '/latest/studios/create', {
    authorization: admin(),
    body: {
      title: 'Look into a customer',
      transformations: {
        steps: [
          { name: 'find', transformation: 'api_call', params: { url: `${targetUrl}/find` } },
          { name: 'note', transformation: 'api_call', params: { url: `${targetUrl}/note`, method: 'POST', body: { title: 'Look into {{steps.find.output.response_body.name}}' } } },
        ],
      },
    },
  });
  const id = created.body.studio_id;
  await page.goto(`/p/${projectId}/tools/${id}`);
  await page.getByRole('heading', { name: 'Look into a customer', level: 1 }).waitFor();
  await page.getByText('Runs the saved tool.').waitFor();
  assert.equal(await page.getByText('Unsaved changes', { exact: true }).count(), 0, 'nothing changed yet');

  // A change on screen, not saved: the marker, and Run runs it.
  await page.getByLabel('URL', { exact: true }).nth(1).fill(`${targetUrl}/draft-note`);
  await page.getByText('Unsaved changes', { exact: true }).waitFor();
  await page.getByText('Run uses what is on the screen, unsaved changes included.').waitFor();
  assert.equal(await button(page, 'Run in background').isDisabled(), true);
  const mark = hits.length;
  await button(page, 'Run').click();
  const result = page.locator('.run-result');
  await result.getByText('complete with a warning').waitFor();
  assert.deepEqual(hits.slice(mark), ['/find', '/draft-note'], 'the draft ran');
  const saved = await call(server, 'GET', `/latest/studios/${id}/get`, { authorization: admin() });
  assert.equal(saved.body.studio.transformations.steps[1].params.url, `${targetUrl}/note`, 'nothing was saved');
  const warnings = result.getByRole('list', { name: 'Warnings' });
  await warnings.getByText('{{steps.find.output.response_body.name}}').waitFor();
  assert.match((await warnings.textContent())!, /Step note: input “body” reads \{\{steps\.find\.output\.response_body\.name\}\}, which resolved to nothing/);
  await assertAccessible(page, 'tool with a draft run');
  await screenshot(page, 'tool-draft-run');
  await assertFitsPhone(page, 'tool-draft-run');

  // Leaving asks: dismissed, the page stays; the question names the unsaved changes.
  let asked = '';
  page.once('dialog', (q) => {
    asked = q.message();
    void q.dismiss();
  });
  await page.getByRole('link', { name: 'Agents' }).click();
  assert.match(asked, /unsaved changes/);
  assert.match(page.url(), new RegExp(`/tools/${id}$`));

  // Saved: no marker, and leaving does not ask.
  await button(page, 'Save tool').click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.equal(await page.getByText('Unsaved changes', { exact: true }).count(), 0);
  page.once('dialog', (q) => {
    asked = `asked again: ${q.message()}`;
    void q.dismiss();
  });
  await page.getByRole('link', { name: 'Agents' }).click();
  await page.waitForURL('**/agents');
  assert.doesNotMatch(asked, /asked again/);
});

test('task view: a failure told once in words (raw detail folded), states as people say them, Enter sends and Shift+Enter breaks the line; the Tasks tab with title, duration and state, filtered', async () => {
  // No model on this server: the agent runs its one action in order, and it fails (no url given).
  const tool = await call(server, 'POST', '/latest/studios/create', {
    authorization: admin(),
    body: { title: 'Post a note', transformations: { steps: [{ name: 'hook', transformation: 'api_call', params: { url: '{{params.url}}', method: 'POST' } }] } },
  });
  const agent = await call(server, 'POST', '/latest/agents/upsert', { authorization: admin(), body: { name: 'Note taker', actions: [{ studio_id: tool.body.studio_id }] } });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  const agentId = agent.body.agent_id;
  await page.goto(`/p/${projectId}/agents/${agentId}`);
  const box = page.getByLabel('Message', { exact: true });
  await page.getByText('Enter sends; Shift+Enter starts a new line.').waitFor();
  await box.fill('Please take a note');
  await box.press('Enter');
  await page.waitForURL(/\?task=/);
  const log = page.getByRole('log', { name: 'Messages' });
  const failure = log.locator('.msg.error');
  await failure.waitFor({ timeout: 15_000 });
  await page.locator('.chat-head').getByText('Failed', { exact: true }).waitFor();
  assert.equal(await failure.count(), 1, 'the failure is told once');
  assert.match((await failure.locator('p').textContent())!, /^Post a note failed: Step "hook" \(api_call\) failed: its required input "url" reads \{\{params\.url\}\}/);
  const visible = await log.evaluate((el) => (el as HTMLElement).innerText);
  assert.doesNotMatch(visible, /tool_0|\[\{|unrecoverable/, 'no raw JSON, function name or API state on show');
  await failure.getByText('Show details').click();
  await failure.getByText(/Action tool_0 failed: \[/).waitFor();
  await assertAccessible(page, 'chat with a failure');
  await screenshot(page, 'task-failed');
  await assertFitsPhone(page, 'task-failed');

  // Shift+Enter starts a new line; Enter sends both lines.
  await box.fill('line one');
  await box.press('Shift+Enter');
  await box.pressSequentially('line two');
  assert.equal(await box.inputValue(), 'line one\nline two');
  assert.equal(await log.locator('.msg.user').count(), 1, 'nothing sent yet');
  await box.press('Enter');
  await log.locator('.msg.user').nth(1).waitFor();
  assert.equal(await log.locator('.msg.user').nth(1).locator('p').textContent(), 'line one\nline two');
  assert.equal(await box.inputValue(), '');

  // The Tasks tab: title, duration, state; filtered by state.
  await page.getByRole('link', { name: 'Tasks' }).click();
  const row = page.getByRole('row', { name: /Please take a note/ });
  await row.waitFor();
  await row.getByText('Failed', { exact: true }).waitFor();
  assert.match((await row.locator('td').nth(2).textContent())!, /^\d+ (ms|s)$/);
  await page.getByLabel('Show tasks').selectOption({ label: 'Completed' });
  await page.getByText('No task in this state.').waitFor();
  await page.getByLabel('Show tasks').selectOption({ label: 'Failed' });
  await row.waitFor();
  await assertAccessible(page, 'tasks tab');
  await screenshot(page, 'agent-tasks');
  await assertFitsPhone(page, 'agent-tasks');
});

test('header and first run: one row at 1280 px and short on a phone, an account menu; a project-less first run creates its project in the page, then a checklist; organization settings lead back to the project', async () => {
  const firstOrg = await bootstrap(server, 'first.run@newcomer.example', 'first run password');
  assert.ok(firstOrg.organization_id);
  const c = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
  c.setDefaultTimeout(15_000);
  const w = watchConsole(c, base);
  try {
    const p = await c.newPage();
    await p.goto('/sign-in');
    await p.getByLabel('Email').fill('first.run@newcomer.example');
    await p.getByLabel('Password').fill('first run password');
    await button(p, 'Sign in').click();
    await p.getByRole('heading', { name: 'Create your first project' }).waitFor();
    await p.getByText('You are not in any project yet.').waitFor();
    await assertAccessible(p, 'first run');
    await screenshot(p, 'first-run');
    await assertFitsPhone(p, 'first-run');
    await p.getByLabel('Project name').fill('First project');
    await button(p, 'Create project').click();
    await p.waitForURL('**/agents');
    const projectOfFirst = decodeURIComponent(new URL(p.url()).pathname.split('/')[2]);

    // The checklist, in order, each step a link until it is done.
    const checklist = p.getByRole('region', { name: 'Get started' });
    await checklist.waitFor();
    assert.deepEqual(await checklist.getByRole('listitem').allTextContents(), ['Connect an integration', 'Create a tool', 'Create an agent']);
    await checklist.getByRole('link', { name: 'Create a tool' }).waitFor();
    const key = await call(server, 'POST', `/latest/auth/users/${firstOrg.user_id}/keys/create`, { authorization: `Bearer :${firstOrg.api_key}`, body: {} });
    const auth = bearer(projectOfFirst, key.body.api_key ?? firstOrg.api_key);
    await call(server, 'POST', '/latest/studios/create', { authorization: auth, body: { title: 'T', transformations: { steps: [{ name: 's', transformation: 'api_call', params: { url: 'https://example.com/' } }] } } });
    await p.reload();
    await checklist.getByText('Create a tool (done)').waitFor();
    assert.equal(await checklist.getByRole('link', { name: 'Create a tool' }).count(), 0);
    await checklist.getByRole('link', { name: 'Connect an integration' }).waitFor();
    await assertAccessible(p, 'checklist');

    // The header: one row at 1280 px; the account menu holds organization, region, role and Sign out.
    const header = p.locator('header.top');
    const tops = await header.evaluate((el) => [...el.children].filter((x) => (x as HTMLElement).offsetParent !== null).map((x) => Math.round(x.getBoundingClientRect().top + x.getBoundingClientRect().height / 2)));
    assert.ok(Math.max(...tops) - Math.min(...tops) <= 4, `one row at 1280 px: ${tops}`);
    const account = header.getByRole('button', { name: /^Account: first\.run@newcomer\.example/ });
    assert.equal(await account.getAttribute('aria-expanded'), 'false');
    await account.click();
    for (const term of ['Organization', 'Region', 'Role']) await header.getByRole('term').filter({ hasText: term }).waitFor();
    await header.getByRole('button', { name: 'Sign out' }).waitFor();
    await assertAccessible(p, 'account menu open');
    await screenshot(p, 'header-account-menu');
    await p.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'detached' });
    assert.equal(await account.evaluate((el) => el === document.activeElement), true);
    await p.setViewportSize(PHONE);
    const height = await header.evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(height <= 110, `the header is short on a phone: ${height} px`);
    await p.setViewportSize({ width: 1280, height: 860 });

    // Organization settings: back to the project one came from.
    await account.click();
    await header.getByRole('link', { name: 'Manage organization' }).click();
    await p.getByRole('heading', { name: 'Organization settings' }).waitFor();
    await p.getByRole('link', { name: '← Back to First project' }).click();
    await p.waitForURL(`**/p/${projectOfFirst}/agents`);
    w.assertClean('first run');
  } finally {
    await c.close();
  }
});
