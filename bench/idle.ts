// What an idle `hangar start` holds, per role: RSS of `hangar start --role all|server|worker` with
// DATABASE_URL on a fresh database, nothing else running in it, BENCH_IDLE_SECONDS (10) after it is
// ready — what the other benches read as "idle" — and BENCH_IDLE_SETTLED_SECONDS (40) after, once V8
// has shrunk the heap (the target: ≤ 120 MB for the default role, issue 14). A second start of each role with the V8
// inspector reads heap used after a full GC and lists what the process compiled, grouped by package
// (the module-load inventory), and with BENCH_HEAP_SNAPSHOT=<dir> writes a heap snapshot per role.
//
// `npm run bench:idle` (DATABASE_URL or the machine's PostgreSQL at 127.0.0.1:5432). Memory, not
// speed: it runs under `/work/cpu-lock shared`.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import {
  bootstrap, createDatabase, dropDatabase, fmt, freePort, inspect, machineBusy, machineLines, onInterrupt, positive, printTable, rssMb, sleep, startHangar, stopAll, verdict,
  type Server,
} from './lib.ts';

const SECONDS = positive('BENCH_IDLE_SECONDS', 10);
/** V8's memory reducer shrinks the heap some 20 s after allocation stops: RSS once it has. */
const SETTLED_SECONDS = Math.max(SECONDS, positive('BENCH_IDLE_SETTLED_SECONDS', 40));
const SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOT ? path.resolve(process.env.BENCH_HEAP_SNAPSHOT) : undefined;
const TARGET_MB = 120;
const ROLES = ['all', 'server', 'worker'] as const;
type Role = (typeof ROLES)[number];

/** A worker has no API port: its metrics listener (HANGAR_METRICS_PORT) tells that it is up. */
async function start(role: Role, databaseUrl: string, inspectPort?: number): Promise<Server> {
  const nodeArgs = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  if (role !== 'worker') return startHangar(`hangar-${role}`, databaseUrl, {}, undefined, { role, nodeArgs });
  const metricsPort = await freePort();
  return startHangar(`hangar-${role}`, databaseUrl, { HANGAR_METRICS_PORT: String(metricsPort) }, undefined, { role, nodeArgs, readyUrl: () => `http://127.0.0.1:${metricsPort}/metrics` });
}

/** The package a script belongs to (node_modules/<name> or @scope/name), else our bundle or Node's own. */
function owner(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/dist/') || url.includes('/.cache/hangar/')) return 'hangar (dist/)';
  if (url.startsWith('node:') || !url) return "node's own";
  return url.replace(/^file:\/\//, '');
}

async function main(): Promise<void> {
  const busy = await machineBusy();
  const db = await createDatabase();
  onInterrupt(async () => {
    await stopAll();
    await dropDatabase(db.name);
  });
  const rows: string[][] = [];
  const inventories = new Map<Role, Map<string, { scripts: number; kb: number }>>();
  try {
    await bootstrap(db.url);
    for (const role of ROLES) {
      const plain = await start(role, db.url);
      await sleep(SECONDS * 1000);
      const rss = rssMb(plain.pid);
      await sleep(SETTLED_SECONDS * 1000 - SECONDS * 1000);
      const settled = rssMb(plain.pid);
      plain.assertAlive();
      await plain.stop();

      const port = await freePort();
      const inspected = await start(role, db.url, port);
      await sleep(SECONDS * 1000);
      const inspector = await inspect(port);
      const memory = await inspector.memoryAfterGc();
      // Before the inventory: enabling the debugger makes V8 keep every script's line ends.
      if (SNAPSHOT_DIR) {
        mkdirSync(SNAPSHOT_DIR, { recursive: true });
        await inspector.heapSnapshot(path.join(SNAPSHOT_DIR, `idle-${role}.heapsnapshot`));
      }
      const scripts = await inspector.scripts();
      inspector.close();
      await inspected.stop();

      const byPackage = new Map<string, { scripts: number; kb: number }>();
      for (const s of scripts) {
        const entry = byPackage.get(owner(s.url)) ?? { scripts: 0, kb: 0 };
        entry.scripts++;
        entry.kb += s.length / 1024;
        byPackage.set(owner(s.url), entry);
      }
      inventories.set(role, byPackage);
      const kb = scripts.reduce((sum, s) => sum + s.length, 0) / 1024;
      rows.push([role, fmt(rss), fmt(settled), fmt(memory.heapUsed), fmt(memory.heapTotal), fmt(memory.external), String(scripts.length), fmt(kb / 1024, 2), role === 'all' ? `${verdict(rss <= TARGET_MB)} / ${verdict(settled <= TARGET_MB)}` : '']);
    }
  } finally {
    await stopAll();
    await dropDatabase(db.name);
  }

  for (const line of machineLines('bench/idle.ts', busy)) console.log(line);
  console.log(`\nIdle ${SECONDS} s after ready, fresh database, LOG_LEVEL=warn (heap figures from a second start with --inspect, after a full GC)\n`);
  printTable(['role', `RSS MB at ${SECONDS} s`, `at ${SETTLED_SECONDS} s`, 'heap used MB', 'heap total MB', 'external MB', 'scripts', 'source MB', `RSS ≤ ${TARGET_MB} MB`], rows);
  const packages = new Set([...inventories.values()].flatMap((m) => [...m.keys()]));
  const kbOf = (role: Role, p: string) => inventories.get(role)?.get(p)?.kb ?? 0;
  const sorted = [...packages].sort((a, b) => kbOf('all', b) - kbOf('all', a) || kbOf('server', b) - kbOf('server', a));
  console.log('\nCompiled source by package, KB (scripts), per role\n');
  printTable(
    ['package', ...ROLES],
    sorted.map((p) => [p, ...ROLES.map((r) => (inventories.get(r)?.get(p) ? `${fmt(kbOf(r, p), 0)} (${inventories.get(r)!.get(p)!.scripts})` : '—'))]),
  );
}

await main();
