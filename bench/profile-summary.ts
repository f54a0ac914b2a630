// Summarizes a V8 .cpuprofile (what BENCH_CPU_PROF writes per server child): the frames with the
// most self time, the frames with the most inclusive time (self + everything they called), and the
// same self time grouped by package or source file. Percentages are of the profile's busy samples
// (idle, program and GC are listed apart), so profiles of runs of different length compare.
//
//   node --import tsx bench/profile-summary.ts <file.cpuprofile | dir> [--top N] [--match TEXT]
//
// A directory: its main-thread profile (`….0.001.cpuprofile`, else the largest). --match keeps only
// inclusive rows whose frame or file contains TEXT (e.g. --match api-call).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function pickFile(target: string): string {
  if (!statSync(target).isDirectory()) return target;
  const files = readdirSync(target).filter((f) => f.endsWith('.cpuprofile'));
  if (!files.length) throw new Error(`no .cpuprofile in ${target}`);
  const main = files.find((f) => f.endsWith('.0.001.cpuprofile'));
  if (main) return path.join(target, main);
  return path.join(target, files.sort((a, b) => statSync(path.join(target, b)).size - statSync(path.join(target, a)).size)[0]);
}

/** `node_modules/<pkg>` (scoped too), `node:` internals, or the file below src/ or dist/. */
function ownerOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return url;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.search(/\/(src|dist|bench)\//);
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}

const label = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${f.url ? `${ownerOf(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

function summarize(file: string, top: number, match: string | undefined): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Time per node: each sample is charged the delta that follows it (V8's own convention).
  const selfMicros = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfMicros.set(profile.samples[i], (selfMicros.get(profile.samples[i]) ?? 0) + dt);
  }
  const special: Record<string, number> = {};
  let busy = 0;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    if (SPECIAL.has(name)) {
      special[name] = (special[name] ?? 0) + micros;
      if (name !== '(idle)' && name !== '(program)') busy += micros;
      if (name === '(garbage collector)') owners.set('(garbage collector)', (owners.get('(garbage collector)') ?? 0) + micros);
      continue;
    }
    busy += micros;
    const key = label(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + micros);
    owners.set(ownerOf(node.callFrame.url), (owners.get(ownerOf(node.callFrame.url)) ?? 0) + micros);
    // Inclusive: charge every distinct frame on the stack once (recursion counts once).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (SPECIAL.has(frame.functionName)) continue;
      const k = label(frame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + micros);
    }
  }
  const wall = profile.endTime - profile.startTime;
  const pct = (m: number) => `${((m / busy) * 100).toFixed(1).padStart(5)} %`;
  const ms = (m: number) => `${(m / 1000).toFixed(0).padStart(7)} ms`;
  const table = (title: string, entries: Map<string, number>, filter?: (k: string) => boolean) => {
    console.log(`\n${title}`);
    const rows = [...entries].filter(([k]) => !filter || filter(k)).sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [k, m] of rows) console.log(`${pct(m)} ${ms(m)}  ${k}`);
  };
  console.log(`${file}`);
  console.log(`wall ${(wall / 1e6).toFixed(1)} s; busy (JS + native + GC) ${(busy / 1e6).toFixed(2)} s; ` + Object.entries(special).map(([k, v]) => `${k} ${(v / 1e6).toFixed(2)} s`).join(', '));
  console.log('(percentages of busy time)');
  table(`top ${top} self time`, self);
  table(`top ${top} inclusive time${match ? ` (matching "${match}")` : ''}`, inclusive, match ? (k) => k.includes(match) : undefined);
  table('self time by package / file', owners);
}

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const top = Number(opt('--top') ?? 25);
const match = opt('--match');
if (!args.length) {
  console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile | dir> [--top N] [--match TEXT]');
  process.exit(2);
}
for (const target of args) summarize(pickFile(target), top, match);
