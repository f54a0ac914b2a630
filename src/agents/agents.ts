// Agents of a project: upserted, read, listed, deleted. An action must name a tool of the same
// project or a named step on one of its connections, so a broken reference fails at upsert.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { invalid, notFound } from '../shared/errors.ts';
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import { connectionInProject } from '../integrations/connections.ts';
import { findStep } from '../integrations/providers/index.ts';
import type { Vault } from '../integrations/vault.ts';
import { toolId } from '../tools/studios.ts';
import { ACTION_BEHAVIOURS, EXTRA_AGENT_FIELDS, isSubagentAction, type Action, type ActionInput, type Agent, type AgentInput, type ApprovalSettings } from './definition.ts';

export interface AgentRow {
  id: string;
  project_id: string;
  name: string;
  system_prompt: string;
  model: string | null;
  model_base_url: string | null;
  model_key: Buffer | null;
  actions: unknown;
  extra: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

/** A stored tool action carries `chain_id`: the Python client reads it from every action it holds. */
function withChainId(action: Action): Action {
  return 'studio_id' in action ? { ...action, chain_id: action.studio_id } : action;
}

/** An agent row as the API shows it: Hangar's fields and the hosted ones (`_id`, `project`, …). */
export function shape(row: AgentRow): Agent {
  return {
    public: false,
    ...row.extra,
    agent_id: row.id,
    _id: row.id,
    project: row.project_id,
    name: row.name,
    system_prompt: row.system_prompt,
    model: row.model,
    model_base_url: row.model_base_url,
    has_model_api_key: row.model_key !== null,
    actions: (row.actions as Action[]).map(withChainId),
    insert_date_: row.created_at.toISOString(),
    update_date_: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const agentNotFound = (id: string) => notFound(`Agent ${id} was not found in this project.`);

/** What a sub-agent action takes: the message its task starts with. */
export const SUBAGENT_PARAMS = { type: 'object', required: ['message'], properties: { message: { type: 'string', description: 'What to ask the sub-agent.' } } };

export const modelKeyOwners = (projectId: string, agentId: string) => ['agent-model-key', projectId, agentId];


/** The approval settings of an action, checked, as sent (stored beside the action's own fields). */
function approvalOf(action: Record<string, unknown>, i: number): ApprovalSettings {
  const out: ApprovalSettings = {};
  if (action.action_behaviour !== undefined) {
    if (!ACTION_BEHAVIOURS.includes(action.action_behaviour as never)) {
      throw invalid(`actions.${i}.action_behaviour: ${JSON.stringify(action.action_behaviour)} is not allowed; use one of ${ACTION_BEHAVIOURS.join(', ')}.`);
    }
    out.action_behaviour = action.action_behaviour as ApprovalSettings['action_behaviour'];
  }
  if (action.agent_decide_prompt !== undefined) out.agent_decide_prompt = action.agent_decide_prompt as string;
  if (action.conditional_approval_rules !== undefined) out.conditional_approval_rules = action.conditional_approval_rules as ApprovalSettings['conditional_approval_rules'];
  return out;
}

/** The sub-agents an agent's actions name. */
const subagentsOf = (actions: Action[]) => actions.filter(isSubagentAction).map((a) => a.agent_id);

/** Serializes the cycle check and the write of sub-agent actions within a project. */
const SUBAGENT_LOCK = 'hangar-subagents';

export function createAgents(db: Kysely<Database>, vault: Vault) {
  /**
   * A path of sub-agent actions from `agentId` back to itself, once its actions are `actions`
   * (the other agents as stored); undefined when there is none.
   */
  async function cycleOf(executor: Kysely<Database>, projectId: string, agentId: string, actions: Action[]): Promise<string[] | undefined> {
    const rows = await executor.selectFrom('agents').select(['id', 'name', 'actions']).where('project_id', '=', projectId).execute();
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const edges = new Map(rows.map((r) => [r.id, subagentsOf(r.actions as Action[])]));
    edges.set(agentId, subagentsOf(actions));
    const seen = new Set<string>();
    const walk = (id: string, path: string[]): string[] | undefined => {
      for (const next of edges.get(id) ?? []) {
        if (next === agentId) return [...path, next];
        if (seen.has(next)) continue;
        seen.add(next);
        const found = walk(next, [...path, next]);
        if (found) return found;
      }
      return undefined;
    };
    const path = walk(agentId, [agentId]);
    return path?.map((id) => `"${names.get(id) ?? id}" (${id})`);
  }

  /** Checks each action and stores tool actions with both ids, whichever the caller sent. */
  async function checkActions(projectId: string, actions: ActionInput[]): Promise<Action[]> {
    const checked: Action[] = [];
    for (const [i, action] of actions.entries()) {
      const approval = approvalOf(action as Record<string, unknown>, i);
      if ('agent_id' in action && !('studio_id' in action) && !('chain_id' in action) && !('step' in action) && !('mcp' in action)) {
        const id = String(action.agent_id).toLowerCase();
        const found = isUuid(id) ? await db.selectFrom('agents').select('id').where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst() : undefined;
        if (!found) throw invalid(`actions.${i}.agent_id: agent ${action.agent_id} is not in this project.`);
        checked.push({ ...action, agent_id: id } as Action);
        continue;
      }
      if ('mcp' in action && !('studio_id' in action) && !('chain_id' in action) && typeof action.mcp === 'object' && action.mcp !== null && 'connection_id' in action.mcp) {
        const { connection_id, tools } = action.mcp as { connection_id: string; tools: string[] | '*' };
        const connection = isUuid(connection_id)
          ? await db.selectFrom('connections').select(['provider', 'status']).where('id', '=', connection_id.toLowerCase()).where('project_id', '=', projectId).executeTakeFirst()
          : undefined;
        if (!connection) throw invalid(`actions.${i}.mcp.connection_id: connection ${connection_id} is not in this project.`);
        if (connection.provider !== 'mcp') throw invalid(`actions.${i}.mcp.connection_id: connection ${connection_id} is not a remote MCP server.`);
        checked.push({ mcp: { connection_id: connection_id.toLowerCase(), tools: tools === '*' ? '*' : [...new Set(tools)] }, ...approval });
        continue;
      }
      if ('step' in action && 'connection_id' in action) {
        const found = findStep(action.step);
        if (!found) throw invalid(`actions.${i}.step: "${action.step}" is not a named tool step.`);
        // The project's own connection, or one of its organization's keys (resolved by provider when it runs).
        const connection = isUuid(action.connection_id) ? await connectionInProject(db, projectId, action.connection_id.toLowerCase()).executeTakeFirst() : undefined;
        if (!connection) throw invalid(`actions.${i}.connection_id: connection ${action.connection_id} is not in this project or its organization.`);
        if (connection.provider !== found.provider.id) throw invalid(`actions.${i}: step ${action.step} needs a ${found.provider.name} connection.`);
        checked.push({ step: action.step, connection_id: action.connection_id.toLowerCase(), ...(action.inputs ? { inputs: action.inputs } : {}), ...approval });
        continue;
      }
      const given = 'studio_id' in action ? action.studio_id : 'chain_id' in action ? action.chain_id : undefined;
      if (given === undefined) throw invalid(`actions.${i}: an action names a tool ({studio_id} or {chain_id}), a step ({step, connection_id}), a remote MCP server ({mcp}) or a sub-agent ({agent_id}).`);
      const field = 'studio_id' in action ? 'studio_id' : 'chain_id';
      const id = toolId(String(given));
      const tool = await db.selectFrom('studios').select('id').where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
      if (!tool) throw invalid(`actions.${i}.${field}: tool ${given} is not in this project.`);
      checked.push({ ...action, studio_id: id, chain_id: id } as Action);
    }
    return checked;
  }

  async function get(projectId: string, id: string): Promise<Agent> {
    const row = isUuid(id) ? await db.selectFrom('agents').selectAll().where('id', '=', id.toLowerCase()).where('project_id', '=', projectId).executeTakeFirst() : undefined;
    if (!row) throw agentNotFound(id);
    return shape(row);
  }

  return {
    get: (actor: Actor, id: string) => get(actor.project.id, id),
    load: get,
    /** The agent's own model key, decrypted for one call; undefined when it has none. */
    async modelKey(projectId: string, agentId: string): Promise<string | undefined> {
      const row = await db.selectFrom('agents').select(['model_key', 'model_key_id']).where('id', '=', agentId).executeTakeFirst();
      if (!row?.model_key || !row.model_key_id) return undefined;
      return vault.open<string>({ keyId: row.model_key_id, data: row.model_key }, modelKeyOwners(projectId, agentId));
    },

    /**
     * Creates an agent (a name is required), or updates one: only the fields given change, with or
     * without the hosted `partial_update` flag (its clients update one field at a time).
     */
    async upsert(actor: Actor, input: AgentInput, audit: AuditContext) {
      const actions = input.actions === undefined ? undefined : await checkActions(actor.project.id, input.actions);
      if (input.model_base_url && !/^https?:\/\//i.test(input.model_base_url)) throw invalid('model_base_url must be an http(s) address.');
      const extra = Object.fromEntries(EXTRA_AGENT_FIELDS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
      const given = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.system_prompt !== undefined ? { system_prompt: input.system_prompt } : {}),
        ...(input.model !== undefined ? { model: input.model } : {}),
        ...(input.model_base_url !== undefined ? { model_base_url: input.model_base_url } : {}),
        ...(actions !== undefined ? { actions: JSON.stringify(actions) } : {}),
      };
      // The audit record names the fields written, never their values (a model key among them).
      const fields = [...Object.keys(given), ...Object.keys(extra), ...(input.model_api_key !== undefined ? ['model_api_key'] : [])];
      const sealKey = async (trx: Kysely<Database>, agentId: string) => {
        if (input.model_api_key === undefined) return;
        const sealed = vault.seal(input.model_api_key, modelKeyOwners(actor.project.id, agentId));
        await trx.updateTable('agents').set({ model_key: sealed.data, model_key_id: sealed.keyId }).where('id', '=', agentId).execute();
      };
      const record = (trx: Kysely<Database>, action: 'agent.create' | 'agent.update', id: string, name: string) =>
        recordAudit(trx, audit, { action, target: { type: 'agent', id }, projectId: actor.project.id, details: { name, fields } });
      if (input.agent_id) {
        const id = input.agent_id.toLowerCase();
        if (!isUuid(id)) throw agentNotFound(input.agent_id);
        return db.transaction().execute(async (trx) => {
          // Sub-agent actions: the check for a cycle and the write are one step per project, so two
          // updates racing cannot each close half of a cycle.
          if (actions && subagentsOf(actions).length) {
            await sql`SELECT pg_advisory_xact_lock(hashtext(${`${SUBAGENT_LOCK}:${actor.project.id}`}))`.execute(trx);
            const cycle = await cycleOf(trx, actor.project.id, id, actions);
            if (cycle) throw invalid(`actions: the sub-agents form a cycle: ${cycle.join(' → ')}; an agent may not call itself, directly or through other agents.`);
          }
          const updated = await trx
            .updateTable('agents')
            .set({ ...given, extra: sql<string>`extra || ${JSON.stringify(extra)}::jsonb`, updated_at: new Date() })
            .where('id', '=', id)
            .where('project_id', '=', actor.project.id)
            .returning('name')
            .executeTakeFirst();
          if (!updated) throw agentNotFound(input.agent_id!);
          await sealKey(trx, id);
          await record(trx, 'agent.update', id, updated.name);
          return { agent_id: id };
        });
      }
      if (input.name === undefined) throw invalid('name is required to create an agent.');
      const name = input.name;
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('agents')
          .values({ name, system_prompt: '', model: null, model_base_url: null, actions: '[]', ...given, extra: JSON.stringify(extra), project_id: actor.project.id, created_by: actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sealKey(trx, row.id);
        await record(trx, 'agent.create', row.id, name);
        return { agent_id: row.id };
      });
    },

    async list(actor: Actor, page: PageRequest) {
      const query = db.selectFrom('agents').selectAll().where('project_id', '=', actor.project.id);
      const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'id' }, page, (r) => r.id);
      return { results: results.map(shape), next_cursor };
    },

    /** The tools the agents' actions name (hosted-compat.md §4.6), each once. */
    async actionIds(actor: Actor, agentIds: string[]): Promise<string[]> {
      const ids = agentIds.filter(isUuid).map((id) => id.toLowerCase());
      if (!ids.length) return [];
      const rows = await db.selectFrom('agents').select('actions').where('project_id', '=', actor.project.id).where('id', 'in', ids).execute();
      return [...new Set(rows.flatMap((r) => (r.actions as Action[]).flatMap((a) => ('studio_id' in a && !isSubagentAction(a) ? [a.studio_id as string] : []))))];
    },

    /** The sub-agents the agents' actions name (hosted-compat.md §4.6, `type: "agent"`), each once, as tools. */
    async subagentTools(actor: Actor, agentIds: string[]) {
      const ids = agentIds.filter(isUuid).map((id) => id.toLowerCase());
      if (!ids.length) return [];
      const rows = await db.selectFrom('agents').select('actions').where('project_id', '=', actor.project.id).where('id', 'in', ids).execute();
      const named = new Map<string, string | undefined>();
      for (const r of rows) for (const a of (r.actions as Action[]).filter(isSubagentAction)) if (!named.has(a.agent_id)) named.set(a.agent_id, a.title);
      if (!named.size) return [];
      const agents = await db.selectFrom('agents').selectAll().where('project_id', '=', actor.project.id).where('id', 'in', [...named.keys()]).orderBy('created_at').orderBy('id').execute();
      return agents.map((row) => ({
        type: 'agent' as const,
        studio_id: row.id,
        agent_id: row.id,
        _id: row.id,
        project: row.project_id,
        title: named.get(row.id) || row.name,
        description: String((row.extra as Record<string, unknown> | null)?.description ?? row.system_prompt.slice(0, 500)),
        params_schema: SUBAGENT_PARAMS,
        transformations: { steps: [] },
        public: false,
        publicly_triggerable: false,
        insert_date_: row.created_at.toISOString(),
        update_date_: row.updated_at.toISOString(),
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      }));
    },

    /** Deleting an agent removes its tasks and triggers too (their hooks are cleaned by the caller). */
    async remove(actor: Actor, id: string, audit: AuditContext) {
      await get(actor.project.id, id);
      return db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('agents').where('id', '=', id.toLowerCase()).where('project_id', '=', actor.project.id).returning(['id', 'name']).executeTakeFirst();
        if (!gone) throw agentNotFound(id);
        await recordAudit(trx, audit, { action: 'agent.delete', target: { type: 'agent', id: gone.id }, projectId: actor.project.id, details: { name: gone.name } });
        return { agent_id: gone.id, deleted: true as const };
      });
    },
  };
}

export type Agents = ReturnType<typeof createAgents>;
