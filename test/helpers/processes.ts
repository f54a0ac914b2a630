// Process checks shared by the tests that start and stop real Hangar processes, and the start of
// such a process (`node bin/hangar.js …`) with a user's environment.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { alive, childrenOf } from './proc.ts';

export { alive, childrenOf };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'bin', 'hangar.js');

/** The environment of a user's shell: the test runner's own and Hangar's settings left out. */
export function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(HANGAR_|DATABASE_URL$|REDIS_URL$|PORT$|HOST$|LOG_LEVEL$|NODE_TEST)/.test(k)) out[k] = v;
  return { ...out, ...extra };
}

/**
 * Which of `among` holds the 127.0.0.1 TCP socket from `localPort` to `remotePort` (its inode in
 * /proc/net/tcp, then the process whose fds link to it); undefined when none does.
 */
export function socketHolder(localPort: number, remotePort: number, among: number[]): number | undefined {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${hex(localPort)}`) && f[2]?.endsWith(`:${hex(remotePort)}`));
  if (!line) return undefined;
  const socket = `socket:[${line[9]}]`;
  return among.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === socket;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

export interface HangarProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const started = new Set<ChildProcess>();
after(() => {
  for (const c of started) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    for (const pid of childrenOf(c.pid!)) process.kill(pid, 'SIGKILL');
    c.kill('SIGKILL');
  }
});

/** `node bin/hangar.js …args` as a user runs it; killed (with its children) when the test file ends. */
export function spawnHangar(args: string[], env: NodeJS.ProcessEnv): HangarProcess {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  return watchProcess(child);
}

/** A child started with piped output: what it printed so far, and when and how it exited. */
export function watchProcess(child: ChildProcess): HangarProcess {
  let output = '';
  child.stdout!.on('data', (b) => (output += b));
  child.stderr!.on('data', (b) => (output += b));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => setImmediate(() => resolve({ code, signal, at: Date.now() }))),
  );
  return { child, output: () => output, exited };
}

/** `hangar bootstrap` (applies the migrations too): the organization, its admin and a key. */
export async function bootstrapCli(env: NodeJS.ProcessEnv): Promise<{ organization_id: string; user_id: string; api_key: string }> {
  const boot = spawnHangar(['bootstrap', '--org', 'Processes', '--email', `ops-${process.pid}@processes.test`], env);
  const { code } = await boot.exited;
  if (code !== 0) throw new Error(`hangar bootstrap failed (${code}):\n${boot.output()}`);
  return JSON.parse(boot.output().split('\n').filter((l) => l.includes('"api_key"')).pop()!);
}
