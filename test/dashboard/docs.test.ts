// The API reference in a real browser (issue 22, point 4): over plain http, reached by the machine's
// own address rather than localhost, it renders (its CSS and JavaScript load from the same http
// origin: no upgrade-insecure-requests), with no console error; under https its policy still
// upgrades.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { call, startServer, type TestServer } from '../helpers/hangar.ts';
import { docsCsp } from '../../src/http/docs.ts';
import { launch, PHONE, ownAddress, screenshot, watchConsole } from './browser.ts';

// A name other than localhost that resolves to this machine, for a machine with no address of its own.
const FALLBACK_NAME = 'hangar-docs.test';
const address = ownAddress();
let server: TestServer;
let browser: Browser;
let base: string;

before(async () => {
  if (!address) console.log(`# this machine has no non-loopback IPv4 address: the reference is opened as http://${FALLBACK_NAME} (mapped to 127.0.0.1 in the browser) instead`);
  server = await startServer(undefined, { HOST: address ?? '127.0.0.1', LOG_LEVEL: 'warn' });
  const port = new URL(server.url).port;
  base = `http://${address ?? FALLBACK_NAME}:${port}`;
  browser = await launch(address ? [] : [`--host-resolver-rules=MAP ${FALLBACK_NAME} 127.0.0.1`]);
});

after(async () => {
  await browser?.close();
});

test(`the reference renders over plain http through the machine's own address (${address ?? FALLBACK_NAME}), with no console error`, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(20_000);
  const console = watchConsole(context, base);
  const page = await context.newPage();
  const response = await page.goto(`${base}/latest/documentation`);
  assert.equal(response?.status(), 200);
  const csp = (await response!.allHeaders())['content-security-policy'];
  assert.doesNotMatch(csp, /upgrade-insecure-requests/);
  assert.match(csp, /default-src 'self'/);
  // Swagger UI drew the document: its title and the operations list.
  await page.locator('.info .title').filter({ hasText: 'Hangar API' }).waitFor();
  await page.locator('.opblock').first().waitFor();
  assert.ok((await page.locator('.opblock').count()) > 50, 'every operation is listed');
  assert.equal(await page.locator('.opblock').first().isVisible(), true);
  // Its stylesheet applied (a page whose CSS failed shows unstyled text).
  assert.notEqual(await page.locator('.opblock').first().evaluate((el) => getComputedStyle(el).borderRadius), '0px');
  await screenshot(page, 'documentation');
  // Photographed at phone width too (Swagger UI's own layout: looked at, not held to the dashboard's rule).
  await page.setViewportSize(PHONE);
  await screenshot(page, 'documentation-phone');
  console.assertClean('documentation');
  await context.close();
});

test('under https (a trusted proxy saying so) the reference keeps upgrade-insecure-requests', async () => {
  assert.match(docsCsp('https'), /upgrade-insecure-requests/);
  assert.doesNotMatch(docsCsp('http'), /upgrade-insecure-requests/);
  const proxied = await startServer(undefined, { HANGAR_TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
  const secure = await call(proxied, 'GET', '/latest/documentation/', { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(secure.status, 200);
  assert.match(secure.headers.get('content-security-policy')!, /upgrade-insecure-requests/);
  const plain = await call(proxied, 'GET', '/latest/documentation/');
  assert.doesNotMatch(plain.headers.get('content-security-policy')!, /upgrade-insecure-requests/);
  await proxied.close();
});
