// The Data API's report engine: validates a RunReportRequest (or realtime/pivot variant) the way
// GA4 does, builds rows by grouping facts — the property's seeded rows, or deterministic generated
// data — applies filters, ordering, limits and aggregations, and prices the query in quota tokens.
import { seededRandom } from '../base.ts';
import { dimension, metric, SCHEMA_URL, type MetricInfo } from './catalog.ts';
import { arrayField, boolField, fields, intField, invalid, stringField } from './google.ts';

export interface Fact {
  dimensions: Record<string, string>;
  metrics: Record<string, number>;
}

export type ReportKind = 'core' | 'realtime';

export interface ParsedRequest {
  dimensions: string[];
  metrics: string[];
  dateRanges: Array<{ start: string; end: string; name: string }>;
  dimensionFilter?: Filter;
  metricFilter?: Filter;
  orderBys: Array<{ metric?: string; dimension?: string; orderType?: string; desc: boolean }>;
  limit?: number;
  offset: number;
  metricAggregations: string[];
  keepEmptyRows: boolean;
  returnPropertyQuota: boolean;
  currencyCode?: string;
  pivots?: Array<{ fieldNames: string[]; limit: number; offset: number }>;
  days: number;
}

type Filter =
  | { and: Filter[] }
  | { or: Filter[] }
  | { not: Filter }
  | { field: string; test: (value: string | number) => boolean };

const DATE = /^(\d{4}-\d{2}-\d{2}|today|yesterday|\d+daysAgo)$/;
const FIRST_DAY = '2015-08-14'; // GA4 has no data before this date and refuses ranges starting earlier

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function resolveDate(value: string, path: string): string {
  if (!DATE.test(value)) invalid(`Invalid value at '${path}': '${value}'. Dates must be YYYY-MM-DD, NdaysAgo, yesterday, or today.`);
  const today = new Date();
  if (value === 'today') return isoDay(today);
  if (value === 'yesterday') return isoDay(new Date(today.getTime() - 86_400_000));
  const ago = /^(\d+)daysAgo$/.exec(value);
  if (ago) return isoDay(new Date(today.getTime() - Number(ago[1]) * 86_400_000));
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || isoDay(parsed) !== value) invalid(`Invalid value at '${path}': '${value}' is not a valid date.`);
  return value;
}

const REQUEST_FIELDS: Record<ReportKind | 'pivot', string[]> = {
  core: ['property', 'dimensions', 'metrics', 'dateRanges', 'dimensionFilter', 'metricFilter', 'offset', 'limit', 'metricAggregations', 'orderBys', 'currencyCode', 'cohortSpec', 'keepEmptyRows', 'returnPropertyQuota', 'comparisons'],
  pivot: ['property', 'dimensions', 'metrics', 'dateRanges', 'pivots', 'dimensionFilter', 'metricFilter', 'currencyCode', 'cohortSpec', 'keepEmptyRows', 'returnPropertyQuota', 'comparisons'],
  realtime: ['dimensions', 'metrics', 'dimensionFilter', 'metricFilter', 'limit', 'metricAggregations', 'orderBys', 'returnPropertyQuota', 'minuteRanges'],
};

function names(list: unknown, path: string, allowed: string[]): string[] {
  return arrayField(list, path).map((item, i) => {
    const f = fields(item, allowed, `${path}[${i}]`);
    return stringField(f.name, `${path}[${i}].name`, true)!;
  });
}

function checkKnown(kind: ReportKind, dims: string[], mets: string[]): void {
  for (const d of dims) {
    const info = dimension(d);
    if (!info || (kind === 'realtime' && !info.realtime)) invalid(`Field ${d} is not a valid dimension. For a list of valid dimensions and metrics, see ${SCHEMA_URL[kind]} `);
  }
  for (const m of mets) {
    const info = metric(m);
    if (!info || (kind === 'realtime' && !info.realtime)) invalid(`Field ${m} is not a valid metric. For a list of valid dimensions and metrics, see ${SCHEMA_URL[kind]} `);
  }
  const dup = [...dims, ...mets].find((n, i, all) => all.indexOf(n) !== i);
  if (dup) invalid(`Duplicate field ${dup} in the request.`);
}

function parseFilter(raw: unknown, path: string, isMetric: boolean): Filter {
  const f = fields(raw, ['andGroup', 'orGroup', 'notExpression', 'filter'], path);
  const keys = Object.keys(f);
  if (keys.length !== 1) invalid(`${path} must set exactly one of andGroup, orGroup, notExpression, filter.`);
  if (f.andGroup || f.orGroup) {
    const group = fields(f.andGroup ?? f.orGroup, ['expressions'], `${path}.${keys[0]}`);
    const parts = arrayField(group.expressions, `${path}.${keys[0]}.expressions`).map((e, i) => parseFilter(e, `${path}.${keys[0]}.expressions[${i}]`, isMetric));
    return f.andGroup ? { and: parts } : { or: parts };
  }
  if (f.notExpression) return { not: parseFilter(f.notExpression, `${path}.notExpression`, isMetric) };
  const leaf = fields(f.filter, ['fieldName', 'stringFilter', 'inListFilter', 'numericFilter', 'betweenFilter', 'emptyFilter'], `${path}.filter`);
  const field = stringField(leaf.fieldName, `${path}.filter.fieldName`, true)!;
  const known = isMetric ? metric(field) : dimension(field);
  if (!known) invalid(`Field ${field} is not a valid ${isMetric ? 'metric' : 'dimension'}. For a list of valid dimensions and metrics, see ${SCHEMA_URL.core} `);
  if (leaf.stringFilter) {
    const s = fields(leaf.stringFilter, ['matchType', 'value', 'caseSensitive'], `${path}.filter.stringFilter`);
    const type = s.matchType ?? 'EXACT';
    const value = stringField(s.value, `${path}.filter.stringFilter.value`, true)!;
    const cs = boolField(s.caseSensitive, `${path}.filter.stringFilter.caseSensitive`) ?? false;
    const norm = (x: string) => (cs ? x : x.toLowerCase());
    let re: RegExp | undefined;
    if (type === 'FULL_REGEXP' || type === 'PARTIAL_REGEXP') {
      try {
        re = new RegExp(type === 'FULL_REGEXP' ? `^(?:${value})$` : value, cs ? '' : 'i');
      } catch {
        invalid(`Invalid regular expression in ${path}.filter.stringFilter.value: ${value}`);
      }
    }
    const tests: Record<string, (v: string) => boolean> = {
      EXACT: (v) => norm(v) === norm(value),
      BEGINS_WITH: (v) => norm(v).startsWith(norm(value)),
      ENDS_WITH: (v) => norm(v).endsWith(norm(value)),
      CONTAINS: (v) => norm(v).includes(norm(value)),
      FULL_REGEXP: (v) => re!.test(v),
      PARTIAL_REGEXP: (v) => re!.test(v),
    };
    if (!tests[type]) invalid(`Invalid value at '${path}.filter.stringFilter.match_type' (type.googleapis.com/google.analytics.data.v1beta.Filter.StringFilter.MatchType), "${type}"`);
    return { field, test: (v) => tests[type](String(v)) };
  }
  if (leaf.inListFilter) {
    const s = fields(leaf.inListFilter, ['values', 'caseSensitive'], `${path}.filter.inListFilter`);
    const values = arrayField(s.values, `${path}.filter.inListFilter.values`).map((v, i) => stringField(v, `${path}.filter.inListFilter.values[${i}]`, true)!);
    if (!values.length) invalid(`${path}.filter.inListFilter.values must not be empty.`);
    const cs = boolField(s.caseSensitive, `${path}.filter.inListFilter.caseSensitive`) ?? false;
    return { field, test: (v) => values.some((x) => (cs ? x === String(v) : x.toLowerCase() === String(v).toLowerCase())) };
  }
  const numeric = (raw: unknown, at: string): number => {
    const n = fields(raw, ['int64Value', 'doubleValue'], at);
    const value = n.int64Value !== undefined ? intField(n.int64Value, `${at}.int64Value`) : n.doubleValue;
    if (typeof value !== 'number') invalid(`${at} must set int64Value or doubleValue.`);
    return value as number;
  };
  if (leaf.numericFilter) {
    const s = fields(leaf.numericFilter, ['operation', 'value'], `${path}.filter.numericFilter`);
    const x = numeric(s.value, `${path}.filter.numericFilter.value`);
    const ops: Record<string, (v: number) => boolean> = { EQUAL: (v) => v === x, LESS_THAN: (v) => v < x, LESS_THAN_OR_EQUAL: (v) => v <= x, GREATER_THAN: (v) => v > x, GREATER_THAN_OR_EQUAL: (v) => v >= x };
    if (!ops[s.operation]) invalid(`Invalid value at '${path}.filter.numericFilter.operation', "${s.operation}"`);
    return { field, test: (v) => ops[s.operation](Number(v)) };
  }
  if (leaf.betweenFilter) {
    const s = fields(leaf.betweenFilter, ['fromValue', 'toValue'], `${path}.filter.betweenFilter`);
    const from = numeric(s.fromValue, `${path}.filter.betweenFilter.fromValue`);
    const to = numeric(s.toValue, `${path}.filter.betweenFilter.toValue`);
    return { field, test: (v) => Number(v) >= from && Number(v) <= to };
  }
  if (leaf.emptyFilter) return { field, test: (v) => v === '' || v === '(not set)' };
  return invalid(`${path}.filter must set one of stringFilter, inListFilter, numericFilter, betweenFilter, emptyFilter.`);
}

function filterFields(f: Filter | undefined, out = new Set<string>()): Set<string> {
  if (!f) return out;
  if ('and' in f) f.and.forEach((x) => filterFields(x, out));
  else if ('or' in f) f.or.forEach((x) => filterFields(x, out));
  else if ('not' in f) filterFields(f.not, out);
  else out.add(f.field);
  return out;
}

function matches(f: Filter | undefined, value: (field: string) => string | number): boolean {
  if (!f) return true;
  if ('and' in f) return f.and.every((x) => matches(x, value));
  if ('or' in f) return f.or.some((x) => matches(x, value));
  if ('not' in f) return !matches(f.not, value);
  return f.test(value(f.field));
}

export function parseRequest(body: unknown, kind: ReportKind | 'pivot'): ParsedRequest {
  const r = fields(body ?? {}, REQUEST_FIELDS[kind], 'request');
  const engine: ReportKind = kind === 'realtime' ? 'realtime' : 'core';
  const dims = names(r.dimensions, 'dimensions', ['name', 'dimensionExpression']);
  const mets = names(r.metrics, 'metrics', ['name', 'expression', 'invisible']);
  if (!mets.length) invalid('At least one metric is required in metrics.');
  if (dims.length > 9) invalid(`Requests are limited to 9 dimensions within a request. This request has ${dims.length} dimensions.`);
  if (mets.length > 10) invalid(`Requests are limited to 10 metrics within a request. This request has ${mets.length} metrics.`);
  checkKnown(engine, dims, mets);

  const dateRanges: ParsedRequest['dateRanges'] = [];
  if (engine === 'core') {
    const raw = arrayField(r.dateRanges, 'dateRanges');
    if (!raw.length) invalid('dateRanges: at least one date range is required.');
    if (raw.length > 4) invalid(`Requests are limited to 4 dateRanges. This request has ${raw.length} dateRanges.`);
    raw.forEach((x, i) => {
      const d = fields(x, ['startDate', 'endDate', 'name'], `dateRanges[${i}]`);
      const start = resolveDate(stringField(d.startDate, `dateRanges[${i}].startDate`, true)!, `dateRanges[${i}].startDate`);
      const end = resolveDate(stringField(d.endDate, `dateRanges[${i}].endDate`, true)!, `dateRanges[${i}].endDate`);
      if (start > end) invalid(`dateRanges[${i}]: startDate (${start}) must be before or equal to endDate (${end}).`);
      if (start < FIRST_DAY) invalid(`dateRanges[${i}]: startDate must be on or after ${FIRST_DAY}.`);
      const name = stringField(d.name, `dateRanges[${i}].name`) ?? `date_range_${i}`;
      if (/^(date_range_|RESERVED_)/.test(name) && d.name !== undefined) invalid(`dateRanges[${i}].name cannot begin with 'date_range_' or 'RESERVED_'.`);
      dateRanges.push({ start, end, name });
    });
  }

  const dimensionFilter = r.dimensionFilter === undefined ? undefined : parseFilter(r.dimensionFilter, 'dimensionFilter', false);
  const metricFilter = r.metricFilter === undefined ? undefined : parseFilter(r.metricFilter, 'metricFilter', true);
  for (const f of filterFields(metricFilter)) if (!mets.includes(f)) invalid(`metricFilter: metric ${f} must be in the request's metrics.`);
  for (const f of filterFields(dimensionFilter)) if (engine === 'realtime' && !dimension(f)?.realtime) invalid(`Field ${f} is not a valid dimension. For a list of valid dimensions and metrics, see ${SCHEMA_URL.realtime} `);

  const orderBys = arrayField(r.orderBys, 'orderBys').map((x, i) => {
    const o = fields(x, ['metric', 'dimension', 'pivot', 'desc'], `orderBys[${i}]`);
    const desc = boolField(o.desc, `orderBys[${i}].desc`) ?? false;
    if (o.metric) {
      const name = stringField(fields(o.metric, ['metricName'], `orderBys[${i}].metric`).metricName, `orderBys[${i}].metric.metricName`, true)!;
      if (!mets.includes(name)) invalid(`orderBys[${i}]: metric ${name} is not in the request's metrics.`);
      return { metric: name, desc };
    }
    if (o.dimension) {
      const d = fields(o.dimension, ['dimensionName', 'orderType'], `orderBys[${i}].dimension`);
      const name = stringField(d.dimensionName, `orderBys[${i}].dimension.dimensionName`, true)!;
      if (!dims.includes(name)) invalid(`orderBys[${i}]: dimension ${name} is not in the request's dimensions.`);
      if (d.orderType !== undefined && !['ALPHANUMERIC', 'CASE_INSENSITIVE_ALPHANUMERIC', 'NUMERIC'].includes(d.orderType)) invalid(`Invalid value at 'orderBys[${i}].dimension.order_type', "${d.orderType}"`);
      return { dimension: name, orderType: d.orderType, desc };
    }
    return invalid(`orderBys[${i}] must set metric or dimension.`);
  });

  const limit = intField(r.limit, 'limit');
  if (limit !== undefined && (limit < 0 || limit > 250_000)) invalid(`limit must be between 0 and 250000; got ${limit}.`);
  const offset = intField(r.offset, 'offset') ?? 0;
  if (offset < 0) invalid(`offset must be non-negative; got ${offset}.`);
  const metricAggregations = arrayField(r.metricAggregations, 'metricAggregations').map((a, i) => {
    if (!['TOTAL', 'MAXIMUM', 'MINIMUM', 'COUNT'].includes(a as string)) invalid(`Invalid value at 'metric_aggregations[${i}]', "${a}"`);
    return a as string;
  });
  if (r.currencyCode !== undefined && !/^[A-Z]{3}$/.test(String(r.currencyCode))) invalid(`currencyCode ${r.currencyCode} is not an ISO 4217 code.`);

  let pivots: ParsedRequest['pivots'];
  if (kind === 'pivot') {
    const raw = arrayField(r.pivots, 'pivots');
    if (!raw.length) invalid('pivots: at least one pivot is required.');
    pivots = raw.map((x, i) => {
      const p = fields(x, ['fieldNames', 'orderBys', 'offset', 'limit', 'metricAggregations'], `pivots[${i}]`);
      const fieldNames = arrayField(p.fieldNames, `pivots[${i}].fieldNames`).map((n) => String(n));
      for (const n of fieldNames) if (!dims.includes(n)) invalid(`pivots[${i}].fieldNames: ${n} is not a dimension in the request.`);
      const pl = intField(p.limit, `pivots[${i}].limit`);
      if (!pl || pl < 1) invalid(`pivots[${i}].limit must be a positive integer.`);
      return { fieldNames, limit: pl!, offset: intField(p.offset, `pivots[${i}].offset`) ?? 0 };
    });
    const used = new Set(pivots.flatMap((p) => p.fieldNames));
    const unused = dims.find((d) => !used.has(d));
    if (unused) invalid(`Dimension ${unused} must be used in a pivot.`);
  }

  const days = dateRanges.reduce((n, d) => n + Math.round((Date.parse(d.end) - Date.parse(d.start)) / 86_400_000) + 1, 0);
  return {
    dimensions: dims,
    metrics: mets,
    dateRanges,
    dimensionFilter,
    metricFilter,
    orderBys,
    limit: kind === 'pivot' ? undefined : limit,
    offset: kind === 'pivot' ? 0 : offset,
    metricAggregations,
    keepEmptyRows: boolField(r.keepEmptyRows, 'keepEmptyRows') ?? false,
    returnPropertyQuota: boolField(r.returnPropertyQuota, 'returnPropertyQuota') ?? false,
    currencyCode: r.currencyCode,
    pivots,
    days,
  };
}

/** Quota tokens a query costs: more dimensions and longer date ranges cost more, as on GA4. */
export function tokenCost(req: ParsedRequest, kind: ReportKind): number {
  if (kind === 'realtime') return 1 + req.dimensions.length;
  return Math.ceil((1 + req.dimensions.length) * (1 + req.days / 30));
}

const TIME_DIMS = new Set(['date', 'dateHour', 'year', 'month', 'week', 'dayOfWeek', 'hour', 'minutesAgo']);

function timeValue(dim: string, day: string, hour: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const compact = day.replace(/-/g, '');
  switch (dim) {
    case 'date':
      return compact;
    case 'dateHour':
      return `${compact}${hour}`;
    case 'year':
      return day.slice(0, 4);
    case 'month':
      return day.slice(5, 7);
    case 'dayOfWeek':
      return String(d.getUTCDay());
    case 'week': {
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      return String(Math.floor((d.getTime() - start) / (7 * 86_400_000))).padStart(2, '0');
    }
    default:
      return hour;
  }
}

/** Deterministic facts for the requested (and filtered-on) dimensions over each day of a range. */
function generate(propertyId: string, dims: string[], metrics: MetricInfo[], start: string, end: string, realtime: boolean): Fact[] {
  const plain = dims.filter((d) => !TIME_DIMS.has(d));
  const hourly = dims.includes('hour') || dims.includes('dateHour');
  const hours = hourly ? dimension('hour')!.values! : ['00'];
  let combos: Array<Record<string, string>> = [{}];
  for (const d of plain) {
    const values = dimension(d)!.values ?? ['(not set)'];
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [d]: v }))).slice(0, 200);
  }
  const days: string[] = [];
  if (realtime) days.push(isoDay(new Date()));
  else for (let t = Date.parse(start); t <= Date.parse(end) && days.length < 400; t += 86_400_000) days.push(isoDay(new Date(t)));
  const minutes = realtime && dims.includes('minutesAgo') ? dimension('minutesAgo')!.values! : [''];
  const spread = Math.sqrt(combos.length * hours.length * minutes.length);
  const facts: Fact[] = [];
  for (const day of days) {
    for (const hour of hours) {
      for (const minute of minutes) {
        for (const combo of combos) {
          const key = `${propertyId}|${day}|${hour}|${minute}|${JSON.stringify(combo)}`;
          const rand = seededRandom(key);
          const values: Record<string, string> = { ...combo };
          for (const d of dims) if (TIME_DIMS.has(d)) values[d] = d === 'minutesAgo' ? minute : timeValue(d, day, hour);
          const m: Record<string, number> = {};
          for (const info of metrics) {
            const r = rand();
            m[info.apiName] = info.ratio ? (info.type === 'TYPE_SECONDS' || info.scale > 1 ? info.scale * (0.5 + r) : 0.2 + 0.7 * r) : Math.round((info.scale * (0.3 + r)) / spread / (realtime ? 50 : 1));
          }
          facts.push({ dimensions: values, metrics: m });
        }
      }
    }
  }
  return facts;
}

interface Row {
  dimensionValues: string[];
  metricValues: number[];
}

function formatMetric(info: MetricInfo, value: number): string {
  if (info.type === 'TYPE_INTEGER') return String(Math.round(value));
  return String(Number(value.toFixed(info.type === 'TYPE_CURRENCY' ? 2 : 6)));
}

export interface PropertyData {
  id: string;
  rows?: Fact[];
  currencyCode: string;
  timeZone: string;
}

export interface Report {
  dimensionHeaders: Array<{ name: string }>;
  metricHeaders: Array<{ name: string; type: string }>;
  rows?: Array<{ dimensionValues: Array<{ value: string }>; metricValues: Array<{ value: string }> }>;
  totals?: unknown[];
  maximums?: unknown[];
  minimums?: unknown[];
  rowCount: number;
  metadata: Record<string, unknown>;
  pivotHeaders?: unknown[];
  kind: string;
}

/** Runs a parsed request against a property; `noMatch` yields a report without rows. */
export function runReport(property: PropertyData, req: ParsedRequest, kind: ReportKind | 'pivot', noMatch = false): Report {
  const realtime = kind === 'realtime';
  const metricInfos = req.metrics.map((m) => metric(m)!);
  const filterDims = [...filterFields(req.dimensionFilter)];
  const ranges = realtime ? [{ start: '', end: '', name: '' }] : req.dateRanges;
  const multiRange = ranges.length > 1;
  const groups = new Map<string, { values: string[]; sums: number[]; counts: number }>();
  for (const range of ranges) {
    const facts = property.rows
      ? property.rows.filter((f) => realtime || !f.dimensions.date || (f.dimensions.date >= range.start.replace(/-/g, '') && f.dimensions.date <= range.end.replace(/-/g, '')))
      : generate(property.id, [...new Set([...req.dimensions, ...filterDims])], metricInfos, range.start, range.end, realtime);
    for (const fact of facts) {
      if (noMatch || !matches(req.dimensionFilter, (f) => fact.dimensions[f] ?? '(not set)')) continue;
      const values = req.dimensions.map((d) => fact.dimensions[d] ?? '(not set)');
      if (multiRange) values.push(range.name);
      const key = JSON.stringify(values);
      const g = groups.get(key) ?? { values, sums: metricInfos.map(() => 0), counts: 0 };
      metricInfos.forEach((info, i) => (g.sums[i] += fact.metrics[info.apiName] ?? 0));
      g.counts++;
      groups.set(key, g);
    }
  }
  let rows: Row[] = [...groups.values()].map((g) => ({ dimensionValues: g.values, metricValues: g.sums.map((s, i) => (metricInfos[i].ratio ? s / g.counts : s)) }));
  if (!req.keepEmptyRows) rows = rows.filter((r) => r.metricValues.some((v) => v !== 0));
  rows = rows.filter((r) => matches(req.metricFilter, (f) => r.metricValues[req.metrics.indexOf(f)]));

  const orderBys = req.orderBys.length ? req.orderBys : realtime ? [] : [{ metric: req.metrics[0], desc: true }];
  rows.sort((a, b) => {
    for (const o of orderBys) {
      let cmp: number;
      if (o.metric) cmp = a.metricValues[req.metrics.indexOf(o.metric)] - b.metricValues[req.metrics.indexOf(o.metric)];
      else {
        const i = req.dimensions.indexOf(o.dimension!);
        const x = a.dimensionValues[i];
        const y = b.dimensionValues[i];
        cmp = o.orderType === 'NUMERIC' ? Number(x) - Number(y) : o.orderType === 'CASE_INSENSITIVE_ALPHANUMERIC' ? x.toLowerCase().localeCompare(y.toLowerCase()) : x < y ? -1 : x > y ? 1 : 0;
      }
      if (cmp !== 0) return o.desc ? -cmp : cmp;
    }
    return 0;
  });

  const aggregate = (label: string, pick: (values: number[]) => number) => ({
    dimensionValues: [...req.dimensions.map(() => ({ value: label })), ...(multiRange ? [{ value: ranges[0].name }] : [])],
    metricValues: metricInfos.map((info, i) => ({ value: formatMetric(info, rows.length ? pick(rows.map((r) => r.metricValues[i])) : 0) })),
  });
  const page = rows.slice(req.offset, req.limit === undefined ? undefined : req.offset + req.limit);
  const report: Report = {
    dimensionHeaders: [...req.dimensions, ...(multiRange ? ['dateRange'] : [])].map((name) => ({ name })),
    metricHeaders: metricInfos.map((m) => ({ name: m.apiName, type: m.type })),
    rowCount: rows.length,
    metadata: realtime ? {} : { currencyCode: req.currencyCode ?? property.currencyCode, timeZone: property.timeZone },
    kind: realtime ? 'analyticsData#runRealtimeReport' : kind === 'pivot' ? 'analyticsData#runPivotReport' : 'analyticsData#runReport',
  };
  if (page.length) {
    report.rows = page.map((r) => ({ dimensionValues: r.dimensionValues.map((value) => ({ value })), metricValues: r.metricValues.map((v, i) => ({ value: formatMetric(metricInfos[i], v) })) }));
  }
  if (req.metricAggregations.includes('TOTAL')) report.totals = [aggregate('RESERVED_TOTAL', (v) => v.reduce((a, b) => a + b, 0))];
  if (req.metricAggregations.includes('MAXIMUM')) report.maximums = [aggregate('RESERVED_MAX', (v) => Math.max(...v))];
  if (req.metricAggregations.includes('MINIMUM')) report.minimums = [aggregate('RESERVED_MIN', (v) => Math.min(...v))];
  if (req.pivots) {
    report.pivotHeaders = req.pivots.map((p) => {
      const seen = new Map<string, string[]>();
      for (const r of rows) {
        const values = p.fieldNames.map((f) => r.dimensionValues[req.dimensions.indexOf(f)]);
        seen.set(JSON.stringify(values), values);
      }
      const all = [...seen.values()];
      return { pivotDimensionHeaders: all.slice(p.offset, p.offset + p.limit).map((vs) => ({ dimensionValues: vs.map((value) => ({ value })) })), rowCount: all.length };
    });
  }
  if (realtime) delete (report as Partial<Report>).metadata;
  return report;
}
