// The V8 flags every serving process runs with (scripts/server-node-flags.js): `npm start` passes them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

test('npm start passes exactly the server flags', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.equal(scripts.start, `exec node ${SERVER_NODE_FLAGS.join(' ')} bin/hangar.js start`);
});
