#!/usr/bin/env node
// Hangar is written in TypeScript and runs as plain JavaScript bundled from src/: dist/, built at
// install (`prepare`). The package directory is never written at run time, so any user can run a
// read-only install; when src/ has changed since (a developer's checkout), the bundle is rebuilt
// into a per-user cache instead.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, sourceKey } from '../scripts/bundle.js';

const key = sourceKey();
const built = (dir) => existsSync(path.join(dir, 'cli.js')) && readFileSync(path.join(dir, 'KEY'), 'utf8') === key;

let dir = path.join(root, 'dist');
if (!built(dir)) {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  dir = path.join(cacheHome, 'hangar', key);
  if (!built(dir)) {
    const { bundle } = await import('../scripts/bundle.js');
    try {
      await bundle(dir, key);
    } catch (err) {
      // No writable home (a service account): a private directory under the system's temp.
      if (err.code !== 'EACCES' && err.code !== 'EROFS' && err.code !== 'ENOENT') throw err;
      dir = path.join(os.tmpdir(), `hangar-${process.getuid?.() ?? 'user'}`, key);
      if (!built(dir)) await bundle(dir, key);
    }
  }
}
await import(pathToFileURL(path.join(dir, 'cli.js')).href);
