// The node:http server under Fastify, built here so that every limit is explicit: a client that
// sends its headers slowly, stalls its body, or opens thousands of sockets is cut off by a timeout
// or a cap instead of holding descriptors until the process can no longer answer /healthz.
// (Fastify's own defaults turn Node's request timeout off; we pass none of them and set our own.)
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { HttpLimits } from '../config.ts';

export function createHttpServer(limits: HttpLimits, handler: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above on this interval (default 30 s): a tenth of the shorter.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 10))),
      // A request without Host is answered with the contract's error body (app.ts), not Node's bare 400.
      requireHostHeader: false,
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerAddress > 0) capPerAddress(server, limits.maxConnectionsPerAddress);
  return server;
}

function capPerAddress(server: http.Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

const CLIENT_ERRORS: Record<string, { status: string; message: string; type: string }> = {
  HPE_HEADER_OVERFLOW: { status: '431 Request Header Fields Too Large', message: 'The request headers are too large; send fewer or shorter headers.', type: 'validation_error' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: '408 Request Timeout', message: 'The request did not arrive in time; send the headers and body without pausing.', type: 'request_timeout' },
  HPE_HEADERS_TIMEOUT: { status: '408 Request Timeout', message: 'The request headers did not arrive in time.', type: 'request_timeout' },
};

/** Even a request that is not valid HTTP, or too slow, or too large, gets the contract's error body and a request id. */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const known = (err.code && CLIENT_ERRORS[err.code]) || { status: '400 Bad Request', message: 'The request is not valid HTTP.', type: 'validation_error' };
  const body = JSON.stringify({ message: known.message, error_type: known.type, error_audience: 'user' });
  socket.end(`HTTP/1.1 ${known.status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`);
  // end() waits for the peer to read; a peer that never does must not keep the descriptor.
  socket.setTimeout(1000, () => socket.destroy());
}
