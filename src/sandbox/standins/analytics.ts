// A Google-Analytics-4-compatible Data API and Admin API in one server (Hangar points both base
// URLs at it). Callers authenticate with an access token from the OAuth stand-in; what they may do
// follows GA4's roles (Viewer queries, Editor creates key events and changes settings,
// Administrator creates and deletes properties). Errors are Google's {error: {code, message, status}}.
import { randomBytes } from 'node:crypto';
import { bearer, rateLimitTiming, reply, startStandin, type Incoming, type Reply, type Standin } from './base.ts';
import { DIMENSIONS, METRICS, metric as metricInfo } from './analytics/catalog.ts';
import { fail, fields, googleError, GoogleFailure, intField, invalid, stringField } from './analytics/google.ts';
import { parseRequest, runReport, tokenCost, type Fact, type ParsedRequest, type ReportKind } from './analytics/reports.ts';
import type { OAuthAccount, OAuthServer } from './oauth.ts';

export type Role = 'viewer' | 'editor' | 'administrator';
const RANK: Record<Role, number> = { viewer: 1, editor: 2, administrator: 3 };

export interface AnalyticsPropertySeed {
  id: string;
  /** 'accounts/1' */
  account: string;
  displayName?: string;
  timeZone?: string;
  currencyCode?: string;
  industryCategory?: string;
  /** Events the property has received; only these can become key events. */
  collectedEvents?: string[];
  /** Events already marked as key events. */
  keyEvents?: string[];
  /** Facts reports are computed from; without them reports use deterministic generated data. */
  rows?: Fact[];
}

export interface AnalyticsAccountSeed {
  /** '1' or 'accounts/1' */
  id: string;
  displayName?: string;
  /** OAuth login → role. Without it every OAuth account is a member: administrator when its `admin` flag is set, editor otherwise. */
  members?: Record<string, Role>;
}

export interface AnalyticsQuota {
  tokensPerDay?: number;
  tokensPerHour?: number;
  realtimeTokensPerDay?: number;
  realtimeTokensPerHour?: number;
  concurrentRequests?: number;
}

export interface AnalyticsOptions {
  oauth: OAuthServer;
  properties: AnalyticsPropertySeed[];
  accounts?: AnalyticsAccountSeed[];
  quota?: AnalyticsQuota;
}

interface Window {
  used: number;
  resetAt: number;
}

export interface PropertyState {
  id: string;
  account: string;
  displayName: string;
  timeZone: string;
  currencyCode: string;
  industryCategory: string;
  createTime: string;
  updateTime: string;
  deleteTime?: string;
  expireTime?: string;
  collectedEvents: Set<string>;
  keyEvents: Array<{ id: string; eventName: string; createTime: string; countingMethod: string; deletable: boolean; custom: boolean }>;
  dataStreams: Array<{ id: string; type: string; displayName: string; createTime: string; updateTime: string; data: Record<string, string> }>;
  rows?: Fact[];
  quota: Record<ReportKind, { day: Window; hour: Window }>;
}

export interface Analytics extends Standin {
  /** Property id → state, for asserting what Hangar created or changed. */
  properties: Map<string, PropertyState>;
  /** Tokens consumed so far (core reporting) for a property, this hour. */
  tokensUsed(propertyId: string, kind?: ReportKind): number;
}

const INDUSTRIES = ['INDUSTRY_CATEGORY_UNSPECIFIED', 'AUTOMOTIVE', 'BUSINESS_AND_INDUSTRIAL_MARKETS', 'FINANCE', 'HEALTHCARE', 'TECHNOLOGY', 'TRAVEL', 'OTHER', 'ARTS_AND_ENTERTAINMENT', 'BEAUTY_AND_FITNESS', 'BOOKS_AND_LITERATURE', 'FOOD_AND_DRINK', 'GAMES', 'HOBBIES_AND_LEISURE', 'HOME_AND_GARDEN', 'INTERNET_AND_TELECOM', 'LAW_AND_GOVERNMENT', 'NEWS', 'ONLINE_COMMUNITIES', 'PEOPLE_AND_SOCIETY', 'PETS_AND_ANIMALS', 'REAL_ESTATE', 'REFERENCE', 'SCIENCE', 'SPORTS', 'JOBS_AND_EDUCATION', 'SHOPPING'];
const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone').concat(['UTC', 'Etc/UTC', 'Etc/GMT']));
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const NO_PERMISSION = 'The caller does not have permission';
const DATA_NO_PERMISSION = 'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.';
const QUOTA_DOCS = 'To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas';
const DATA_METHODS = new Set(['runReport', 'runRealtimeReport', 'runPivotReport', 'batchRunReports', 'batchRunPivotReports', 'checkCompatibility']);
const stamp = () => new Date().toISOString().replace(/(\.\d{3})Z$/, '$1000Z');
const accountName = (id: string) => (id.startsWith('accounts/') ? id : `accounts/${id}`);

// Google's front end answers unknown URLs with its HTML error page, not JSON.
const HTML_404: Reply = { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' }, text: '<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <title>Error 404 (Not Found)!!1</title>\n  <p><b>404.</b> <ins>That’s an error.</ins>\n  <p>The requested URL was not found on this server.  <ins>That’s all we know.</ins>\n' };

export async function startAnalytics(options: AnalyticsOptions): Promise<Analytics> {
  const limits = {
    core: { day: options.quota?.tokensPerDay ?? 200_000, hour: options.quota?.tokensPerHour ?? 40_000 },
    realtime: { day: options.quota?.realtimeTokensPerDay ?? 75_000, hour: options.quota?.realtimeTokensPerHour ?? 15_000 },
  };
  const concurrentLimit = options.quota?.concurrentRequests ?? 10;
  const window = (ms: number): Window => ({ used: 0, resetAt: Date.now() + ms });
  const freshQuota = () => ({ core: { day: window(86_400_000), hour: window(3_600_000) }, realtime: { day: window(86_400_000), hour: window(3_600_000) } });

  const properties = new Map<string, PropertyState>();
  let nextPropertyId = 400_000_000;
  let nextChildId = 9_000_000;
  for (const p of options.properties) {
    const created = '2024-02-01T03:04:05.123456Z';
    properties.set(p.id, {
      id: p.id,
      account: accountName(p.account),
      displayName: p.displayName ?? `Property ${p.id}`,
      timeZone: p.timeZone ?? 'America/Los_Angeles',
      currencyCode: p.currencyCode ?? 'USD',
      industryCategory: p.industryCategory ?? 'TECHNOLOGY',
      createTime: created,
      updateTime: created,
      collectedEvents: new Set(['page_view', 'session_start', 'first_visit', 'user_engagement', 'scroll', ...(p.collectedEvents ?? [])]),
      keyEvents: (p.keyEvents ?? []).map((eventName) => ({ id: String(++nextChildId), eventName, createTime: created, countingMethod: 'ONCE_PER_EVENT', deletable: true, custom: true })),
      dataStreams: [],
      rows: p.rows,
      quota: freshQuota(),
    });
  }
  const accounts = new Map<string, AnalyticsAccountSeed & { name: string }>();
  for (const a of options.accounts ?? []) accounts.set(accountName(a.id), { ...a, name: accountName(a.id) });
  for (const p of properties.values()) if (!accounts.has(p.account)) accounts.set(p.account, { id: p.account, name: p.account });

  function role(account: string, who: OAuthAccount): Role | undefined {
    const a = accounts.get(account);
    if (!a) return undefined;
    if (a.members) return a.members[who.login];
    return who.admin ? 'administrator' : 'editor';
  }

  function quotaWindow(w: Window, ms: number): Window {
    if (Date.now() >= w.resetAt) Object.assign(w, { used: 0, resetAt: Date.now() + ms });
    return w;
  }

  // As GA4 documents it: `consumed` is what this request cost, `remaining` what is left in the window.
  function propertyQuota(p: PropertyState, kind: ReportKind, cost: number) {
    const q = p.quota[kind];
    const day = quotaWindow(q.day, 86_400_000);
    const hour = quotaWindow(q.hour, 3_600_000);
    const projectHour = Math.floor(limits[kind].hour * 0.35);
    return {
      tokensPerDay: { consumed: cost, remaining: Math.max(limits[kind].day - day.used, 0) },
      tokensPerHour: { consumed: cost, remaining: Math.max(limits[kind].hour - hour.used, 0) },
      concurrentRequests: { consumed: 0, remaining: concurrentLimit },
      serverErrorsPerProjectPerHour: { consumed: 0, remaining: 10 },
      potentiallyThresholdedRequestsPerHour: { consumed: 0, remaining: 120 },
      tokensPerProjectPerHour: { consumed: Math.min(cost, projectHour), remaining: Math.max(projectHour - hour.used, 0) },
    };
  }

  function charge(p: PropertyState, kind: ReportKind, cost: number): void {
    const q = p.quota[kind];
    const day = quotaWindow(q.day, 86_400_000);
    const hour = quotaWindow(q.hour, 3_600_000);
    const label = kind === 'realtime' ? 'realtime property tokens' : 'property tokens';
    if (day.used + cost > limits[kind].day) fail(429, `Exhausted ${label} per day for this property. These quota tokens will return tomorrow. ${QUOTA_DOCS}`);
    if (hour.used + cost > limits[kind].hour) fail(429, `Exhausted ${label} per hour for this property. These quota tokens will return in under an hour. ${QUOTA_DOCS}`);
    day.used += cost;
    hour.used += cost;
  }

  const propertyJson = (p: PropertyState) => ({
    name: `properties/${p.id}`,
    propertyType: 'PROPERTY_TYPE_ORDINARY',
    createTime: p.createTime,
    updateTime: p.updateTime,
    parent: p.account,
    displayName: p.displayName,
    industryCategory: p.industryCategory,
    timeZone: p.timeZone,
    currencyCode: p.currencyCode,
    serviceLevel: 'GOOGLE_ANALYTICS_STANDARD',
    account: p.account,
    ...(p.deleteTime ? { deleteTime: p.deleteTime, expireTime: p.expireTime } : {}),
  });
  const keyEventJson = (p: PropertyState, k: PropertyState['keyEvents'][number]) => ({ name: `properties/${p.id}/keyEvents/${k.id}`, eventName: k.eventName, createTime: k.createTime, deletable: k.deletable, custom: k.custom, countingMethod: k.countingMethod });
  const streamJson = (p: PropertyState, s: PropertyState['dataStreams'][number]) => {
    const key = s.type === 'WEB_DATA_STREAM' ? 'webStreamData' : s.type === 'ANDROID_APP_DATA_STREAM' ? 'androidAppStreamData' : 'iosAppStreamData';
    return { name: `properties/${p.id}/dataStreams/${s.id}`, type: s.type, displayName: s.displayName, createTime: s.createTime, updateTime: s.updateTime, [key]: s.data };
  };

  /** A property the caller can see with at least `need`; `data` picks the Data API's wording. */
  function propertyFor(id: string, who: OAuthAccount, need: Role, data: boolean): PropertyState {
    if (!/^\d+$/.test(id)) invalid(`Invalid property ID: ${id}. A numeric Property ID is required. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.`);
    const p = properties.get(id);
    if (data) {
      if (!p || p.deleteTime || !role(p.account, who)) fail(403, DATA_NO_PERMISSION);
    } else if (!p) fail(404, 'Requested entity was not found.');
    const r = role(p!.account, who);
    if (!r || RANK[r] < RANK[need]) fail(403, data ? DATA_NO_PERMISSION : NO_PERMISSION);
    return p!;
  }

  /** pageSize/pageToken paging over a list; Google omits empty lists and absent tokens. */
  function page<T>(req: Incoming, key: string, items: T[]): Reply {
    const size = Math.min(intField(req.query.pageSize, 'pageSize') ?? 50, 200);
    let start = 0;
    if (req.query.pageToken) {
      const decoded = Number(Buffer.from(req.query.pageToken, 'base64url').toString());
      if (!Number.isInteger(decoded) || decoded < 0) invalid('Invalid page token.');
      start = decoded;
    }
    const slice = items.slice(start, start + size);
    const next = start + size < items.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
    return reply(200, { ...(slice.length ? { [key]: slice } : {}), ...(next ? { nextPageToken: next } : {}) });
  }

  function updateMask(req: Incoming, allowed: string[]): string[] {
    const raw = req.query.updateMask ?? req.query.update_mask;
    if (!raw) invalid('Field :update_mask is required.');
    const camel = raw.split(',').map((f) => f.trim().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
    if (camel.includes('*')) return allowed;
    for (const f of camel) if (!allowed.includes(f)) invalid(`Field ${f} is not updatable or does not exist.`);
    return camel;
  }

  function checkPropertyValues(body: Record<string, any>, required: boolean): void {
    const displayName = stringField(body.displayName, 'property.display_name', required);
    if (displayName !== undefined && (!displayName.trim() || displayName.length > 100)) invalid('property.display_name must be between 1 and 100 characters.');
    const tz = stringField(body.timeZone, 'property.time_zone', required);
    if (tz !== undefined && !TIME_ZONES.has(tz)) invalid(`Invalid time zone: ${tz}. Time zones must be IANA names such as "America/Los_Angeles".`);
    const currency = stringField(body.currencyCode, 'property.currency_code');
    if (currency !== undefined && !CURRENCIES.has(currency)) invalid(`Invalid currency code: ${currency}. Currency codes must be ISO 4217 codes such as "USD".`);
    const industry = stringField(body.industryCategory, 'property.industry_category');
    if (industry !== undefined && !INDUSTRIES.includes(industry)) invalid(`Invalid value at 'property.industry_category' (type.googleapis.com/google.analytics.admin.v1beta.IndustryCategory), "${industry}"`);
  }

  const PROPERTY_FIELDS = ['name', 'propertyType', 'createTime', 'updateTime', 'parent', 'displayName', 'industryCategory', 'timeZone', 'currencyCode', 'serviceLevel', 'deleteTime', 'expireTime', 'account'];
  const STREAM_FIELDS = ['name', 'type', 'displayName', 'createTime', 'updateTime', 'webStreamData', 'androidAppStreamData', 'iosAppStreamData'];

  function admin(req: Incoming, who: OAuthAccount, parts: string[]): Reply {
    const [collection, id, sub, subId] = parts;
    const m = req.method;
    if (collection === 'accountSummaries' && !id && m === 'GET') {
      const mine = [...accounts.values()].filter((a) => role(a.name, who));
      return page(req, 'accountSummaries', mine.map((a) => {
        const props = [...properties.values()].filter((p) => p.account === a.name && !p.deleteTime);
        return {
          name: `accountSummaries/${a.name.slice(9)}`,
          account: a.name,
          displayName: a.displayName ?? `Account ${a.name.slice(9)}`,
          ...(props.length ? { propertySummaries: props.map((p) => ({ property: `properties/${p.id}`, displayName: p.displayName, propertyType: 'PROPERTY_TYPE_ORDINARY', parent: p.account })) } : {}),
        };
      }));
    }
    if (collection !== 'properties') return HTML_404;
    if (!id) {
      if (m === 'GET') {
        const filter = req.query.filter;
        if (!filter) invalid('filter: A filter must be specified, e.g. "parent:accounts/123".');
        const fm = /^(parent|ancestor|firstParent):(accounts\/\d+)$/.exec(filter);
        if (!fm) invalid(`Invalid filter: ${filter}. Supported: parent:accounts/{id}, ancestor:accounts/{id}, firstParent:accounts/{id}.`);
        if (!role(fm![2], who)) fail(403, NO_PERMISSION);
        const showDeleted = req.query.showDeleted === 'true';
        return page(req, 'properties', [...properties.values()].filter((p) => p.account === fm![2] && (showDeleted || !p.deleteTime)).map(propertyJson));
      }
      if (m === 'POST') {
        const body = fields(req.body, PROPERTY_FIELDS, 'property');
        const parent = stringField(body.parent, 'property.parent', true)!;
        if (!/^accounts\/\d+$/.test(parent)) invalid(`property.parent must be of the form accounts/{account_id}; got "${parent}".`);
        const r = role(parent, who);
        // GA4: creating a property needs the Administrator role on the account.
        if (!r || r !== 'administrator') fail(403, NO_PERMISSION);
        if (body.propertyType !== undefined && body.propertyType !== 'PROPERTY_TYPE_ORDINARY') invalid(`Only ordinary properties can be created here; got ${body.propertyType}.`);
        checkPropertyValues(body, true);
        const at = stamp();
        const p: PropertyState = { id: String(++nextPropertyId), account: parent, displayName: body.displayName, timeZone: body.timeZone, currencyCode: body.currencyCode ?? 'USD', industryCategory: body.industryCategory ?? 'INDUSTRY_CATEGORY_UNSPECIFIED', createTime: at, updateTime: at, collectedEvents: new Set(), keyEvents: [], dataStreams: [], quota: freshQuota() };
        properties.set(p.id, p);
        return reply(200, propertyJson(p));
      }
      return HTML_404;
    }
    if (!sub) {
      if (m === 'GET') return reply(200, propertyJson(propertyFor(id, who, 'viewer', false)));
      if (m === 'PATCH') {
        const p = propertyFor(id, who, 'editor', false);
        const body = fields(req.body, PROPERTY_FIELDS, 'property');
        const mask = updateMask(req, ['displayName', 'industryCategory', 'timeZone', 'currencyCode']);
        const changes = Object.fromEntries(mask.map((f) => [f, body[f]]));
        checkPropertyValues(changes, false);
        Object.assign(p, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)), { updateTime: stamp() });
        return reply(200, propertyJson(p));
      }
      if (m === 'DELETE') {
        const p = propertyFor(id, who, 'administrator', false);
        if (p.deleteTime) fail(404, 'Requested entity was not found.');
        p.deleteTime = stamp();
        p.expireTime = new Date(Date.now() + 35 * 86_400_000).toISOString();
        return reply(200, propertyJson(p));
      }
      return HTML_404;
    }
    if (sub === 'keyEvents') {
      if (m === 'GET' && !subId) return page(req, 'keyEvents', propertyFor(id, who, 'viewer', false).keyEvents.map((k) => keyEventJson(properties.get(id)!, k)));
      if (m === 'POST' && !subId) {
        const p = propertyFor(id, who, 'editor', false);
        const body = fields(req.body, ['name', 'eventName', 'createTime', 'deletable', 'custom', 'countingMethod', 'defaultValue'], 'key_event');
        const eventName = stringField(body.eventName, 'key_event.event_name', true)!;
        const counting = body.countingMethod ?? 'ONCE_PER_EVENT';
        if (!['ONCE_PER_EVENT', 'ONCE_PER_SESSION'].includes(counting)) invalid(`Invalid value at 'key_event.counting_method' (type.googleapis.com/google.analytics.admin.v1beta.KeyEvent.CountingMethod), "${counting}"`);
        if (p.keyEvents.some((k) => k.eventName === eventName)) fail(409, `Key event with event name '${eventName}' already exists.`);
        if (!p.collectedEvents.has(eventName)) invalid(`Event '${eventName}' has not been collected by property ${p.id}. An event must be collected before it can be marked as a key event.`);
        const k = { id: String(++nextChildId), eventName, createTime: stamp(), countingMethod: counting, deletable: true, custom: true };
        p.keyEvents.push(k);
        return reply(200, keyEventJson(p, k));
      }
      if (subId && (m === 'GET' || m === 'DELETE')) {
        const p = propertyFor(id, who, m === 'GET' ? 'viewer' : 'editor', false);
        const k = p.keyEvents.find((x) => x.id === subId);
        if (!k) fail(404, 'Requested entity was not found.');
        if (m === 'GET') return reply(200, keyEventJson(p, k!));
        if (!k!.deletable) invalid(`Key event ${k!.eventName} cannot be deleted.`);
        p.keyEvents = p.keyEvents.filter((x) => x !== k);
        return reply(200, {});
      }
      return HTML_404;
    }
    if (sub === 'dataStreams') {
      if (m === 'GET' && !subId) {
        const p = propertyFor(id, who, 'viewer', false);
        return page(req, 'dataStreams', p.dataStreams.map((s) => streamJson(p, s)));
      }
      if (m === 'POST' && !subId) {
        const p = propertyFor(id, who, 'editor', false);
        const body = fields(req.body, STREAM_FIELDS, 'data_stream');
        const type = stringField(body.type, 'data_stream.type', true)!;
        const expected = { WEB_DATA_STREAM: 'webStreamData', ANDROID_APP_DATA_STREAM: 'androidAppStreamData', IOS_APP_DATA_STREAM: 'iosAppStreamData' }[type];
        if (!expected) invalid(`Invalid value at 'data_stream.type' (type.googleapis.com/google.analytics.admin.v1beta.DataStream.DataStreamType), "${type}"`);
        const data = fields(body[expected!], type === 'WEB_DATA_STREAM' ? ['defaultUri', 'measurementId', 'firebaseAppId'] : type === 'ANDROID_APP_DATA_STREAM' ? ['packageName', 'firebaseAppId'] : ['bundleId', 'firebaseAppId'], `data_stream.${expected}`);
        const out: Record<string, string> = {};
        if (type === 'WEB_DATA_STREAM') {
          const uri = stringField(data.defaultUri, 'data_stream.web_stream_data.default_uri', true)!;
          if (!/^https?:\/\/[^\s/]+/.test(uri)) invalid(`data_stream.web_stream_data.default_uri is not a valid URI: ${uri}`);
          out.measurementId = `G-${randomBytes(5).toString('hex').toUpperCase()}`;
          out.defaultUri = uri;
        } else {
          const key = type === 'ANDROID_APP_DATA_STREAM' ? 'packageName' : 'bundleId';
          out[key] = stringField(data[key], `data_stream.${expected}.${key}`, true)!;
          out.firebaseAppId = `1:${randomBytes(6).readUIntBE(0, 6)}:${type === 'ANDROID_APP_DATA_STREAM' ? 'android' : 'ios'}:${randomBytes(8).toString('hex')}`;
        }
        const at = stamp();
        const s = { id: String(++nextChildId), type, displayName: stringField(body.displayName, 'data_stream.display_name') ?? '', createTime: at, updateTime: at, data: out };
        p.dataStreams.push(s);
        return reply(200, streamJson(p, s));
      }
      if (subId && (m === 'GET' || m === 'PATCH')) {
        const p = propertyFor(id, who, m === 'GET' ? 'viewer' : 'editor', false);
        const s = p.dataStreams.find((x) => x.id === subId);
        if (!s) fail(404, 'Requested entity was not found.');
        if (m === 'PATCH') {
          const body = fields(req.body, STREAM_FIELDS, 'data_stream');
          const mask = updateMask(req, ['displayName', 'webStreamData.defaultUri']);
          if (mask.includes('displayName')) s!.displayName = stringField(body.displayName, 'data_stream.display_name', true)!;
          if (mask.includes('webStreamData.defaultUri') && s!.type === 'WEB_DATA_STREAM') s!.data.defaultUri = stringField(body.webStreamData?.defaultUri, 'data_stream.web_stream_data.default_uri', true)!;
          s!.updateTime = stamp();
        }
        return reply(200, streamJson(p, s!));
      }
      return HTML_404;
    }
    return HTML_404;
  }

  function runOne(p: PropertyState, body: unknown, kind: ReportKind | 'pivot', noMatch: boolean, charged: { cost: number }): Record<string, unknown> {
    const engine: ReportKind = kind === 'realtime' ? 'realtime' : 'core';
    const parsed: ParsedRequest = parseRequest(body, kind);
    const cost = tokenCost(parsed, engine);
    charge(p, engine, cost);
    charged.cost += cost;
    const report = runReport({ id: p.id, rows: p.rows, currencyCode: p.currencyCode, timeZone: p.timeZone }, parsed, kind, noMatch) as unknown as Record<string, unknown>;
    if (parsed.returnPropertyQuota) report.propertyQuota = propertyQuota(p, engine, cost);
    return report;
  }

  function data(req: Incoming, who: OAuthAccount, id: string, method: string, noMatch: boolean): Reply {
    if (req.method !== 'POST') return HTML_404;
    const p = propertyFor(id, who, 'viewer', true);
    const charged = { cost: 0 };
    if (method === 'runReport') return reply(200, runOne(p, req.body, 'core', noMatch, charged));
    if (method === 'runPivotReport') return reply(200, runOne(p, req.body, 'pivot', noMatch, charged));
    if (method === 'runRealtimeReport') return reply(200, runOne(p, req.body, 'realtime', noMatch, charged));
    if (method === 'batchRunReports' || method === 'batchRunPivotReports') {
      const body = fields(req.body, ['property', 'requests'], 'request');
      const requests = Array.isArray(body.requests) ? body.requests : invalid('requests: at least one request is required.');
      if (!requests.length || requests.length > 5) invalid(`Requests are limited to 5 reports in a batch. This batch has ${requests.length}.`);
      for (const r of requests) {
        if (r?.property !== undefined && r.property !== `properties/${p.id}`) invalid(`The property of each request must be empty or match the batch's property properties/${p.id}.`);
      }
      const pivot = method === 'batchRunPivotReports';
      const reports = requests.map((r: unknown) => runOne(p, r, pivot ? 'pivot' : 'core', noMatch, charged));
      return reply(200, { [pivot ? 'pivotReports' : 'reports']: reports, kind: pivot ? 'analyticsData#batchRunPivotReports' : 'analyticsData#batchRunReports' });
    }
    // checkCompatibility: item-scoped dimensions cannot be combined with session- or user-scoped metrics.
    const body = fields(req.body, ['dimensions', 'metrics', 'dimensionFilter', 'metricFilter', 'compatibilityFilter'], 'request');
    const dims: string[] = (body.dimensions ?? []).map((d: { name: string }) => d.name);
    const mets: string[] = (body.metrics ?? []).map((x: { name: string }) => x.name);
    for (const d of dims) if (!DIMENSIONS.some((x) => x.apiName === d)) invalid(`Field ${d} is not a valid dimension.`);
    for (const x of mets) if (!metricInfo(x)) invalid(`Field ${x} is not a valid metric.`);
    const itemScoped = (name: string) => name.startsWith('item');
    const sessionScoped = (name: string) => ['Session', 'User', 'Page / screen'].includes(metricInfo(name)?.category ?? '');
    const dimOk = (d: string) => !(itemScoped(d) && mets.some(sessionScoped));
    const metOk = (x: string) => !(sessionScoped(x) && dims.some(itemScoped));
    const filter = body.compatibilityFilter;
    const keep = (ok: boolean) => !filter || (filter === 'COMPATIBLE' ? ok : !ok);
    return reply(200, {
      dimensionCompatibilities: DIMENSIONS.filter((d) => keep(dimOk(d.apiName))).map((d) => ({ dimensionMetadata: { apiName: d.apiName, uiName: d.uiName, description: d.uiName, customDefinition: false, category: d.category }, compatibility: dimOk(d.apiName) ? 'COMPATIBLE' : 'INCOMPATIBLE' })),
      metricCompatibilities: METRICS.filter((x) => keep(metOk(x.apiName))).map((x) => ({ metricMetadata: { apiName: x.apiName, uiName: x.uiName, description: x.uiName, type: x.type, customDefinition: false, category: x.category }, compatibility: metOk(x.apiName) ? 'COMPATIBLE' : 'INCOMPATIBLE' })),
    });
  }

  function metadata(who: OAuthAccount, id: string): Reply {
    // properties/0/metadata is GA4's universal metadata, common to all properties.
    if (id !== '0') propertyFor(id, who, 'viewer', true);
    return reply(200, {
      name: `properties/${id}/metadata`,
      dimensions: DIMENSIONS.map((d) => ({ apiName: d.apiName, uiName: d.uiName, description: d.uiName, category: d.category, customDefinition: false })),
      metrics: METRICS.map((x) => ({ apiName: x.apiName, uiName: x.uiName, description: x.uiName, type: x.type, category: x.category, customDefinition: false })),
    });
  }

  const standin = await startStandin({
    handle(req, control) {
      const token = bearer(req.headers);
      if (!token) return googleError(401, 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.', { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' });
      const who = options.oauth.accountFor(token);
      if (!who) return googleError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.', { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' });
      let path: string;
      try {
        path = decodeURIComponent(req.path);
      } catch {
        return HTML_404;
      }
      const dm = /^\/v1beta\/properties\/([^/:]+):([A-Za-z]+)$/.exec(path);
      const meta = /^\/v1beta\/properties\/([^/:]+)\/metadata$/.exec(path);
      const admin_ = /^\/v1beta\/([A-Za-z]+)(?:\/([^/:]+)(?:\/([A-Za-z]+)(?:\/([^/:]+))?)?)?$/.exec(path);
      if (!(dm && DATA_METHODS.has(dm[2])) && !meta && !admin_) return HTML_404;
      if (req.bodyInvalid) return googleError(400, `Invalid JSON payload received. Unexpected token.\n${req.raw.slice(0, 40)}\n^`);
      const limited = control.take('rate_limited');
      if (limited) {
        const { retryAfter, resetAt } = rateLimitTiming(limited);
        const headers: Record<string, string | number> = { 'x-ratelimit-reset': resetAt };
        if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
        return googleError(429, `Exhausted property tokens per hour for this property. These quota tokens will return in under an hour. ${QUOTA_DOCS}`, headers);
      }
      try {
        if (dm) return data(req, who, dm[1], dm[2], !!(req.method === 'POST' && control.take('no_match')));
        if (meta) return req.method === 'GET' ? metadata(who, meta[1]) : HTML_404;
        return admin(req, who, admin_!.slice(1).filter((x): x is string => x !== undefined));
      } catch (err) {
        if (err instanceof GoogleFailure) return googleError(err.code, err.message);
        throw err;
      }
    },
    serverError: (status) => googleError(status, status === 503 ? 'The service is currently unavailable.' : 'Internal error encountered.'),
  });

  return Object.assign(standin, {
    properties,
    tokensUsed: (propertyId: string, kind: ReportKind = 'core') => properties.get(propertyId)?.quota[kind].hour.used ?? 0,
  });
}
