// The child of test/memory-return.test.ts, in a process of its own so that the heap is its own:
// `burst`, `burst-unwatched` and `burst-inspected` spend a second and a half making garbage that lives
// long enough to be promoted, then go quiet; `quiet` does nothing. All but `burst-unwatched` run the
// memory return; `burst-inspected` opens the inspector (on a free loopback port) first.
// Prints the heap's committed size before, at the peak and 1.5 s after, and the major collections V8
// reported in those 1.5 s.
import inspector from 'node:inspector';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import { startMemoryReturn } from '../../src/runtime/memory-return.ts';

const mode = process.argv.at(-1);
let majors = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number } }>) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
}).observe({ entryTypes: ['gc'] });
if (mode === 'burst-inspected') inspector.open(0, '127.0.0.1');
if (mode !== 'burst-unwatched') startMemoryReturn(250);
const total = () => v8.getHeapStatistics().total_heap_size;
const before = total();
if (mode !== 'quiet') {
  const live: unknown[] = [];
  const until = performance.now() + 1500;
  for (let i = 0; performance.now() < until; i++) {
    live.push({ text: 'delivery '.repeat(40) + i, n: [i, i * 2] });
    if (live.length > 60000) live.splice(0, 30000);
    if (i % 5000 === 0) await new Promise((r) => setImmediate(r));
  }
  live.length = 0;
}
const peak = total();
majors = 0;
await new Promise((r) => setTimeout(r, 1500));
console.log(JSON.stringify({ before, peak, after: total(), majors }));
if (mode === 'burst-inspected') inspector.close();
