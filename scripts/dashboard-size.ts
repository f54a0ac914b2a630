// Prints the gzipped size of the JavaScript the dashboard's first page load fetches (issue 12:
// at most 250 KB). Builds the dashboard first when its build is missing or stale.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureDashboard } from '../src/dashboard/build.ts';

const LIMIT = 250 * 1024;
const { dir, scripts } = await ensureDashboard();
let raw = 0;
let gzipped = 0;
for (const s of scripts) {
  const bytes = await readFile(path.join(dir, s));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`dashboard first-load JavaScript: ${scripts.length} file(s), ${kb(raw)} raw, ${kb(gzipped)} gzipped (limit ${kb(LIMIT)})`);
if (gzipped > LIMIT) process.exit(1);
