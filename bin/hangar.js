#!/usr/bin/env node
// Hangar is written in TypeScript and runs as plain JavaScript bundled from src/: dist/, built at
// install (`prepare`). The package directory is never written at run time, so any user can run a
// read-only install; when src/ has changed since (a developer's checkout), the bundle is rebuilt
// into a per-user cache instead.
import { existsSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, sourceKey } from '../scripts/bundle.js';

// V8 may decide, from what survives its first young-generation collections, to allocate objects of
// an allocation site straight into the old generation ("pretenuring"). In about half of Hangar's
// processes it so decided for Node's per-request HTTP objects during start-up, and from then on those
// old objects kept each request's young ones alive until a full collection: every request was
// promoted, 1.6 MB per scavenge, and the process measured 1.6-1.9x the forwarder's CPU per API Call
// instead of 1.36x (bench/README.md, API Call, "the bimodal promotion"). Hangar's request objects
// are short-lived by design, so the heuristic has nothing to win here. Set before the server is loaded.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

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
