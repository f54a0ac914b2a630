// What the rest of Hangar holds of events: the subscriptions, the deliveries, the sender and the
// signal that wakes the delivery loop (started by ../server.ts in the processes that run jobs).
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Report } from '../db/faults.ts';
import type { Database } from '../db/schema.ts';
import type { Vault } from '../integrations/vault.ts';
import { createDeliveries, type Outcome } from './deliveries.ts';
import { createEventSignal } from './delivery-loop.ts';
import { createSender } from './sender.ts';
import { createSubscriptions } from './subscriptions.ts';

export interface EventsDeps {
  db: Kysely<Database>;
  pool: pg.Pool;
  vault: Vault;
  allowPrivateAddresses: boolean;
  retrySeconds: number[];
  counted: (outcome: Outcome) => void;
  report: Report;
}

export function createEvents(deps: EventsDeps) {
  const subscriptions = createSubscriptions({ db: deps.db, vault: deps.vault, allowPrivateAddresses: deps.allowPrivateAddresses });
  const sender = createSender(deps.allowPrivateAddresses);
  const deliveries = createDeliveries({ db: deps.db, vault: deps.vault, sender, subscriptions, retrySeconds: deps.retrySeconds, counted: deps.counted });
  const signal = createEventSignal(deps.pool, deps.report);
  return {
    subscriptions,
    deliveries,
    signal,
    async close() {
      signal.close();
      await sender.close();
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
