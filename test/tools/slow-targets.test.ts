// A tool's api_call step against targets that answer slowly on purpose: a target trickling its
// headers or its body a byte at a time resets undici's per-pause timers for ever, so only the call's
// own deadline (HANGAR_PROVIDER_TIMEOUT_MS from its start, headers and body together) ends it.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../helpers/hangar.ts';
import { newProject, until, type Client } from '../integrations/kit.ts';

const TIMEOUT_MS = 1000;

/** A target that trickles: /body sends its headers then a byte every 100 ms; the raw one trickles its headers. */
async function startTrickler() {
  let open = 0;
  const body: Server = createServer((req, res) => {
    open++;
    res.on('close', () => open--);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"drip":"');
    const timer = setInterval(() => res.write('.'), 100);
    res.on('close', () => clearInterval(timer));
  });
  const head = net.createServer((socket) => {
    open++;
    socket.on('error', () => {});
    socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\nX-Drip: '));
    const timer = setInterval(() => socket.write('a'), 100);
    socket.on('close', () => {
      clearInterval(timer);
      open--;
    });
  });
  await Promise.all([new Promise<void>((r) => body.listen(0, '127.0.0.1', r)), new Promise<void>((r) => head.listen(0, '127.0.0.1', r))]);
  return {
    body: `http://127.0.0.1:${(body.address() as AddressInfo).port}/body`,
    head: `http://127.0.0.1:${(head.address() as AddressInfo).port}/head`,
    get open() {
      return open;
    },
    async close() {
      body.closeAllConnections();
      await Promise.all([new Promise((r) => body.close(r)), new Promise((r) => head.close(r))]);
    },
  };
}

describe('a tool whose api_call target trickles its answer', () => {
  let server: TestServer;
  let trickler: Awaited<ReturnType<typeof startTrickler>>;
  let c: Client;
  before(async () => {
    trickler = await startTrickler();
    server = await startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS) });
    c = await newProject(server);
  });
  after(async () => {
    await server.close();
    await trickler.close();
  });

  for (const which of ['body', 'head'] as const) {
    test(`trickling its ${which === 'body' ? 'body' : 'headers'}: the step fails within HANGAR_PROVIDER_TIMEOUT_MS and the connection is closed`, { timeout: 20_000 }, async () => {
      const made = await c.post('/latest/studios/create', { title: `Trickle ${which}`, transformations: { steps: [{ name: 'slow', transformation: 'api_call', params: { url: trickler[which] } }] } });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const started = Date.now();
      const run = await c.post(`/latest/studios/${made.body.studio_id}/trigger_limited`, { params: {} });
      const took = Date.now() - started;
      assert.equal(run.status, 200, JSON.stringify(run.body));
      assert.equal(run.body.status, 'failed');
      assert.match(run.body.errors[0].message, /^Step "slow" \(api_call\) failed: The target did not answer within 1000 ms \(headers and body together\)/);
      // The deadline, not the machine's speed, is the property: no earlier than it, and seconds at most after it.
      assert.ok(took >= TIMEOUT_MS - 50 && took < TIMEOUT_MS + 3000, `took ${took} ms`);
      await until(() => trickler.open === 0, 2000, 'the connection to the target to be closed');
    });
  }
});
