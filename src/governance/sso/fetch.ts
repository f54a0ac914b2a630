// The fetch openid-client uses for every call to an identity provider (discovery, JWKS, token,
// userinfo). An issuer URL is typed by an organization admin, so it must not become a way into the
// deployment's own network: every request passes the address guard (../../tools/ssrf.ts) unless the
// deployment allows private addresses, waits a bounded time, follows no redirect, and reads at most
// MAX_BODY_BYTES.
import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import type { CustomFetch } from 'openid-client';
import { BlockedAddress, checkTarget, guardedAgent } from '../../tools/ssrf.ts';

/** A discovery document or a JWKS is a few kilobytes; nothing an IdP sends needs more. */
const MAX_BODY_BYTES = 1024 * 1024;
const WHO = 'an identity provider';

/** The address guard refused the IdP's address: the configuration is wrong, not the IdP down. */
export class IdpAddressRefused extends Error {}

export function idpFetch(options: { allowPrivate: boolean; timeoutMs: number }): CustomFetch {
  const agent = guardedAgent(options.allowPrivate, { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, connectTimeout: options.timeoutMs });
  return async (url, init) => {
    try {
      checkTarget(url, options.allowPrivate, WHO);
    } catch (err) {
      throw new IdpAddressRefused((err as Error).message);
    }
    // openid-client passes a signal bounded by Configuration.timeout; this one bounds the body too.
    const signal = AbortSignal.any([init.signal ?? AbortSignal.timeout(options.timeoutMs), AbortSignal.timeout(options.timeoutMs)]);
    let response: Response;
    try {
      response = (await undiciFetch(url, { ...(init as unknown as UndiciRequestInit), signal, redirect: 'manual', dispatcher: agent })) as unknown as Response;
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause;
      if (cause instanceof BlockedAddress) throw new IdpAddressRefused(`${WHO} may not be reached at ${new URL(url).hostname}: ${cause.message}.`);
      throw err;
    }
    const body = await readBounded(response, url, signal);
    return new Response(body as BodyInit | null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

async function readBounded(response: Response, url: string, signal: AbortSignal): Promise<Buffer | null> {
  if (!response.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new Error(`${new URL(url).host} sent more than ${MAX_BODY_BYTES} bytes`);
    if (signal.aborted) throw signal.reason;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
