#!/usr/bin/env node
// `npm run build` (and `prepare`, which npm runs after `npm install` / `npm ci` in this directory and
// before packing): bundles src/ into dist/ and the dashboard (web/) into dist/dashboard/, the only
// time anything writes into the package directory.
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { bundle, root, sourceKey } from './bundle.js';

await bundle(path.join(root, 'dist'), sourceKey());
register();
const { buildInstalled } = await import('../src/dashboard/build.ts');
await buildInstalled();
