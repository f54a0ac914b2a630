// Builds the dashboard (web/) into dist/dashboard/ when that build is missing or older than its
// sources, so `npm start` on a fresh clone serves it with no extra command and build output is never
// committed. esbuild is already the start path's bundler: a build takes well under a second, so a
// check at every start costs nothing worth a separate build step.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIR = path.join(root, 'web');
export const DASHBOARD_DIR = path.join(root, 'dist', 'dashboard');
const STAMP = '.source-hash';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat().sort();
}

/** A digest of everything the build reads: the sources and the locked dependency versions. */
async function sourceHash(): Promise<string> {
  const h = createHash('sha256');
  for (const file of [...(await filesUnder(path.join(WEB_DIR, 'src'))), path.join(WEB_DIR, 'index.html'), path.join(root, 'package-lock.json')]) {
    h.update(path.relative(root, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return h.digest('hex');
}

export interface DashboardBuild {
  dir: string;
  /** The JavaScript files the first page load fetches, relative to `dir`. */
  scripts: string[];
}

async function current(hash: string): Promise<DashboardBuild | undefined> {
  try {
    const stamp = JSON.parse(await readFile(path.join(DASHBOARD_DIR, STAMP), 'utf8')) as { hash: string; scripts: string[] };
    return stamp.hash === hash ? { dir: DASHBOARD_DIR, scripts: stamp.scripts } : undefined;
  } catch {
    return undefined;
  }
}

let building: Promise<DashboardBuild> | undefined;

/** The current build, made first when missing or stale; servers of one process share one build. */
export function ensureDashboard(): Promise<DashboardBuild> {
  building ??= buildIfStale().finally(() => {
    building = undefined;
  });
  return building;
}

async function buildIfStale(): Promise<DashboardBuild> {
  const hash = await sourceHash();
  const ready = await current(hash);
  if (ready) return ready;
  // Built aside and renamed into place, so a process starting at the same time never serves half a build.
  const scratch = `${DASHBOARD_DIR}.${process.pid}.${Date.now()}.tmp`;
  await mkdir(path.join(scratch, 'assets'), { recursive: true });
  const result = await build({
    entryPoints: [path.join(WEB_DIR, 'src', 'main.tsx')],
    outdir: path.join(scratch, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    logLevel: 'error',
  }).finally(() => {
    // esbuild's service is a child process: no reason to keep it beside the server once built.
    void stop();
  });
  const outputs = Object.keys(result.metafile.outputs).map((o) => path.relative(scratch, path.resolve(o)).split(path.sep).join('/'));
  const scripts = outputs.filter((o) => o.endsWith('.js'));
  const styles = outputs.filter((o) => o.endsWith('.css'));
  const html = (await readFile(path.join(WEB_DIR, 'index.html'), 'utf8')).replace(
    '<!-- assets -->',
    [...styles.map((s) => `<link rel="stylesheet" href="/${s}">`), ...scripts.map((s) => `<script type="module" src="/${s}"></script>`)].join('\n    '),
  );
  await writeFile(path.join(scratch, 'index.html'), html);
  await writeFile(path.join(scratch, STAMP), JSON.stringify({ hash, scripts }));
  await rm(DASHBOARD_DIR, { recursive: true, force: true });
  try {
    await rename(scratch, DASHBOARD_DIR);
  } catch (err) {
    // Another process put the same build in place first.
    await rm(scratch, { recursive: true, force: true });
    const theirs = await current(hash);
    if (!theirs) throw err;
    return theirs;
  }
  return { dir: DASHBOARD_DIR, scripts };
}
