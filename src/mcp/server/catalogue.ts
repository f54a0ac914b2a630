// What a project offers MCP clients: its saved tools, its agents, and the named steps and API Call
// of each connection, each as an MCP tool with a name unique in the project. Names are derived from
// what the user named things (a tool's title, an agent's name, a connection's provider and label),
// so they read well and stay the same across sessions, processes and servers; when two derive the
// same name, the oldest keeps it and the others add 8 characters of their own id.
//
// A project's connections include the organization keys it inherits (issue 24 §3): its
// organization's active key of each provider it has no own active connection of, offered under the
// key's own id, which every call resolves by provider as REST does (integrations/connections.ts).
//
// A project's list is built from the database once and kept in memory until the project's tools,
// agents or connections, or its organization's keys, change: migrations 016 and 023 say every such
// change on one channel (a project id, or `org:<organization id>` for an organization key), which
// every process listens to (src/db/notifications.ts); while that link is down nothing is served from
// memory.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { Notifications } from '../../db/notifications.ts';
import { findProvider } from '../../integrations/providers/index.ts';
import type { ToolDefinition } from '../../tools/definition.ts';
import { AGENT_EFFECT, annotationsOf, API_CALL_EFFECT, stepEffect, toolEffect } from './annotations.ts';

export const TOOLS_CHANGED_CHANNEL = 'hangar_mcp_tools';
/** How migration 023 names an organization whose keys changed, on TOOLS_CHANGED_CHANNEL. */
export const ORGANIZATION_PAYLOAD_PREFIX = 'org:';

export type OfferKind = 'tool' | 'agent' | 'step' | 'api_call';

interface OfferBase {
  name: string;
  /** What the offer is made from, for the name's tie-break. */
  sourceId: string;
  tool: Tool;
}
export type Offer =
  | (OfferBase & { kind: 'tool'; studioId: string; paramsSchema: Record<string, unknown> | undefined })
  | (OfferBase & { kind: 'agent'; agentId: string })
  | (OfferBase & { kind: 'step'; connectionId: string; step: string })
  | (OfferBase & { kind: 'api_call'; connectionId: string; provider: string });

/** Which kinds `?toolsets=` selects: `tools`, `agents`, `steps` (named steps and API Calls), `all`. */
export const TOOLSETS: Record<string, OfferKind[]> = { tools: ['tool'], agents: ['agent'], steps: ['step', 'api_call'], all: ['tool', 'agent', 'step', 'api_call'] };
export const DEFAULT_TOOLSETS = 'tools,agents';

/** Answers of parseToolsets by value: clients send the same one on every request. Bounded. */
const toolsetsSeen = new Map<string, { kinds: Set<OfferKind> }>();
const TOOLSETS_SEEN = 64;

/** The kinds a `toolsets` value selects, or the name of the one it does not know (the Set is shared: read it only). */
export function parseToolsets(value: unknown): { kinds: Set<OfferKind> } | { unknown: string } {
  if (value !== undefined && typeof value !== 'string') return { unknown: 'a repeated toolsets parameter (give one, comma-separated)' };
  const key = value ?? DEFAULT_TOOLSETS;
  const seen = toolsetsSeen.get(key);
  if (seen) return seen;
  const parsed = parseToolsetsOnce(key);
  if ('kinds' in parsed && key.length <= 200) {
    if (toolsetsSeen.size >= TOOLSETS_SEEN) toolsetsSeen.clear();
    toolsetsSeen.set(key, parsed);
  }
  return parsed;
}

function parseToolsetsOnce(value: string): { kinds: Set<OfferKind> } | { unknown: string } {
  const kinds = new Set<OfferKind>();
  for (const raw of value.split(',')) {
    const set = raw.trim().toLowerCase();
    if (!set) continue;
    const selected = Object.hasOwn(TOOLSETS, set) ? TOOLSETS[set] : undefined;
    if (!selected) return { unknown: set.slice(0, 50) };
    for (const k of selected) kinds.add(k);
  }
  return { kinds: kinds.size ? kinds : new Set(TOOLSETS.tools.concat(TOOLSETS.agents)) };
}

const NAME_MAX = 64;

/** Letters, digits and `_ . -` only (accents dropped, anything else one `_`), at most 64 characters. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, NAME_MAX);
}

/** An offer before its name is settled: `base` is the name it would like. */
type Draft = Offer extends infer O ? (O extends Offer ? Omit<O, 'name' | 'tool'> & { base: string; tool: Omit<Tool, 'name'> } : never) : never;

/** Names unique in the project: the first offer (kind order, then age) keeps a name, later ones add part of their id. */
function assignNames(offers: Draft[]): Offer[] {
  const taken = new Set<string>();
  return offers.map((o) => {
    let name = o.base;
    const hex = o.sourceId.replace(/[^0-9a-f]/gi, '').toLowerCase();
    for (let n = 8; taken.has(name); n += 4) name = `${o.base.slice(0, NAME_MAX - n - 1)}-${hex.slice(0, n) || String(n)}`;
    taken.add(name);
    const { base: _base, ...rest } = o;
    return { ...rest, name, tool: { name, ...o.tool } } as Offer;
  });
}

/** An MCP input schema is an object schema; a tool's params_schema may leave its type out. */
function objectSchema(schema: Record<string, unknown> | undefined): Tool['inputSchema'] {
  if (!schema) return { type: 'object', properties: {} };
  if (schema.type === 'object') return schema as Tool['inputSchema'];
  if (schema.type === undefined) return { ...schema, type: 'object' } as Tool['inputSchema'];
  return { type: 'object', properties: {} };
}

/** A TypeBox schema as plain JSON (its symbol keys left out). */
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

// The shapes of what each kind answers in structuredContent: those of the REST routes it mirrors.
const HOSTED_RUN_SCHEMA = {
  type: 'object' as const,
  description: 'What POST /latest/studios/{studio_id}/trigger_limited answers.',
  properties: {
    output: { description: "The tool's output ({} when the run failed)." },
    status: { type: 'string', enum: ['complete', 'failed'] },
    errors: { type: 'array', items: { type: 'object', properties: { body: { type: 'string' }, step_name: { type: 'string' } } } },
    executionTime: { type: 'number' },
    credits_used: { type: 'array' },
    cost: { type: 'number' },
  },
  required: ['output', 'status', 'errors'],
};
const STEP_RUN_SCHEMA = {
  type: 'object' as const,
  description: 'What POST /latest/integrations/steps/run answers.',
  properties: { status: { type: 'string' }, output: { type: 'object' }, errors: { type: 'array' }, credits_used: { type: 'number' }, run_id: { type: 'string' } },
  required: ['status', 'output'],
};
const API_CALL_OUTPUT_SCHEMA = {
  type: 'object' as const,
  description: "What POST /latest/integrations/api_call answers: the provider's answer, whatever its status.",
  properties: { status: { type: 'integer' }, headers: { type: 'object', additionalProperties: { type: 'string' } }, response_body: {} },
  required: ['status', 'headers', 'response_body'],
};
export const AGENT_INPUT_SCHEMA = {
  type: 'object' as const,
  properties: {
    message: { type: 'string', minLength: 1, maxLength: 200_000, description: 'What to tell the agent.' },
    conversation_id: { type: 'string', minLength: 1, maxLength: 200, description: 'Continue this task (from an earlier answer) instead of starting one.' },
  },
  required: ['message'],
  additionalProperties: false,
};
const AGENT_OUTPUT_SCHEMA = {
  type: 'object' as const,
  properties: {
    conversation_id: { type: 'string' },
    agent_id: { type: 'string' },
    state: { type: 'string', description: 'The task state; a working state means it outlasted the wait and is still running.' },
    reply: { type: ['string', 'null'], description: "The agent's last message, once the task has ended." },
  },
  required: ['conversation_id', 'agent_id', 'state', 'reply'],
};
export function apiCallInputSchema(methods: string[]) {
  return {
    type: 'object' as const,
    properties: {
      method: { type: 'string', enum: methods },
      endpoint: { type: 'string', minLength: 1, maxLength: 2000, description: "A path at the provider, e.g. /repos/owner/name; the connection's credentials are added." },
      body: { description: 'JSON body (not with GET).' },
      headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra request headers (not credentials).' },
    },
    required: ['method', 'endpoint'],
    additionalProperties: false,
  };
}

interface StudioRow {
  id: string;
  title: string;
  description: string;
  params_schema: Record<string, unknown> | null;
  transformations: ToolDefinition['transformations'];
}
interface AgentRow {
  id: string;
  name: string;
  description: string | null;
}
interface ConnectionRow {
  id: string;
  provider: string;
  label: string | null;
  account: string | null;
  /** An organization key the project inherits. */
  inherited: boolean;
}

/**
 * The project's active connections, and its organization's active keys of the providers it has no
 * own active connection of (the override rule of connections.ts `ownConnectionOf`).
 */
const CONNECTIONS = {
  name: 'hangar_mcp_connections_inherited',
  text: `SELECT c.id, c.provider, c.label, c.account, c.organization_id IS NOT NULL AS inherited
           FROM connections c
          WHERE c.status = 'active'
            AND (c.project_id = $1
                 OR (c.organization_id = (SELECT organization_id FROM projects WHERE id = $1)
                     AND NOT EXISTS (SELECT 1 FROM connections own
                                      WHERE own.project_id = $1 AND own.provider = c.provider AND own.status = 'active')))
          ORDER BY c.created_at, c.id`,
};

async function load(pool: pg.Pool, projectId: string): Promise<{ organizationId: string | undefined; offers: Offer[] }> {
  const [project, studios, agents, connections] = await Promise.all([
    pool.query<{ organization_id: string }>({ name: 'hangar_mcp_project_organization', text: 'SELECT organization_id FROM projects WHERE id = $1', values: [projectId] }),
    pool.query<StudioRow>({ name: 'hangar_mcp_studios', text: 'SELECT id, title, description, params_schema, transformations FROM studios WHERE project_id = $1 ORDER BY created_at, id', values: [projectId] }),
    pool.query<AgentRow>({ name: 'hangar_mcp_agents', text: "SELECT id, name, extra->>'description' AS description FROM agents WHERE project_id = $1 ORDER BY created_at, id", values: [projectId] }),
    pool.query<ConnectionRow>({ ...CONNECTIONS, values: [projectId] }),
  ]);
  const offers: Draft[] = [];
  for (const s of studios.rows) {
    const title = s.title || s.id;
    offers.push({
      kind: 'tool',
      base: slug(title) || 'tool',
      sourceId: s.id,
      studioId: s.id,
      paramsSchema: s.params_schema ?? undefined,
      tool: {
        title,
        description: s.description || `Runs the tool "${title}" (${s.transformations.steps.length} step${s.transformations.steps.length === 1 ? '' : 's'}).`,
        inputSchema: objectSchema(s.params_schema ?? undefined),
        outputSchema: HOSTED_RUN_SCHEMA,
        annotations: annotationsOf(title, await toolEffect(s)),
        _meta: { 'hangar/kind': 'tool', 'hangar/studio_id': s.id },
      },
    });
  }
  for (const a of agents.rows) {
    offers.push({
      kind: 'agent',
      base: `agent.${slug(a.name) || 'agent'}`.slice(0, NAME_MAX),
      sourceId: a.id,
      agentId: a.id,
      tool: {
        title: a.name,
        description: `${a.description ? `${a.description}\n\n` : ''}Sends a message to the agent "${a.name}" and answers its reply when the task ends. Give conversation_id to continue a task.`,
        inputSchema: AGENT_INPUT_SCHEMA,
        outputSchema: AGENT_OUTPUT_SCHEMA,
        annotations: annotationsOf(a.name, AGENT_EFFECT),
        _meta: { 'hangar/kind': 'agent', 'hangar/agent_id': a.id },
      },
    });
  }
  for (const c of connections.rows) {
    const provider = findProvider(c.provider);
    if (!provider) continue;
    const named = c.label || c.account;
    const prefix = named ? `${provider.id}.${slug(named) || 'connection'}` : provider.id;
    const on = `${provider.name}${named ? ` (${named})` : ''}`;
    const runsOn = c.inherited ? `the organization's ${on} key (this project has no ${provider.name} connection of its own)` : `the ${on} connection`;
    const scope = c.inherited ? { 'hangar/scope': 'organization' } : {};
    for (const s of provider.steps) {
      const step = `${provider.id}.${s.id}`;
      offers.push({
        kind: 'step',
        base: `${prefix}.${s.id}`.slice(0, NAME_MAX),
        sourceId: c.id,
        connectionId: c.id,
        step,
        tool: {
          title: `${s.name} — ${on}`,
          description: `${s.description} Runs on ${runsOn}.`,
          inputSchema: objectSchema(plain(s.input)),
          outputSchema: STEP_RUN_SCHEMA,
          annotations: annotationsOf(`${s.name} — ${on}`, await stepEffect(step)),
          _meta: { 'hangar/kind': 'step', 'hangar/connection_id': c.id, 'hangar/step': step, ...scope },
        },
      });
    }
    // A provider without an API Call (mcp: its tools are its steps) offers none.
    if (!provider.apiCall.methods.length) continue;
    offers.push({
      kind: 'api_call',
      base: `${prefix}.api_call`.slice(0, NAME_MAX),
      sourceId: c.id,
      connectionId: c.id,
      provider: provider.id,
      tool: {
        title: `API Call — ${on}`,
        description: `Any ${provider.name} API request (${provider.apiCall.methods.join(', ')}) with ${c.inherited ? `the credentials of ${runsOn}` : `the ${on} connection's credentials`}; the answer, whatever its status, is the result.`,
        inputSchema: apiCallInputSchema(provider.apiCall.methods),
        outputSchema: API_CALL_OUTPUT_SCHEMA,
        annotations: annotationsOf(`API Call — ${on}`, API_CALL_EFFECT),
        _meta: { 'hangar/kind': 'api_call', 'hangar/connection_id': c.id, 'hangar/step': `${provider.id}_api_call`, ...scope },
      },
    });
  }
  return { organizationId: project.rows[0]?.organization_id, offers: assignNames(offers) };
}

export interface ProjectOffers {
  all: Offer[];
  byName: Map<string, Offer>;
}

/**
 * The offers of each project, cached until they change, and the sessions listening for changes
 * (`watch`): every process hears every change, whichever process or server made it.
 */
export function createCatalogue(pool: pg.Pool, notifications: Notifications, maxProjects = 1000) {
  const cache = new LRUCache<string, { generation: string; organizationId: string | undefined; offers: Promise<ProjectOffers> }>({ max: maxProjects });
  const generations = new Map<string, number>();
  const watchers = new Map<string, { organizationId: string; callbacks: Set<() => void> }>();
  /** Bumped whenever a change may concern projects this process cannot name: no load in flight is kept. */
  let epoch = 0;
  const generationOf = (projectId: string) => `${generations.get(projectId) ?? 0}.${epoch}`;

  function projectChanged(projectId: string): void {
    cache.delete(projectId);
    generations.set(projectId, (generations.get(projectId) ?? 0) + 1);
    if (generations.size > maxProjects * 4) {
      generations.clear();
      epoch += 1;
    }
    for (const watcher of watchers.get(projectId)?.callbacks ?? []) watcher();
  }
  // Which organization a project is of is known here for the lists held (from their load) and the
  // projects watched (from the session); a load in flight has not said yet, so none is kept.
  function organizationChanged(organizationId: string): void {
    epoch += 1;
    const held = [...cache.entries()].filter(([, entry]) => entry.organizationId === organizationId).map(([projectId]) => projectId);
    for (const projectId of held) cache.delete(projectId);
    for (const watched of watchers.values()) if (watched.organizationId === organizationId) for (const watcher of watched.callbacks) watcher();
  }

  notifications.listen(TOOLS_CHANGED_CHANNEL, (payload) => {
    if (payload.startsWith(ORGANIZATION_PAYLOAD_PREFIX)) organizationChanged(payload.slice(ORGANIZATION_PAYLOAD_PREFIX.length));
    else projectChanged(payload);
  });
  // Changes may have been missed: nothing cached is trusted, and every listening session re-reads.
  notifications.onReset(() => {
    cache.clear();
    epoch += 1;
  });
  notifications.onReady(() => {
    for (const watched of watchers.values()) for (const watcher of watched.callbacks) watcher();
  });

  return {
    async offers(projectId: string): Promise<ProjectOffers> {
      const cached = cache.get(projectId);
      if (cached && notifications.live()) return cached.offers;
      const generation = generationOf(projectId);
      const loaded = load(pool, projectId);
      const offers = loaded.then(({ offers: all }) => ({ all, byName: new Map(all.map((o) => [o.name, o])) }));
      // A change that lands while this load runs makes its result stale: it is not kept.
      loaded.then(
        ({ organizationId }) => {
          if (generationOf(projectId) === generation && notifications.live()) cache.set(projectId, { generation, organizationId, offers });
        },
        () => {},
      );
      return offers;
    },
    /**
     * Calls `changed` whenever the project's offers may have changed (its own things, or its
     * organization's keys); returns the unsubscribe.
     */
    watch(projectId: string, organizationId: string, changed: () => void): () => void {
      let watched = watchers.get(projectId);
      if (!watched) watchers.set(projectId, (watched = { organizationId, callbacks: new Set() }));
      const { callbacks } = watched;
      callbacks.add(changed);
      return () => {
        callbacks.delete(changed);
        if (callbacks.size === 0 && watchers.get(projectId)?.callbacks === callbacks) watchers.delete(projectId);
      };
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
