// The composition root: every domain service, built once from the config and the database, shared
// by the HTTP server and the worker.
import { createAgents, type Agents } from './agents/agents.ts';
import { createApprovals, type Approvals } from './agents/approvals.ts';
import { createLoop } from './agents/loop.ts';
import { createTasks, type Tasks } from './agents/tasks.ts';
import type { Config } from './config.ts';
import { createCounters, type Counters } from './counters/counters.ts';
import type { Db } from './db/connection.ts';
import { reporter, type Report } from './db/faults.ts';
import { createNotifications, type Notifications } from './db/notifications.ts';
import { createPrincipalCache, type PrincipalCache } from './governance/principal-cache.ts';
import { createConnectionCache } from './integrations/connection-cache.ts';
import { createQuotas } from './integrations/quotas.ts';
import { createIntegrations, type Integrations } from './integrations/service.ts';
import { loadVault, type Vault } from './integrations/vault.ts';
import { createHttpCaller } from './tools/http-call.ts';
import { limitToolSchemaCache } from './tools/definition.ts';
import { createStudios, type Studios } from './tools/studios.ts';
import { createDispatcher, type Dispatcher } from './triggers/dispatch.ts';
import { createDeliverySignal, type DeliverySignal } from './triggers/delivery-signal.ts';
import { createHookSecrets } from './triggers/hook-secrets.ts';
import { createHookStats, type HookStats } from './triggers/hook-stats.ts';
import { createHookMaintenance, type HookMaintenance } from './triggers/maintenance.ts';
import { createMetrics, type Metrics } from './runtime/metrics.ts';
import { createEvents, type Events } from './events/events.ts';
import { createReceiver } from './triggers/receiver.ts';
import { createReconciler } from './triggers/reconcile.ts';
import { createRecovery } from './triggers/recovery.ts';
import { createTriggers, type Triggers } from './triggers/triggers.ts';
import { schedulerClock } from './schedules/clock.ts';
import { createScheduler, type Scheduler } from './schedules/scheduler.ts';
import { createSchedules, type Schedules } from './schedules/schedules.ts';

export interface Platform {
  config: Config;
  db: Db;
  vault: Vault;
  counters: Counters;
  notifications: Notifications;
  principals: PrincipalCache;
  integrations: Integrations;
  studios: Studios;
  agents: Agents;
  tasks: Tasks;
  approvals: Approvals;
  loop: ReturnType<typeof createLoop>;
  triggers: Triggers;
  dispatcher: Dispatcher;
  deliverySignal: DeliverySignal;
  receiveDelivery: ReturnType<typeof createReceiver>;
  hookStats: HookStats;
  hookMaintenance: HookMaintenance;
  metrics: Metrics;
  /** Signed outbound events: subscriptions, the outbox's deliveries, the loop's signal (src/events). */
  events: Events;
  /** How background work says a failure (src/db/faults.ts). */
  report: Report;
  schedules: Schedules;
  scheduler: Scheduler;
}

export function createPlatform(config: Config, db: Db): Platform {
  const vault = loadVault(config);
  const log = (message: string) => void process.stderr.write(`${message}\n`);
  const counters = createCounters(config, db.pool, log);
  // Background work's failures: those of the database being away are said once per outage.
  const metrics = createMetrics(db.pool);
  const report = reporter(db.outage, log, (source) => metrics.backgroundFailures.inc({ source }));
  const notifications = createNotifications(db.pool, report);
  const principals = createPrincipalCache(db.pool, notifications, config.principalCacheSeconds, config.cacheLimits.principals, log, report, (hit) => metrics.principalCache.inc({ result: hit ? 'hit' : 'miss' }));
  const integrations = createIntegrations({
    db: db.kysely,
    config,
    vault,
    quotas: createQuotas(counters, config.providers.quotaOverrides, (provider, quota, remaining) => metrics.quotaRemaining.set({ provider, quota }, remaining)),
    // Every process acknowledges a principal epoch only after handling what its link received
    // before it: waiting for one is waiting for every process to have dropped a revoked connection.
    connections: createConnectionCache(notifications, config.connectionCacheSeconds, config.cacheLimits.connections, () => principals.changed()),
    metrics,
    report,
  });
  const httpCall = createHttpCaller({ allowPrivate: config.allowPrivateAddresses, timeoutMs: config.providers.timeoutMs });
  limitToolSchemaCache(config.cacheLimits.toolSchemas);
  const studios = createStudios(db.kysely, { integrations, httpCall });
  const agents = createAgents(db.kysely, vault);
  const events = createEvents({
    db: db.kysely,
    pool: db.pool,
    vault,
    allowPrivateAddresses: config.allowPrivateAddresses,
    retrySeconds: config.eventRetrySeconds,
    counted: (outcome) => metrics.eventDeliveries.inc({ outcome }),
    report,
  });
  const loop = createLoop({ db: db.kysely, config, agents, studios, integrations, log, eventsRecorded: () => events.signal.recorded() });
  const hookSecrets = createHookSecrets(db.kysely, vault, config.cacheLimits.hookSecrets);
  const deliverySignal = createDeliverySignal(db.pool, report);
  const hookStats = createHookStats(db.pool, report);
  const forgetSecret = (hookId: string) => hookSecrets.forget(hookId);
  const scheduleClock = schedulerClock(config.schedules.testClock);
  const hookMaintenance = createHookMaintenance(db.kysely, config, createReconciler(db.kysely, config, vault, integrations, forgetSecret, log, report), createRecovery(db.kysely, config, integrations, log), log);
  return {
    config,
    db,
    vault,
    counters,
    notifications,
    principals,
    integrations,
    studios,
    agents,
    tasks: createTasks(db.kysely),
    approvals: createApprovals(db.kysely, config),
    loop,
    triggers: createTriggers(db.kysely, config, vault, integrations, forgetSecret),
    dispatcher: createDispatcher(db.kysely, db.pool, config, integrations, (source, n) => metrics.activations.inc({ source }, n), report),
    deliverySignal,
    receiveDelivery: createReceiver(db.pool, hookSecrets, deliverySignal, hookStats),
    hookStats,
    hookMaintenance,
    metrics,
    events,
    report,
    schedules: createSchedules(db.kysely, scheduleClock),
    scheduler: createScheduler(db.kysely, { clock: scheduleClock, catchupSeconds: config.schedules.catchupSeconds, log }),
  };
}
