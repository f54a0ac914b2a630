// A TCP port on 127.0.0.1 that was free a moment ago: for the embedded database, and for tests and
// benchmarks that must know a server's address before starting it.
//
// It is picked below the kernel's ephemeral range where the system says what that is (Linux). A
// port from the ephemeral range (listen on port 0) is given out again to the next socket that asks
// for any port — a stand-in started meanwhile, another process's connection — so the server the
// port was meant for would then find it taken.
import { readFileSync } from 'node:fs';
import net from 'node:net';

const LOWEST = 20000;
const TRIES = 20;

/** The first port of the ephemeral range, where the system tells. */
function ephemeralFrom(): number | undefined {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST + 1000 ? low : undefined;
  } catch {
    return undefined;
  }
}

const listenOn = (port: number): Promise<number | undefined> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(bound));
    });
  });

export async function freePort(): Promise<number> {
  const below = ephemeralFrom();
  if (below !== undefined) {
    for (let i = 0; i < TRIES; i++) {
      const port = await listenOn(LOWEST + Math.floor(Math.random() * (below - LOWEST)));
      if (port !== undefined) return port;
    }
  }
  const port = await listenOn(0);
  if (port === undefined) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}
