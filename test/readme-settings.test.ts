// Every setting src/config.ts reads has a row in the README's settings table (## Configuration):
// the guard that catches the next setting added without one. The names come from config.ts's source
// (env.NAME, env['NAME'], a helper's (env, 'NAME'), a name kept in a table) and, for names built at
// run time (HANGAR_BASE_URL_<REGION>, HANGAR_<PROVIDER>_OAUTH_*), from loadConfig reading an env
// that records each name asked for.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The names the first cells of the settings table document: `A`, `B`; `X_AU` / `_EU` (X_EU: the
 * same stem, another ending); `P_*` (`S1`, `S2`) (P_S1, P_S2).
 */
function documentedSettings(readme: string): Set<string> {
  const start = readme.indexOf('\n## Configuration\n');
  assert.ok(start >= 0, 'the README has a "## Configuration" section');
  const end = readme.indexOf('\n## ', start + 1);
  const names = new Set<string>();
  const codes = (text: string) => [...text.matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1]);
  for (const line of readme.slice(start, end < 0 ? undefined : end).split('\n')) {
    if (!line.startsWith('| `')) continue;
    const [listed, endings = ''] = line.split(' | ')[0].split('(');
    let last = '';
    for (const name of codes(listed)) {
      if (name.startsWith('_')) names.add(last.replace(/_[A-Z0-9]+$/, name));
      else if (name.endsWith('*')) for (const ending of codes(endings)) names.add(name.slice(0, -1) + ending);
      else names.add((last = name));
    }
  }
  return names;
}

/** Every environment variable src/config.ts reads. */
function settingsRead(): Set<string> {
  const source = readFileSync(path.join(ROOT, 'src', 'config.ts'), 'utf8');
  const names = new Set<string>();
  const NAME = '([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)';
  for (const pattern of [
    new RegExp(`\\benv\\.${NAME}\\b`, 'g'), // env.NAME
    new RegExp(`\\benv\\[\\s*['"\`]${NAME}['"\`]\\s*\\]`, 'g'), // env['NAME']
    new RegExp(`\\(\\s*env\\s*,\\s*['"]${NAME}['"]`, 'g'), // integer(env, 'NAME', …) and the other helpers
    new RegExp(`\\[\\s*['"](HANGAR_[A-Z0-9_]+)['"]\\s*,`, 'g'), // ['HANGAR_NAME', default] in a table read as env[name]
  ]) {
    for (const m of source.matchAll(pattern)) names.add(m[1]);
  }
  // Names made at run time: what loadConfig asks an env for.
  const asked = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_, key) => {
      if (typeof key === 'string') names.add(key);
      return undefined;
    },
  });
  loadConfig(asked, { processes: 1 });
  return names;
}

test("every setting src/config.ts reads has a row in the README's settings table", () => {
  const documented = documentedSettings(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  const read = settingsRead();
  assert.ok(read.size > 80 && read.has('HANGAR_RATE_LIMIT') && read.has('HANGAR_CODEHOST_OAUTH_CLIENT_ID'), `the extraction found the settings: ${[...read].join(', ')}`);
  const missing = [...read].filter((name) => !documented.has(name)).sort();
  assert.deepEqual(missing, [], `settings read in src/config.ts with no row in README.md's settings table (## Configuration): ${missing.join(', ')}`);
});
