// Debian's chromium driven by playwright-core: no browser download, nothing leaves the machine.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM = process.env.HANGAR_TEST_CHROMIUM ?? '/usr/bin/chromium';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * Where the main pages are photographed: only when asked, `HANGAR_SCREENSHOTS_DIR=docs/screenshots`
 * refreshing the README's pictures. A full-page PNG costs chromium about a tenth of a browser test's
 * CPU, on a machine the suite already keeps busy, for pictures no run would look at.
 */
const SCREENSHOTS = process.env.HANGAR_SCREENSHOTS_DIR ? path.resolve(root, process.env.HANGAR_SCREENSHOTS_DIR) : undefined;

export async function launch(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`The browser tests drive Debian's chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does), or set HANGAR_TEST_CHROMIUM.`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-default-apps', ...extraArgs],
  });
}

let axeSource: string | undefined;
/** Runs axe-core in the page; fails on any serious or critical violation, naming them. */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n: any) => n.target.join(' ')).slice(0, 5) }));
  });
  const bad = violations.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `${where}: axe-core found serious or critical violations: ${JSON.stringify(bad, null, 2)}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Collects every console error and page error of a browser context's pages on `origin` (a pop-up's
 * visit to a provider's sign-in page is not ours). A failed load is a console error too ("Failed to
 * load resource: … status of 401"): the ones a test provokes on purpose (a wrong password) are
 * declared with `allowFailedLoad` and pass; anything else fails `assertClean`.
 */
export function watchConsole(context: BrowserContext, origin: string) {
  const problems: string[] = [];
  const allowed: Array<{ status: number; path: string }> = [];
  const ours = (url: string | undefined) => !url || url.startsWith(origin) || url === 'about:blank';
  context.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'assert') return;
    const where = message.location().url;
    const page = message.page()?.url();
    if (!ours(where) || !ours(page)) return;
    const failed = /^Failed to load resource: the server responded with a status of (\d+)/.exec(message.text());
    if (failed && allowed.some((a) => a.status === Number(failed[1]) && new URL(where, origin).pathname.startsWith(a.path))) return;
    problems.push(`console ${message.type()} on ${page}: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  context.on('weberror', (e) => problems.push(`page error on ${e.page()?.url()}: ${e.error().stack ?? e.error().message}`));
  return {
    problems,
    /** A call the test makes fail on purpose: its failed load is expected. */
    allowFailedLoad(status: number, path: string) {
      allowed.push({ status, path });
    },
    assertClean(where: string) {
      const found = problems.splice(0);
      assert.deepEqual(found, [], `${where}: the browser reported errors`);
    },
  };
}

export const PHONE = { width: 390, height: 844 };

/**
 * The page at phone width (390×844): it must not scroll sideways. Photographed as `<name>-phone`,
 * then put back at the size it had.
 */
export async function assertFitsPhone(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    // Layout settles within a frame or two of the resize.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { scrollWidth, wide } = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > limit + 1 && !el.closest('.sr-only, .skip'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} (${Math.round(el.getBoundingClientRect().right)} px)`);
      return { scrollWidth: document.documentElement.scrollWidth, wide };
    });
    await screenshot(page, `${name}-phone`);
    assert.ok(scrollWidth <= PHONE.width, `${name}: at ${PHONE.width} px wide the page is ${scrollWidth} px wide; past the edge: ${wide.join(', ')}`);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/** The machine's own first non-loopback IPv4 address, if it has one. */
export function ownAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

/**
 * A browser signed in to the Hangar at `base` as the dashboard is (the session and CSRF cookies in its
 * jar): a desktop-sized page, a 15 s default timeout, and its console watched.
 */
export async function signedIn(base: string, email: string, password: string, options: BrowserContextOptions = {}) {
  const browser = await launch();
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 }, ...options });
  context.setDefaultTimeout(15_000);
  const consoleWatch = watchConsole(context, base);
  const login = await context.request.post('/latest/auth/login', { data: { email, password } });
  assert.equal(login.status(), 200, `signing in as ${email}: ${await login.text()}`);
  const page = await context.newPage();
  return { browser, context, page, consoleWatch };
}
