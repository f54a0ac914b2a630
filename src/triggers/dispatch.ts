// Turns deliveries (and polled gists) into activations: each matching active trigger starts exactly
// one task on its agent per item. The unique (trigger, source, item) row is the arbiter, so a job
// retried after a crash, or run twice at once, adds nothing.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { startTask } from '../agents/tasks.ts';
import type { Integrations } from '../integrations/service.ts';
import { enqueue } from '../jobs/queue.ts';
import { findTriggerType, type Activation } from './catalogue.ts';
import { POLL_GISTS_JOB } from './triggers.ts';

class AlreadyActivated extends Error {}

interface TriggerRow {
  id: string;
  project_id: string;
  agent_id: string;
  type: string;
  created_by: string;
}

export function createDispatcher(db: Kysely<Database>, config: Config, integrations: Integrations) {
  async function activate(trigger: TriggerRow, source: string, activation: Activation, event: Record<string, unknown>): Promise<boolean> {
    const content = `${activation.summary}\n\n${JSON.stringify({ trigger_type: trigger.type, ...event })}`;
    try {
      await db.transaction().execute(async (trx) => {
        const conversationId = await startTask(trx, { projectId: trigger.project_id, agentId: trigger.agent_id, runAs: trigger.created_by, content, trigger: { id: trigger.id, type: trigger.type } });
        const row = await trx
          .insertInto('activations')
          .values({ trigger_id: trigger.id, source, item: activation.item, conversation_id: conversationId })
          .onConflict((oc) => oc.columns(['trigger_id', 'source', 'item']).doNothing())
          .returning('id')
          .executeTakeFirst();
        // Rolling back also removes the task and its job.
        if (!row) throw new AlreadyActivated();
      });
      return true;
    } catch (err) {
      if (err instanceof AlreadyActivated) return false;
      throw err;
    }
  }

  return {
    async dispatch(deliveryId: string) {
      const delivery = await db.selectFrom('deliveries').selectAll().where('delivery_id', '=', deliveryId).executeTakeFirst();
      if (!delivery) return;
      const triggers = await db
        .selectFrom('triggers as t')
        .innerJoin('connections as c', 'c.id', 't.connection_id')
        .select(['t.id', 't.project_id', 't.agent_id', 't.type', 't.created_by', 'c.account'])
        .where('t.hook_id', '=', delivery.hook_id)
        .where('t.status', '=', 'active')
        .execute();
      const d = { event: delivery.event, action: delivery.action ?? undefined, payload: delivery.payload as Record<string, any> };
      // A tag appears in both `create` and `push` deliveries; its item is the tag, so the source must
      // not be the delivery or it would fire twice.
      for (const trigger of triggers) {
        for (const activation of findTriggerType(trigger.type)?.match(d, trigger.account) ?? []) {
          const source = activation.item.startsWith('tag:') ? 'tag' : `delivery:${deliveryId}`;
          await activate(trigger, source, activation, { event: d.event, action: d.action ?? null, delivery_id: deliveryId, payload: d.payload });
        }
      }
      await db.updateTable('deliveries').set({ processed_at: new Date() }).where('delivery_id', '=', deliveryId).execute();
    },

    /** Fires new_gist for gists created since the last poll, then schedules the next poll. */
    async pollGists() {
      const triggers = await db.selectFrom('triggers').select(['id', 'project_id', 'agent_id', 'type', 'created_by', 'connection_id', 'poll_state']).where('type', '=', 'codehost.new_gist').where('status', '=', 'active').execute();
      for (const trigger of triggers) {
        try {
          const { response } = await integrations.request({ userId: trigger.created_by, project: { id: trigger.project_id } }, trigger.connection_id, { method: 'GET', path: '/gists', query: { per_page: 100 } });
          if (response.status >= 300 || !Array.isArray(response.body)) continue;
          const gists = response.body as Array<{ id: string; description?: string; html_url?: string; owner?: { login?: string } }>;
          const seen = new Set(((trigger.poll_state as { seen?: string[] } | null)?.seen ?? []));
          for (const gist of gists.filter((g) => !seen.has(g.id))) {
            await activate(trigger, 'poll', { item: gist.id, summary: `Gist ${gist.id} "${gist.description ?? ''}" was created by ${gist.owner?.login ?? 'the account'}.` }, { event: 'gist', action: 'created', gist });
            seen.add(gist.id);
          }
          await db.updateTable('triggers').set({ poll_state: JSON.stringify({ seen: [...seen].slice(-1000) }) }).where('id', '=', trigger.id).execute();
        } catch {
          // One connection failing (removed, rate limited) must not stop the others; next poll retries.
        }
      }
      if (triggers.length) await enqueue(db, POLL_GISTS_JOB, {}, { jobKey: POLL_GISTS_JOB, runAt: new Date(Date.now() + config.gistPollSeconds * 1000) });
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
