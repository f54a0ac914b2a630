// Bundles src/ (not node_modules) into plain JavaScript, so no TypeScript loader thread (tsx's costs
// ~45 MB per process) stays resident beside the server. Used at install (`npm run build`, run by
// `prepare`) into dist/, and by bin/hangar.js into a per-user cache when src/ changed since.
//
// The output is split by dynamic import(): `hangar --help` loads commander and little else, the
// server's dependencies load only with the server.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Names what the bundle is built from: every file under src/ by path, size and mtime, and the version. */
export function sourceKey() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else {
        const s = statSync(full);
        hash.update(`${path.relative(root, full)}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  walk(path.join(root, 'src'));
  hash.update(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/** esbuild's options for Hangar's code run by Node: ES modules split into shared chunks, packages left in node_modules. */
export const NODE_ESM = { bundle: true, splitting: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'error' };

/**
 * An esbuild plugin: in the files matching `filter`, import.meta.url, .dirname and .filename name the
 * source file, as they did unbundled; a bundled module would otherwise see its chunk's (migrate.ts
 * finds its SQL files next to itself, tests their fixtures).
 */
export function ownImportMeta(filter) {
  return {
    name: 'own-import-meta',
    setup(b) {
      b.onLoad({ filter }, (args) => {
        const contents = readFileSync(args.path, 'utf8')
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** Writes the bundle into `outdir` (entry: cli.js) and the key it was built from into outdir/KEY. */
export async function bundle(outdir, key) {
  const { build, stop } = await import('esbuild');
  const { mkdir, readFile, rename, rm, writeFile } = await import('node:fs/promises');
  // A bundle outside the package (the per-user cache) cannot find node_modules from where it lies:
  // its imports of packages name the package's files by absolute URL instead.
  const packagesByUrl = {
    name: 'packages-by-url',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        try {
          return { path: import.meta.resolve(args.path), external: true };
        } catch {
          return { path: args.path, external: true };
        }
      });
    },
  };
  const outside = path.relative(root, outdir).startsWith('..');
  // Written aside and renamed, so two processes building together never read a half-written bundle.
  const scratch = `${outdir}.${process.pid}.tmp`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  try {
    await build({
      entryPoints: { cli: path.join(root, 'src', 'cli', 'main.ts') },
      outdir: scratch,
      ...NODE_ESM,
      plugins: [...(outside ? [packagesByUrl] : []), ownImportMeta(/[\\/]src[\\/].*\.ts$/)],
    });
    await writeFile(path.join(scratch, 'KEY'), key);
    // Renamed into place only where nothing complete is: a complete bundle that another process put
    // there first must stay, as processes already running from it still load its chunks on demand
    // (removing it to put an identical one in its place failed their imports). What is there without
    // this key (an interrupted or older build) is removed first.
    try {
      await rename(scratch, outdir);
    } catch (err) {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
      if (!(await readFile(path.join(outdir, 'KEY'), 'utf8').then((k) => k === key, () => false))) {
        await rm(outdir, { recursive: true, force: true });
        await rename(scratch, outdir);
      }
    }
  } catch (err) {
    // Another process renamed its identical build into place between the two steps above.
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
    // The esbuild service is a child process; it is not needed once the bundle is written.
    await stop();
  }
}
