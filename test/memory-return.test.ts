// A burst's memory goes back once the burst is over (src/runtime/memory-return.ts): the decision window by
// window, and, in processes of their own (test/helpers/memory-burst.ts), the collection itself: V8's
// major collection observed and the heap's committed size back down after a burst of promoted garbage,
// where a process without it keeps that heap, while a quiet process is left alone.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { BurstWatch } from '../src/runtime/memory-return.ts';
import { watchProcess } from './helpers/processes.ts';

const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

test('a collection is asked for once per burst: when it has been over for three windows, and only if the heap grew', () => {
  const watch = new BurstWatch(40 * MB);
  assert.equal(watch.window(0.01, 40 * MB), false, 'quiet from the start');
  assert.equal(watch.window(0.6, 70 * MB), false, 'busy: never during the burst');
  assert.equal(watch.window(0.3, 80 * MB), false);
  assert.equal(watch.window(0.1, 80 * MB), false, 'winding down is not quiet yet');
  assert.equal(watch.window(0.02, 80 * MB), false, 'one quiet window: a pause between bursts, kept');
  assert.equal(watch.window(0.02, 80 * MB), false);
  assert.equal(watch.window(0.4, 80 * MB), false, 'the next burst came before the third quiet window');
  assert.equal(watch.window(0.02, 80 * MB), false);
  assert.equal(watch.window(0.02, 80 * MB), false);
  assert.equal(watch.window(0.02, 80 * MB), true, 'quiet for three windows after a burst, committed heap 40 MB above its low mark');
  watch.collected(35 * MB);
  for (let i = 0; i < 3; i++) assert.equal(watch.window(0.01, 60 * MB), false, 'quiet again: the burst was already handled');
  assert.equal(watch.window(0.5, 45 * MB), false);
  for (let i = 0; i < 3; i++) assert.equal(watch.window(0.01, 45 * MB), false, 'a burst that left less than 16 MB is not worth a pause');
  assert.equal(watch.window(0.5, 30 * MB), false, 'V8 handed pages back on its own: the low mark follows');
  assert.equal(watch.window(0.01, 47 * MB), false);
  assert.equal(watch.window(0.01, 47 * MB), false);
  assert.equal(watch.window(0.01, 47 * MB), true);
});

test('after a start-up: collected in the first window if left idle, else like any burst; only if the heap is worth it', () => {
  const idle = new BurstWatch(0, true);
  assert.equal(idle.window(0.01, 40 * MB), true, 'started and left idle: the start-up is over');
  assert.equal(idle.window(0.01, 40 * MB), false);
  const started = new BurstWatch(0, true);
  assert.equal(started.window(0.3, 40 * MB), false, 'work came at once: a burst like any other');
  assert.equal(started.window(0.01, 40 * MB), false);
  assert.equal(started.window(0.01, 40 * MB), false);
  assert.equal(started.window(0.01, 40 * MB), true, 'the start-up is over');
  assert.equal(started.window(0.01, 40 * MB), false);
  const small = new BurstWatch(0, true);
  for (let i = 0; i < 4; i++) assert.equal(small.window(0.01, 8 * MB), false, 'a heap of less than 16 MB is not worth a pause');
  const eager = new BurstWatch(40 * MB, false, 1);
  assert.equal(eager.window(0.5, 70 * MB), false);
  assert.equal(eager.window(0.01, 70 * MB), true, 'one quiet window, when so configured');
});

const CHILD = new URL('./helpers/memory-burst.ts', import.meta.url).pathname;

async function runChild(mode: 'burst' | 'burst-unwatched' | 'burst-inspected' | 'quiet'): Promise<{ before: number; peak: number; after: number; majors: number }> {
  const run = watchProcess(spawn(process.execPath, ['--import', 'tsx', CHILD, mode], { stdio: ['ignore', 'pipe', 'pipe'] }));
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 30_000);
  const { code } = await run.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`child exited ${code}: ${run.output()}`);
  // Its report is its last line of JSON (whatever else the runtime printed).
  return JSON.parse(run.output().trim().split('\n').filter((l) => l.startsWith('{')).pop()!);
}

test('after a burst of promoted garbage the heap is collected and handed back; a quiet process is not collected', async () => {
  const [watched, unwatched, quiet] = await Promise.all([runChild('burst'), runChild('burst-unwatched'), runChild('quiet')]);
  assert.ok(watched.peak - watched.before > 16 * MB, `the burst grew the heap (${mb(watched.before)} → ${mb(watched.peak)})`);
  assert.ok(watched.majors >= 1, 'a major collection once the burst was over');
  assert.ok(watched.after < watched.peak - 16 * MB, `committed heap back down: ${mb(watched.peak)} → ${mb(watched.after)}`);
  assert.ok(unwatched.after > watched.after + 16 * MB, `without it V8 keeps the burst's heap meanwhile (${mb(unwatched.after)} vs ${mb(watched.after)})`);
  assert.equal(quiet.majors, 0, 'no collection in a process that did no work');
});

test('a process open to a debugger is left alone (an in-process collection would wait on the debugger)', async () => {
  const [inspected, watched] = await Promise.all([runChild('burst-inspected'), runChild('burst')]);
  assert.ok(inspected.peak - inspected.before > 16 * MB, 'the burst grew the heap');
  assert.ok(inspected.after > watched.after + 16 * MB, `not collected: ${mb(inspected.after)} left, where the same burst without a debugger went down to ${mb(watched.after)}`);
});
