// Gives a burst's memory back once the burst is over. V8 collects its old generation only when it
// reaches a limit, and its memory reducer (which shrinks the heap once a process goes quiet) is armed
// only by such a full collection. A burst that promotes tens of MB of short-lived objects without
// reaching the limit therefore leaves them resident until the next burst: 10 s of webhook deliveries
// took the old space from 32 to 72 MB with no full collection at all, and RSS stayed 70 MB above idle
// (bench/README.md, webhooks, "Memory after the burst"). So when a period of work ends (the event
// loop was busy in one window and quiet for the next QUIET_WINDOWS) and the heap has grown since it
// was last collected, this asks V8 for one compacting collection that hands the freed pages back (a
// pause of tens of ms, once, in a quiet process). A quiet process is never collected, and a busy one
// never by this. The next burst pays for it: it starts with a small young generation that grows back
// over its first second or two (the API Call's p99 after 8 s of quiet: +7 to +27 ms, bench/README.md),
// so a pause between bursts shorter than the quiet period keeps the heap as it is.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Session, url as inspectorUrl } from 'node:inspector';
import v8 from 'node:v8';

const WINDOW_MS = 5000;
/** Event-loop utilization of a window of work, and of a quiet one. */
const BUSY = 0.2;
const QUIET = 0.05;
/** Quiet windows in a row after a burst before its memory is handed back: 15 s with the default window. */
const QUIET_WINDOWS = 3;
/** Growth of the committed heap since its low mark below which nothing is worth collecting. */
const GROWN_BYTES = 16 * 1024 * 1024;

/** Decides, window by window, when a burst has ended with a heap worth collecting. */
export class BurstWatch {
  /** Quiet windows seen in a row. */
  private quiet = 0;
  /** Quiet windows in a row that end the present period of work. */
  private needed: number;

  /**
   * `base`: the heap's committed bytes when the watch starts, its first low mark; `busy`: the watch
   * starts right after a period of work (a process's start-up), collected in the first quiet window
   * if no work came meanwhile (a process started and left idle hands its start-up's heap back at
   * once); `quietWindows`: how many quiet windows in a row end a burst of work.
   */
  constructor(
    private base: number,
    private busy = false,
    private readonly quietWindows = QUIET_WINDOWS,
  ) {
    this.needed = busy ? 1 : quietWindows;
  }

  /**
   * One window's event-loop utilization (0–1) and the heap's committed bytes at its end: collect now?
   * Committed, not used: V8's own full collections free the garbage but keep its pages.
   */
  window(utilization: number, committedBytes: number): boolean {
    // V8 handing pages back on its own lowers the mark to measure growth from.
    this.base = Math.min(this.base, committedBytes);
    if (utilization >= BUSY) {
      this.busy = true;
      this.needed = this.quietWindows;
    }
    this.quiet = utilization > QUIET ? 0 : this.quiet + 1;
    if (!this.busy || this.quiet < this.needed) return false;
    this.busy = false;
    return committedBytes - this.base >= GROWN_BYTES;
  }

  /** The heap's committed bytes right after a collection. */
  collected(committedBytes: number): void {
    this.base = committedBytes;
  }
}

/**
 * A collection that also hands freed pages back: the inspector's, which is V8's low-memory
 * notification (compacting, and repeated while it frees anything), through an in-process session
 * (no port is opened). A plain full collection frees the garbage but keeps the pages committed.
 */
function collect(): Promise<void> {
  const session = new Session();
  session.connect();
  return new Promise<void>((resolve) =>
    session.post('HeapProfiler.collectGarbage', () => {
      // Not from within the session's own callback: that can leave the main thread waiting on it.
      setImmediate(() => session.disconnect());
      resolve();
    }),
  );
}

/**
 * Starts watching this process, once it has started: its start-up (loading and compiling every
 * module, migrations, first connections) is its first burst, whose heap grew from nothing. The
 * result stops it. Nothing is collected while the process is open to a debugger (`--inspect`, or
 * SIGUSR1 later): an in-process session's collection then waits on the debugger's session forever.
 */
export function startMemoryReturn(windowMs = WINDOW_MS): () => void {
  const watch = new BurstWatch(0, true);
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (!watch.window(utilization, v8.getHeapStatistics().total_heap_size) || inspectorUrl()) return;
    void collect().then(() => watch.collected(v8.getHeapStatistics().total_heap_size));
  }, windowMs);
  timer.unref();
  return () => clearInterval(timer);
}
