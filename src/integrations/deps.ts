// What the integrations services need from the platform, passed in once at start.
import type { Report } from '../db/faults.ts';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Metrics } from '../runtime/metrics.ts';
import type { ConnectionCache } from './connection-cache.ts';
import type { Quotas } from './quotas.ts';
import type { Vault } from './vault.ts';

export interface IntegrationDeps {
  db: Kysely<Database>;
  config: Config;
  vault: Vault;
  quotas: Quotas;
  connections: ConnectionCache;
  metrics?: Pick<Metrics, 'providerCalls' | 'providerRetries'>;
  /** How background failures are said and counted (src/db/faults.ts); absent in tools' own tests. */
  report?: Report;
}
