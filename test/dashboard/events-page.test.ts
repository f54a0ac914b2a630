// The project's Events page in Debian's chromium over the machine's own address (issue 35 §2): a
// subscription created in a dialog that shows its signing secret once (Escape asks until Copy was
// used), listed with its address, events and last delivery; its deliveries with Retry (a receiver
// that failed, then answers: the same webhook-id, signed with the secret the dialog showed); its
// secret rotated after a question, the new one shown once and signing the next event alone; removed
// after a confirmation. axe, phone width and the console on the page.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bearer, bootstrap, call, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { freePort } from '../integrations/kit.ts';
import { assertAccessible, assertFitsPhone, ownAddress, screenshot, signedIn, watchConsole } from './browser.ts';

const ADMIN = 'events-admin@acme.example';
const PASSWORD = 'a long admin password';

let server: TestServer;
let org: Org;
let projectId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: ReturnType<typeof watchConsole>;
let receiver: Server;
let receiverUrl: string;
let answerStatus = 500;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

const api = (method: string, path: string, body?: unknown) => call(server, method, path, { authorization: bearer(projectId, org.api_key), ...(body !== undefined ? { body } : {}) });
const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });
const dialog = (p: Page) => p.locator('dialog[open]');
/** Whether a received event carries a Standard Webhooks signature made with `secret`. */
const signedWith = (secret: string, { headers, body }: (typeof received)[number]) => {
  const mac = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${mac}`);
};

before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hangar-events`;
  const host = ownAddress() ?? '127.0.0.1';
  const port = await freePort();
  const base = `http://${host}:${port}`;
  // One retry an hour later: a failed first attempt stays pending while the test looks at it.
  server = await startServer(undefined, { HOST: host, PORT: String(port), HANGAR_PUBLIC_URL: base, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_EVENT_RETRY_SECONDS: '3600', LOG_LEVEL: 'warn' });
  org = await bootstrap(server, ADMIN, PASSWORD);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Notified', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  ({ browser, context, page, consoleWatch } = await signedIn(base, ADMIN, PASSWORD));
});

afterEach(() => consoleWatch.assertClean('events page'));
after(async () => {
  await browser?.close();
  await new Promise((r) => receiver?.close(r));
});

test('Events: subscribe (the secret shown once, Escape asking until Copy), the last delivery, Retry of a failed one, Rotate secret, and Remove after a confirmation', async () => {
  await page.goto(`/p/${projectId}/agents`);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Events', exact: true }).click();
  await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
  await page.getByText('No subscriptions yet.').waitFor();
  await assertAccessible(page, 'events, empty');

  await button(page, 'New subscription').click();
  const d = dialog(page);
  await d.getByRole('heading', { name: 'New subscription' }).waitFor();
  assert.equal(await d.getByLabel('Address (URL)').evaluate((el) => el === document.activeElement), true, 'the dialog opens on its first field');
  await d.getByLabel('Address (URL)').fill(receiverUrl);
  await d.getByLabel('A task failed', { exact: false }).uncheck();
  await d.getByLabel('A task waits for an approval', { exact: false }).check();
  await d.getByLabel('Description (optional)').fill('Ops channel');
  await assertAccessible(page, 'new subscription dialog');
  await button(page, 'Subscribe').click();

  // The secret, once: Escape asks while it was not copied.
  await d.getByRole('heading', { name: 'Subscription created' }).waitFor();
  const secret = await d.getByLabel('Signing secret').inputValue();
  assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
  await page.keyboard.press('Escape');
  const ask = d.getByRole('group', { name: 'Close this dialog?' });
  await ask.getByText('Close without copying the secret?').waitFor();
  await assertAccessible(page, 'secret dialog asking');
  await screenshot(page, 'events-secret-dialog');
  await ask.getByRole('button', { name: 'Keep open' }).click();
  await d.getByRole('button', { name: 'Copy', exact: true }).click();
  await d.getByRole('button', { name: 'Copied' }).waitFor();
  await page.keyboard.press('Escape');
  await d.waitFor({ state: 'detached' });

  const [stored] = (await api('POST', '/latest/events/subscriptions/list', {})).body.results;
  assert.deepEqual([stored.url, stored.events, stored.description], [receiverUrl, ['task.completed', 'task.pending_approval'], 'Ops channel']);
  const card = page.locator('li.card', { hasText: receiverUrl });
  await card.getByText('Sends: A task completed · A task waits for an approval').waitFor();
  await card.getByText('Last delivery: none yet').waitFor();

  // A task ends: the event goes to the receiver, which fails it; the delivery waits for its retry.
  const agent = await api('POST', '/latest/agents/upsert', { name: 'Quiet agent' });
  await api('POST', '/latest/agents/trigger', { agent_id: agent.body.agent_id, message: { role: 'user', content: 'hello' } });
  const end = Date.now() + 15_000;
  while (received.length === 0) {
    assert.ok(Date.now() < end, 'the receiver is called');
    await new Promise((r) => setTimeout(r, 50));
  }
  await page.reload();
  await card.getByText('Last delivery: Retrying task.completed', { exact: false }).waitFor();
  await button(page, 'Show deliveries').click();
  const deliveries = page.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
  const row = deliveries.getByRole('row', { name: /task\.completed/ });
  await row.getByText(/^HTTP 500 · 1 attempt, last /).waitFor();
  await assertAccessible(page, 'events with a failed delivery');
  await screenshot(page, 'events');
  await assertFitsPhone(page, 'events');

  answerStatus = 204;
  await row.getByRole('button', { name: /^Retry task\.completed delivery/ }).click();
  await row.getByText('Delivered').waitFor();
  await row.getByText(/^HTTP 204 · 2 attempts, last /).waitFor();
  await card.getByText('Last delivery: Delivered task.completed', { exact: false }).waitFor();
  assert.equal(received.length, 2);
  assert.equal(received[1].headers['webhook-id'], received[0].headers['webhook-id'], 'a retry is the same delivery');
  assert.ok(signedWith(secret, received[1]), 'signed with the secret the dialog showed');

  // Rotate: asked first, then the new secret shown once; the next event is signed with it alone.
  await page.getByRole('button', { name: `Rotate the signing secret of ${receiverUrl}` }).click();
  const rotate = dialog(page);
  await rotate.getByRole('heading', { name: 'Rotate signing secret' }).waitFor();
  assert.equal(await rotate.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement), true, 'the question opens on Cancel');
  await assertAccessible(page, 'rotate secret dialog');
  await screenshot(page, 'events-rotate-dialog');
  await rotate.getByRole('button', { name: 'Rotate secret', exact: true }).click();
  await rotate.getByRole('heading', { name: 'New signing secret' }).waitFor();
  const rotated = await rotate.getByLabel('Signing secret').inputValue();
  assert.match(rotated, /^whsec_[A-Za-z0-9+/]+=*$/);
  assert.notEqual(rotated, secret);
  await page.keyboard.press('Escape');
  await rotate.getByRole('group', { name: 'Close this dialog?' }).getByText('Close without copying the secret?').waitFor();
  await rotate.getByRole('button', { name: 'Keep open' }).click();
  await rotate.getByRole('button', { name: 'Copy', exact: true }).click();
  await rotate.getByRole('button', { name: 'Done', exact: true }).click();
  await rotate.waitFor({ state: 'detached' });
  await card.getByText('Secret rotated', { exact: false }).waitFor();
  await screenshot(page, 'events-rotated');
  await api('POST', '/latest/agents/trigger', { agent_id: agent.body.agent_id, message: { role: 'user', content: 'again' } });
  const later = Date.now() + 15_000;
  while (received.length < 3) {
    assert.ok(Date.now() < later, 'the next event is sent');
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(signedWith(rotated, received[2]), 'the next event is signed with the new secret');
  assert.ok(!signedWith(secret, received[2]), 'and not with the old one');

  await page.getByRole('button', { name: `Remove subscription ${receiverUrl}` }).click();
  const confirm = dialog(page);
  await confirm.getByRole('heading', { name: 'Remove subscription' }).waitFor();
  assert.equal(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement), true, 'a confirmation opens on Cancel');
  await confirm.getByRole('button', { name: 'Remove subscription' }).click();
  await page.getByText('No subscriptions yet.').waitFor();
  assert.deepEqual((await api('POST', '/latest/events/subscriptions/list', {})).body.results, []);
});
