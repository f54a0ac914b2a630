// A private Redis that a test (or a bench) may stop and start on purpose: Debian's redis-server on a
// fixed free port of 127.0.0.1, without persistence (a restart empties it), its working directory a
// temporary one removed by close().
//
// Nothing here keeps the process alive: the child and its pipes are unref'd, and a process 'exit'
// listener (removed by close()) kills a server a test forgot to close. It imports nothing from
// node:test, so benches may use it too.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/shared/free-port.ts';

export interface BreakableRedis {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  /** SIGTERM; resolves when the server has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing persists); resolves when it answers PING. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and removes its directory. Safe to call twice. */
  close(): Promise<void>;
}

const REDIS_SERVER = '/usr/bin/redis-server';
/** The longest any wait in here lasts before it throws. */
const TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One PING over a fresh connection: true on +PONG within 1 s. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

export async function startBreakableRedis(): Promise<BreakableRedis> {
  try {
    accessSync(REDIS_SERVER, constants.X_OK);
  } catch {
    throw new Error(`breakable redis: ${REDIS_SERVER} is missing; install it with \`apt-get install -y redis-server\``);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hangar-breakable-redis-'));
  const port = await freePort();
  const args = [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--save', '',
    '--appendonly', 'no',
    '--dir', dir,
    '--daemonize', 'no',
    '--logfile', '',
    '--unixsocket', '',
  ];

  let child: ChildProcess | undefined;
  let exit: Promise<void> = Promise.resolve();
  let output = '';
  let closing: Promise<void> | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const detail = () => (output.trim() ? `; redis-server's last output:\n${output.trim()}` : '');

  const start = async (): Promise<void> => {
    if (closing) throw new Error('breakable redis: start() after close()');
    if (!running()) {
      output = '';
      const c = spawn(REDIS_SERVER, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      exit = new Promise((resolve) => c.once('exit', () => resolve()));
      const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4096));
      c.stdout!.on('data', keep);
      c.stderr!.on('data', keep);
      c.once('error', (err) => keep(Buffer.from(`spawn error: ${err.message}\n`)));
      c.unref();
      (c.stdout as unknown as net.Socket).unref();
      (c.stderr as unknown as net.Socket).unref();
    }
    const deadline = Date.now() + TIMEOUT_MS;
    while (!(await ping(port))) {
      if (!running()) throw new Error(`breakable redis: redis-server exited while starting${detail()}`);
      if (Date.now() > deadline) throw new Error(`breakable redis: no PONG on 127.0.0.1:${port} within ${TIMEOUT_MS / 1000} s${detail()}`);
      await sleep(20);
    }
  };

  const stop = async (): Promise<void> => {
    if (!running()) return;
    child!.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), TIMEOUT_MS)));
    const timedOut = await Promise.race([exit.then(() => false), late]);
    clearTimeout(timer);
    if (timedOut) throw new Error(`breakable redis: redis-server did not exit within ${TIMEOUT_MS / 1000} s of SIGTERM${detail()}`);
  };

  const onExit = () => {
    if (running()) child!.kill('SIGKILL');
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
  };
  process.on('exit', onExit);

  try {
    await start();
  } catch (err) {
    onExit();
    process.removeListener('exit', onExit);
    throw err;
  }

  const redis: BreakableRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    close() {
      closing ??= (async () => {
        try {
          await stop().catch(async () => {
            child?.kill('SIGKILL');
            await exit;
          });
        } finally {
          process.removeListener('exit', onExit);
          rmSync(dir, { recursive: true, force: true });
        }
      })();
      return closing;
    },
  };
  return redis;
}
