// Remote MCP servers as the runtime reaches them: checking a server before its connection is stored,
// its tools (kept in PostgreSQL, so every process reads one list and one refresh serves them all;
// refreshed on demand and when the server says notifications/tools/list_changed), and tool calls.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Kysely } from 'kysely';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Database } from '../../db/schema.ts';
import { HangarError } from '../../shared/errors.ts';
import { deepestPath, FOREIGN_MAX_DEPTH } from '../../shared/json-limits.ts';
import type { ActiveConnection } from '../connections.ts';
import type { RemoteTools } from '../provider.ts';
import { openSession, RemoteAuthRefused, type McpEnv, type Phase, type RemoteTarget, type Session } from './session.ts';

/** A remote tool as Hangar lists it. */
export interface RemoteTool {
  name: string;
  title?: string;
  description?: string;
  input_schema: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export interface ToolList {
  tools: RemoteTool[];
  listed_at: string;
}

/** Bounds of one listing: a server cannot make Hangar page or store without end. */
const MAX_PAGES = 20;
const MAX_TOOLS = 1000;
/** A list_changed listener is kept this long after the connection was last used, in each process. */
const LISTEN_IDLE_MS = 10 * 60_000;
const MAX_LISTENERS = 200;
/** Text of a result kept in a step's output `text`; the whole content is in `content`. */
const MAX_TEXT = 100_000;

export interface McpRemotes extends RemoteTools {
  /** Lists a server's tools for a connection not stored yet; a failure is the caller's 400 saying why. */
  check(target: RemoteTarget): Promise<{ tools: RemoteTool[]; server: string | undefined }>;
  /** The connection's tools as last listed, or listed now when there is no list or `refresh`. */
  tools(connection: ActiveConnection, refresh: boolean): Promise<ToolList>;
  /** Stores a list (the connection's first, from its check). */
  store(connectionId: string, tools: RemoteTool[], db?: Kysely<Database>): Promise<void>;
  close(): Promise<void>;
}

/** A connection with a usable token (refreshed when about to expire, or when `force`): OAuth connections' own. */
export type Freshen = (connection: ActiveConnection, force: boolean) => Promise<ActiveConnection>;

export function createMcpRemotes(
  db: Kysely<Database>,
  env: McpEnv,
  targetOf: (connection: ActiveConnection) => RemoteTarget,
  fresh: Freshen,
  /** Each tools/call's outcome (`complete`, `tool_error`, or the HTTP status Hangar answered it with), for /metrics. */
  counted: (outcome: string) => void = () => {},
): McpRemotes {
  /** Runs `work` with a usable token; a signed-in connection the server refuses is refreshed once and tried again. */
  async function withAuth<T>(connection: ActiveConnection, work: (current: ActiveConnection) => Promise<T>): Promise<T> {
    let current = await fresh(connection, false);
    try {
      return await work(current);
    } catch (err) {
      if (!(err instanceof RemoteAuthRefused) || current.credentials.kind !== 'oauth' || !current.credentials.refresh_token) throw err;
      current = await fresh(current, true);
      return work(current);
    }
  }

  const listeners = new LRUCache<string, Promise<Session>>({
    max: MAX_LISTENERS,
    ttl: LISTEN_IDLE_MS,
    updateAgeOnGet: true,
    ttlAutopurge: true,
    dispose: (session) => void session.then((s) => s.close()).catch(() => {}),
  });

  async function listAll(session: Session): Promise<RemoteTool[]> {
    const tools: RemoteTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      let answer;
      try {
        answer = await session.client.listTools(cursor ? { cursor } : undefined, { timeout: env.requestTimeoutMs });
      } catch (err) {
        throw session.failed(err, 'tools/list');
      }
      // Hangar's walkers (storing, templating) recurse: a list nested past the bound is refused whole.
      if (deepestPath(answer.tools, FOREIGN_MAX_DEPTH)) throw tooDeep(session, 'tools/list');
      for (const tool of answer.tools) if (tools.length < MAX_TOOLS) tools.push(entryOf(tool));
      cursor = answer.nextCursor;
      if (!cursor || tools.length >= MAX_TOOLS) break;
    }
    return tools;
  }

  async function store(connectionId: string, tools: RemoteTool[], on: Kysely<Database> = db) {
    await on
      .insertInto('mcp_tool_lists')
      .values({ connection_id: connectionId, tools: JSON.stringify(tools) })
      .onConflict((oc) => oc.column('connection_id').doUpdateSet({ tools: JSON.stringify(tools), listed_at: new Date() }))
      .execute();
  }

  /**
   * The connection's listener session: it receives list_changed and stores the new list. Opened on
   * first use in a process, closed after LISTEN_IDLE_MS unused; a broken one is opened again next time.
   */
  function listener(connection: ActiveConnection): Promise<Session> {
    // New credentials (a refreshed token, a reconnection) make a new listener; the key holds a digest of them, not them.
    const key = `${connection.id}\u0000${createHash('sha256').update(JSON.stringify(connection.credentials)).digest('base64url')}`;
    const existing = listeners.get(key);
    if (existing) return existing;
    const opening = openSession(env, targetOf(connection), 'use', {
      onToolsChanged: () => {
        void opening
          .then(async (session) => store(connection.id, await listAll(session)))
          .catch((err: unknown) => {
            listeners.delete(key);
            env.report?.(`mcp listener: connection ${connection.id} could not store its changed tool list`, err);
          });
      },
      // Nothing more would arrive from this server until the next use opens a new listener: said and counted.
      onLost: (err) => {
        listeners.delete(key);
        env.report?.(`mcp listener: connection ${connection.id} stopped after its reconnections failed`, err);
      },
    });
    listeners.set(key, opening);
    opening.catch(() => listeners.delete(key));
    return opening;
  }

  async function read(connectionId: string): Promise<ToolList | undefined> {
    const row = await db.selectFrom('mcp_tool_lists').select(['tools', 'listed_at']).where('connection_id', '=', connectionId).executeTakeFirst();
    return row ? { tools: row.tools as RemoteTool[], listed_at: row.listed_at.toISOString() } : undefined;
  }

  async function callTool(connection: ActiveConnection, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    try {
      const output = await withAuth(connection, (current) => callOnce(current, tool, args));
      counted('complete');
      return output;
    } catch (err) {
      counted(err instanceof ToolFailed ? 'tool_error' : err instanceof HangarError ? String(err.status) : 'error');
      throw err;
    }
  }

  async function callOnce(connection: ActiveConnection, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    // Each call has a session of its own: a server that breaks or garbles one call fails that call
    // at once, and nothing of it is left to the next.
    const session = await openSession(env, targetOf(connection), 'use');
    let result: CallToolResult;
    try {
      result = (await session.client.callTool({ name: tool, arguments: args }, undefined, { timeout: env.callTimeoutMs })) as CallToolResult;
    } catch (err) {
      throw session.failed(err, 'tools/call');
    } finally {
      void session.close();
    }
    if (deepestPath(result, FOREIGN_MAX_DEPTH)) throw tooDeep(session, 'tools/call');
    const text = textOf(result);
    if (result.isError) {
      const host = new URL(connection.url!).host;
      throw new ToolFailed(502, 'upstream_error', `The MCP server at ${host} reported that tool "${tool}" failed: ${text.slice(0, 1000) || '(no message)'}`, 'third_party');
    }
    return { text: text.slice(0, MAX_TEXT), content: result.content ?? [], ...(result.structuredContent ? { structured_content: result.structuredContent } : {}) };
  }

  return {
    async check(target) {
      const session = await openSession(env, target, 'connect' satisfies Phase);
      try {
        const tools = await listAll(session);
        return { tools, server: session.client.getServerVersion()?.name };
      } finally {
        await session.close();
      }
    },
    async tools(connection, refresh) {
      if (!refresh) {
        const cached = await read(connection.id);
        if (cached) {
          // Keeps (or starts) this process's listener, so a change at the server reaches the list.
          void fresh(connection, false)
            .then(listener)
            .catch((err: unknown) => env.report?.(`mcp listener: connection ${connection.id} could not be (re)opened; the cached list is served`, err));
          return cached;
        }
      }
      const forget = () => {
        for (const key of listeners.keys()) if (key.startsWith(`${connection.id}\u0000`)) listeners.delete(key);
      };
      const tools = await withAuth(connection, async (current) => {
        try {
          return await listAll(await listener(current));
        } catch (err) {
          forget();
          // A listener's session may have ended at the server (a restart forgets sessions): one new session decides.
          if (err instanceof RemoteAuthRefused) throw err;
          try {
            return await listAll(await listener(current));
          } catch (again) {
            forget();
            throw again;
          }
        }
      });
      await store(connection.id, tools);
      return (await read(connection.id))!;
    },
    store,
    call: callTool,
    async close() {
      const open = [...listeners.values()];
      listeners.clear();
      await Promise.all(open.map((s) => s.then((x) => x.close()).catch(() => {})));
    },
  };
}

/** A result with `isError: true`: the tool ran and said it failed. */
class ToolFailed extends HangarError {}

function tooDeep(session: Session, what: string): HangarError {
  return session.failed(new Error(`its answer to ${what} nests deeper than ${FOREIGN_MAX_DEPTH} levels`), what);
}

function entryOf(tool: Tool): RemoteTool {
  return {
    name: tool.name,
    ...(tool.title ?? tool.annotations?.title ? { title: tool.title ?? tool.annotations?.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: tool.inputSchema as Record<string, unknown>,
    ...(tool.outputSchema ? { output_schema: tool.outputSchema as Record<string, unknown> } : {}),
    ...(tool.annotations ? { annotations: tool.annotations as Record<string, unknown> } : {}),
  };
}

/** The text parts of a result, one after another. */
function textOf(result: CallToolResult): string {
  return (result.content ?? [])
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}
