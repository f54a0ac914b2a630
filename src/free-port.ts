// A TCP port on 127.0.0.1 that was free a moment ago: for the embedded database, and for tests and
// benchmarks that must know a server's address before starting it.
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
