// An agent's Schedules tab in Debian's chromium: a schedule added through the form (its next run
// shown as the API has it), a bad cron refused with the API's reason, the tasks it started, and the
// schedule deleted. axe-core, phone width and the console on the page.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { assertAccessible, assertFitsPhone, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'schedules-admin@acme.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let projectId: string;
let agentId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;

const api = (path: string, body: unknown = {}) => call(server, 'POST', path, { authorization: `Bearer ${projectId}:${org.api_key}`, body });

before(async () => {
  server = await startServer(undefined, { LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const project = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Ops', organization_id: org.organization_id } });
  assert.equal(project.status, 200);
  projectId = project.body.project_id;
  const agent = await api('/latest/agents/upsert', { name: 'Morning report' });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  agentId = agent.body.agent_id;
  ({ browser, context, page, consoleWatch } = await signedIn(server.url, ADMIN, PASSWORD, { timezoneId: 'Europe/Berlin' }));
});

afterEach(() => consoleWatch.assertClean('schedules'));
after(async () => {
  await browser?.close();
});

const button = (p: Page | Locator, name: string) => p.getByRole('button', { name, exact: true });

test("an editor adds a schedule on the agent's page, sees its next run and its tasks, and deletes it; accessible and fitting a phone", async () => {
  await page.goto(`/p/${projectId}/agents/${agentId}/schedules`);
  await page.getByRole('heading', { name: 'Schedules of this agent' }).waitFor();
  await page.getByText('No schedules yet.').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Schedules' }).getAttribute('aria-current'), 'page');
  // The browser's own zone is offered first.
  assert.equal(await page.getByLabel('Time zone').inputValue(), 'Europe/Berlin');
  await assertAccessible(page, 'schedules, empty');

  // A bad expression: the API's reason, naming it, and nothing stored.
  consoleWatch.allowFailedLoad(400, `/latest/agents/${agentId}/schedules/create`);
  await page.getByLabel('Cron expression').fill('61 * * * *');
  await page.getByLabel('Message').fill('Summarise yesterday');
  await button(page, 'Add schedule').click();
  await page.getByText('cron "61 * * * *" is not a five-field cron expression', { exact: false }).waitFor();
  assert.deepEqual((await api(`/latest/agents/${agentId}/schedules/list`)).body.results, []);

  await page.getByLabel('Cron expression').fill('0 9 * * 1-5');
  await button(page, 'Add schedule').click();
  const card = page.locator('li.card', { hasText: 'Summarise yesterday' });
  await card.waitFor();
  const [stored] = (await api(`/latest/agents/${agentId}/schedules/list`)).body.results;
  assert.deepEqual([stored.cron, stored.timezone, stored.message], ['0 9 * * 1-5', 'Europe/Berlin', 'Summarise yesterday']);
  assert.equal(await card.locator('time').first().getAttribute('datetime'), stored.next_run_at, 'the next run shown is the one the API has');
  assert.match((await card.textContent())!, /Last run: not yet/);
  assert.equal(await page.getByLabel('Message').inputValue(), '', 'the form is cleared for the next one');

  await button(card, 'Show tasks').click();
  await card.getByText('Each occurrence starts a task here.').waitFor();
  await assertAccessible(page, 'schedules with one');
  await screenshot(page, 'agent-schedules');
  await assertFitsPhone(page, 'agent-schedules');
  await page.setViewportSize({ width: 1280, height: 860 });

  await button(card, 'Delete schedule 0 9 * * 1-5 (Europe/Berlin)').click();
  const dialog = page.getByRole('dialog', { name: 'Delete schedule' });
  await assertAccessible(page, 'delete-schedule dialog');
  await button(dialog, 'Delete schedule').click();
  await page.getByText('No schedules yet.').waitFor();
  assert.deepEqual((await api(`/latest/agents/${agentId}/schedules/list`)).body.results, []);
});
