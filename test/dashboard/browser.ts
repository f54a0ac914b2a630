// Debian's chromium driven by playwright-core: no browser download, nothing leaves the machine.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.HANGAR_TEST_CHROMIUM ?? '/usr/bin/chromium';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * Where the main pages are photographed. The README's pictures are refreshed with
 * `HANGAR_SCREENSHOTS_DIR=docs/screenshots`; otherwise a temporary folder, so a test run leaves the
 * committed pictures (and the work tree) alone.
 */
export const SCREENSHOTS = path.resolve(root, process.env.HANGAR_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'hangar-screenshots'));

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`The browser tests drive Debian's chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does), or set HANGAR_TEST_CHROMIUM.`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-default-apps'],
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
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
