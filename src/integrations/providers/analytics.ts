// The web-analytics provider (source §4B): a Data API for reports and an Admin API for properties
// and key events, one OAuth connection per provider account, quotas per property.
import { Type } from 'typebox';
import { HangarError } from '../../shared/errors.ts';
import type { ProviderDefinition, ProviderRequest, ProviderResponse, QuotaDefinition } from '../provider.ts';
import { pathOf, step } from '../provider.ts';

const DATA_METHODS = /:(runReport|runRealtimeReport|runPivotReport|batchRunReports|batchRunPivotReports|checkCompatibility)$|\/metadata$/;
const PROPERTY = /^\/v1beta\/properties\/(\d+)/;
const REALTIME = /:runRealtimeReport$/;

const PropertyId = Type.String({ pattern: '^(properties/)?[0-9]+$', description: 'Numeric property id, or `properties/<id>`.' });
const numeric = (id: string) => id.replace(/^properties\//, '');
const DateString = Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|today|yesterday|[0-9]+daysAgo)$', description: 'YYYY-MM-DD, today, yesterday or NdaysAgo.' });

/** Which property counter a Data API request spends, core or realtime. */
function propertyQuota(realtime: boolean) {
  return (_connection: string, request: ProviderRequest) => {
    const path = request.path.split('?')[0];
    const m = PROPERTY.exec(path);
    if (!m || !DATA_METHODS.test(path) || path.endsWith('/metadata') || REALTIME.test(path) !== realtime) return undefined;
    return m[1];
  };
}

const quotas: QuotaDefinition[] = [
  { name: 'core_tokens_per_hour', points: 40_000, durationSeconds: 3600, kind: 'tokens', key: propertyQuota(false) },
  { name: 'core_tokens_per_day', points: 200_000, durationSeconds: 86_400, kind: 'tokens', key: propertyQuota(false) },
  { name: 'core_concurrent_requests', points: 10, durationSeconds: 300, kind: 'concurrency', key: propertyQuota(false) },
  { name: 'realtime_tokens_per_hour', points: 15_000, durationSeconds: 3600, kind: 'tokens', key: propertyQuota(true) },
  { name: 'realtime_tokens_per_day', points: 75_000, durationSeconds: 86_400, kind: 'tokens', key: propertyQuota(true) },
];

interface PropertyQuota {
  tokensPerDay?: { consumed?: number };
  tokensPerHour?: { consumed?: number };
}

const names = (list: string[]) => list.map((name) => ({ name }));

export const analytics: ProviderDefinition = {
  id: 'analytics',
  name: 'Web Analytics',
  description: 'Reports, key events and properties of the web-analytics provider.',
  kindWords: ['analytics', 'web analytics', 'reports'],
  beta: true,
  mark: { letters: 'WA', colour: '#a1400b' },
  bases: { admin: 'analytics_admin', data: 'analytics_data' },
  connect: {
    oauth: {
      app: 'analytics',
      scopes: ['https://www.googleapis.com/auth/analytics.edit', 'https://www.googleapis.com/auth/analytics.readonly', 'https://www.googleapis.com/auth/userinfo.email'],
      // A refresh token, and a fresh consent so a reconnect gets one again.
      authorizeParams: { access_type: 'offline', prompt: 'consent' },
      account: { userinfo: (claims) => (claims.email as string | undefined) ?? (claims.sub as string | undefined) },
    },
    test: { method: 'GET', path: '/v1beta/accountSummaries', query: { pageSize: 1 } },
  },
  apiCall: {
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    baseFor: (path) => (DATA_METHODS.test(path.split('?')[0]) ? 'data' : 'admin'),
  },
  quotas,
  // The Data API reports what each request cost when asked (returnPropertyQuota).
  tokensCharged: (response, quota) => {
    const q = (response.body as { propertyQuota?: PropertyQuota } | undefined)?.propertyQuota;
    if (!q) return undefined;
    return quota.name.endsWith('per_day') ? q.tokensPerDay?.consumed : q.tokensPerHour?.consumed;
  },
  steps: [
    step({
      id: 'run_reports',
      name: 'Run Reports',
      description: 'A report of metrics by dimensions over a date range, with optional filters. No matching data is a success with no rows.',
      input: Type.Object({
        property_id: PropertyId,
        metrics: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'e.g. sessions, activeUsers, conversions, screenPageViews' }),
        dimensions: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'e.g. date, country, sessionSource, pagePath' })),
        date_range: Type.Object({ start_date: DateString, end_date: DateString }),
        filters: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'A dimensionFilter expression, passed as the provider defines it.' })),
        order_by_metric: Type.Optional(Type.String()),
        descending: Type.Optional(Type.Boolean()),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250_000 })),
      }),
      request: (i) => ({
        method: 'POST',
        base: 'data',
        path: `/v1beta/properties/${numeric(i.property_id)}:runReport`,
        body: {
          dateRanges: [{ startDate: i.date_range.start_date, endDate: i.date_range.end_date }],
          metrics: names(i.metrics),
          ...(i.dimensions ? { dimensions: names(i.dimensions) } : {}),
          ...(i.filters ? { dimensionFilter: i.filters } : {}),
          ...(i.order_by_metric ? { orderBys: [{ metric: { metricName: i.order_by_metric }, desc: i.descending ?? true }] } : {}),
          ...(i.limit ? { limit: i.limit } : {}),
          returnPropertyQuota: true,
        },
      }),
      output: (r: ProviderResponse) => {
        const b = r.body as { dimensionHeaders?: Array<{ name: string }>; metricHeaders?: Array<{ name: string }>; rows?: Array<{ dimensionValues?: Array<{ value: string }>; metricValues?: Array<{ value: string }> }>; rowCount?: number; propertyQuota?: unknown };
        const dims = (b.dimensionHeaders ?? []).map((h) => h.name);
        const mets = (b.metricHeaders ?? []).map((h) => h.name);
        const rows = (b.rows ?? []).map((row) => ({
          ...Object.fromEntries(dims.map((d, k) => [d, row.dimensionValues?.[k]?.value])),
          ...Object.fromEntries(mets.map((m, k) => [m, Number(row.metricValues?.[k]?.value)])),
        }));
        return { matched: rows.length > 0, rows, row_count: b.rowCount ?? rows.length, dimension_headers: dims, metric_headers: mets, property_quota: b.propertyQuota ?? null };
      },
    }),
    step({
      id: 'create_key_events',
      name: 'Create Key Events',
      description: 'Marks an event the property already collects as a key event (an event cannot be created and marked in one step). Needs Editor on the property.',
      input: Type.Object({ property_id: PropertyId, event_name: Type.String({ minLength: 1, maxLength: 40 }), counting_method: Type.Optional(Type.Union([Type.Literal('ONCE_PER_EVENT'), Type.Literal('ONCE_PER_SESSION')])) }),
      request: (i) => ({
        method: 'POST',
        base: 'admin',
        path: pathOf('/v1beta/properties/{id}/keyEvents', { id: numeric(i.property_id) }),
        body: { eventName: i.event_name, countingMethod: i.counting_method ?? 'ONCE_PER_EVENT' },
      }),
      output: (r) => ({ key_event: r.body }),
    }),
    step({
      id: 'create_properties',
      name: 'Create properties',
      description: 'A property under an account (not under a website: create its data stream separately). Needs Administrator on the account.',
      input: Type.Object({
        account_id: Type.String({ pattern: '^(accounts/)?[0-9]+$' }),
        display_name: Type.String({ minLength: 1, maxLength: 100 }),
        time_zone: Type.String({ minLength: 1, description: 'IANA time zone, e.g. Australia/Sydney' }),
        currency_code: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217, e.g. AUD' }),
        industry_category: Type.Optional(Type.String()),
      }),
      request: (i) => ({
        method: 'POST',
        base: 'admin',
        path: '/v1beta/properties',
        body: {
          parent: `accounts/${i.account_id.replace(/^accounts\//, '')}`,
          displayName: i.display_name,
          timeZone: i.time_zone,
          currencyCode: i.currency_code,
          ...(i.industry_category ? { industryCategory: i.industry_category } : {}),
        },
      }),
      output: (r) => ({ property: r.body }),
      errors: {
        403: () =>
          new HangarError(403, 'forbidden', 'The connected analytics account lacks Administrator access on this account, which creating properties needs; ask an account administrator, or connect an account that is one.', 'third_party'),
      },
    }),
  ],
};
