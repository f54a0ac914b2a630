// The approval round trip (issue 32): from the approving POST /latest/agents/trigger
// (role action-confirm) to the approved action's request arriving at its target — the decision's
// conditional UPDATE, the task's run queued, picked up by the worker and the action run. Beside it,
// in the same run on the same server, the baseline: a never-ask agent's task from its trigger to the
// same action's request (the task queued and run the same way, nothing to decide).
//
// `npm run bench:approvals` (DATABASE_URL or the machine's PostgreSQL at 127.0.0.1:5432).
// BENCH_APPROVALS_COUNT (200) round trips of each kind, BENCH_APPROVALS_CONCURRENCY (8) at a time.
// Tasks are brought to pending-approval before the clock starts (not measured).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  api, bootstrap, createDatabase, dropDatabase, fmt, machineBusy, machineLines, onInterrupt, percentiles, positive, printTable, sleep, startHangar, stopAll, times,
} from './lib.ts';

const COUNT = positive('BENCH_APPROVALS_COUNT', 200);
const CONCURRENCY = positive('BENCH_APPROVALS_CONCURRENCY', 8);

/** The target the action posts to: resolves the waiter of each id as its request arrives. */
async function startTarget() {
  const waiting = new Map<string, (at: number) => void>();
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      const at = performance.now();
      const id = (JSON.parse(text) as { id: string }).id;
      waiting.get(id)?.(at);
      waiting.delete(id);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** When the request for `id` arrives (bounded: 30 s). */
    arrival(id: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no request for ${id} within 30 s`)), 30_000);
        waiting.set(id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function main(): Promise<void> {
  const busy = await machineBusy();
  const db = await createDatabase();
  const target = await startTarget();
  onInterrupt(async () => {
    await stopAll();
    await target.close();
    await dropDatabase(db.name);
  });
  const rows: string[][] = [];
  try {
    const org = await bootstrap(db.url);
    const hangar = await startHangar('hangar', db.url, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const project = await api<{ project_id: string }>(hangar.url, 'POST', '/latest/projects/create', `Bearer :${org.api_key}`, { name: 'Bench', organization_id: org.organization_id });
    const auth = `Bearer ${project.project_id}:${org.api_key}`;
    const call = <T>(route: string, body: unknown) => api<T>(hangar.url, 'POST', route, auth, body);
    const tool = await call<{ studio_id: string }>('/latest/studios/create', {
      title: 'Bench write',
      transformations: { steps: [{ name: 'write', transformation: 'api_call', params: { url: `${target.url}/write`, method: 'POST', body: { id: '{{params.message}}' } } }] },
    });
    const asking = (await call<{ agent_id: string }>('/latest/agents/upsert', { name: 'Asks', actions: [{ studio_id: tool.studio_id, action_behaviour: 'always-ask' }] })).agent_id;
    const plain = (await call<{ agent_id: string }>('/latest/agents/upsert', { name: 'Plain', actions: [{ studio_id: tool.studio_id }] })).agent_id;

    const state = async (agentId: string, conversationId: string) => (await api<{ state: string }>(hangar.url, 'GET', `/latest/agents/${agentId}/tasks/${conversationId}/metadata`, auth)).state;
    /** One never-ask task: from its trigger to its action's request. */
    const baseline = async (i: number) => {
      const id = `plain-${i}`;
      const arrived = target.arrival(id);
      const start = performance.now();
      await call('/latest/agents/trigger', { agent_id: plain, message: { role: 'user', content: id } });
      return (await arrived) - start;
    };
    /** One approval: the task brought to pending-approval first, then from the approval to the action's request. */
    const approval = async (i: number) => {
      const id = `ask-${i}`;
      const { conversation_id } = await call<{ conversation_id: string }>('/latest/agents/trigger', { agent_id: asking, message: { role: 'user', content: id } });
      const deadline = Date.now() + 30_000;
      while ((await state(asking, conversation_id)) !== 'pending-approval') {
        if (Date.now() > deadline) throw new Error(`task ${conversation_id} never asked for approval`);
        await sleep(20);
      }
      const { results } = await call<{ results: Array<{ conversation_id: string; action: string; action_request_id: string }> }>('/latest/approvals/list', { page_size: 1000 });
      const pending = results.find((r) => r.conversation_id === conversation_id)!;
      const arrived = target.arrival(id);
      const start = performance.now();
      await call('/latest/agents/trigger', { agent_id: asking, conversation_id, message: { role: 'action-confirm', action: pending.action, action_request_id: pending.action_request_id } });
      return (await arrived) - start;
    };
    const measure = async (one: (i: number) => Promise<number>) => {
      const out: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < COUNT) out.push(await one(next++));
        }),
      );
      return percentiles(out);
    };
    // Warm-up, not counted.
    for (let i = 0; i < 10; i++) await Promise.all([baseline(-1 - i), approval(-1 - i)]);
    const base = await measure(baseline);
    const approved = await measure(approval);
    hangar.assertAlive();
    rows.push(['never-ask task: trigger → action (baseline)', String(base.count), fmt(base.p50), fmt(base.p99), fmt(base.max), '']);
    rows.push(['approval: approve → action', String(approved.count), fmt(approved.p50), fmt(approved.p99), fmt(approved.max), times(approved.p99, base.p99)]);
  } finally {
    await stopAll();
    await target.close();
    await dropDatabase(db.name);
  }
  for (const line of machineLines('bench/approvals.ts', busy)) console.log(line);
  console.log(`\n${COUNT} round trips of each kind, ${CONCURRENCY} at a time, one Hangar process (--processes 1), ms\n`);
  printTable(['round trip', 'n', 'p50', 'p99', 'max', 'p99 vs baseline'], rows);
}

await main();
