// The generic `api_call` step: an HTTP request to an address the tool author gives, with their own
// headers, guarded against reaching private networks (ssrf.ts). Like the provider API Call, the
// answer, whatever its status, is data.
import { request } from 'undici';
import { HangarError, invalid } from '../shared/errors.ts';
import { BlockedAddress, checkTarget, guardedAgent } from './ssrf.ts';
import { parseBoundedJson } from '../shared/json-limits.ts';

const MAX_REDIRECTS = 5;
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'content-length', 'proxy-authorization', 'proxy-connection']);

const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);
const withoutKeys = (headers: Record<string, string>, drop: Set<string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !drop.has(k)));

export interface HttpCallInput {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Why a call was stopped from outside: its run's cancellation. */
export class CallCancelled extends Error {}

export function createHttpCaller(options: { allowPrivate: boolean; timeoutMs: number }) {
  const agent = guardedAgent(options.allowPrivate);
  /**
   * The whole call — connecting, the headers, the body and every redirect — ends within `timeoutMs`
   * of its start: undici's own timeouts bound each pause only, so a target trickling a byte a second
   * could hold a run for as long as it liked. `signal` (the run's cancellation) aborts it too.
   */
  return async function httpCall(input: HttpCallInput, signal?: AbortSignal) {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    try {
      return await send(input, stop);
    } catch (err) {
      if (signal?.aborted) throw new CallCancelled('The run was cancelled while the request was in flight.');
      if (deadline.signal.aborted) throw new HangarError(504, 'upstream_error', `The target did not answer within ${options.timeoutMs} ms (headers and body together).`, 'third_party');
      throw err;
    } finally {
      clearTimeout(timer);
    }
  };

  async function send(input: HttpCallInput, stop: AbortSignal) {
    // The input is a tool's rendered params: a reference to a missing param leaves url out, and any
    // field can hold any JSON, so each is checked here rather than failing as our own error.
    if (typeof input.url !== 'string') throw invalid('url must be a string (an absolute http or https address).');
    if (input.method !== undefined && typeof input.method !== 'string') throw invalid('method must be a string.');
    if (input.headers !== undefined && (typeof input.headers !== 'object' || input.headers === null || Array.isArray(input.headers))) throw invalid('headers must be an object of strings.');
    let method = (input.method ?? 'GET').toUpperCase();
    if (!METHODS.has(method)) throw invalid(`method ${input.method} is not supported by api_call.`);
    let headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(input.headers ?? {})) {
      if (typeof v !== 'string') throw invalid(`header ${k} must be a string.`);
      if (!HOP_BY_HOP.has(k.toLowerCase())) headers[k.toLowerCase()] = v;
    }
    let body: string | undefined;
    if (input.body !== undefined && method !== 'GET' && method !== 'HEAD') {
      body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
      headers['content-type'] ??= 'application/json';
    }
    let url = checkTarget(input.url, options.allowPrivate);
    for (let hop = 0; ; hop++) {
      let res;
      try {
        res = await request(url, { method: method as 'GET', headers, body, dispatcher: agent, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, signal: stop });
      } catch (err) {
        if (stop.aborted) throw err;
        const cause = (err as { cause?: unknown }).cause ?? err;
        if (cause instanceof BlockedAddress || err instanceof BlockedAddress) throw invalid(`api_call may not reach ${url.hostname}: ${(cause as Error).message}.`);
        throw new HangarError(502, 'upstream_error', `${url.host} could not be reached (${(cause as { code?: string }).code ?? (cause as Error).message}).`, 'third_party');
      }
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
        await res.body.dump();
        if (hop >= MAX_REDIRECTS) throw new HangarError(502, 'upstream_error', `${url.host} redirected more than ${MAX_REDIRECTS} times.`, 'third_party');
        let target: string;
        try {
          target = new URL(location, url).toString();
        } catch {
          throw new HangarError(502, 'upstream_error', `${url.host} redirected to "${location.slice(0, 200)}", which is not an address.`, 'third_party');
        }
        const next = checkTarget(target, options.allowPrivate);
        // Credentials the author meant for one site do not follow a redirect to another (as fetch does).
        if (next.origin !== url.origin) headers = withoutKeys(headers, CREDENTIAL_HEADERS);
        url = next;
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers = withoutKeys(headers, BODY_HEADERS);
        }
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) throw new HangarError(502, 'upstream_error', `${url.host} answered more than ${MAX_BODY_BYTES} bytes.`, 'third_party');
        chunks.push(chunk as Buffer);
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && k !== 'set-cookie' && !HOP_BY_HOP.has(k)) out[k] = Array.isArray(v) ? v.join(', ') : v;
      let parsed: unknown = text;
      if (/json/i.test(out['content-type'] ?? '')) {
        try {
          // Nested deeper than Hangar's walkers take: kept as the text it is.
          parsed = parseBoundedJson(text) ?? text;
        } catch {
          /* not JSON after all: keep the text */
        }
      }
      return { status: res.statusCode, headers: out, response_body: text === '' ? null : parsed };
    }
  }
}
