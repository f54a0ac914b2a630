// What every provider stand-in shares: a node:http server on 127.0.0.1 (port 0), a record of every
// request exactly as it arrived, and the switchable behaviours (429, 5xx, no-match, hang, garbage)
// tests use to put Hangar's retry, timeout and no-match handling through a real socket.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON, or the fields of a form body, or undefined when empty or unparseable. */
  body: unknown;
  raw: string;
}

export type Behaviour =
  | { kind: 'normal' }
  // `as403` is read by the code host only: GitHub signals an exhausted primary limit with 403.
  | { kind: 'rate_limited'; times?: number; retryAfterSeconds?: number; resetInSeconds?: number; as403?: boolean }
  | { kind: 'server_error'; times?: number; status?: number }
  | { kind: 'no_match' }
  | { kind: 'hang' }
  // Headers at once, then one byte of a JSON body every `everyMs` (200), never ending: a slow target.
  | { kind: 'trickle'; everyMs?: number }
  // A 200 whose JSON body is `bytes` long, sent without Content-Length: an answer too large to keep.
  | { kind: 'oversized'; bytes: number; times?: number }
  | { kind: 'garbage'; times?: number };

export interface Standin {
  url: string;
  requests: RecordedRequest[];
  behave(b: Behaviour): void;
  close(): Promise<void>;
}

/** A request as the stand-ins' handlers see it: the record plus what parsing found. */
export interface Incoming extends RecordedRequest {
  /** The body was sent as JSON (by content type, or by shape when no content type) and did not parse. */
  bodyInvalid: boolean;
  contentType: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string | number>;
  /** Serialized as JSON unless `text` is given. */
  json?: unknown;
  text?: string;
}

export const reply = (status: number, json?: unknown, headers?: Record<string, string | number>): Reply => ({ status, json, headers });

/**
 * What a handler may ask about the current behaviour. `hang`, `server_error` and `garbage` model the
 * infrastructure in front of a provider and are applied by the base to every request; `rate_limited`
 * and `no_match` are answers of the provider's API itself, so each stand-in takes them at the point
 * the real provider would (after checking the credential), and a refused credential does not use
 * up a `times`.
 */
export interface Control {
  /** The current behaviour when it is `kind`, consuming one of its `times`; otherwise undefined. */
  take<K extends Behaviour['kind']>(kind: K): Extract<Behaviour, { kind: K }> | undefined;
}

export interface StandinSpec {
  handle(req: Incoming, control: Control): Reply | Promise<Reply>;
  /** The provider's own 5xx answer. */
  serverError?(status: number): Reply;
}

/** When a rate-limited answer says the client may retry: Retry-After and/or a reset instant. */
export function rateLimitTiming(b: Extract<Behaviour, { kind: 'rate_limited' }>): { retryAfter?: number; resetAt: number } {
  const neither = b.retryAfterSeconds === undefined && b.resetInSeconds === undefined;
  const retryAfter = neither ? 1 : b.retryAfterSeconds;
  const resetAt = Math.ceil(Date.now() / 1000) + (b.resetInSeconds ?? retryAfter ?? 1);
  return { retryAfter, resetAt };
}

function parseBody(raw: string, contentType: string): { body: unknown; invalid: boolean } {
  if (!raw) return { body: undefined, invalid: false };
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return { body: Object.fromEntries(new URLSearchParams(raw)), invalid: false };
  }
  const looksJson = contentType.includes('json') || (!contentType && /^\s*[[{"]/.test(raw));
  if (!looksJson) return { body: raw, invalid: false };
  try {
    return { body: JSON.parse(raw), invalid: false };
  } catch {
    return { body: undefined, invalid: true };
  }
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function send(res: ServerResponse, r: Reply): void {
  const text = r.text ?? (r.json === undefined ? '' : JSON.stringify(r.json));
  const headers: Record<string, string | number> = { ...(r.headers ?? {}) };
  const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  if (text && !has('content-type')) headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(r.status, headers);
  res.end(text);
}

export async function startStandin(spec: StandinSpec): Promise<Standin> {
  const requests: RecordedRequest[] = [];
  let behaviour: Behaviour = { kind: 'normal' };
  let remaining = Infinity;
  const sockets = new Set<Socket>();
  const hung = new Set<ServerResponse>();

  const control: Control = {
    take(kind) {
      if (behaviour.kind !== kind) return undefined;
      const current = behaviour;
      if (--remaining <= 0) {
        behaviour = { kind: 'normal' };
        remaining = Infinity;
      }
      return current as never;
    },
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url ?? '/', 'http://standin');
        const headers = flattenHeaders(req);
        const contentType = (headers['content-type'] ?? '').toLowerCase();
        const { body, invalid } = parseBody(raw, contentType);
        const record: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers,
          body,
          raw,
        };
        requests.push(record);
        if (control.take('hang')) {
          hung.add(res);
          res.on('close', () => hung.delete(res));
          return;
        }
        const trickle = control.take('trickle');
        if (trickle) {
          hung.add(res);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"drip":"');
          const timer = setInterval(() => res.write('.'), trickle.everyMs ?? 200);
          res.on('close', () => {
            clearInterval(timer);
            hung.delete(res);
          });
          return;
        }
        const oversized = control.take('oversized');
        if (oversized) {
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = 'x'.repeat(64 * 1024);
          res.write('{"big":"');
          // Written at once (buffered): the client decides how much of it to read.
          for (let sent = 0; sent < oversized.bytes; sent += chunk.length) res.write(chunk);
          return res.end('"}');
        }
        const failure = control.take('server_error');
        if (failure) {
          const status = failure.status ?? 500;
          return send(res, spec.serverError?.(status) ?? reply(status, { message: 'Server Error' }));
        }
        if (control.take('garbage')) {
          // What a misconfigured proxy in front of a provider answers: 200, and not JSON.
          return send(res, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, text: '<html><body><h1>Service temporarily rerouted</h1>\u0000{not json' });
        }
        try {
          send(res, await spec.handle({ ...record, bodyInvalid: invalid, contentType }, control));
        } catch (err) {
          // A stand-in bug must be loud in the test output, not look like a provider answer.
          console.error('stand-in handler failed:', err);
          send(res, { status: 599, text: `stand-in bug: ${(err as Error).stack ?? err}`, headers: { 'content-type': 'text/plain' } });
        }
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(b) {
      behaviour = b;
      remaining = 'times' in b && b.times !== undefined ? b.times : Infinity;
      if (remaining <= 0) behaviour = { kind: 'normal' };
    },
    async close() {
      for (const res of hung) res.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/** The `Authorization: Bearer <token>` credential, if any (scheme case-insensitive). */
export function bearer(headers: Record<string, string>): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return m?.[1];
}

/** A URL reduced to host and path, so the same profile or site matches however it is written. */
export const normalizeUrl = (u: string) => u.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A tiny deterministic PRNG (mulberry32) seeded from a string, so generated data is stable across runs. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
