// An identity provider whose issuer accepts the connection and never answers (issue 33 §3): adding it
// is refused within 10 s, the bound of every outbound wait of an admin request, whatever
// HANGAR_PROVIDER_TIMEOUT_MS (the per-attempt timeout of provider calls, 30 s by default) says; and
// nothing is stored.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { bootstrap, call, expectError, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

let server: TestServer;
let org: Org;
let silent: net.Server;
const sockets = new Set<net.Socket>();

before(async () => {
  // Accepts, reads, and never writes a byte back.
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  server = await startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
  org = await bootstrap(server, 'root@silent.test', 'admin password');
});
after(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

test('adding a provider whose issuer never answers: a 400 saying it did not answer, within 10 s, nothing stored', { timeout: 60_000 }, async () => {
  const issuer = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  const started = performance.now();
  const r = await call(server, 'POST', `/latest/organizations/${org.organization_id}/sso/providers/create`, {
    authorization: `Bearer :${org.api_key}`,
    body: { name: 'Silent', issuer, client_id: 'c', client_secret: 's', allowed_domains: ['silent.test'] },
  });
  const elapsed = performance.now() - started;
  const e = expectError(r, 400, 'validation_error');
  assert.match(e.message, /did not answer in time/);
  assert.ok(elapsed < 10_000, `answered after ${Math.round(elapsed)} ms`);
  assert.ok(sockets.size > 0 || elapsed > 1000, 'the issuer was actually waited on');
  const stored = await server.db.kysely.selectFrom('sso_providers').select('id').execute();
  assert.deepEqual(stored, []);
});
