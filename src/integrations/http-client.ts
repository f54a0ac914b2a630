// One provider request over undici, with per-attempt timeouts and a body size cap; and the retry
// policy around it: exponential backoff with full jitter, honouring Retry-After and rate-limit reset
// headers within a bounded total wait; 5xx and network errors retried for idempotent methods only.
import { isUtf8 } from 'node:buffer';
import { Agent, type Dispatcher, errors as undiciErrors } from 'undici';
import { HangarError, invalid } from '../shared/errors.ts';
import { isJsonWithin } from '../shared/json-limits.ts';
import type { HttpMethod, ProviderResponse } from './provider.ts';

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const IDEMPOTENT = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);
const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 8000;
const JSON_TYPE = /[/+]json\b/i;

export interface RetryPolicy {
  timeoutMs: number;
  maxAttempts: number;
  maxRetryWaitMs: number;
}

export interface Attempt {
  /** `https://host:port`, as `URL#origin` spells it. */
  origin: string;
  /** The path and query below the origin, already encoded (`URL#pathname` + `URL#search`). */
  path: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body?: string;
}

/** A network failure or timeout: no answer to read. */
export class Unreachable extends Error {}

// One agent for all providers (per provider timeout setting: a process has one, tests a few):
// undici keeps a keep-alive pool per origin inside it. Connecting, too, must fit the attempt's cap.
const agents = new Map<number, Agent>();
function agentFor(timeoutMs: number): Agent {
  let agent = agents.get(timeoutMs);
  if (!agent) {
    agent = new Agent({ connections: 128, keepAliveTimeout: 30_000, pipelining: 1, connect: { timeout: Math.min(10_000, timeoutMs * 2) } });
    agents.set(timeoutMs, agent);
  }
  return agent;
}

/**
 * One request. undici bounds connecting (10 s, or twice `timeoutMs` when that is shorter), the wait
 * for the headers and each pause in the body (`timeoutMs`); the whole attempt, waiting for a
 * connection, the headers and the body together, must also end within `timeoutMs` of its start, so
 * a provider dripping its answer (or a pool with no free connection) cannot hold a call.
 * That cap is one plain timer, cleared when the answer is in: an `AbortSignal.timeout` per call
 * stays registered (a timer, a WeakRef, a closure) until it fires, and V8's young-generation GC
 * keeps every WeakRef's signal alive, so under load each call's signal was promoted to the old
 * generation: about 100 MB more old generation after a 10-second burst at 3,700 calls/s, kept until a
 * full collection more than 60 s later (bench/README.md, API Call).
 * The answer is collected by a dispatch handler rather than read from `request()`'s body stream:
 * the stream (a Readable, its events and an async scope per call) was a fifth of undici's cost here.
 */
export function sendOnce(attempt: Attempt, timeoutMs: number): Promise<ProviderResponse> {
  return new Promise((resolve, reject) => {
    const collector = new AnswerCollector(resolve, reject, timeoutMs);
    agentFor(timeoutMs).dispatch(
      {
        origin: attempt.origin,
        path: attempt.path || '/',
        method: attempt.method,
        headers: attempt.headers,
        body: attempt.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      collector,
    );
  });
}

/** Status, headers and at most MAX_BODY_BYTES of one answer; settles its promise exactly once. */
class AnswerCollector implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined;
  #status = 0;
  #headers: Record<string, string> = {};
  #chunks: Buffer[] = [];
  #size = 0;
  #done = false;
  readonly #timer: NodeJS.Timeout;

  // Let go of once settled (see #settle).
  #resolve: ((response: ProviderResponse) => void) | undefined;
  #reject: ((err: unknown) => void) | undefined;

  constructor(resolve: (response: ProviderResponse) => void, reject: (err: unknown) => void, ms: number) {
    this.#resolve = resolve;
    this.#reject = reject;
    this.#timer = setTimeout(() => this.#abort(new Unreachable('it did not answer in time')), ms);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    // Timed out while waiting for a connection: never sent.
    if (this.#done) controller.abort(new Unreachable('it did not answer in time'));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return;
    this.#status = statusCode;
    // undici names headers in lower case already.
    for (const k in headers) {
      const v = headers[k];
      if (v !== undefined) this.#headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#done) return;
    this.#size += chunk.length;
    if (this.#size > MAX_BODY_BYTES) return this.#abort(new Unreachable(`the answer was larger than ${MAX_BODY_BYTES} bytes`));
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    const resolve = this.#resolve;
    const chunks = this.#chunks;
    if (this.#settle()) return;
    const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.#size);
    resolve!(answerOf(this.#status, this.#headers, bytes));
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    const reject = this.#reject;
    if (this.#settle()) return;
    // A header value undici will not send (non-Latin-1 text in a key or header) is the caller's input.
    if ((err as { code?: string }).code === 'UND_ERR_INVALID_ARG') reject!(invalid(`The request cannot be sent: ${err.message}.`));
    else reject!(err instanceof Unreachable ? err : new Unreachable(describe(err)));
  }

  /**
   * Marks the attempt finished; true when it already was. Drops what reaches the caller: undici may
   * keep a finished request's handler (and a handler its promise, and that promise every await of
   * the call up to the HTTP request) until the connection is used again, and what is kept that long
   * under load outlives two young-generation collections and is copied to the old generation.
   */
  #settle(): boolean {
    if (this.#done) return true;
    this.#done = true;
    clearTimeout(this.#timer);
    this.#resolve = this.#reject = undefined;
    this.#chunks = [];
    this.#controller = undefined;
    return false;
  }

  #abort(reason: Unreachable): void {
    const reject = this.#reject;
    const controller = this.#controller;
    if (this.#settle()) return;
    reject!(reason);
    controller?.abort(reason);
  }
}

function answerOf(status: number, headers: Record<string, string>, bytes: Buffer): ProviderResponse {
  if (bytes.length === 0) return { status, headers, body: undefined };
  // Malformed UTF-8 reads as a text reading of it would: each bad sequence one U+FFFD.
  const utf8 = isUtf8(bytes) ? bytes : Buffer.from(bytes.toString('utf8'));
  const contentType = headers['content-type'];
  // Nested deeper than Hangar's walkers take, or not JSON after all: the caller gets the text.
  if (contentType && JSON_TYPE.test(contentType) && isJsonWithin(utf8)) return new JsonAnswer(status, headers, utf8);
  return { status, headers, body: utf8.toString('utf8') };
}

/**
 * A JSON answer, checked (isJsonWithin) but parsed only when its body is read: the API Call passes
 * the bytes on as they came and never reads it.
 */
class JsonAnswer implements ProviderResponse {
  /** Undefined until read: JSON.parse never returns undefined. */
  #body: unknown;
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly json: Buffer,
  ) {}
  get body(): unknown {
    if (this.#body === undefined) this.#body = JSON.parse(this.json.toString('utf8'));
    return this.#body;
  }
}

function describe(err: unknown): string {
  if (err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError || (err as Error)?.name === 'TimeoutError') return 'it did not answer in time';
  if (err instanceof undiciErrors.ConnectTimeoutError) return 'the connection timed out';
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code ? `the connection failed (${code})` : 'the connection failed';
}

/** When the provider says to come back: Retry-After (seconds or a date), else its reset header (epoch seconds). */
export function resetOf(headers: Record<string, string>, now = Date.now()): Date | undefined {
  const retryAfter = headers['retry-after'];
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return new Date(now + Math.max(0, seconds) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return new Date(date);
  }
  const reset = Number(headers['x-ratelimit-reset']);
  if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  return undefined;
}

const fullJitter = (attempt: number) => Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RetryHooks {
  /** Whether an answer means "rate limit exhausted" (429 always does). */
  rateLimited(response: ProviderResponse): boolean;
  /** Runs one attempt; may throw Unreachable. */
  attempt(): Promise<ProviderResponse>;
}

export function rateLimitError(provider: string, resetAt: Date | undefined): HangarError {
  const seconds = resetAt ? Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)) : 60;
  const when = resetAt ? ` Its limit resets at ${resetAt.toISOString()}.` : '';
  return new HangarError(429, 'rate_limited', `${provider} is rate limiting this connection and still was after retrying with backoff.${when} Retry later.`, 'third_party', seconds);
}

export async function withRetries(provider: string, method: HttpMethod, policy: RetryPolicy, hooks: RetryHooks): Promise<ProviderResponse> {
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= policy.maxAttempts;
    let response: ProviderResponse;
    try {
      response = await hooks.attempt();
    } catch (err) {
      if (!(err instanceof Unreachable)) throw err;
      const delay = fullJitter(attempt);
      if (!IDEMPOTENT.has(method) || last || waited + delay > policy.maxRetryWaitMs) {
        throw new HangarError(502, 'upstream_error', `${provider} could not be reached: ${err.message}.`, 'third_party');
      }
      waited += delay;
      await sleep(delay);
      continue;
    }
    if (response.status === 429 || hooks.rateLimited(response)) {
      const resetAt = resetOf(response.headers);
      const delay = resetAt ? Math.max(0, resetAt.getTime() - Date.now()) + Math.random() * 100 : fullJitter(attempt);
      if (last || waited + delay > policy.maxRetryWaitMs) throw rateLimitError(provider, resetAt);
      waited += delay;
      await sleep(delay);
      continue;
    }
    if (response.status >= 500 && IDEMPOTENT.has(method) && !last) {
      const delay = fullJitter(attempt);
      if (waited + delay <= policy.maxRetryWaitMs) {
        waited += delay;
        await sleep(delay);
        continue;
      }
    }
    return response;
  }
}
