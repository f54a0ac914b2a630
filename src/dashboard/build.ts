// Builds the dashboard (web/) with esbuild, the start path's bundler (well under a second). `npm
// install` builds it into dist/dashboard/ (scripts/build.js, beside the server bundle), the only
// time the package directory is written; at run time a build whose sources changed since (a
// developer's checkout) is made into the per-user cache instead, as bin/hangar.js does for the
// server, so a read-only install serves it too. Build output is never committed.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIR = path.join(root, 'web');
export const DASHBOARD_DIR = path.join(root, 'dist', 'dashboard');
const STAMP = '.source-hash';
const LAYOUT = 3;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat().sort();
}

/** A digest of everything the build reads: the sources and the locked dependency versions. */
async function sourceHash(): Promise<string> {
  const h = createHash('sha256');
  // What the build writes besides the bundle (its .br and .gz copies): a build of another layout is stale.
  h.update(`layout ${LAYOUT}\0`);
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

async function current(dir: string, hash: string): Promise<DashboardBuild | undefined> {
  try {
    const stamp = JSON.parse(await readFile(path.join(dir, STAMP), 'utf8')) as { hash: string; scripts: string[] };
    return stamp.hash === hash ? { dir, scripts: stamp.scripts } : undefined;
  } catch {
    return undefined;
  }
}

/** Where a run-time build goes: the user's cache, or (no writable home) a private temp directory. */
function cacheDirs(hash: string): string[] {
  const name = `dashboard-${hash.slice(0, 16)}`;
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return [path.join(cacheHome, 'hangar', name), path.join(os.tmpdir(), `hangar-${process.getuid?.() ?? 'user'}`, name)];
}

let building: Promise<DashboardBuild> | undefined;

/** The current build: the installed one, else one in the cache, made first when missing; servers of one process share one build. */
export function ensureDashboard(): Promise<DashboardBuild> {
  building ??= buildIfStale().finally(() => {
    building = undefined;
  });
  return building;
}

async function buildIfStale(): Promise<DashboardBuild> {
  const hash = await sourceHash();
  const [cache, temp] = cacheDirs(hash);
  for (const dir of [DASHBOARD_DIR, cache, temp]) {
    const ready = await current(dir, hash);
    if (ready) return ready;
  }
  try {
    return await buildInto(cache, hash);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'EACCES' && code !== 'EROFS' && code !== 'ENOENT') throw err;
    return buildInto(temp, hash);
  }
}

/** The install-time build into dist/dashboard/ (scripts/build.js). */
export async function buildInstalled(): Promise<DashboardBuild> {
  return buildInto(DASHBOARD_DIR, await sourceHash());
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside each file, at the strongest settings: made once per
 * build, they are what @fastify/static sends a browser that accepts them (src/http/dashboard.ts),
 * so no request pays for compressing.
 */
async function precompress(dir: string, files: string[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const bytes = await readFile(full);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
    }),
  );
}

async function buildInto(target: string, hash: string): Promise<DashboardBuild> {
  await mkdir(path.dirname(target), { recursive: true });
  // Built aside and renamed into place, so a process starting at the same time never serves half a build.
  const scratch = `${target}.${process.pid}.${Date.now()}.tmp`;
  await mkdir(path.join(scratch, 'assets'), { recursive: true });
  // Loaded only to build: a server whose dashboard is current never holds esbuild.
  const { build, stop } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(WEB_DIR, 'src', 'main.tsx')],
    outdir: path.join(scratch, 'assets'),
    entryNames: '[name]-[hash]',
    // Pages a first load does not show (Integrations, an agent's Triggers) are chunks of their own,
    // fetched when opened (import()): the first load stays within its budget as pages grow.
    splitting: true,
    chunkNames: 'chunk-[hash]',
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
  const meta = result.metafile.outputs;
  const relative = (o: string) => path.relative(scratch, path.resolve(o)).split(path.sep).join('/');
  const outputs = Object.keys(meta).map(relative);
  // The entry alone: esbuild marks the chunks import() loads as entry points too.
  const main = path.join(WEB_DIR, 'src', 'main.tsx');
  const entries = Object.keys(meta).filter((o) => meta[o].entryPoint && path.resolve(meta[o].entryPoint!) === main);
  // What the first load fetches: the entry and the chunks it imports statically (not those import() asks for later).
  const firstLoad = new Set<string>();
  const visit = (o: string) => {
    if (firstLoad.has(o)) return;
    firstLoad.add(o);
    for (const i of meta[o].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  entries.forEach(visit);
  const scripts = [...firstLoad].map(relative);
  const styles = outputs.filter((o) => o.endsWith('.css'));
  const html = (await readFile(path.join(WEB_DIR, 'index.html'), 'utf8')).replace(
    '<!-- assets -->',
    [...styles.map((s) => `<link rel="stylesheet" href="/${s}">`), ...entries.map((s) => `<script type="module" src="/${relative(s)}"></script>`)].join('\n    '),
  );
  await writeFile(path.join(scratch, 'index.html'), html);
  await precompress(scratch, ['index.html', ...outputs]);
  await writeFile(path.join(scratch, STAMP), JSON.stringify({ hash, scripts }));
  // Renamed into place only where no complete build of these sources is: another process that put
  // the same build there first may be serving from it already, and removing it under that server
  // answered 404s until this rename (two test files starting together showed it). What is there
  // without this hash (an older or interrupted build) is removed first.
  try {
    await rename(scratch, target);
    return { dir: target, scripts };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') {
      await rm(scratch, { recursive: true, force: true });
      throw err;
    }
  }
  const theirs = await current(target, hash);
  if (theirs) {
    await rm(scratch, { recursive: true, force: true });
    return theirs;
  }
  await rm(target, { recursive: true, force: true });
  try {
    await rename(scratch, target);
  } catch (err) {
    // Another process put the same build in place between the two steps.
    await rm(scratch, { recursive: true, force: true });
    const again = await current(target, hash);
    if (!again) throw err;
    return again;
  }
  return { dir: target, scripts };
}
