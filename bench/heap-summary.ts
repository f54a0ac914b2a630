// Summarizes V8 heap snapshots (`node --heapsnapshot-signal=SIGUSR2`, `v8.writeHeapSnapshot()`): live
// objects grouped by constructor (or type, for strings, code and arrays) with count and self size;
// given two snapshots, the groups that grew from the first to the second, largest first.
//
//   node --import tsx bench/heap-summary.ts <before.heapsnapshot> [<after.heapsnapshot>] [--top N]
//
// A snapshot is taken after a full GC: what it holds is what the process keeps, not garbage waiting
// for a collection (compare `--trace-gc` for that).
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

type Groups = Map<string, { count: number; size: number }>;

function groups(file: string): { total: number; byGroup: Groups } {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byGroup: Groups = new Map();
  let total = 0;
  for (let i = 0; i < s.nodes.length; i += fields.length) {
    const type = types[s.nodes[i + typeAt]];
    const size = s.nodes[i + sizeAt];
    total += size;
    // Objects by constructor; strings, code, arrays and the like by type.
    const key = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${s.strings[s.nodes[i + nameAt]].slice(0, 80)}` : `(${type})`;
    const g = byGroup.get(key) ?? { count: 0, size: 0 };
    g.count++;
    g.size += size;
    byGroup.set(key, g);
  }
  return { total, byGroup };
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 30;
const mb = (b: number) => `${(b / 1048576).toFixed(2).padStart(8)} MB`;
const [first, second] = args.map(groups);
console.log(`${args[0]}: ${mb(first.total)} in live objects`);
if (!second) {
  for (const [k, g] of [...first.byGroup].sort((a, b) => b[1].size - a[1].size).slice(0, top)) console.log(`${mb(g.size)} ${String(g.count).padStart(9)}  ${k}`);
} else {
  console.log(`${args[1]}: ${mb(second.total)} in live objects (${mb(second.total - first.total)} more)`);
  console.log('\ngrowth by group (size, count)');
  const rows = [...second.byGroup].map(([k, g]) => {
    const before = first.byGroup.get(k) ?? { count: 0, size: 0 };
    return { k, size: g.size - before.size, count: g.count - before.count };
  });
  for (const r of rows.sort((a, b) => b.size - a.size).slice(0, top)) console.log(`${mb(r.size)} ${String(r.count).padStart(9)}  ${r.k}`);
}
