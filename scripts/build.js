#!/usr/bin/env node
// `npm run build` (and `prepare`, which npm runs after `npm install` / `npm ci` in this directory and
// before packing): bundles src/ into dist/, the only time anything writes into the package directory.
import path from 'node:path';
import { bundle, root, sourceKey } from './bundle.js';

await bundle(path.join(root, 'dist'), sourceKey());
