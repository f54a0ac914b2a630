// GET /latest/triggers/types/list: the trigger catalogue (../../triggers/catalogue.ts) as a person
// chooses from it — each type's name, category, the one line saying when it fires, what it watches
// (its scope, hence its `config`), and the webhook events it subscribes to. The dashboard reads it
// instead of keeping a copy, so a type added to or changed in the catalogue shows there (and in the
// SDK's types) without a second edit.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { TRIGGER_CATEGORIES, TRIGGER_TYPES } from '../../triggers/catalogue.ts';

const TriggerTypeSchema = Type.Object({
  type: Type.String({ description: 'What `triggers/create` takes as `type`, e.g. `codehost.new_issue`.' }),
  name: Type.String(),
  category: Type.Union(
    TRIGGER_CATEGORIES.map((c) => Type.Literal(c)),
    { description: 'The group it is shown in; the list is in category order.' },
  ),
  fires_when: Type.String({ description: 'One line: when it starts a task on the agent.' }),
  scope: Type.Union([Type.Literal('repository'), Type.Literal('organization'), Type.Literal('account')], {
    description: 'What it watches, hence its `config`: `{repository: "owner/name"}`, `{organization: "login"}`, or `{}` (the connected account).',
  }),
  events: Type.Array(Type.String(), { description: 'The webhook events its hook subscribes to; empty when polled.' }),
  polled: Type.Boolean({ description: 'Checked periodically (no webhook exists for it).' }),
});

/** The catalogue in category order. */
export function triggerTypeList() {
  const rank = (t: { category: string }) => TRIGGER_CATEGORIES.indexOf(t.category as (typeof TRIGGER_CATEGORIES)[number]);
  return [...TRIGGER_TYPES]
    .sort((a, b) => rank(a) - rank(b))
    .map((t) => ({ type: t.type, name: t.name, category: t.category, fires_when: t.firesWhen, scope: t.scope, events: [...t.events], polled: Boolean(t.polled) }));
}

export function triggerTypeRoutes(app: FastifyInstance): void {
  const results = triggerTypeList();
  app.get(
    '/latest/triggers/types/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags: ['triggers'],
        summary: 'The trigger types',
        description: 'Every type `POST /latest/agents/{agent_id}/triggers/create` accepts, grouped by category, each with when it fires and what it watches.',
        response: { 200: Type.Object({ results: Type.Array(TriggerTypeSchema) }) },
      },
    },
    async () => ({ results }),
  );
}
