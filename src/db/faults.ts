// What a database fault looks like from here, and how Hangar lives through one: which errors mean
// "the database is not there right now" (a restart, a failover, a partition, a connection limit) as
// opposed to a bug or a bad value; retrying such work with backoff; and one log line when an outage
// starts and one when it ends, with how many failures it caused, instead of a line per failure.

/**
 * SQLSTATEs that say nothing about the statement, only about the server's state: class 08 (connection
 * exception) is matched by prefix below; 57P01–57P03: terminated by an administrator, a crash, or not
 * accepting connections yet (starting up, in recovery); 53300: too many connections; 25006: a read-only
 * server (a standby being promoted in a failover); 57014: cancelled by the statement timeout; 40001 and
 * 40P01: a serialization failure or deadlock, which the same work retried gets past.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25006', '57014', '40001', '40P01']);

/**
 * Set on every error a database connection raised (connection.ts): a socket failure (errno codes
 * below) is the database's only when it happened on a connection to it; the same code from an HTTP
 * call to a provider is that provider's.
 */
const FROM_DATABASE = Symbol('hangar.fromDatabase');

export function markDatabaseError(err: unknown): void {
  if (err && typeof err === 'object' && !(FROM_DATABASE in err)) Object.defineProperty(err, FROM_DATABASE, { value: true });
}

/** The socket-level failures of reaching the database (errno codes), when a database connection raised them. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED', 'ENOTFOUND']);

/** What `pg` and `pg-pool` (only they) say when a connection dies, cannot be made in time, or a reply never comes. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error and is not queryable/,
  /^the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/,
];

/** True when `err` (or what it wraps) is the database being unavailable: the same work may succeed later. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // A SQLSTATE is the database's own word (five characters, digits and capitals).
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && (SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof code === 'string' && SOCKET_CODES.has(code) && FROM_DATABASE in e) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    // AggregateError (a connect that tried several addresses).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}

/** A short reason for the log: the SQLSTATE or errno and pg's message (which never holds a password). */
export function faultReason(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' ? `${e.code} ${message}` : message;
}

/**
 * How long the record of something done outside (a provider called, an action run) is retried while
 * the database is unavailable: losing it would make a retry do that thing again.
 */
export const RECORD_RETRY_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RetryOptions {
  /** What is retried, for the log. */
  what: string;
  log: (line: string) => void;
  /** Give up (rethrow the last error) after this long; unbounded when omitted. */
  forMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Stop retrying (rethrow) once this says so: the process is stopping. */
  stopped?: () => boolean;
}

/**
 * Runs `work` until it succeeds, retrying it with exponential backoff (and jitter) while it fails
 * because the database is unavailable; any other error is thrown at once. Logs the first failure and
 * the recovery, not every attempt.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, options: RetryOptions): Promise<T> {
  const started = Date.now();
  let delay = options.firstDelayMs ?? 200;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await work();
      if (attempt > 1) options.log(`${options.what}: done after ${attempt} attempts (${((Date.now() - started) / 1000).toFixed(1)} s of database unavailability)`);
      return result;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || options.stopped?.()) throw err;
      if (options.forMs !== undefined && Date.now() - started >= options.forMs) throw err;
      if (attempt === 1) options.log(`${options.what}: the database is unavailable (${faultReason(err)}); retrying`);
      await sleep(delay * (0.75 + Math.random() / 2));
      delay = Math.min(options.maxDelayMs ?? 5000, delay * 2);
    }
  }
}

export interface OutageLog {
  /** Counts a failure caused by the database being unavailable; the first of an outage is logged. */
  failed(err: unknown, source: string): void;
  /** True between the first failure of an outage and the next answer. */
  active(): boolean;
  /** Runs `handler` each time an outage ends. */
  onEnd(handler: () => void): void;
}

/**
 * How background work (loops, heartbeats, flushes) says a failure: `what` failed because of `err`.
 * One caused by the database being unavailable is counted in the outage, said once; any other is logged.
 */
export type Report = (what: string, err: unknown) => void;

export function reporter(outage: OutageLog, log: (line: string) => void, count: (source: string) => void = () => {}): Report {
  return (what, err) => {
    count(sourceOf(what));
    if (isDatabaseUnavailable(err)) outage.failed(err, what);
    else log(`${what}: ${faultReason(err)}`);
  };
}

/** A report's metric label: its words before the first ':' or '(', without any that hold a digit (an id, a count). */
export function sourceOf(what: string): string {
  const words = what.split(/[:(]/)[0].split(/\s+/).filter((w) => w && !/\d/.test(w));
  return words.join(' ').slice(0, 60) || 'other';
}

/**
 * One line when an outage begins and one when it ends, per process. `probe` is tried every
 * `probeMs` during an outage, so its end is seen (and said) even when nothing else reaches the
 * database meanwhile.
 */
export function createOutageLog(log: (line: string) => void, probe: () => Promise<unknown>, probeMs = 1000): OutageLog {
  let since: number | undefined;
  const counts = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let probing = false;
  const ended: Array<() => void> = [];

  const end = () => {
    if (since === undefined) return;
    const seconds = ((Date.now() - since) / 1000).toFixed(1);
    const summary = [...counts].map(([source, n]) => `${n} ${source}`).join(', ');
    since = undefined;
    counts.clear();
    clearInterval(timer);
    timer = undefined;
    log(`database available again after ${seconds} s; failed meanwhile: ${summary || 'nothing'}`);
    for (const handler of ended) handler();
  };

  const tryProbe = () => {
    if (probing) return;
    probing = true;
    probe().then(end, () => {}).finally(() => (probing = false));
  };

  return {
    failed(err, source) {
      if (since === undefined) {
        since = Date.now();
        log(`database unavailable (${faultReason(err)}); requests that need it answer 503 until it is back`);
        timer = setInterval(tryProbe, probeMs);
        timer.unref();
      }
      counts.set(source, (counts.get(source) ?? 0) + 1);
    },
    active: () => since !== undefined,
    onEnd: (handler) => void ended.push(handler),
  };
}
