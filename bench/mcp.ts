// MCP benchmark: what /latest/mcp adds to running a tool, against the same tool run through
// POST /latest/studios/{id}/trigger_limited on the same Hangar in the same run; and how fast
// tools/list answers for a project of 500 tools and 20 connections.
//
//   node --import tsx bench/mcp.ts          (npm run bench:mcp)
//
// Children besides the load generator (autocannon, in the parent): the upstream of bench/api-call.ts
// (an "ANZ enrichment" person lookup) and one Hangar (`node bin/hangar.js start --processes 1`).
// The tool has one step, an anz_enrichment API Call. Each figure is measured in rounds that
// alternate REST and MCP (so a drift of the machine touches both alike); the MCP calls go to one
// session opened beforehand, accepting JSON or an event stream as the SDK's client does (Hangar
// answers JSON unless the call asked for progress), and, as a second MCP figure, JSON only. Targets (issue 23): MCP adds ≤ 1 ms at p50 and ≤ 2 ms at p99; tools/list
// of 500 tools and 20 connections < 20 ms p50.
//
// Settings (environment): DATABASE_URL (admin URL; a fresh database is created and dropped),
// BENCH_CONNECTIONS (10), BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2), BENCH_ROUNDS (2).
import os from 'node:os';
import { SELF as API_CALL, UPSTREAM_KEY, createFixture } from './api-call.ts';
import {
  api,
  backendPids,
  bootstrap,
  cpuMeter,
  createDatabase,
  dropDatabase,
  fmt,
  machineBusy,
  machineLines,
  onInterrupt,
  OTHER_CPU_LIMIT,
  percentiles,
  positive,
  printTable,
  runLoad,
  sleep,
  startChild,
  startHangar,
  stopAll,
  verdict,
  withClient,
  type AcRequest,
  type LoadResult,
  type Row,
  type Server,
} from './lib.ts';

const CONNECTIONS = positive('BENCH_CONNECTIONS', 10);
const SECONDS = positive('BENCH_SECONDS', 8);
const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 2);
const ROUNDS = positive('BENCH_ROUNDS', 2);
const TARGETS = { addedP50Ms: 1, addedP99Ms: 2, listP50Ms: 20 };
const PERSON = { email: 'charlotte.nguyen@koalalogistics.com.au' };

interface Measured {
  load: LoadResult;
  serverCpuPerReq: number;
  postgresCpuPerReq: number;
  other: number;
}

async function measure(server: Server, dbName: string, requests: AcRequest[], connections: number, seconds = SECONDS): Promise<Measured> {
  await runLoad({ url: server.url, requests, connections, seconds: WARMUP_SECONDS });
  const stop = cpuMeter({ server: [server.pid], postgres: await backendPids(dbName) });
  const load = await runLoad({ url: server.url, requests, connections, seconds });
  const cpu = stop({ postgres: await backendPids(dbName) });
  server.assertAlive();
  const per = (micros: number) => micros / Math.max(1, load.ok);
  return { load, serverCpuPerReq: per(cpu.micros.server), postgresCpuPerReq: per(cpu.micros.postgres), other: cpu.other };
}

/** A session as an MCP client opens it: initialize, then notifications/initialized. */
async function openSession(url: string, authorization: string, query = ''): Promise<string> {
  const post = (body: unknown, session?: string) =>
    fetch(`${url}/latest/mcp${query}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json', ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } : {}) },
      body: JSON.stringify(body),
    });
  const init = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  const session = init.headers.get('mcp-session-id');
  if (init.status !== 200 || !session) throw new Error(`initialize answered ${init.status} ${await init.text()}`);
  await init.text();
  const ready = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session);
  if (ready.status !== 202) throw new Error(`notifications/initialized answered ${ready.status}`);
  return session;
}

const mcpRequest = (authorization: string, session: string, accept: string, message: unknown, query = ''): AcRequest => ({
  method: 'POST',
  path: `/latest/mcp${query}`,
  headers: { authorization, 'content-type': 'application/json', accept, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
  body: JSON.stringify(message),
});

/** The answer of one MCP call, from JSON or from the event stream's last message. */
async function mcpAnswer(server: Server, request: AcRequest): Promise<{ result?: Record<string, unknown>; error?: unknown }> {
  const r = await fetch(`${server.url}${request.path}`, { method: 'POST', headers: request.headers, body: request.body as string });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`MCP answered ${r.status} ${text}`);
  const json = text.startsWith('{') ? text : text.split('\n').filter((l) => l.startsWith('data: ')).pop()!.slice(6);
  return JSON.parse(json) as { result?: Record<string, unknown>; error?: unknown };
}

async function main(): Promise<void> {
  const started = Date.now();
  const busy = await machineBusy();
  if (busy > 0.15) process.stderr.write(`WARNING: the machine is ${fmt(busy * 100, 0)} % busy before the benchmark starts (load average ${os.loadavg()[0].toFixed(2)}); figures will be low and noisy.\n`);
  const db = await createDatabase();
  const cleanup = async () => {
    await stopAll();
    await dropDatabase(db.name);
  };
  onInterrupt(cleanup);
  try {
    const org = await bootstrap(db.url);
    const upstream = await startChild({ name: 'upstream', args: ['--import', 'tsx', API_CALL, '--upstream'], env: { BENCH_API_KEY: UPSTREAM_KEY } });
    const server = await startHangar('hangar', db.url, { HANGAR_ANZ_ENRICHMENT_BASE_URL: upstream.url });
    const fixture = await createFixture(server.url, org.organization_id, org.api_key);
    const { studio_id: tool } = await api<{ studio_id: string }>(server.url, 'POST', '/latest/studios/create', fixture.authorization, {
      title: 'Person lookup',
      params_schema: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
      transformations: { steps: [{ name: 'person', transformation: 'anz_enrichment_api_call', params: { connection_id: fixture.connectionId, method: 'POST', endpoint: '/enrich/person', body: { email: '{{params.email}}' } } }] },
    });
    const session = await openSession(server.url, fixture.authorization);
    const rest: AcRequest[] = [{ method: 'POST', path: `/latest/studios/${tool}/trigger_limited`, headers: { authorization: fixture.authorization, 'content-type': 'application/json' }, body: JSON.stringify({ params: PERSON }) }];
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'Person_lookup', arguments: PERSON } };
    const sse = [mcpRequest(fixture.authorization, session, 'application/json, text/event-stream', call)];
    const json = [mcpRequest(fixture.authorization, session, 'application/json', call)];

    // Sanity: the same output both ways, and the upstream's person in it.
    const viaRest = await api<{ output: { response_body?: { person?: { full_name?: string } } } }>(server.url, 'POST', rest[0].path!, fixture.authorization, { params: PERSON });
    const viaMcp = await mcpAnswer(server, sse[0]);
    const structured = viaMcp.result?.structuredContent as { output?: { response_body?: unknown } } | undefined;
    // The upstream's own headers (a request id, the date) differ from call to call; its answer does not.
    if (viaRest.output.response_body?.person?.full_name !== 'Charlotte Nguyen' || JSON.stringify(structured?.output?.response_body) !== JSON.stringify(viaRest.output.response_body)) {
      throw new Error(`REST and MCP disagree: ${JSON.stringify(viaRest).slice(0, 300)} vs ${JSON.stringify(viaMcp).slice(0, 300)}`);
    }

    const kinds = [
      { id: 'rest', label: 'trigger_limited (REST)', requests: rest },
      { id: 'sse', label: 'tools/call (MCP, Accept: JSON or stream)', requests: sse },
      { id: 'json', label: 'tools/call (MCP, Accept: JSON)', requests: json },
    ];
    const results: Record<string, { one: Measured[]; many: Measured[] }> = Object.fromEntries(kinds.map((k) => [k.id, { one: [], many: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const k of kinds) {
        const one = await measure(server, db.name, k.requests, 1);
        const many = await measure(server, db.name, k.requests, CONNECTIONS);
        results[k.id].one.push(one);
        results[k.id].many.push(many);
        process.stderr.write(`  round ${round + 1} ${k.label}: 1 conn. p50 ${fmt(one.load.p50, 2)} p99 ${fmt(one.load.p99, 2)} ms; ${CONNECTIONS} conn. ${fmt(many.load.rps, 0)} req/s p50 ${fmt(many.load.p50, 2)} p99 ${fmt(many.load.p99, 2)} ms; other ${fmt(Math.max(one.other, many.other) * 100, 0)} %\n`);
      }
    }

    // tools/list: 500 tools (one bulk_update) and 20 connections, all kinds offered.
    const updates = Array.from({ length: 499 }, (_, i) => ({
      studio_id: `bench-tool-${i}`,
      title: `Bench tool ${i}`,
      params_schema: { type: 'object', properties: { email: { type: 'string' } } },
      transformations: { steps: [{ name: 'person', transformation: 'anz_enrichment_api_call', params: { connection_id: fixture.connectionId, method: 'POST', endpoint: '/enrich/person', body: { email: '{{params.email}}' } } }] },
    }));
    await api(server.url, 'POST', '/latest/studios/bulk_update', fixture.authorization, { updates });
    for (let i = 0; i < 19; i++) await api(server.url, 'POST', '/latest/integrations/connections/create', fixture.authorization, { provider: 'anz_enrichment', api_key: UPSTREAM_KEY, label: `bench ${i}` });
    const listSession = await openSession(server.url, fixture.authorization, '?toolsets=all');
    const list = [mcpRequest(fixture.authorization, listSession, 'application/json', { jsonrpc: '2.0', id: 2, method: 'tools/list' }, '?toolsets=all')];
    let offered = 0;
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await mcpAnswer(server, mcpRequest(fixture.authorization, listSession, 'application/json', { jsonrpc: '2.0', id: 3, method: 'tools/list', params: cursor ? { cursor } : {} }, '?toolsets=all'));
      const r = page.result as { tools: unknown[]; nextCursor?: string };
      offered += r.tools.length;
      cursor = r.nextCursor;
      pages += 1;
    } while (cursor);
    const listOne = await measure(server, db.name, list, 1);
    const listMany = await measure(server, db.name, list, CONNECTIONS);
    // The first list after a change: the project's offers built again from the database.
    const cold: number[] = [];
    for (let i = 0; i < 30; i++) {
      await withClient(db.url, (c) => c.query("UPDATE studios SET updated_at = now() WHERE id = 'bench-tool-0'"));
      await sleep(30);
      const t0 = performance.now();
      await mcpAnswer(server, list[0]);
      cold.push(performance.now() - t0);
    }
    const coldP = percentiles(cold);

    const median = (ms: Measured[], f: (m: Measured) => number) => {
      const v = ms.map(f).sort((a, b) => a - b);
      return (v[Math.floor((v.length - 1) / 2)] + v[Math.ceil((v.length - 1) / 2)]) / 2;
    };
    const rows: Row[] = [];
    const r = results.rest;
    for (const k of kinds.slice(1)) {
      const m = results[k.id];
      const add50 = median(m.one, (x) => x.load.p50) - median(r.one, (x) => x.load.p50);
      const add99 = median(m.one, (x) => x.load.p99) - median(r.one, (x) => x.load.p99);
      rows.push(
        [`${k.label} 1 conn. p50 ms`, fmt(median(m.one, (x) => x.load.p50), 2), fmt(median(r.one, (x) => x.load.p50), 2), `+${fmt(add50, 2)} ms`, `≤ +${TARGETS.addedP50Ms} ms: ${verdict(add50 <= TARGETS.addedP50Ms)}`],
        [`${k.label} 1 conn. p99 ms`, fmt(median(m.one, (x) => x.load.p99), 2), fmt(median(r.one, (x) => x.load.p99), 2), `+${fmt(add99, 2)} ms`, `≤ +${TARGETS.addedP99Ms} ms: ${verdict(add99 <= TARGETS.addedP99Ms)}`],
        [`${k.label} ${CONNECTIONS} conn. req/s`, fmt(median(m.many, (x) => x.load.rps), 0), fmt(median(r.many, (x) => x.load.rps), 0), `${fmt((median(m.many, (x) => x.load.rps) / median(r.many, (x) => x.load.rps)) * 100, 0)} %`, ''],
        [`${k.label} ${CONNECTIONS} conn. p50 / p99 ms`, `${fmt(median(m.many, (x) => x.load.p50), 2)} / ${fmt(median(m.many, (x) => x.load.p99), 2)}`, `${fmt(median(r.many, (x) => x.load.p50), 2)} / ${fmt(median(r.many, (x) => x.load.p99), 2)}`, '', ''],
        [`  CPU µs/req server / postgres (${CONNECTIONS} conn.)`, `${fmt(median(m.many, (x) => x.serverCpuPerReq), 0)} / ${fmt(median(m.many, (x) => x.postgresCpuPerReq), 0)}`, `${fmt(median(r.many, (x) => x.serverCpuPerReq), 0)} / ${fmt(median(r.many, (x) => x.postgresCpuPerReq), 0)}`, '', ''],
      );
    }
    rows.push(
      [`tools/list (${offered} tools, ${pages} pages) 1 conn. p50 / p99 ms`, `${fmt(listOne.load.p50, 2)} / ${fmt(listOne.load.p99, 2)}`, '', '', `p50 < ${TARGETS.listP50Ms} ms: ${verdict(listOne.load.p50 < TARGETS.listP50Ms)}`],
      [`tools/list ${CONNECTIONS} conn. req/s, p50 / p99 ms`, `${fmt(listMany.load.rps, 0)}, ${fmt(listMany.load.p50, 2)} / ${fmt(listMany.load.p99, 2)}`, '', '', ''],
      [`tools/list first after a change p50 / p99 ms (${cold.length})`, `${fmt(coldP.p50, 2)} / ${fmt(coldP.p99, 2)}`, '', '', `p50 < ${TARGETS.listP50Ms} ms: ${verdict(coldP.p50 < TARGETS.listP50Ms)}`],
    );
    const all = [...Object.values(results).flatMap((x) => [...x.one, ...x.many]), listOne, listMany];
    const disturbed = all.some((m) => m.other > OTHER_CPU_LIMIT);
    const failures = all.filter((m) => m.load.failures).map((m) => m.load.statusCodes);
    if (disturbed) rows.push(["other processes' CPU", `up to ${fmt(Math.max(...all.map((m) => m.other)) * 100, 0)} %`, '', '', 'DISTURBED: run again']);
    if (failures.length) rows.push(['NON-2XX OR ERRORS', failures.join('; '), '', '', 'figures invalid']);

    console.log('');
    for (const line of machineLines('Hangar MCP benchmark', busy)) console.log(line);
    console.log(`a tool with one anz_enrichment API Call step (POST /enrich/person), run by trigger_limited and by MCP tools/call on one session; --processes 1`);
    console.log(`${ROUNDS} rounds alternating REST and MCP, each ${WARMUP_SECONDS} s warm-up + ${SECONDS} s at 1 connection, then at ${CONNECTIONS}; medians of the rounds`);
    console.log('load generator, server, upstream and PostgreSQL share the machine\n');
    printTable(['figure', 'MCP', 'REST', 'added', 'target'], rows);
    console.log(`\ntotal ${fmt((Date.now() - started) / 1000, 0)} s`);
  } finally {
    await cleanup();
  }
}

await main();
