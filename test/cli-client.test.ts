// The `hangar` client commands, run as processes against a real server and provider stand-ins: a
// login profile (mode 0600), every resource of the issue, tables by default and JSON with --json,
// exit codes scripts rely on, the API's own error messages, and --help for every command.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startAnzEnrichment, type AnzEnrichment } from '../src/sandbox/standins/anz-enrichment.ts';
import { startCodeHost, type CodeHost } from '../src/sandbox/standins/codehost.ts';
import { freePort } from '../src/shared/free-port.ts';
import { bootstrap, type Org, type TestServer } from './helpers/hangar.ts';
import { LOGIN, startTriggerServer, TOKEN } from './triggers/kit.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'hangar.js');
const ANZ_KEY = 'anz-cli-key-0001';
const dir = mkdtempSync(path.join(os.tmpdir(), 'hangar-cli-client-'));
let server: TestServer;
let anz: AnzEnrichment;
let ch: CodeHost;
let org: Org;

before(async () => {
  anz = await startAnzEnrichment({ apiKeys: [ANZ_KEY] });
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'cli' });
  server = await startTriggerServer(ch, { HANGAR_ANZ_ENRICHMENT_BASE_URL: anz.url, HANGAR_CODEHOST_OAUTH_CLIENT_ID: 'cli-app', HANGAR_CODEHOST_OAUTH_CLIENT_SECRET: 'cli-app-secret' });
  org = await bootstrap(server);
});
after(async () => {
  await server?.close();
  await anz?.close();
  await ch?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `hangar …` with no credentials in its environment but the config directory of this test. */
function hangar(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const show = (r: Run) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
async function ok(args: string[], env?: Record<string, string>): Promise<Run> {
  const r = await hangar(args, env);
  assert.equal(r.code, 0, `hangar ${args.join(' ')}\n${show(r)}`);
  return r;
}
const json = async (args: string[], env?: Record<string, string>) => JSON.parse((await ok([...args, '--json'], env)).stdout);

test('login stores a 0600 profile; every resource through the CLI, tables and --json', { timeout: 180_000 }, async () => {
  const login = await ok(['login', '--key', org.api_key, '--url', server.url]);
  assert.match(login.stdout, /profile\s+default/);
  const file = path.join(dir, 'config', 'hangar', 'profiles.json');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(statSync(path.dirname(file)).mode & 0o777, 0o700);
  assert.match((await ok(['whoami'])).stdout, new RegExp(`user_id\\s+${org.user_id}`));

  const project = (await json(['projects', 'create', '--name', 'CLI', '--description', 'made by the CLI', '--org', org.organization_id])).project_id;
  // A second profile, bound to the project; --profile switches to it.
  await ok(['login', '--profile', 'work', '--key', org.api_key, '--project', project, '--url', server.url]);
  const p = ['--profile', 'work'];
  const table = (await ok(['projects', 'list', ...p])).stdout;
  assert.match(table, /^PROJECT_ID\s+NAME\s+ROLE/m);
  assert.match(table, new RegExp(`${project}\\s+CLI\\s+admin`));

  // invites, users, keys
  const invite = await json(['invites', 'create', ...p, '--email', 'dev@cli.test', '--role', 'editor']);
  assert.equal(invite.state, 'pending');
  assert.deepEqual((await json(['invites', 'list', ...p])).results.map((i: any) => i.email), ['dev@cli.test']);
  assert.equal((await json(['invites', 'delete', ...p, '--code', invite.invite_code])).deleted, true);
  assert.deepEqual((await json(['users', 'list', ...p])).results.map((u: any) => [u.user_id, u.role]), [[org.user_id, 'admin']]);
  const key = await json(['keys', 'create', ...p, '--label', 'ci']);
  assert.match(key.api_key, /^sk-us-/);
  assert.ok((await json(['keys', 'list', ...p])).results.some((k: any) => k.key_id === key.key_id));
  await ok(['keys', 'delete', key.key_id, ...p]);

  // connections, steps, api-call
  const anzConn = (await json(['connections', 'create', ...p, '--provider', 'anz_enrichment', '--api-key', ANZ_KEY, '--label', 'ANZ'])).connection_id;
  const chConn = (await json(['connections', 'create', ...p, '--provider', 'codehost', '--api-key', TOKEN])).connection_id;
  assert.match((await ok(['connections', 'list', ...p])).stdout, new RegExp(anzConn));
  assert.match((await ok(['steps', 'search', 'enrichment', ...p])).stdout, /anz_enrichment\.company_enrichment/);
  const step = await json(['steps', 'run', 'anz_enrichment.company_enrichment', ...p, '--connection', anzConn, '--inputs', '{"abn":"51824753556"}']);
  assert.equal(step.output.matched, true);
  const called = await json(['api-call', ...p, '--connection', chConn, '--endpoint', `/repos/${LOGIN}/cli`, '--header', 'accept: application/vnd.codehost+json']);
  assert.equal(called.status, 200);
  assert.match((await json(['connections', 'sign-in-url', ...p, '--provider', 'codehost'])).auth_url, /^https?:\/\//);

  // tools
  const toolFile = path.join(dir, 'tool.json');
  writeFileSync(toolFile, JSON.stringify({ title: 'Company', params_schema: { type: 'object', properties: { abn: { type: 'string' } } }, transformations: { steps: [{ name: 'company', transformation: 'anz_enrichment.company_enrichment', params: { connection_id: anzConn, abn: '51824753556' } }] } }));
  const tool = (await json(['tools', 'create', ...p, '--file', toolFile])).studio_id;
  assert.equal((await json(['tools', 'create', ...p, '--file', toolFile, '--id', tool])).studio_id, tool, 'with --id it replaces');
  assert.match((await ok(['tools', 'list', ...p])).stdout, /Company/);
  assert.equal((await json(['tools', 'run', tool, ...p])).status, 'complete');
  const queued = await ok(['tools', 'run', tool, ...p, '--async', '--json']);
  assert.equal(JSON.parse(queued.stdout).type, 'complete');
  assert.match(queued.stderr, /job .* queued/);

  // agents
  const agentFile = path.join(dir, 'agent.json');
  writeFileSync(agentFile, JSON.stringify({ name: 'Looker', system_prompt: 'Looks companies up.', actions: [{ studio_id: tool }] }));
  const agent = (await json(['agents', 'upsert', ...p, '--file', agentFile])).agent_id;
  assert.match((await ok(['agents', 'list', ...p])).stdout, /Looker/);
  const waited = await ok(['agents', 'trigger', agent, ...p, '--message', 'look up Koala', '--wait']);
  assert.match(waited.stdout, /^user: look up Koala$/m);
  assert.match(waited.stderr, /completed/);
  const tasks = await json(['agents', 'tasks', agent, ...p]);
  assert.equal(tasks.results.length, 1);
  assert.match((await ok(['agents', 'view', agent, tasks.results[0].conversation_id, ...p])).stdout, /look up Koala/);

  // triggers
  const trigger = (await json(['triggers', 'create', agent, ...p, '--type', 'codehost.new_issue', '--connection', chConn, '--config', `{"repository":"${LOGIN}/cli"}`])).trigger_id;
  assert.equal((await json(['triggers', 'pause', agent, trigger, ...p])).status, 'paused');
  assert.equal((await json(['triggers', 'resume', agent, trigger, ...p])).status, 'active');
  assert.match((await ok(['triggers', 'list', agent, ...p])).stdout, /codehost\.new_issue\s+active/);
  await ok(['triggers', 'delete', agent, trigger, ...p]);
  assert.deepEqual((await json(['triggers', 'list', agent, ...p])).results, []);
});

test('exit codes: 1 the API refused (its message printed), 2 usage, 3 unreachable; 0 for help', { timeout: 60_000 }, async () => {
  const env = { HANGAR_API_KEY: org.api_key, HANGAR_URL: server.url };
  const refused = await hangar(['invites', 'create', '--project', '00000000-0000-4000-8000-000000000000', '--email', 'x@y.test'], env);
  assert.equal(refused.code, 1, show(refused));
  assert.match(refused.stderr, /^hangar: .*project.* \(not_found, HTTP 404, request [\w-]+\)$/im);
  const refusedJson = await hangar(['whoami', '--json'], { ...env, HANGAR_API_KEY: `sk-us-${'x'.repeat(43)}` });
  assert.equal(refusedJson.code, 1);
  assert.equal(JSON.parse(refusedJson.stderr).error_type, 'unauthorized');
  assert.equal(refusedJson.stdout, '');

  const usage = await Promise.all([hangar(['users', 'update', 'u1', '--role', 'boss'], env), hangar(['users', 'list'], env), hangar(['whoami'], { XDG_CONFIG_HOME: path.join(dir, 'nothing-saved') }), hangar(['tools', 'run', 't', '--params', '{nope'], { ...env, HANGAR_PROJECT: 'p' })]);
  for (const r of usage) assert.equal(r.code, 2, show(r));
  assert.match(usage[1].stderr, /acts on a project: pass --project/);
  assert.match(usage[2].stderr, /no credentials: run hangar login/);
  assert.match(usage[3].stderr, /--params must be JSON/);

  const unreachable = await hangar(['whoami'], { ...env, HANGAR_URL: `http://127.0.0.1:${await freePort()}` });
  assert.equal(unreachable.code, 3, show(unreachable));
  assert.match(unreachable.stderr, /cannot reach Hangar at http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
  assert.doesNotMatch(unreachable.stderr, /fetch failed/);
});

test('--help describes every command and option', { timeout: 120_000 }, async () => {
  const top = await ok(['--help']);
  const groups = [...top.stdout.matchAll(/^ {2}([a-z][a-z-]*)(?:\|[a-z]+)?(?: \[options\])?(?: \[command\])? {2,}/gm)].map((m) => m[1]).filter((c) => c !== 'help');
  assert.ok(groups.length >= 15, top.stdout);
  const commands: string[][] = [];
  for (const group of groups) {
    const help = await ok([group, '--help']);
    const subs = [...help.stdout.matchAll(/^ {2}([a-z][a-z-]*)(?: \[options\])?(?: [<[][^\n]*?)? {2,}\S/gm)].map((m) => m[1]).filter((c) => c !== 'help');
    if (/^Commands:/m.test(help.stdout)) for (const sub of subs) commands.push([group, sub]);
    else commands.push([group]);
  }
  for (let i = 0; i < commands.length; i += 6) {
    await Promise.all(
      commands.slice(i, i + 6).map(async (c) => {
        const help = await ok([...c, '--help']);
        assert.match(help.stdout, new RegExp(`^Usage: hangar ${c.join(' ')}`, 'm'));
        // Every option has a description.
        for (const line of help.stdout.split('\n').filter((l) => /^ {2}-/.test(l))) assert.match(line, /^ {2}-\S.*\S {2,}\S/, `${c.join(' ')}: "${line}" has no description`);
      }),
    );
  }
  assert.ok(commands.length >= 35, JSON.stringify(commands));
});
