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
  watchStalls(server, limits);
  return server;
}

interface Watched {
  socket: Socket;
  /** When the socket began waiting for a request's headers: at connection, and after each answer. */
  waitingSince: number;
  /** No request yet on this connection: even silence counts as stalling. */
  fresh: boolean;
  /** Bytes read when it began waiting: more since then means a request has begun and stalled. */
  bytesAtWait: number;
  /** The request being answered, if any, and since when (fields, not an object per request). */
  incoming?: http.IncomingMessage;
  response?: http.ServerResponse;
  since: number;
}

/**
 * Node times out a stalled request only once its parser has seen the request begin, and not at all
 * a connection that never sends a byte (measured on Node 20: a thousand such sockets stayed open
 * indefinitely). A sweep over this process's sockets applies both timeouts to every connection:
 * headers within HANGAR_HEADERS_TIMEOUT_MS of connecting (or of starting the next request on a
 * kept-alive connection), the whole request within HANGAR_REQUEST_TIMEOUT_MS. A request whose body
 * has arrived is never cut here, however long its answer takes; idle kept-alive connections are
 * left to the keep-alive timeout.
 */
function watchStalls(server: http.Server, limits: HttpLimits): void {
  const watched = new Map<Socket, Watched>();
  server.on('connection', (socket: Socket) => {
    watched.set(socket, { socket, waitingSince: Date.now(), fresh: true, bytesAtWait: 0, since: 0 });
    socket.once('close', () => watched.delete(socket));
  });
  // One listener shared by every response (no closure per request); the socket is the request's,
  // as Node has already detached it from the response when 'finish' is emitted.
  function answered(this: http.ServerResponse) {
    const w = watched.get(this.req.socket);
    if (!w || w.response !== this) return;
    w.incoming = w.response = undefined;
    w.fresh = false;
    w.waitingSince = Date.now();
    w.bytesAtWait = w.socket.bytesRead;
  }
  server.on('request', (incoming: http.IncomingMessage, response: http.ServerResponse) => {
    const w = watched.get(incoming.socket);
    if (!w) return;
    w.incoming = incoming;
    w.response = response;
    w.since = Date.now();
    response.on('finish', answered);
  });
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const w of watched.values()) {
      const stalled = w.incoming
        ? !w.incoming.complete && now - w.since > limits.requestTimeoutMs
        : (w.fresh || w.socket.bytesRead > w.bytesAtWait) && now - w.waitingSince > limits.headersTimeoutMs;
      if (!stalled) continue;
      watched.delete(w.socket);
      // Mid-answer there is no clean way to say it: cut. Otherwise the contract's 408.
      if (w.response?.headersSent) w.socket.destroy();
      else answerClientError(Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), w.socket);
    }
  }, Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))));
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
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
