#!/usr/bin/env node
// Hangar is written in TypeScript. There is no build step to forget: each start bundles src/ (not
// node_modules) with esbuild into dist/ in a fraction of a second and runs plain JavaScript, so no
// loader thread (tsx's costs ~45 MB per process) stays resident beside the server.
import { readFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist', 'hangar.js');
// Written aside and renamed, so two processes starting together never read a half-written bundle.
const scratch = `${outfile}.${process.pid}.tmp`;

// A bundled module would otherwise see the bundle's URL as its import.meta.url (migrate.ts finds
// its SQL files next to itself).
const ownUrls = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

await mkdir(path.dirname(outfile), { recursive: true });
await build({
  entryPoints: [path.join(root, 'src', 'cli', 'main.ts')],
  outfile: scratch,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  plugins: [ownUrls],
});
await rename(scratch, outfile);
// The esbuild service is a child process; it is not needed once the bundle is written.
stop();
await import(pathToFileURL(outfile).href);
