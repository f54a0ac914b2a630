// Triggers of an agent: created (registering the webhook at the code host), listed, paused or
// resumed, deleted (removing the webhook with its last trigger); each change in the audit trail.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { invalid, notFound } from '../shared/errors.ts';
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import { connectionInProject } from '../integrations/connections.ts';
import type { Integrations } from '../integrations/service.ts';
import type { Vault } from '../integrations/vault.ts';
import { taskRunsStatement } from '../agents/tasks.ts';
import { enqueue } from '../jobs/queue.ts';
import { insertActivations } from './activations.ts';
import { eventMessage, findTriggerType, gistSummary, TRIGGER_TYPES, type TriggerType } from './catalogue.ts';
import type { PollState } from './dispatch.ts';
import { dropHook, ensureHook, forgetUncreatedHook, lockHook, syncHook, type Send } from './hooks.ts';
import { SAMPLE_EVENTS } from './samples.ts';

export const POLL_GISTS_JOB = 'poll_gists';

/** A repair is shown (`repaired at …`) for this long after it was made. */
const REPAIRED_SHOWN_MS = 24 * 3600_000;

/** `ok`, `repaired at <when>` or `failing: <reason>`, as the last reconciliation pass left the hook. */
export function healthOf(hook: { failing_reason: string | null; repaired_at: Date | null }, now = Date.now()): string {
  if (hook.failing_reason) return `failing: ${hook.failing_reason}`;
  if (hook.repaired_at && now - hook.repaired_at.getTime() < REPAIRED_SHOWN_MS) return `repaired at ${hook.repaired_at.toISOString()}`;
  return 'ok';
}

const triggerNotFound = (triggerId: string, agentId: string) => notFound(`Trigger ${triggerId} was not found on agent ${agentId}.`);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;
const ORGANIZATION = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;

function targetOf(type: TriggerType, config: Record<string, unknown>): string | undefined {
  switch (type.scope) {
    case 'repository':
      if (typeof config.repository !== 'string' || !REPOSITORY.test(config.repository)) throw invalid(`config.repository must be "owner/name" for ${type.type}.`);
      return `repo:${config.repository}`;
    case 'organization':
      if (typeof config.organization !== 'string' || !ORGANIZATION.test(config.organization)) throw invalid(`config.organization must be an organization login for ${type.type}.`);
      return `org:${config.organization}`;
    case 'account':
      return undefined;
  }
}

function configOf(type: TriggerType, config: Record<string, unknown>): Record<string, string> {
  if (type.scope === 'repository') return { repository: String(config.repository) };
  if (type.scope === 'organization') return { organization: String(config.organization) };
  return {};
}

/** `hookGone` is told of a hook that may have been deleted, so cached secrets are dropped. */
/** A polled trigger's health as its last poll left it: `ok`, or `failing since <time>: <reason>`. */
function pollHealthOf(state: PollState | null): string {
  return state?.failing ? `failing since ${state.failing_since}: ${state.failing}` : 'ok';
}

export function createTriggers(db: Kysely<Database>, config: Config, vault: Vault, integrations: Integrations, hookGone: (hookId: string) => void = () => {}) {
  const sendFor = (actor: Actor, connectionId: string): Send => async (request) => (await integrations.request(actor, connectionId, request)).response;

  /** Events every remaining trigger of the hook needs. */
  async function eventsOfHook(trx: Kysely<Database>, hookId: string): Promise<string[]> {
    const rows = await trx.selectFrom('triggers').select('type').where('hook_id', '=', hookId).execute();
    return rows.flatMap((r) => findTriggerType(r.type)?.events ?? []);
  }

  async function load(actor: Actor, agentId: string, triggerId: string) {
    const row = isUuid(triggerId) && isUuid(agentId)
      ? await db.selectFrom('triggers').selectAll().where('id', '=', triggerId).where('agent_id', '=', agentId).where('project_id', '=', actor.project.id).executeTakeFirst()
      : undefined;
    if (!row) throw triggerNotFound(triggerId, agentId);
    return row;
  }

  async function remove(actor: Actor, trigger: { id: string; hook_id: string | null; connection_id: string }, audit: AuditContext) {
    await db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('triggers').where('id', '=', trigger.id).returning(['agent_id', 'type']).executeTakeFirst();
      if (gone) await recordAudit(trx, audit, { action: 'trigger.delete', target: { type: 'trigger', id: trigger.id }, projectId: actor.project.id, details: { agent_id: gone.agent_id, type: gone.type } });
      if (!trigger.hook_id) return;
      const hook = await trx.selectFrom('codehost_hooks').select(['id', 'provider_hook_id', 'events', 'target']).where('id', '=', trigger.hook_id).forUpdate().executeTakeFirst();
      if (!hook) return;
      const row = { id: hook.id, provider_hook_id: hook.provider_hook_id === null ? null : Number(hook.provider_hook_id), events: hook.events as string[] };
      const remaining = await eventsOfHook(trx, hook.id);
      // A removed connection has no credential left to reach the code host: the trigger (and its
      // hook's row, with its last trigger) still goes here.
      const connection = await trx.selectFrom('connections').select('status').where('id', '=', trigger.connection_id).executeTakeFirst();
      if (connection?.status === 'removed') {
        if (remaining.length === 0) await trx.deleteFrom('codehost_hooks').where('id', '=', hook.id).execute();
        return;
      }
      const send = sendFor(actor, trigger.connection_id);
      if (remaining.length === 0) await dropHook(trx, send, hook.target, row);
      else await syncHook(trx, vault, config, send, actor.project.id, hook.target, row, remaining);
    });
    if (trigger.hook_id) hookGone(trigger.hook_id);
  }

  async function requireAgent(actor: Actor, agentId: string): Promise<void> {
    const agent = isUuid(agentId) ? await db.selectFrom('agents').select('id').where('id', '=', agentId).where('project_id', '=', actor.project.id).executeTakeFirst() : undefined;
    if (!agent) throw notFound(`Agent ${agentId} was not found in this project.`);
  }

  return {
    types: () => TRIGGER_TYPES.map((t) => ({ type: t.type, name: t.name, scope: t.scope, events: t.events, polled: Boolean(t.polled) })),

    async create(actor: Actor, agentId: string, input: { type: string; connection_id: string; config?: Record<string, unknown> }, audit: AuditContext) {
      const type = findTriggerType(input.type);
      if (!type) throw invalid(`type "${input.type}" is not a trigger type; see the trigger table in the API reference.`);
      await requireAgent(actor, agentId);
      // The project's own connection, or its organization's code-host key (resolved by provider at each call).
      const connection = isUuid(input.connection_id) ? await connectionInProject(db, actor.project.id, input.connection_id).executeTakeFirst() : undefined;
      if (!connection) throw notFound(`Connection ${input.connection_id} was not found in this project or its organization.`);
      if (connection.provider !== 'codehost') throw invalid(`${type.type} needs a code-host connection.`);
      const target = targetOf(type, input.config ?? {});
      const values = { project_id: actor.project.id, agent_id: agentId, type: type.type, connection_id: input.connection_id, config: JSON.stringify(configOf(type, input.config ?? {})), status: 'active' as const, created_by: actor.userId };
      const record = (trx: Kysely<Database>, id: string) =>
        recordAudit(trx, audit, {
          action: 'trigger.create',
          target: { type: 'trigger', id },
          projectId: actor.project.id,
          details: { agent_id: agentId, type: type.type, connection_id: input.connection_id, ...configOf(type, input.config ?? {}) },
        });

      if (!target) {
        // Polled: what exists now is the baseline; only gists created after it fire.
        const { response } = await integrations.request(actor, input.connection_id, { method: 'GET', path: '/gists', query: { per_page: 100 } });
        if (response.status >= 300) throw invalid(`The code host refused to list this account's gists (${response.status}).`);
        const seen = (response.body as Array<{ id: string }>).map((g) => g.id);
        const row = await db.transaction().execute(async (trx) => {
          const created = await trx.insertInto('triggers').values({ ...values, poll_state: JSON.stringify({ seen }) }).returning('id').executeTakeFirstOrThrow();
          await enqueue(trx, POLL_GISTS_JOB, {}, { jobKey: POLL_GISTS_JOB, runAt: new Date(Date.now() + config.gistPollSeconds * 1000) });
          await record(trx, created.id);
          return created;
        });
        return { trigger_id: row.id };
      }
      await ensureHook(db, vault, actor, input.connection_id, target);
      try {
        return await db.transaction().execute(async (trx) => {
          const hook = await lockHook(trx, actor.project.id, input.connection_id, target);
          const events = [...(await eventsOfHook(trx, hook.id)), ...type.events];
          await syncHook(trx, vault, config, sendFor(actor, input.connection_id), actor.project.id, target, hook, events);
          const row = await trx.insertInto('triggers').values({ ...values, hook_id: hook.id }).returning('id').executeTakeFirstOrThrow();
          await record(trx, row.id);
          return { trigger_id: row.id };
        });
      } catch (err) {
        await forgetUncreatedHook(db, actor.project.id, input.connection_id, target);
        throw err;
      }
    },

    async list(actor: Actor, agentId: string, page: PageRequest) {
      // Another project's agent is as unknown here as on every other agent route.
      await requireAgent(actor, agentId);
      const query = db
        .selectFrom('triggers as t')
        .leftJoin('codehost_hooks as h', 'h.id', 't.hook_id')
        .select(['t.id', 't.type', 't.connection_id', 't.config', 't.status', 't.hook_id', 't.created_at', 't.poll_state', 'h.events'])
        .select(['h.failing_reason', 'h.repaired_at', 'h.reconciled_at', 'h.recovered_at', 'h.received', 'h.duplicates', 'h.rejected_signatures', 'h.recovered'])
        // The oldest delivery of the hook not yet dispatched (the partial index of undispatched ones).
        .select(sql<Date | null>`(SELECT min(d.received_at) FROM deliveries d WHERE d.hook_id = h.id AND d.processed_at IS NULL)`.as('backlog_since'))
        .where('t.agent_id', '=', agentId)
        .where('t.project_id', '=', actor.project.id);
      const { results, next_cursor } = await keysetPage(query, { createdAt: 't.created_at', id: 't.id' }, page, (r) => r.id);
      return {
        results: results.map((r) => ({
          trigger_id: r.id,
          type: r.type,
          connection_id: r.connection_id,
          config: r.config as Record<string, string>,
          status: r.status,
          hook_id: r.hook_id,
          events: (r.events as string[] | null) ?? [],
          hook_health: r.hook_id ? healthOf({ failing_reason: r.failing_reason, repaired_at: r.repaired_at }) : null,
          poll_health: r.hook_id ? null : pollHealthOf(r.poll_state as PollState | null),
          hook_stats: r.hook_id
            ? {
                received: Number(r.received ?? 0),
                duplicate: Number(r.duplicates ?? 0),
                rejected_signature: Number(r.rejected_signatures ?? 0),
                recovered: Number(r.recovered ?? 0),
                backlog_age_seconds: r.backlog_since ? Math.max(0, Math.round((Date.now() - new Date(r.backlog_since).getTime()) / 1000)) : 0,
                last_recovery_at: iso(r.recovered_at),
                last_reconciliation_at: iso(r.reconciled_at),
              }
            : null,
          created_at: r.created_at.toISOString(),
        })),
        next_cursor,
      };
    },

    /**
     * Fires the trigger once with its type's sample event (samples.ts): a real task on the agent, its
     * first message the event marked `"test": true` and its summary "Test event: …", recorded in the
     * audit trail. No delivery is stored and the webhook is not involved; a paused trigger fires too,
     * since someone asked for it.
     */
    async test(actor: Actor, agentId: string, triggerId: string, audit: AuditContext) {
      const trigger = await load(actor, agentId, triggerId);
      const type = findTriggerType(trigger.type);
      const sample = SAMPLE_EVENTS[trigger.type];
      if (!type || !sample) throw invalid(`Trigger type ${trigger.type} has no sample event.`);
      const connection = await db.selectFrom('connections').select('account').where('id', '=', trigger.connection_id).executeTakeFirst();
      const login = connection?.account ?? '';
      const config = trigger.config as Record<string, string>;
      const event = sample({ repository: config.repository ?? 'octo-org/website', organization: config.organization ?? 'octo-org', login });
      const summary = type.polled ? gistSummary(event.payload.gist) : type.match(event, login)[0]?.summary;
      if (!summary) throw invalid(`The sample event of ${trigger.type} does not fire it.`);
      const content = eventMessage(trigger.type, `Test event: ${summary}`, { event: event.event, action: event.action ?? null, test: true, payload: event.payload });
      const conversationId = await db.transaction().execute(async (trx) => {
        const [row] = (
          await insertActivations([{ trigger: { id: trigger.id, project_id: trigger.project_id, agent_id: trigger.agent_id, type: trigger.type, created_by: actor.userId }, source: 'test', item: randomUUID(), content }]).execute(trx)
        ).rows;
        await taskRunsStatement([row.conversation_id]).execute(trx);
        await recordAudit(trx, audit, { action: 'trigger.test', target: { type: 'trigger', id: trigger.id }, projectId: actor.project.id, details: { agent_id: agentId, type: trigger.type, conversation_id: row.conversation_id } });
        return row.conversation_id;
      });
      return { trigger_id: trigger.id, conversation_id: conversationId, test: true as const };
    },

    async update(actor: Actor, agentId: string, triggerId: string, status: 'active' | 'paused', audit: AuditContext) {
      const trigger = await load(actor, agentId, triggerId);
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('triggers').select('status').where('id', '=', trigger.id).forUpdate().executeTakeFirst();
        if (!before) throw triggerNotFound(triggerId, agentId);
        await trx.updateTable('triggers').set({ status }).where('id', '=', trigger.id).execute();
        await recordAudit(trx, audit, { action: 'trigger.update', target: { type: 'trigger', id: trigger.id }, projectId: actor.project.id, details: { agent_id: trigger.agent_id, type: trigger.type, from: before.status, to: status } });
      });
      return { trigger_id: triggerId, status };
    },

    async delete(actor: Actor, agentId: string, triggerId: string, audit: AuditContext) {
      await remove(actor, await load(actor, agentId, triggerId), audit);
      return { trigger_id: triggerId, deleted: true as const };
    },

    /** Before an agent goes, its triggers go, so their webhooks do not outlive them. */
    async deleteAllOf(actor: Actor, agentId: string, audit: AuditContext) {
      const rows = await db.selectFrom('triggers').select(['id', 'hook_id', 'connection_id']).where('agent_id', '=', agentId).where('project_id', '=', actor.project.id).execute();
      for (const row of rows) await remove(actor, row, audit);
    },
  };
}

export type Triggers = ReturnType<typeof createTriggers>;
