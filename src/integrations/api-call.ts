// The generic "API Call" step (api.md §4): a request the caller describes, sent to the provider
// with the connection's credentials. The provider's answer, whatever its status, is data; Hangar's
// own refusals are errors.
import { invalid } from '../shared/errors.ts';
import type { ActiveConnection } from './connections.ts';
import type { HttpMethod, ProviderDefinition, ProviderResponse, Send } from './provider.ts';

export interface ApiCallInput {
  method: string;
  endpoint: string;
  body?: unknown;
  headers?: Record<string, string>;
}

// The caller may not set these: credentials are the connection's, and hop-by-hop headers belong to
// the connection between Hangar and the provider.
const RESERVED = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  // They change how the provider (or a proxy before it) routes the request or which method it runs.
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
  'forwarded',
]);
const RESERVED_PREFIXES = ['x-forwarded-'];
const UNSAFE_ANSWER_HEADERS = new Set(['set-cookie', 'set-cookie2', 'connection', 'keep-alive', 'transfer-encoding', 'proxy-authenticate']);
// C0, DEL, C1 and the Unicode line separators: none belongs in a path, and some servers split on them.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const VERSION_SEGMENT = /^v[0-9]+[a-z0-9]*\//i;
// Segments of letters, digits and - . _ ~ that do not start with a dot, no empty segment: nothing to
// decode or normalize, no dot segment, no "//", so the path reads the same at the provider and the
// checks on its final reading have nothing to find (the common case, skipped for its cost).
export const PLAIN_PATH = /^\/?[\w~-][\w.~-]*(?:\/[\w~-][\w.~-]*)*\/?$/;

/** Layers of percent-encoding undone before checking; a path still encoded after them is refused. */
const MAX_DECODINGS = 4;

/** The path as the provider (or a proxy before it) might finally read it: fully decoded, Unicode-normalized. */
function finalReading(path: string): string {
  let decoded = path;
  for (let i = 0; ; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      // A `%` left after the first layer is text (`100%25done` is the name "100%done"), not an encoding.
      if (i === 0) throw invalid('endpoint has a malformed percent-encoding.');
      break;
    }
    if (next === decoded) break;
    if (i === MAX_DECODINGS) throw invalid('endpoint is percent-encoded too many times over; send it encoded once.');
    decoded = next;
  }
  // Full-width dots and slashes (．．／) become ../ under NFKC, as some servers normalize them.
  return decoded.normalize('NFKC');
}

/** The endpoint as a path below the provider's base, or a 400 saying why it cannot be one. */
export function endpointPath(provider: ProviderDefinition, endpoint: string): string {
  if (CONTROL.test(endpoint)) throw invalid('endpoint contains control characters.');
  if (endpoint.includes('\\')) throw invalid('endpoint may not contain backslashes.');
  if (SCHEME.test(endpoint) || endpoint.startsWith('//')) throw invalid('endpoint must be a path at the provider (e.g. /repos/owner/name), not an absolute address.');
  if (endpoint.includes('@')) throw invalid('endpoint may not contain "@".');
  const [path, query] = endpoint.split('?', 2);
  if (!PLAIN_PATH.test(path)) checkReading(finalReading(path));
  const relative = path.replace(/^\/+/, '');
  if (provider.apiCall.baseFor && !VERSION_SEGMENT.test(relative)) {
    throw invalid(`${provider.name} endpoints start at the version segment, e.g. v1beta/properties/123:runReport.`);
  }
  return `/${relative}${query !== undefined ? `?${query}` : ''}`;
}

/** The checks on the path as the provider might finally read it (decoded, normalized). */
function checkReading(reading: string): void {
  if (CONTROL.test(reading) || reading.includes('\\')) throw invalid('endpoint contains encoded control characters or backslashes.');
  if (reading.includes('@')) throw invalid('endpoint may not contain "@", encoded or not.');
  if (reading.replace(/^\/+/, '').includes('//') || reading.startsWith('//')) throw invalid('endpoint may not contain "//", encoded or not.');
  if (SCHEME.test(reading.replace(/^\/+/, ''))) throw invalid('endpoint must be a path at the provider, not an absolute address (encoded or not).');
  // `..;` is `..` to servers that take `;` as a segment parameter.
  if (reading.split('/').some((segment) => ['.', '..'].includes(segment.split(';')[0].trim()))) {
    throw invalid('endpoint may not climb out of the provider base with "." or ".." segments (encoded, full-width or with ";" parameters included).');
  }
}

export function checkHeaders(provider: ProviderDefinition, headers: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (RESERVED.has(lower) || RESERVED_PREFIXES.some((p) => lower.startsWith(p))) throw invalid(`headers.${name} cannot be set: the connection's credentials and the transport headers are Hangar's to send.`);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw invalid(`headers.${name} is not a valid header name.`);
    if (typeof value !== 'string' || !/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) {
      throw invalid(`headers.${name} must be header text: no control characters, nothing outside Latin-1.`);
    }
    out[lower] = value;
  }
  for (const required of provider.apiCall.requiredHeaders ?? []) {
    // A list of media types is fine as long as the required one is among them.
    const given = (out[required.name] ?? '').toLowerCase().split(',').map((v) => v.split(';')[0].trim());
    if (!given.includes(required.value.toLowerCase())) throw invalid(required.message);
  }
  return out;
}

export interface ApiCallAnswer {
  status: number;
  headers: Record<string, string>;
  response_body: unknown;
}

/** The provider's answer, as data. */
export async function apiCall(connection: ActiveConnection, send: Send, input: ApiCallInput): Promise<ApiCallAnswer> {
  const { response, headers } = await forward(connection, send, input);
  return { status: response.status, headers, response_body: response.body ?? null };
}

const CLOSE = Buffer.from('}');

/**
 * The same answer as JSON, the provider's JSON bytes spliced in as they came: they were checked to be
 * one JSON text within the nesting bound, and parsing then serializing them again would only spend
 * CPU, and round integers beyond 2^53 that the provider sent exactly.
 */
export async function apiCallJson(connection: ActiveConnection, send: Send, input: ApiCallInput): Promise<Buffer | string> {
  const { response, headers } = await forward(connection, send, input);
  if (response.json === undefined) return JSON.stringify({ status: response.status, headers, response_body: response.body ?? null });
  return Buffer.concat([Buffer.from(`{"status":${response.status},"headers":${JSON.stringify(headers)},"response_body":`), response.json, CLOSE]);
}

/** The provider's answer and the headers of it that may travel on. */
async function forward(connection: ActiveConnection, send: Send, input: ApiCallInput): Promise<{ response: ProviderResponse; headers: Record<string, string> }> {
  const { provider } = connection;
  if (!provider.apiCall.methods.length) throw invalid(`${provider.name} connections have no API Call; use the ${provider.id} steps.`);
  const method = input.method.toUpperCase() as HttpMethod;
  if (!provider.apiCall.methods.includes(method)) throw invalid(`method ${input.method} is not allowed for ${provider.name}; use one of ${provider.apiCall.methods.join(', ')}.`);
  const path = endpointPath(provider, input.endpoint);
  const headers = checkHeaders(provider, input.headers);
  if (method === 'GET' && input.body !== undefined) throw invalid('A GET request carries no body; put its parameters in the endpoint query string.');
  const response = await send({ method, path, headers, body: input.body, base: provider.apiCall.baseFor?.(path) });
  const safe: Record<string, string> = {};
  for (const k in response.headers) if (!UNSAFE_ANSWER_HEADERS.has(k)) safe[k] = response.headers[k];
  return { response, headers: safe };
}
