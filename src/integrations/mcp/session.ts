// One MCP client session with a remote server, through the SDK's Client over its streamable HTTP
// transport (with Hangar's guarded fetch), and every way it can fail read as one HangarError that
// says why: refused credentials, not an MCP server, unreachable, too slow, malformed JSON-RPC, or a
// server that went away mid-call.
import type { Report } from '../../db/faults.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { HangarError } from '../../shared/errors.ts';
import { within } from '../../shared/within.ts';
import { RefusedAddress } from './fetch.ts';

export interface McpEnv {
  fetch: FetchLike;
  /** Bound of one tools/call (HANGAR_MCP_CALL_TIMEOUT_MS). */
  callTimeoutMs: number;
  /** Bound of initialize and tools/list, and of each request's connect and headers (the provider timeout). */
  requestTimeoutMs: number;
  /** How a background failure (a listener that stops) is said and counted (src/db/faults.ts). */
  report?: Report;
}

export interface RemoteTarget {
  url: string;
  headers: Record<string, string>;
  /** For a connection signed in with OAuth: tokens, refreshed on a 401 by the SDK. */
  authProvider?: OAuthClientProvider;
}

export interface Session {
  client: Client;
  /** The remote's failure, read as a HangarError (`phase` decides its status). */
  failed(err: unknown, what: string): HangarError;
  close(): Promise<void>;
}

/** The server refused the connection's credentials while in use: a signed-in connection refreshes its token and tries once more. */
export class RemoteAuthRefused extends HangarError {}

/** Where the failure happened: checking a server before storing a connection (the caller's 400), or using one (the remote's 502/504). */
export type Phase = 'connect' | 'use';

const SHORT = 300;
const clip = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT)}…` : text);

/**
 * Opens a session: `initialize`, then `notifications/initialized`. A short session (a call, a check)
 * ends at its first transport error — a broken stream or a message that is not JSON-RPC fails the
 * request in flight at once instead of leaving it to time out; a long one (`onToolsChanged`, the
 * list_changed listener) lets the SDK reconnect its stream.
 */
export async function openSession(env: McpEnv, target: RemoteTarget, phase: Phase, options: { onToolsChanged?: () => void; onLost?: (err: unknown) => void } = {}): Promise<Session> {
  const url = new URL(target.url);
  const listening = options.onToolsChanged !== undefined;
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: env.fetch,
    requestInit: { headers: target.headers },
    authProvider: target.authProvider,
    reconnectionOptions: listening
      ? { initialReconnectionDelay: 1000, maxReconnectionDelay: 30_000, reconnectionDelayGrowFactor: 1.5, maxRetries: 5 }
      : { initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1, maxRetries: 0 },
  });
  const client = new Client({ name: 'Hangar', version: '1.0.0' }, { capabilities: {} });
  let broken: unknown;
  client.onerror = (err) => {
    // The optional GET stream a server may refuse: not a failure of anything in flight.
    const message = String((err as Error)?.message);
    if (listening) {
      // A dropped stream is retried with backoff; a reconnection that fails outright (the server
      // gone, or no longer knowing the session) or the last retry ends the listener: nothing more
      // would arrive, so the loss is said at once (the next use opens a new session).
      if (/Maximum reconnection attempts|Failed to reconnect/.test(message)) options.onLost?.(err);
      return;
    }
    if (/Failed to open SSE stream/.test(message)) return;
    broken ??= err;
    void client.close().catch(() => {});
  };
  if (options.onToolsChanged) client.setNotificationHandler(ToolListChangedNotificationSchema, async () => options.onToolsChanged!());
  const failed = (err: unknown, what: string) => describe(broken !== undefined && isClosed(err) ? broken : err, url, what, phase, env);
  try {
    await client.connect(transport, { timeout: env.requestTimeoutMs });
  } catch (err) {
    await client.close().catch(() => {});
    throw failed(err, 'initialize');
  }
  return {
    client,
    failed,
    async close() {
      // Ending the session at the server is a courtesy: it is not waited on longer than a moment.
      const ending = transport.terminateSession().catch(() => {});
      await within(ending, 1000);
      await client.close().catch(() => {});
    },
  };
}

const isClosed = (err: unknown) => err instanceof McpError && err.code === ErrorCode.ConnectionClosed;

/** Every failure of a remote, in words that say which of them it was. */
function describe(err: unknown, url: URL, what: string, phase: Phase, env: McpEnv): HangarError {
  if (err instanceof RefusedAddress) return err;
  if (err instanceof HangarError) return err;
  const host = url.host;
  const fail = (message: string, use: { status: number; type?: HangarError['type'] } = { status: 502 }) =>
    phase === 'connect'
      ? new HangarError(400, 'validation_error', `Cannot connect the MCP server at ${url.origin}${url.pathname}: ${message}.`, 'user')
      : new HangarError(use.status, use.type ?? 'upstream_error', `The MCP server at ${host} ${message}.`, 'third_party');
  if (err instanceof UnauthorizedError || (err instanceof StreamableHTTPError && (err.code === 401 || err.code === 403))) {
    const status = err instanceof StreamableHTTPError ? err.code : 401;
    return phase === 'connect'
      ? fail(`it refused the credentials (HTTP ${status}); check the headers, or sign in with OAuth`)
      : new RemoteAuthRefused(403, 'forbidden', `The MCP server at ${host} refused this connection's credentials (HTTP ${status}); reconnect it.`, 'third_party');
  }
  if (err instanceof StreamableHTTPError) {
    if (err.code === -1) return fail(`it did not answer as an MCP server (${clip(err.message)})`);
    return fail(`it did not answer ${what} as an MCP server (HTTP ${err.code}: ${clip(err.message.replace(/^Streamable HTTP error: /, ''))})`);
  }
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) return fail(`did not answer ${what} within ${what === 'tools/call' ? env.callTimeoutMs : env.requestTimeoutMs} ms`, { status: 504 });
    if (err.code === ErrorCode.ConnectionClosed) return fail(`closed the connection before answering ${what}`);
    if (err.code === ErrorCode.InvalidParams) return fail(`refused ${what}: ${clip(err.message)}`, { status: 400, type: 'validation_error' });
    return fail(`answered ${what} with an error: ${clip(err.message)}`);
  }
  const name = (err as Error)?.name;
  const message = String((err as Error)?.message ?? err);
  if (name === 'ZodError' || name === '$ZodError' || err instanceof SyntaxError || /Unknown message type|invalid initialize result/i.test(message)) {
    return fail(`answered ${what} with something that is not valid JSON-RPC`);
  }
  if (/SSE stream disconnected|terminated|other side closed|socket/i.test(message)) return fail(`went away before answering ${what}`);
  if (/protocol version is not supported/i.test(message)) return fail(`speaks an MCP protocol version Hangar does not (${clip(message)})`);
  const code = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  if (name === 'TypeError' || code) return fail(`could not be reached (${code ?? clip(message)})`);
  if (name === 'AbortError' || name === 'TimeoutError') return fail(`did not answer ${what} in time`, { status: 504 });
  return fail(`failed: ${clip(message)}`);
}
