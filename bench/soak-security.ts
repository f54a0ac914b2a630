// The longer half of the security probe (test/security/ holds the bounded checks that run in CI):
//
// 1. Stalled sockets at scale: SOAK_SOCKETS connections (default 18,000, under this machine's
//    descriptor limit of 20,000 for the bench process itself) from 20 loopback addresses, each
//    stalling its headers, its body or saying nothing, held against one `hangar start`. Measured:
//    /healthz and an authenticated call's latency while they are held, beside the same calls on the
//    idle server in the same run (the baseline), how many the server kept, and when the last closed.
// 2. SIGKILL under write load: writers create invites and tools as fast as answers come, and the
//    server is killed with SIGKILL every SOAK_KILL_EVERY_MS and restarted on the same database.
//    Every write that was answered 200 must be stored exactly once; nothing may be duplicated.
//
// `npm run bench:soak-security` (DATABASE_URL or the machine's PostgreSQL at 127.0.0.1:5432).
import assert from 'node:assert/strict';
import net from 'node:net';
import {
  api, bootstrap, createDatabase, dropDatabase, fmt, freePort, machineBusy, machineLines, onInterrupt, percentiles, positive, printTable, sleep, startHangar, stopAll, times, withClient,
  type Server,
} from './lib.ts';

const SOCKETS = positive('SOAK_SOCKETS', 18_000);
const ADDRESSES = 20;
const KILLS = positive('SOAK_KILLS', 8);
const KILL_EVERY_MS = positive('SOAK_KILL_EVERY_MS', 1500);
const WRITERS = positive('SOAK_WRITERS', 16);
const REQUEST_TIMEOUT_MS = 10_000;

async function latency(server: Server, auth: string, rounds = 40): Promise<{ health: number[]; authed: number[] }> {
  const health: number[] = [];
  const authed: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const h = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) });
    await h.text();
    health.push(performance.now() - t);
    t = performance.now();
    const a = await fetch(`${server.url}/latest/studios/list`, { headers: { authorization: auth }, signal: AbortSignal.timeout(5000) });
    await a.text();
    assert.equal(a.status, 200);
    authed.push(performance.now() - t);
  }
  return { health, authed };
}

function stalledSocket(port: number, index: number): Promise<{ closed: () => boolean }> {
  return new Promise((resolve) => {
    let closed = false;
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (index % ADDRESSES)}` });
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.on('close', () => (closed = true));
    const done = () => resolve({ closed: () => closed });
    socket.on('connect', () => {
      const kind = index % 3;
      if (kind === 0) socket.write('POST /latest/projects/create HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{');
      else if (kind === 1) socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow:');
      done();
    });
    socket.on('close', done);
  });
}

async function serverSockets(port: number): Promise<number> {
  const { execSync } = await import('node:child_process');
  const out = execSync(`ss -Htn state established '( sport = :${port} )' | wc -l`).toString().trim();
  return Number(out);
}

async function stalledPhase(databaseUrl: string): Promise<string[][]> {
  const org = await bootstrap(databaseUrl);
  const server = await startHangar('hangar', databaseUrl, { HANGAR_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), HANGAR_HEADERS_TIMEOUT_MS: '5000' });
  const p = await api<{ project_id: string }>(server.url, 'POST', '/latest/projects/create', `Bearer :${org.api_key}`, { name: 'Soak', description: '', organization_id: org.organization_id });
  const auth = `Bearer ${p.project_id}:${org.api_key}`;
  const idle = await latency(server, auth);

  const opened = performance.now();
  const sockets: Array<{ closed: () => boolean }> = [];
  for (let i = 0; i < SOCKETS; i += 500) sockets.push(...(await Promise.all(Array.from({ length: Math.min(500, SOCKETS - i) }, (_, j) => stalledSocket(server.port, i + j)))));
  const openMs = performance.now() - opened;
  await sleep(500);
  const held = await serverSockets(server.port);
  const loaded = await latency(server, auth);
  let lastClosed = NaN;
  while (performance.now() - opened < REQUEST_TIMEOUT_MS + 15_000) {
    if (sockets.every((s) => s.closed())) {
      lastClosed = performance.now() - opened;
      break;
    }
    await sleep(100);
  }
  server.assertAlive();
  const after = await latency(server, auth, 10);
  await server.stop();
  const [hi, hl, ai, al] = [percentiles(idle.health), percentiles(loaded.health), percentiles(idle.authed), percentiles(loaded.authed)];
  return [
    ['stalled sockets opened', `${SOCKETS} from ${ADDRESSES} addresses in ${fmt(openMs / 1000)} s`, '', ''],
    ['held by the server after 0.5 s', String(held), `cap ${ADDRESSES} × 1000 per address, 10000 per process`, ''],
    ['/healthz p50 / p99 while held', `${fmt(hl.p50, 2)} / ${fmt(hl.p99, 2)} ms`, `${fmt(hi.p50, 2)} / ${fmt(hi.p99, 2)} ms idle`, times(hl.p99, hi.p99)],
    ['authenticated call p50 / p99 while held', `${fmt(al.p50, 2)} / ${fmt(al.p99, 2)} ms`, `${fmt(ai.p50, 2)} / ${fmt(ai.p99, 2)} ms idle`, times(al.p99, ai.p99)],
    ['every stalled socket closed after', Number.isFinite(lastClosed) ? `${fmt(lastClosed / 1000)} s` : 'NOT ALL CLOSED', `request timeout ${REQUEST_TIMEOUT_MS / 1000} s`, ''],
    ['still answering afterwards', `/healthz p99 ${fmt(percentiles(after.health).p99, 2)} ms`, '', ''],
  ];
}

async function killPhase(databaseUrl: string): Promise<string[][]> {
  const org = await bootstrap(databaseUrl);
  const port = await freePort();
  let server = await startHangar('hangar', databaseUrl, {}, port);
  const p = await api<{ project_id: string }>(server.url, 'POST', '/latest/projects/create', `Bearer :${org.api_key}`, { name: 'Killed', description: '', organization_id: org.organization_id });
  const auth = `Bearer ${p.project_id}:${org.api_key}`;
  const invites = new Set<string>();
  const tools = new Map<string, string>();
  let sent = 0;
  let failed = 0;
  let stop = false;
  let seq = 0;
  const writer = async (w: number) => {
    while (!stop) {
      const n = seq++;
      const invite = n % 2 === 0;
      sent++;
      try {
        const res = await fetch(`${server.url}${invite ? '/latest/auth/invite/create' : '/latest/studios/create'}`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify(invite ? { email: `w${w}-${n}@soak.test`, permissions: { items: { platformDefault: { actions: { 'role:viewer': true } } } } } : { title: `soak-${n}`, transformations: { steps: [] } }),
          signal: AbortSignal.timeout(5000),
        });
        const body = (await res.json()) as { invite_code?: string; studio_id?: string };
        if (res.status === 200 && invite) invites.add(body.invite_code!);
        else if (res.status === 200) tools.set(body.studio_id!, `soak-${n}`);
        else failed++;
      } catch {
        failed++;
        await sleep(20);
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  const restarts: number[] = [];
  for (let k = 0; k < KILLS; k++) {
    await sleep(KILL_EVERY_MS);
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    const t = performance.now();
    server = await startHangar('hangar', databaseUrl, {}, port);
    restarts.push(performance.now() - t);
  }
  await sleep(KILL_EVERY_MS);
  stop = true;
  await Promise.all(writers);
  await server.stop();

  const stored = await withClient(databaseUrl, async (c) => ({
    invites: (await c.query<{ code: string }>('SELECT code FROM invites WHERE project_id = $1', [p.project_id])).rows.map((r) => r.code),
    tools: (await c.query<{ id: string; title: string }>('SELECT id, title FROM studios WHERE project_id = $1', [p.project_id])).rows,
  }));
  const storedInvites = new Set(stored.invites);
  const lostInvites = [...invites].filter((code) => !storedInvites.has(code)).length;
  const storedTools = new Map(stored.tools.map((t) => [t.id, t.title]));
  const lostTools = [...tools].filter(([id, title]) => storedTools.get(id) !== title).length;
  const titles = stored.tools.map((t) => t.title);
  const duplicated = titles.length - new Set(titles).size + (stored.invites.length - storedInvites.size);
  return [
    ['SIGKILLs under write load', `${KILLS}, every ${KILL_EVERY_MS} ms`, `${WRITERS} writers`, ''],
    ['writes sent / answered 200 / failed (server down)', `${sent} / ${invites.size + tools.size} / ${failed}`, '', ''],
    ['answered writes lost', String(lostInvites + lostTools), 'must be 0', lostInvites + lostTools === 0 ? 'met' : 'MISSED'],
    ['writes stored twice', String(duplicated), 'must be 0', duplicated === 0 ? 'met' : 'MISSED'],
    ['restart to ready, p50 / max', `${fmt(percentiles(restarts).p50 / 1000, 2)} / ${fmt(percentiles(restarts).max / 1000, 2)} s`, '', ''],
  ];
}

async function main() {
  onInterrupt(stopAll);
  const busy = await machineBusy();
  const one = await createDatabase();
  const two = await createDatabase();
  try {
    const rows = [...(await stalledPhase(one.url)), ...(await killPhase(two.url))];
    for (const line of machineLines('bench:soak-security', busy)) console.log(line);
    console.log('');
    printTable(['measure', 'figure', 'baseline (same run)', 'ratio / verdict'], rows);
  } finally {
    await stopAll();
    await dropDatabase(one.name);
    await dropDatabase(two.name);
  }
}

await main();
