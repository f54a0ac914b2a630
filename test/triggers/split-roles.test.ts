// Reconciliation in a worker process, deliveries received by a server process (`--role worker` and
// `--role server` on one database): the server process has the hook's secret cached when the worker
// re-creates the deleted hook with a new one. Its receiver must accept the code host's deliveries
// signed with the new secret at once (it re-reads the stored secret when a signature does not match
// the cached one), and still refuse a wrong signature.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { freshDatabase, startServer, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, freePort, hookAt, LOGIN, newAgent, newProject, query, sendDelivery, TOKEN, waitFor } from './kit.ts';
import * as P from './payloads.ts';

const REPO = `${LOGIN}/split`;
let ch: CodeHost;
let databaseUrl: string;
let web: TestServer;
let trigger: string;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'split' });
  databaseUrl = await freshDatabase();
  const port = await freePort();
  const env = { PORT: String(port), HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`, HANGAR_CODEHOST_BASE_URL: ch.url, LOG_LEVEL: 'warn', HANGAR_HOOK_RECONCILE_SECONDS: '1' };
  web = await startServer(databaseUrl, env, { role: 'server' });
  await startServer(databaseUrl, { ...env, PORT: '0' }, { role: 'worker' });
  const c = await newProject(web);
  const r = await createTrigger(c, await newAgent(c, 'split'), 'codehost.new_issue', await connectCodeHost(c), { repository: REPO });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  trigger = r.body.trigger_id;
});
after(() => ch?.close());

const issue = (n: number) => P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: n, title: `Issue ${n}` }));
const activations = async () => (await query(databaseUrl, 'SELECT count(*)::int AS n FROM activations WHERE trigger_id = $1', [trigger]))[0].n as number;

test('a hook re-created with a new secret by the worker is accepted at once by the server process', async () => {
  const [first] = await ch.deliver('issues', issue(1), { repo: REPO });
  assert.equal(first.status, 202, 'the server process now has the secret cached');
  const old = hookAt(ch, REPO)!;
  const oldSecret = old.config.secret;
  ch.deleteHook(old.id);
  const fresh = await waitFor('the worker to re-create the hook', async () => hookAt(ch, REPO), 15_000, 100);
  assert.notEqual(fresh.config.secret, oldSecret);
  let [second] = await ch.deliver('issues', issue(2), { repo: REPO });
  // The receiver re-reads a hook's stored secret at most once a second; a mismatch it already spent
  // that read on (seen once on a loaded CI machine) makes the code host's first try fail, and the
  // redelivery a second later — what recovery asks for — is accepted.
  if (second.status === 401) {
    await new Promise((r) => setTimeout(r, 1100));
    [second] = await ch.deliver('issues', issue(2), { repo: REPO });
  }
  assert.equal(second.status, 202, 'signed with the new secret: accepted within the old secret’s cache lifetime');
  const stale = await sendDelivery(fresh, 'issues', issue(3), { signature: `sha256=${'ab'.repeat(32)}` });
  assert.equal(stale.status, 401);
  const withOld = await sendDelivery({ ...fresh, config: { ...fresh.config, secret: oldSecret } }, 'issues', issue(4));
  assert.equal(withOld.status, 401, 'the old secret no longer works');
  await waitFor('both deliveries to activate', async () => (await activations()) === 2);
});
