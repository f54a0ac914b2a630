// Agents of a project: upserted, read, listed, deleted. An action must name a tool of the same
// project or a named step on one of its connections, so a broken reference fails at upsert.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { invalid, notFound } from '../errors.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import { findStep } from '../integrations/providers/index.ts';
import type { Vault } from '../integrations/vault.ts';
import type { Action, Agent, AgentInput } from './definition.ts';

/** An agent row as the API shows it. */
export function shape(row: { id: string; name: string; system_prompt: string; model: string | null; model_base_url: string | null; model_key: Buffer | null; actions: unknown; created_at: Date; updated_at: Date }): Agent {
  return {
    agent_id: row.id,
    name: row.name,
    system_prompt: row.system_prompt,
    model: row.model,
    model_base_url: row.model_base_url,
    has_model_api_key: row.model_key !== null,
    actions: row.actions as Action[],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const agentNotFound = (id: string) => notFound(`Agent ${id} was not found in this project.`);

export const modelKeyOwners = (projectId: string, agentId: string) => ['agent-model-key', projectId, agentId];

export function createAgents(db: Kysely<Database>, vault: Vault) {
  async function checkActions(projectId: string, actions: Action[]) {
    for (const [i, action] of actions.entries()) {
      if ('studio_id' in action) {
        const tool = isUuid(action.studio_id) ? await db.selectFrom('studios').select('id').where('id', '=', action.studio_id).where('project_id', '=', projectId).executeTakeFirst() : undefined;
        if (!tool) throw invalid(`actions.${i}.studio_id: tool ${action.studio_id} is not in this project.`);
      } else {
        const found = findStep(action.step);
        if (!found) throw invalid(`actions.${i}.step: "${action.step}" is not a named tool step.`);
        const connection = isUuid(action.connection_id)
          ? await db.selectFrom('connections').select('provider').where('id', '=', action.connection_id).where('project_id', '=', projectId).executeTakeFirst()
          : undefined;
        if (!connection) throw invalid(`actions.${i}.connection_id: connection ${action.connection_id} is not in this project.`);
        if (connection.provider !== found.provider.id) throw invalid(`actions.${i}: step ${action.step} needs a ${found.provider.name} connection.`);
      }
    }
  }

  async function get(projectId: string, id: string): Promise<Agent> {
    const row = isUuid(id) ? await db.selectFrom('agents').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst() : undefined;
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

    async upsert(actor: Actor, input: AgentInput) {
      const actions = input.actions ?? [];
      await checkActions(actor.project.id, actions);
      if (input.model_base_url && !/^https?:\/\//i.test(input.model_base_url)) throw invalid('model_base_url must be an http(s) address.');
      const values = {
        name: input.name,
        system_prompt: input.system_prompt ?? '',
        model: input.model ?? null,
        model_base_url: input.model_base_url ?? null,
        actions: JSON.stringify(actions),
      };
      const sealKey = async (agentId: string) => {
        if (input.model_api_key === undefined) return;
        const sealed = vault.seal(input.model_api_key, modelKeyOwners(actor.project.id, agentId));
        await db.updateTable('agents').set({ model_key: sealed.data, model_key_id: sealed.keyId }).where('id', '=', agentId).execute();
      };
      if (input.agent_id) {
        const updated = isUuid(input.agent_id)
          ? await db.updateTable('agents').set({ ...values, updated_at: new Date() }).where('id', '=', input.agent_id).where('project_id', '=', actor.project.id).executeTakeFirst()
          : undefined;
        if (!updated || updated.numUpdatedRows === 0n) throw agentNotFound(input.agent_id);
        await sealKey(input.agent_id);
        return { agent_id: input.agent_id };
      }
      const row = await db.insertInto('agents').values({ ...values, project_id: actor.project.id, created_by: actor.userId }).returning('id').executeTakeFirstOrThrow();
      await sealKey(row.id);
      return { agent_id: row.id };
    },

    async list(actor: Actor, page: PageRequest) {
      const query = db.selectFrom('agents').selectAll().where('project_id', '=', actor.project.id);
      const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'id' }, page, (r) => r.id);
      return { results: results.map(shape), next_cursor };
    },

    /** Deleting an agent removes its tasks and triggers too (their hooks are cleaned by the caller). */
    async remove(actor: Actor, id: string) {
      await get(actor.project.id, id);
      await db.deleteFrom('agents').where('id', '=', id).where('project_id', '=', actor.project.id).execute();
      return { agent_id: id, deleted: true as const };
    },
  };
}

export type Agents = ReturnType<typeof createAgents>;
