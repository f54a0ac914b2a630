// What an operator scrapes at /metrics (Prometheus text, prom-client): one registry per Hangar
// instance (tests run several in one process). Counters are bumped where the thing happens; the
// job queue and the pool are read when scraped. Under `hangar start --processes N` a scrape answers
// for all N processes (src/runtime/cluster-metrics.ts): counters and histograms are summed, and each gauge
// says how (`aggregator`): figures every process reads from the shared database are not summed.
import type pg from 'pg';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { createRequestMeter, type RequestMeter } from './request-meter.ts';

export interface Metrics {
  registry: Registry;
  /** The exposition text /metrics answers: this registry's, or the whole cluster's in a cluster worker. */
  scrape: () => Promise<string>;
  /** hangar_http_requests_total and hangar_http_request_duration_seconds. */
  requests: RequestMeter;
  deliveries: Counter<'outcome'>;
  dispatched: Counter;
  activations: Counter<'source'>;
  providerCalls: Tally<'provider' | 'status'>;
  providerRetries: Counter<'provider'>;
  quotaRemaining: Gauge<'provider' | 'quota'>;
  principalCache: Tally<'result'>;
  /** /latest/mcp tools/call by what was called (tool, agent, step, api_call) and how it ended. */
  mcpCalls: Counter<'kind' | 'outcome'>;
  /** Attempts of signed outbound events (src/events) by outcome: delivered, retry_scheduled, failed. */
  eventDeliveries: Counter<'outcome'>;
  /** Failures of background work no request answers for (src/db/faults.ts `reporter`), by source. */
  backgroundFailures: Counter<'source'>;
}

/**
 * How often the event-loop lag is sampled, ms. prom-client's histogram counts this interval in every
 * reading (bench/api-call.ts subtracts it).
 */
export const EVENT_LOOP_SAMPLING_MS = 20;

export function createMetrics(pool: pg.Pool): Metrics {
  const registry = new Registry();
  // Process figures, the event-loop lag among them (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLING_MS });
  const registers = [registry];
  new Gauge({
    name: 'hangar_db_pool_connections',
    help: 'PostgreSQL connections of this process: total open, idle, and callers waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const readQueue = perScrape(() =>
    pool
      .query<{ task: string; n: number; age: number }>(
        // graphile-worker's own tables (0.16.6, pinned); shared by every process of the region.
        `SELECT t.identifier AS task, count(*)::int AS n, coalesce(extract(epoch FROM now() - min(j.run_at)), 0)::float8 AS age
           FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE j.locked_at IS NULL AND j.run_at <= now() AND j.attempts < j.max_attempts
          GROUP BY t.identifier`,
      )
      .then((r) => r.rows, () => []),
  );
  new Gauge({
    name: 'hangar_job_queue_depth',
    help: 'Jobs ready to run and not taken, by task.',
    labelNames: ['task'],
    registers,
    aggregator: 'max',
    async collect() {
      const rows = await readQueue();
      this.reset();
      for (const r of rows) this.set({ task: r.task }, r.n);
    },
  });
  new Gauge({
    name: 'hangar_job_queue_oldest_age_seconds',
    help: 'How long the oldest ready, untaken job of each task has been waiting.',
    labelNames: ['task'],
    registers,
    aggregator: 'max',
    async collect() {
      const rows = await readQueue();
      this.reset();
      for (const r of rows) this.set({ task: r.task }, r.age);
    },
  });
  hookGauges(pool, registers);
  return {
    registry,
    scrape: () => registry.metrics(),
    requests: createRequestMeter(registers),
    deliveries: new Counter({ name: 'hangar_webhook_deliveries_total', help: 'Signed code-host deliveries stored (received) or recognised as redeliveries (duplicate).', labelNames: ['outcome'], registers }),
    dispatched: new Counter({ name: 'hangar_webhook_deliveries_dispatched_total', help: 'Deliveries this process dispatched to their triggers.', registers }),
    activations: new Counter({ name: 'hangar_trigger_activations_total', help: 'Trigger activations (each starts one agent task), by source.', labelNames: ['source'], registers }),
    providerCalls: tally({ name: 'hangar_provider_calls_total', help: 'Calls to providers, after retries, by provider and final status (unreachable, rate_limited).', labelNames: ['provider', 'status'], registers }),
    providerRetries: new Counter({ name: 'hangar_provider_retries_total', help: 'Provider requests sent again (rate limits, 5xx, network errors).', labelNames: ['provider'], registers }),
    // Each process saw the quota after its own latest request; the lowest is the nearest to the truth.
    quotaRemaining: new Gauge({ name: 'hangar_provider_quota_remaining', help: 'Points left in a provider quota after the latest request that spent it (for its connection or property).', labelNames: ['provider', 'quota'], registers, aggregator: 'min' }),
    principalCache: tally({ name: 'hangar_principal_cache_lookups_total', help: 'API-key principal lookups answered from memory (hit) or the database (miss).', labelNames: ['result'], registers }),
    backgroundFailures: new Counter({ name: 'hangar_background_failures_total', help: 'Failures of background work that no request answers for (each also logged): gist poll, notifications, mcp listener, hook state, revocation, step run record, metrics listener, dispatch, and others, by source.', labelNames: ['source'], registers }),
    mcpCalls: new Counter({ name: 'hangar_mcp_tool_calls_total', help: 'MCP tools/call requests by kind (tool, agent, step, api_call) and outcome (ok, tool_error, invalid_arguments, cancelled, still_running, error).', labelNames: ['kind', 'outcome'], registers }),
    eventDeliveries: new Counter({ name: 'hangar_event_deliveries_total', help: 'Attempts to deliver signed outbound events, by outcome: delivered (a 2xx answer), retry_scheduled (failed, another attempt scheduled), failed (failed with no attempt left, or a manual retry that failed).', labelNames: ['outcome'], registers }),
  };
}

/** A counter that a hot path bumps: see `tally`. */
export interface Tally<L extends string> {
  inc(labels: Record<L, string>): void;
}

/**
 * A counter bumped on every API Call or every authenticated request. prom-client's own inc() builds
 * a label key, checks the labels and interns the key on every call (about 1 µs of an API Call's
 * 120, two such counters); here an increment is an addition in a map keyed by the label values, and
 * the counts are added to the prom-client counter in its `collect`, which runs whenever the registry
 * is read (a scrape, a cluster aggregation): what /metrics shows is the same.
 */
function tally<L extends string>(config: { name: string; help: string; labelNames: readonly L[]; registers: Registry[] }): Tally<L> {
  // Entries stay once made (their label values are bounded, as every label here must be).
  const pending = new Map<string, { labels: Record<L, string>; n: number }>();
  const names = config.labelNames;
  new Counter<L>({
    ...config,
    collect() {
      for (const p of pending.values()) {
        if (p.n === 0) continue;
        this.inc(p.labels, p.n);
        p.n = 0;
      }
    },
  });
  return {
    inc(labels) {
      let key = labels[names[0]];
      for (let i = 1; i < names.length; i++) key += `\u0000${labels[names[i]]}`;
      const counted = pending.get(key);
      if (counted) counted.n++;
      else pending.set(key, { labels: { ...labels }, n: 1 });
    },
  };
}

/**
 * One query serving several gauges of one scrape: a scrape starts every gauge's collect at once, so
 * the first to ask starts the query and the others join it; once it has answered, the next scrape
 * reads anew.
 */
function perScrape<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().finally(() => {
      pending = undefined;
    }));
}

interface HookRow {
  id: string;
  received: number;
  duplicates: number;
  rejected_signatures: number;
  recovered: number;
  recovered_at: number | null;
  reconciled_at: number | null;
}

/**
 * Per hook, as every process of the region wrote them (src/triggers/hook-stats.ts, recovery.ts,
 * reconcile.ts): deliveries by outcome, when recovery and reconciliation last ran on it; and the age
 * of the oldest delivery not yet dispatched. One query per scrape serves them all.
 */
function hookGauges(pool: pg.Pool, registers: Registry[]): void {
  const read = perScrape(() =>
    Promise.all([
      pool.query<HookRow>(
        `SELECT id, received, duplicates, rejected_signatures, recovered,
                extract(epoch FROM recovered_at)::float8 AS recovered_at, extract(epoch FROM reconciled_at)::float8 AS reconciled_at
           FROM codehost_hooks`,
      ),
      pool.query<{ age: number }>(`SELECT coalesce(extract(epoch FROM now() - min(received_at)), 0)::float8 AS age FROM deliveries WHERE processed_at IS NULL`),
    ]).then(([hooks, backlog]) => ({ hooks: hooks.rows, backlog: backlog.rows[0]?.age ?? 0 }), () => ({ hooks: [] as HookRow[], backlog: 0 })),
  );
  new Gauge({
    name: 'hangar_webhook_hook_deliveries',
    help: 'Deliveries of each hook since it was created, by outcome: received, duplicate, rejected_signature (401), recovered (asked for again after a miss).',
    labelNames: ['hook_id', 'outcome'],
    registers,
    aggregator: 'max',
    async collect() {
      const { hooks } = await read();
      this.reset();
      for (const h of hooks) {
        this.set({ hook_id: h.id, outcome: 'received' }, h.received);
        this.set({ hook_id: h.id, outcome: 'duplicate' }, h.duplicates);
        this.set({ hook_id: h.id, outcome: 'rejected_signature' }, h.rejected_signatures);
        this.set({ hook_id: h.id, outcome: 'recovered' }, h.recovered);
      }
    },
  });
  new Gauge({
    name: 'hangar_webhook_hook_last_run_timestamp_seconds',
    help: 'When recovery and reconciliation last ran on each hook (Unix time).',
    labelNames: ['hook_id', 'run'],
    registers,
    aggregator: 'max',
    async collect() {
      const { hooks } = await read();
      this.reset();
      for (const h of hooks) {
        if (h.recovered_at !== null) this.set({ hook_id: h.id, run: 'recovery' }, h.recovered_at);
        if (h.reconciled_at !== null) this.set({ hook_id: h.id, run: 'reconciliation' }, h.reconciled_at);
      }
    },
  });
  new Gauge({
    name: 'hangar_webhook_backlog_oldest_age_seconds',
    help: 'How long the oldest stored delivery not yet dispatched has waited (0 when none waits).',
    registers,
    aggregator: 'max',
    async collect() {
      this.set((await read()).backlog);
    },
  });
}
