// The private-address guard is an allow-list: only global unicast passes, and every IPv6 form that
// embeds an IPv4 address (mapped, compatible, SIIT, 6to4, NAT64) is judged by what it embeds. A
// corpus of addresses and spellings is checked on the guard itself; the forms of *loopback* are then
// sent through a real server — as a tool's api_call step, a redirect hop and an agent's
// model_base_url — after the guard has been shown to refuse each, so that even a broken guard could
// never send a request off this machine.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { HangarError } from '../../src/shared/errors.ts';
import { createHttpCaller } from '../../src/tools/http-call.ts';
import { checkTarget, isPublicAddress } from '../../src/tools/ssrf.ts';
import { bearer, bootstrap, call, startServer, type TestServer } from '../helpers/hangar.ts';
import { fakeDns } from '../helpers/offline-dns.ts';

const NOT_PUBLIC = [
  // IPv4 special-purpose ranges
  '127.0.0.1', '127.1.2.3', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.1', '169.254.169.254', '169.254.1.1',
  '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.255.255.255', '192.0.0.1', '192.0.0.170', '192.0.2.10', '198.51.100.1', '203.0.113.5',
  '198.18.0.1', '198.19.255.254', '224.0.0.251', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.88.99.1',
  // IPv6 outside global unicast, or inside it but not the internet's
  '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd00:ec2::254', 'fec0::1', 'ff02::1', '2001:db8::1', '2001::1', '2001:2::1', '100::1', '3fff::1',
  // IPv4-mapped, in every spelling
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:7F00:1', '0:0:0:0:0:ffff:7f00:1', '0000:0000:0000:0000:0000:ffff:127.0.0.1', '::ffff:10.0.0.1',
  '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:192.168.0.1', '[::ffff:127.0.0.1]',
  // IPv4-compatible (deprecated): never an internet address, whatever it embeds
  '::127.0.0.1', '::7f00:1', '::a9fe:a9fe', '::10.0.0.1', '::8.8.8.8', '::0.0.0.1', '[::127.0.0.1]', '0:0:0:0:0:0:7f00:1',
  // SIIT (RFC 6145)
  '::ffff:0:127.0.0.1', '::ffff:0:8.8.8.8', '::ffff:0:a9fe:a9fe',
  // 6to4 of private addresses
  '2002:7f00:1::', '2002:7f00:1::1', '2002:a9fe:a9fe::1', '2002:c0a8:101::1', '2002:a00:1::', '2002:0:0::1',
  // NAT64 of private addresses (RFC 6052 and the local-use prefix of RFC 8215)
  '64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1', '64:ff9b:1::c0a8:1', '64:ff9b:1::a9fe:a9fe',
  // not addresses
  'localhost', '', 'example.com', '::g', '1.2.3.4.5',
];

const PUBLIC = [
  '8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '11.0.0.1', '192.0.3.1', '2606:4700:4700::1111', '2a00:1450:4001::200e',
  '::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::8.8.8.8', '64:ff9b:1::101:101', '1.2.3' /* 1.2.0.3, as clients read it */,
];

/** URL spellings of private targets: WHATWG normalizes them, the guard judges what they become. */
const URLS = [
  'http://[::127.0.0.1]/', 'http://[::7f00:1]:80/', 'http://[0:0:0:0:0:ffff:127.0.0.1]/', 'http://0x7f000001/', 'http://017700000001/', 'http://127.1/',
  'http://2130706433/', 'http://[::ffff:a9fe:a9fe]/latest/meta-data/', 'http://169.254.169.254./', 'http://[::a9fe:a9fe]/', 'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::]/', 'http://0251.0376.0251.0376/', 'http://[fd00:ec2::254]/latest/', 'https://[::ffff:0:a9fe:a9fe]/',
];

describe('the guard itself', () => {
  test(`a corpus of ${NOT_PUBLIC.length + PUBLIC.length + URLS.length} addresses and spellings`, () => {
    assert.ok(NOT_PUBLIC.length + PUBLIC.length + URLS.length >= 80);
    for (const a of NOT_PUBLIC) assert.equal(isPublicAddress(a), false, `${a} passed the guard`);
    for (const a of PUBLIC) assert.equal(isPublicAddress(a), true, `${a} was refused`);
    for (const raw of URLS) {
      assert.throws(() => checkTarget(raw, false), (e: unknown) => e instanceof HangarError && e.status === 400, `${raw} passed checkTarget`);
    }
  });
});

/** Loopback in the embedded spellings, aimed at a local port: refused by the guard before any connection. */
function loopbackForms(port: number): string[] {
  const forms = ['[::127.0.0.1]', '[::7f00:1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::ffff:0:7f00:1]', '[64:ff9b::7f00:1]', '[64:ff9b:1::7f00:1]', '[2002:7f00:1::]', '0x7f.1', '2130706433'];
  return forms.map((host) => {
    // Shown refused first: even a broken guard would not get a request sent to these.
    assert.throws(() => checkTarget(`http://${host}:${port}/`, false), HangarError, host);
    return `http://${host}:${port}/`;
  });
}

describe('through a real server with the default settings', () => {
  let server: TestServer;
  let target: Server;
  let hits = 0;
  let port: number;
  let auth: string;

  before(async () => {
    target = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    port = (target.address() as AddressInfo).port;
    server = await startServer();
    const org = await bootstrap(server);
    const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'SSRF', description: '', organization_id: org.organization_id } });
    auth = bearer(p.body.project_id, org.api_key);
  });
  after(async () => {
    target.closeAllConnections();
    await new Promise((r) => target.close(r));
  });

  test("a tool's api_call step refuses every embedded form of loopback, and nothing connects", async () => {
    const tool = await call(server, 'POST', '/latest/studios/create', {
      authorization: auth,
      body: { title: 'Fetch', params_schema: { type: 'object', properties: { url: { type: 'string' } } }, transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url: '{{params.url}}' } }] } },
    });
    for (const url of loopbackForms(port)) {
      const r = await call(server, 'POST', `/latest/studios/${tool.body.studio_id}/trigger_limited`, { authorization: auth, body: { params: { url } } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.status, 'failed', `${url}: ${JSON.stringify(r.body)}`);
      assert.match(JSON.stringify(r.body.errors), /private, loopback, link-local or metadata address/, url);
    }
    assert.equal(hits, 0);
  });

  test("an agent's model_base_url in an embedded form of loopback is refused", async () => {
    for (const url of loopbackForms(port).slice(0, 4)) {
      const agent = await call(server, 'POST', '/latest/agents/upsert', { authorization: auth, body: { name: 'Sneaky', system_prompt: 'x', model: 'm', model_base_url: `${url}v1`, model_api_key: 'sk-model-key-0123456789' } });
      if (agent.status === 400) continue; // refused when saved: as good
      assert.equal(agent.status, 200, JSON.stringify(agent.body));
      const started = await call(server, 'POST', '/latest/agents/trigger', { authorization: auth, body: { agent_id: agent.body.agent_id, message: { role: 'user', content: 'hi' } } });
      let error = '';
      for (let i = 0; i < 200 && !error; i++) {
        const m = await call(server, 'GET', `/latest/agents/${agent.body.agent_id}/tasks/${started.body.conversation_id}/metadata`, { authorization: auth });
        error = m.body.error ?? m.body.metadata?.conversation?.error ?? '';
        if (!error) await new Promise((r) => setTimeout(r, 25));
      }
      assert.match(error, /private|may not be reached|may not reach/, `${url}: ${error}`);
    }
    assert.equal(hits, 0);
  });
});

// A redirect needs a public first hop; offline, test/helpers/offline-dns.ts answers DNS for one
// name and sends that connection to a local redirector (only its socket, after Hangar's checks).
describe('redirect hops', () => {
  let redirector: Server;
  let rport: number;
  let restoreDns: () => void;
  const reached: string[] = [];

  before(async () => {
    redirector = createServer((req, res) => {
      reached.push(req.url!);
      const to = new URLSearchParams(req.url!.split('?')[1] ?? '').get('to');
      res.writeHead(to ? 302 : 200, to ? { location: to } : {});
      res.end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    rport = (redirector.address() as AddressInfo).port;
    restoreDns = fakeDns({ 'public.test': ['93.184.216.34'] }, ['public.test']);
  });
  after(async () => {
    restoreDns();
    redirector.closeAllConnections();
    await new Promise((r) => redirector.close(r));
  });

  test('a redirect to any embedded form of loopback is refused at that hop', async () => {
    const httpCall = createHttpCaller({ allowPrivate: false, timeoutMs: 5000 });
    for (const to of loopbackForms(rport)) {
      const before = reached.length;
      await assert.rejects(httpCall({ url: `http://public.test:${rport}/go?to=${encodeURIComponent(`${to}secret`)}` }), (e: unknown) => e instanceof HangarError && e.status === 400 && /private, loopback/.test(e.message), to);
      assert.deepEqual(reached.slice(before).map((u) => u.split('?')[0]), ['/go'], `${to}: only the first hop was made`);
    }
  });
});
