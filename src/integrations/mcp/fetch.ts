// The fetch the MCP SDK's transport and OAuth helpers use: every request goes through the address
// guard (../../tools/ssrf.ts), because an MCP server's address is chosen by a project editor, not by
// the operator. The scheme and literal addresses are checked here before each request, host names
// as they resolve (the guarded agent connects to the address it checked), and no redirect is
// followed here: the SDK follows same-origin redirects itself, each through this fetch again.
import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { HangarError } from '../../shared/errors.ts';
import { BlockedAddress, checkTarget, guardedAgent } from '../../tools/ssrf.ts';

/** Most an answer (or a stream, over its life) may bring: a remote cannot fill Hangar's memory. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Who the address guard names in its refusals. */
const WHO = 'an MCP connection';

/** A refusal of the address guard, met before or while connecting. */
export class RefusedAddress extends HangarError {}

export function guardedFetch(options: { allowPrivate: boolean; connectTimeoutMs: number }): FetchLike {
  // Headers must come within the provider timeout; a body (an SSE stream of a long tool call, or the
  // stream that carries list_changed) has no pause limit here: each call is bounded by its own timeout.
  const agent = guardedAgent(options.allowPrivate, { headersTimeout: options.connectTimeoutMs, bodyTimeout: 0, connectTimeout: options.connectTimeoutMs });
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input.toString();
    try {
      checkTarget(url, options.allowPrivate, WHO);
    } catch (err) {
      throw new RefusedAddress(400, 'validation_error', (err as Error).message);
    }
    try {
      // The transport's requests carry its signal (aborted when the session closes, and each waits
      // within the SDK's request timeout); the OAuth helpers' carry none, so they get a bound here.
      const signal = init?.signal ?? AbortSignal.timeout(options.connectTimeoutMs * 2);
      const response = (await undiciFetch(url, { ...(init as UndiciRequestInit), signal, redirect: 'manual', dispatcher: agent })) as unknown as Response;
      return response.body ? new Response(response.body.pipeThrough(bounded(url)), { status: response.status, statusText: response.statusText, headers: response.headers }) : response;
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause;
      if (cause instanceof BlockedAddress) throw new RefusedAddress(400, 'validation_error', `${WHO} may not reach ${new URL(url).hostname}: ${cause.message}.`);
      throw err;
    }
  };
}

/** Passes a body through until it exceeds MAX_BODY_BYTES, then fails it (the SDK reports a broken stream). */
function bounded(url: string): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) controller.error(new Error(`${new URL(url).host} sent more than ${MAX_BODY_BYTES} bytes`));
      else controller.enqueue(chunk);
    },
  });
}
