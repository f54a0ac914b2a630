// One attempt of a delivery: a signed POST to the subscription's address. Addresses are checked
// again at every attempt — the scheme and literal addresses here, and every connection's resolved
// address by the guarded dispatcher (src/tools/ssrf.ts), so a name that now resolves to a private
// address (DNS rebinding) is refused. No redirect is followed (a 3xx is a failed attempt, as the
// Standard Webhooks specification says), and of the answer only the status is kept: its body is
// read and dropped up to a bound, then the connection is cut.
import { request, type Dispatcher } from 'undici';
import { BlockedAddress, checkTarget, guardedAgent } from '../tools/ssrf.ts';
import type { SignedHeaders } from './signature.ts';

/** An attempt with no answer within this is a failed attempt (issue 32 §4: "no answer in 10 s"). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer read (and dropped) before its connection is cut. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface AttemptResult {
  /** The receiver's HTTP status, or null when it did not answer. */
  status: number | null;
  delivered: boolean;
  /** Why there is no status: refused address, connection error, timeout. */
  error?: string;
}

export interface Sender {
  send(url: string, headers: SignedHeaders, body: string): Promise<AttemptResult>;
  close(): Promise<void>;
}

export function createSender(allowPrivate: boolean, timeoutMs = ATTEMPT_TIMEOUT_MS): Sender {
  const dispatcher: Dispatcher = guardedAgent(allowPrivate, { headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return {
    async send(url, headers, body) {
      try {
        checkTarget(url, allowPrivate, 'an event subscription');
      } catch (err) {
        return { status: null, delivered: false, error: (err as Error).message };
      }
      const signal = AbortSignal.timeout(timeoutMs);
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, {
          method: 'POST',
          dispatcher,
          signal,
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Hangar-Events/1' },
          body,
        });
      } catch (err) {
        return { status: null, delivered: false, error: describe(err, signal, timeoutMs) };
      }
      // The answer's body means nothing to us; a 2xx whose body trickles past the bound still counts.
      await res.body.dump({ limit: MAX_ANSWER_BYTES, signal }).catch(() => {});
      const delivered = res.statusCode >= 200 && res.statusCode < 300;
      return { status: res.statusCode, delivered };
    },
    close: () => dispatcher.close(),
  };
}

function describe(err: unknown, signal: AbortSignal, timeoutMs: number): string {
  const cause = (err as { cause?: unknown }).cause ?? err;
  if (cause instanceof BlockedAddress || err instanceof BlockedAddress) return `refused: ${(cause as Error).message}`;
  if (signal.aborted) return `no answer within ${timeoutMs / 1000} s`;
  const code = (cause as { code?: string }).code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return `no answer within ${timeoutMs / 1000} s`;
  return `could not be reached (${code ?? (cause as Error).message ?? 'unknown error'})`;
}
