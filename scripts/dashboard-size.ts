// Prints the sizes of what the dashboard's first page load fetches — index.html, its stylesheet and
// its JavaScript — as they are on disk and as they are sent (the brotli and gzip copies the build
// writes beside each file). Fails when the JavaScript is over 250 KB gzipped (issue 12) or the
// gzip total over 110 KB (issue 22: the browser test holds the whole first load, API answers and
// headers included, under 120 KB on the wire; browsers offer brotli to secure origins only, so a
// deployment reached over plain http by address or name gets gzip). Builds the dashboard first when
// missing or stale.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureDashboard } from '../src/dashboard/build.ts';

const JS_GZIP_LIMIT = 250 * 1024;
const GZIP_LIMIT = 110 * 1024;
const { dir, scripts } = await ensureDashboard();
const html = await readFile(path.join(dir, 'index.html'), 'utf8');
const styles = [...html.matchAll(/href="\/([^"]+\.css)"/g)].map((m) => m[1]);
const size = async (file: string) => (await readFile(path.join(dir, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const total = { raw: 0, gz: 0, br: 0 };
let jsGzip = 0;
console.log('file\traw\tgzip\tbrotli');
for (const file of ['index.html', ...styles, ...scripts]) {
  const [raw, gz, br] = await Promise.all([size(file), size(`${file}.gz`), size(`${file}.br`)]);
  total.raw += raw;
  total.gz += gz;
  total.br += br;
  if (file.endsWith('.js')) jsGzip += gz;
  console.log(`${file}\t${kb(raw)}\t${kb(gz)}\t${kb(br)}`);
}
console.log(`first load: ${kb(total.raw)} raw, ${kb(total.gz)} gzip, ${kb(total.br)} brotli (limits: JavaScript ${kb(JS_GZIP_LIMIT)} gzip, all ${kb(GZIP_LIMIT)} gzip)`);
if (jsGzip > JS_GZIP_LIMIT || total.gz > GZIP_LIMIT) process.exit(1);
