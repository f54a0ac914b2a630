// The one runtime every provider goes through: resolves the base address, sets the provider's
// headers and then the connection's credentials (always last), spends the quotas, retries, and
// refreshes an OAuth token once when the provider answers 401.
import { HangarError } from '../shared/errors.ts';
import { PLAIN_PATH } from './api-call.ts';
import type { ActiveConnection } from './connections.ts';
import type { IntegrationDeps } from './deps.ts';
import { sendOnce, withRetries } from './http-client.ts';
import { freshToken } from './oauth.ts';
import type { ProviderDefinition, ProviderRequest, ProviderResponse, Send } from './provider.ts';

export function baseUrl(deps: IntegrationDeps, provider: ProviderDefinition, base: string | undefined): string {
  const setting = provider.bases[base ?? Object.keys(provider.bases)[0]];
  if (!setting) throw new Error(`${provider.id} has no base "${base}"`);
  return deps.config.providers.baseUrls[setting];
}

const baseParts = new Map<string, { origin: string; prefix: string; search: string }>();
function partsOf(base: string) {
  let parts = baseParts.get(base);
  if (!parts) {
    const url = new URL(base);
    parts = { origin: url.origin, prefix: url.pathname.replace(/\/$/, ''), search: url.search };
    baseParts.set(base, parts);
  }
  return parts;
}

/** Where a request goes: the origin and the encoded path below it, parsed once (undici takes them apart). */
function targetOf(deps: IntegrationDeps, provider: ProviderDefinition, request: ProviderRequest): { origin: string; path: string } {
  const base = baseUrl(deps, provider, request.base);
  // A plain path below a base without a query is what URL would make of it: no URL to build.
  const { origin, prefix, search } = partsOf(base);
  if (!search && PLAIN_PATH.test(request.path) && (request.query === undefined || Object.values(request.query).every((v) => v === undefined))) {
    return { origin, path: `${prefix}/${request.path.replace(/^\//, '')}` };
  }
  const url = new URL(base);
  // The base may carry a path prefix (…/v1): the request path goes below it.
  const [path, inlineQuery] = request.path.split('?', 2);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (inlineQuery) url.search = inlineQuery;
  for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return { origin: url.origin, path: `${url.pathname}${url.search}` };
}

function credentialHeaders(connection: ActiveConnection): Record<string, string> {
  const c = connection.credentials;
  if (c.kind === 'oauth') return { authorization: `Bearer ${c.access_token}` };
  if (c.kind === 'headers') return c.headers;
  const method = connection.provider.connect.apiKey;
  if (!method) throw new Error(`${connection.provider.id} has no API-key method`);
  return method.headers(c.key);
}

const JSON_BODY = { 'content-type': 'application/json' };

/** The headers of one attempt: the provider's, the caller's, the body's type, then the credentials (always last). */
function headersOf(provider: ProviderDefinition, request: ProviderRequest, body: string | undefined, connection: ActiveConnection): Record<string, string> {
  return Object.assign({}, provider.headers, request.headers, body === undefined ? undefined : JSON_BODY, credentialHeaders(connection));
}

/** A `Send` bound to one connection: what steps and API Calls use. */
export function sender(deps: IntegrationDeps, initial: ActiveConnection): Send {
  let connection = initial;
  const { provider } = connection;
  const timeoutMs = deps.config.providers.timeoutMs;
  return async (request) => {
    if (connection.credentials.kind === 'oauth') connection = await freshToken(deps, connection, false);
    const { origin, path } = targetOf(deps, provider, request);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const once = () => sendOnce({ origin, path, method: request.method, headers: headersOf(provider, request, body, connection), body }, timeoutMs);
    /** One request, with the quotas it spends reserved before and settled after (most providers publish none). */
    const reserved = !provider.quotas?.length
      ? once
      : async () => {
          const reservation = await deps.quotas.reserve(provider, connection.id, request);
          let response: ProviderResponse | undefined;
          try {
            response = await once();
          } finally {
            await reservation.settle(response);
          }
          return response;
        };
    let refreshed = false;
    let attempts = 0;
    const metrics = deps.metrics;
    /** A 401 to an OAuth connection: its token is refreshed once and the request sent again. */
    const refreshOn401 = async (response: ProviderResponse) => {
      if (response.status !== 401 || refreshed || connection.credentials.kind !== 'oauth') return response;
      refreshed = true;
      connection = await freshToken(deps, connection, true);
      // The request sent again is a request like any other: it holds a concurrency slot and its
      // tokens are charged (the refused one cost none).
      return reserved();
    };
    const calling = withRetries(provider.name, request.method, deps.config.providers, {
      rateLimited: (r) => provider.rateLimited?.(r) ?? false,
      attempt: () => {
        if (attempts++ > 0) metrics?.providerRetries.inc({ provider: provider.id });
        return connection.credentials.kind === 'oauth' ? reserved().then(refreshOn401) : reserved();
      },
    });
    if (!metrics) return calling;
    return calling.then(
      (response) => {
        metrics.providerCalls.inc({ provider: provider.id, status: String(response.status) });
        return response;
      },
      (err: { status?: number; errorType?: string }) => {
        metrics.providerCalls.inc({ provider: provider.id, status: err.status === 429 ? 'rate_limited' : err.status === 502 ? 'unreachable' : 'error' });
        throw err;
      },
    );
  };
}

/** Provider answers that are errors for a named step, in the contract's terms. */
export function stepError(provider: ProviderDefinition, response: ProviderResponse): HangarError {
  const said = providerMessage(response);
  const detail = said ? `: ${said}` : '';
  switch (true) {
    case response.status === 400 || response.status === 422:
      return new HangarError(400, 'validation_error', `${provider.name} rejected the request (${response.status})${detail}`, 'third_party');
    case response.status === 401:
      return new HangarError(403, 'forbidden', `${provider.name} rejected this connection's credentials; reconnect it${detail}`, 'third_party');
    case response.status === 403:
      return new HangarError(403, 'forbidden', `${provider.name} refused: the connected account lacks the permission this step needs${detail}`, 'third_party');
    case response.status === 404:
      return new HangarError(404, 'not_found', `${provider.name} found no such resource${detail}`, 'third_party');
    case response.status === 409:
      return new HangarError(409, 'conflict', `${provider.name} reported a conflict${detail}`, 'third_party');
    default:
      return new HangarError(502, 'upstream_error', `${provider.name} answered ${response.status}${detail}`, 'third_party');
  }
}

/**
 * The code host's 422 says only "Validation Failed"; which field it refused is in `errors`
 * (`[{resource, field, code}]`), and without it the caller cannot tell what to fix.
 */
function fieldErrors(errors: unknown): string {
  if (!Array.isArray(errors)) return '';
  const parts = errors
    .slice(0, 5)
    .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' ? ((e as { message?: string }).message ?? [(e as { field?: string }).field, (e as { code?: string }).code].filter(Boolean).join(' ')) : ''))
    .filter(Boolean);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** The provider's own error sentence, from the shapes our providers use. */
function providerMessage(response: ProviderResponse): string | undefined {
  const b = response.body as { message?: unknown; error?: unknown; errors?: unknown } | string | undefined;
  if (!b || typeof b === 'string') return undefined;
  if (typeof b.message === 'string') return `${b.message}${fieldErrors(b.errors)}`.slice(0, 300);
  if (b.error && typeof b.error === 'object' && typeof (b.error as { message?: unknown }).message === 'string') return ((b.error as { message: string }).message).slice(0, 300);
  if (typeof b.error === 'string') return b.error.slice(0, 300);
  return undefined;
}
