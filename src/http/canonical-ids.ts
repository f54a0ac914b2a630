// Ids arrive in any spelling a client chooses (`7AB9A294-…` is the same UUID as `7ab9a294-…`), but
// Hangar compares them as text in caches and binds secrets to them: one spelling must reach the
// domain. Path parameters, query fields and the body's id fields are rewritten to the canonical
// (lower-case) form here, once, before validation. Values that are not Hangar's own ids — a tool's
// params, a step's inputs, an API Call's body for the provider — are left exactly as sent.
import type { FastifyRequest } from 'fastify';
import { canonicalId } from '../governance/principal.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path ids are taken exactly as spelled (a URL Hangar handed out, such as a webhook's). */
    exactPathIds?: boolean;
  }
}

const ID_FIELD = /(?:^|_)ids?$/;
/** Lists whose items carry Hangar ids of their own (an agent's actions). */
const ID_LISTS = new Set(['actions']);

function canonicalValue(value: unknown): unknown {
  if (typeof value === 'string') return canonicalId(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? canonicalId(v) : v));
  return value;
}

function canonicalFields(record: Record<string, unknown>, lists: boolean): void {
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (ID_FIELD.test(key)) record[key] = canonicalValue(value);
    else if (lists && ID_LISTS.has(key) && Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object' && !Array.isArray(item)) canonicalFields(item as Record<string, unknown>, false);
    }
  }
}

export function canonicalizeIds(request: FastifyRequest): void {
  const params = request.params as Record<string, unknown> | undefined;
  if (params && !request.routeOptions.config.exactPathIds) for (const key of Object.keys(params)) params[key] = canonicalValue(params[key]);
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object') canonicalFields(query, false);
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) canonicalFields(body as Record<string, unknown>, true);
}
