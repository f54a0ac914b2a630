// `npm run sdk:generate`: writes sdk/schema.d.ts from the OpenAPI document a Hangar serves (on
// an embedded PostgreSQL in a temporary directory, whatever DATABASE_URL says).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaTypes } from '../sdk/generate.ts';
import { loadConfig } from '../src/config.ts';
import { startHangar } from '../src/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hangar-sdk-'));
const hangar = await startHangar(loadConfig({ ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', HANGAR_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), { role: 'server' });
try {
  const document = await (await fetch(`${hangar.url}/latest/openapi_schema.json`)).json();
  writeFileSync(path.join(root, 'sdk', 'schema.d.ts'), await schemaTypes(document));
  process.stdout.write('sdk/schema.d.ts written\n');
} finally {
  await hangar.close();
  rmSync(dataDir, { recursive: true, force: true });
}
