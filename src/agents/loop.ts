// Runs a task. With a model endpoint, the model is offered the agent's actions as functions and
// may call them; each result goes back to it until it answers, within a bound on steps and time.
// Without one, the agent runs its actions in order on the message. Every message and tool run is
// recorded on the task.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import pLimit from 'p-limit';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable, RECORD_RETRY_MS, retryWhileUnavailable } from '../db/faults.ts';
import type { Database, TaskState } from '../db/schema.ts';
import { HangarError } from '../shared/errors.ts';
import type { Actor } from '../governance/principal.ts';
import { findStep } from '../integrations/providers/index.ts';
import type { Integrations } from '../integrations/service.ts';
import { checkTarget, guardedAgent } from '../tools/ssrf.ts';
import type { Studios } from '../tools/studios.ts';
import { render } from '../tools/templating.ts';
import { parseBoundedJson } from '../shared/json-limits.ts';
import { taskEndEvents } from '../events/outbox.ts';
import { agentNotFound, shape, SUBAGENT_PARAMS, type AgentRow, type Agents } from './agents.ts';
import { requestApproval } from './approvals.ts';
import { isMcpAction, isSubagentAction, type Action, type Agent, type McpAction, type SubagentAction } from './definition.ts';
import { reportToParent, startChild } from './subagents.ts';
import { messageContent } from './message-content.ts';
import { complete, type ChatMessage, type ModelEndpoint, type ToolSpec } from './model-client.ts';

export interface LoopDeps {
  db: Kysely<Database>;
  config: Config;
  agents: Agents;
  studios: Studios;
  integrations: Integrations;
  log: (line: string) => void;
  /** Told after a statement recorded events (task.completed, task.failed): the delivery loop sends them. */
  eventsRecorded?: () => void;
}

interface ActionResult {
  /** `cancelled`: not run (rejected, expired, or refused by max_approvals_asked). */
  status: 'complete' | 'failed' | 'cancelled';
  output: unknown;
  errors: unknown[];
}

/** A run that stopped without finishing its task: it waits for a person's decision or a sub-agent's task. */
const PAUSED = Symbol('paused');
type Paused = typeof PAUSED;

/**
 * With `agent-decide` and a model, each call of the action carries this required boolean argument:
 * the model says per call whether a person should approve it (src/agents/README.md).
 */
export const ASK_ARGUMENT = 'request_approval';

interface TaskRow {
  conversation_id: string;
  project_id: string;
  agent_id: string;
  run_as: string;
}

type AgentColumns = AgentRow;

type ToolConfig = { type: 'tool' | 'agent'; id: string; title: string; description: string; params_schema: Record<string, unknown> };

/** What the model is offered: one function, the tool a recorded run names, and which action it belongs to. */
interface Offer {
  spec: ToolSpec;
  tool: ToolConfig;
  /** The action's index in the agent's actions. */
  action: number;
  /** For an MCP action: the remote tool this function calls. */
  remoteTool?: string;
}

function functionName(action: Action, index: number): string {
  const base = isSubagentAction(action)
    ? `agent_${index}`
    : 'studio_id' in action
      ? `tool_${index}`
      : isMcpAction(action)
        ? `mcp_${index}`
        : `${action.step.replace(/[^A-Za-z0-9_-]/g, '_')}_${index}`;
  return base.slice(0, 64);
}

/** A function name for a remote tool: its own name in the characters models accept, unique among the offers. */
function remoteFunctionName(tool: string, taken: Set<string>): string {
  const base = tool.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'tool';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

export function createLoop(deps: LoopDeps) {
  const { db } = deps;
  // An agent's own model_base_url is chosen by any project editor, so, like api_call, it may not
  // reach private addresses unless the deployment allows them. HANGAR_MODEL_BASE_URL is the
  // operator's choice and is trusted (a model on localhost is a normal self-hosted setup).
  const guarded = deps.config.allowPrivateAddresses ? undefined : guardedAgent(false);
  // Task runs start in batches (the dispatcher's, the local runner's); the ones with real work —
  // model calls, provider steps — still run at most HANGAR_WORKER_CONCURRENCY at a time per process.
  const working = pLimit(deps.config.workerConcurrency);

  /**
   * Each step is recorded as it finishes, and a run retried after a failure (the database away, the
   * process gone) resumes after the last recorded one. So the record of what was already done outside
   * (an action's provider call, the model's answer) is retried while the database is unavailable.
   */
  const persist = <T>(conversationId: string, work: () => Promise<T>) => retryWhileUnavailable(work, { what: `task ${conversationId}: recording a step`, log: deps.log, forMs: RECORD_RETRY_MS });

  async function record(conversationId: string, kind: 'message' | 'tool_run', role: string, content: unknown) {
    await persist(conversationId, () => db.insertInto('task_messages').values({ conversation_id: conversationId, kind, role, content: JSON.stringify(content) }).execute());
  }

  async function runAction(actor: Actor, action: Action, params: Record<string, unknown>, remoteTool?: string): Promise<ActionResult> {
    try {
      if (isSubagentAction(action)) throw new Error('a sub-agent action starts a task (startChild), it is not run here');
      if (isMcpAction(action)) {
        // The model chose the arguments: they go to the remote tool as they are.
        if (!remoteTool) return { status: 'failed', output: null, errors: [{ message: "A remote MCP server's tools need a model to choose their arguments; configure one for this agent." }] };
        const result = await deps.integrations.runStep(actor, { step: 'mcp.call_tool', connection_id: action.mcp.connection_id, inputs: { tool: remoteTool, arguments: params } });
        return { status: 'complete', output: result.output, errors: [] };
      }
      if ('studio_id' in action) {
        const result = await deps.studios.triggerLimited(actor, action.studio_id, { ...(action.params ? (render(action.params, { params, steps: {} }) as Record<string, unknown>) : {}), ...params });
        return { status: result.status, output: result.output, errors: result.errors };
      }
      const inputs = render(action.inputs ?? {}, { params, steps: {} }) as Record<string, unknown>;
      const result = await deps.integrations.runStep(actor, { step: action.step, connection_id: action.connection_id, inputs: { ...inputs, ...withoutMessage(params) } });
      return { status: 'complete', output: result.output, errors: [] };
    } catch (err) {
      if (!(err instanceof HangarError)) throw err;
      return { status: 'failed', output: null, errors: [{ message: err.message, error_type: err.type }] };
    }
  }

  /** A named step takes only its own inputs: the conversation text is for tools and the model. */
  function withoutMessage(params: Record<string, unknown>) {
    const { message: _message, ...rest } = params;
    return rest;
  }

  /** A remote MCP server's tools, as last listed, each as a model function (the ones the action names, or all). */
  async function remoteOffers(actor: Actor, action: McpAction, index: number, taken: Set<string>): Promise<Offer[]> {
    const { tools } = await deps.integrations.mcpTools(actor, action.mcp.connection_id, false);
    const wanted = action.mcp.tools === '*' ? undefined : new Set(action.mcp.tools);
    return tools
      .filter((t) => !wanted || wanted.has(t.name))
      .map((t) => {
        const parameters = { properties: {}, ...t.input_schema, type: 'object' };
        const description = (t.description ?? t.title ?? t.name).slice(0, 1000);
        return {
          spec: { type: 'function' as const, function: { name: remoteFunctionName(t.name, taken), description, parameters } },
          tool: { type: 'tool' as const, id: `mcp:${action.mcp.connection_id}:${t.name}`, title: t.title ?? t.name, description: t.description ?? '', params_schema: parameters },
          action: index,
          remoteTool: t.name,
        };
      });
  }

  /** Each action as model functions (an MCP action, one per remote tool), and as the tool a recorded run names (the hosted items' tool_config). */
  async function describe(agent: Agent, actor: Actor): Promise<Offer[]> {
    const taken = new Set(agent.actions.map((a, i) => functionName(a, i)));
    const described = await Promise.all(
      agent.actions.map(async (action, i): Promise<Offer[]> => {
        if (isMcpAction(action)) return remoteOffers(actor, action, i, taken);
        if (isSubagentAction(action)) {
          const sub = await deps.agents.load(actor.project.id, action.agent_id);
          const title = action.title || sub.name;
          const description = typeof sub.description === 'string' && sub.description ? sub.description : sub.system_prompt;
          return [
            {
              spec: { type: 'function' as const, function: { name: functionName(action, i), description: `Asks the agent "${title}" and returns its answer. ${description}`.slice(0, 1000), parameters: SUBAGENT_PARAMS } },
              tool: { type: 'agent' as const, id: sub.agent_id, title, description, params_schema: SUBAGENT_PARAMS },
              action: i,
            },
          ];
        }
        if ('studio_id' in action) {
          const tool = await deps.studios.load(actor.project.id, action.studio_id);
          // Function parameters must be an object schema (OpenAI refuses the request otherwise), and a
          // tool's params always are an object, even when its params_schema does not say so.
          const parameters = { properties: {}, ...tool.params_schema, type: 'object' };
          return [
            {
              spec: { type: 'function' as const, function: { name: functionName(action, i), description: `${tool.title}. ${tool.description}`.slice(0, 1000), parameters } },
              tool: { type: 'tool' as const, id: tool.studio_id, title: tool.title, description: tool.description, params_schema: parameters },
              action: i,
            },
          ];
        }
        const step = findStep(action.step)!.step;
        const parameters = step.input as unknown as Record<string, unknown>;
        return [
          {
            spec: { type: 'function' as const, function: { name: functionName(action, i), description: `${step.name}: ${step.description}`.slice(0, 1000), parameters } },
            tool: { type: 'tool' as const, id: action.step, title: step.name, description: step.description, params_schema: parameters },
            action: i,
          },
        ];
      }),
    );
    return described.flat().map((offer) => withDecision(offer, agent.actions[offer.action]));
  }

  /** An `agent-decide` action's functions take one more, required, argument: whether to ask a person first. */
  function withDecision(offer: Offer, action: Action): Offer {
    if (action.action_behaviour !== 'agent-decide') return offer;
    const parameters = offer.spec.function.parameters as { properties?: Record<string, unknown>; required?: string[] };
    const guidance = action.agent_decide_prompt ? ` Ask when: ${action.agent_decide_prompt}` : '';
    return {
      ...offer,
      spec: {
        type: 'function',
        function: {
          ...offer.spec.function,
          description: `${offer.spec.function.description} Set ${ASK_ARGUMENT} to true to have a person approve this call before it runs, false to run it now.${guidance}`.slice(0, 2000),
          parameters: {
            ...parameters,
            type: 'object',
            properties: { ...parameters.properties, [ASK_ARGUMENT]: { type: 'boolean', description: 'Whether a person must approve this call before it runs.' } },
            required: [...new Set([...(parameters.required ?? []), ASK_ARGUMENT])],
          },
        },
      },
    };
  }

  type Recorded = {
    content?: string;
    tool_calls?: ChatMessage['tool_calls'];
    tool_call_id?: string;
    action?: string;
    action_index?: number;
    /** `pending`: waits for a decision; `approved`: decided, not run yet; `running`: a sub-agent's task runs. */
    status?: ActionResult['status'] | 'pending' | 'approved' | 'running';
    params?: Record<string, unknown>;
    output?: unknown;
    errors?: unknown[];
    tool?: ToolConfig;
    confirmation?: { confirmed: boolean; by: 'user' | 'agent' };
  };
  type RunEntry = { id: number; kind: string; content: Recorded };

  /**
   * The conversation with the model, and the steps of the current run: what was recorded since the
   * last user message (a retried run finds there what its earlier attempt did).
   */
  async function history(conversationId: string): Promise<{ messages: ChatMessage[]; run: RunEntry[] }> {
    const rows = await db.selectFrom('task_messages').select(['id', 'kind', 'role', messageContent().as('content')]).where('conversation_id', '=', conversationId).orderBy('id').execute();
    const messages: ChatMessage[] = [];
    let run: RunEntry[] = [];
    for (const r of rows) {
      const c = r.content as Recorded;
      // A failure recorded for people to read is not part of the conversation with the model.
      if (r.role === 'error') continue;
      if (r.kind === 'message' && r.role === 'user') run = [];
      else run.push({ id: Number(r.id), kind: r.kind, content: c });
      if (r.kind === 'message') messages.push({ role: r.role as ChatMessage['role'], content: c.content ?? null, ...(c.tool_calls ? { tool_calls: c.tool_calls } : {}) });
      else if (c.tool_call_id) messages.push({ role: 'tool', tool_call_id: c.tool_call_id, content: JSON.stringify({ output: c.output, errors: c.errors }) });
    }
    return { messages, run };
  }

  /** One task's run: who it runs as and what it is. */
  interface RunContext {
    task: TaskRow;
    actor: Actor;
    agent: Agent;
    conversationId: string;
    /** With a model: the model chose the arguments (and, for `agent-decide`, whether to ask). */
    withModel: boolean;
  }

  /** One call of an action: which, with what, and how its run is named on the task. */
  interface Call {
    index: number;
    name: string;
    params: Record<string, unknown>;
    tool?: ToolConfig;
    remoteTool?: string;
    toolCallId?: string;
  }

  type Gate = { run: true; byAgent: boolean } | { ask: true } | { refuse: string };

  /**
   * Whether a call runs, asks a person first, or is refused (issue 32 §1): the action's behaviour,
   * then its conditional_approval_rules counted over this task.
   */
  async function gate(ctx: RunContext, action: Action, call: Call): Promise<Gate> {
    const behaviour = action.action_behaviour ?? 'never-ask';
    if (behaviour === 'never-ask') return { run: true, byAgent: false };
    if (behaviour === 'agent-decide' && ctx.withModel && call.params[ASK_ARGUMENT] === false) return { run: true, byAgent: true };
    const rules = action.conditional_approval_rules ?? {};
    if (typeof rules.max_auto_approvals === 'number') {
      const calls = await db
        .selectFrom('task_messages')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('conversation_id', '=', ctx.conversationId)
        .where('kind', '=', 'tool_run')
        .where(sql<boolean>`content->>'action_index' = ${String(call.index)}`)
        .executeTakeFirstOrThrow();
      if (Number(calls.n) < rules.max_auto_approvals) return { run: true, byAgent: true };
    }
    if (typeof rules.max_approvals_asked === 'number') {
      const asks = await db
        .selectFrom('task_approvals')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('conversation_id', '=', ctx.conversationId)
        .where('action_index', '=', call.index)
        .executeTakeFirstOrThrow();
      if (Number(asks.n) >= rules.max_approvals_asked) {
        return { refuse: `Not run: a person was already asked ${asks.n} time(s) to approve ${call.name} in this task, the most its conditional_approval_rules.max_approvals_asked allows. Do not call it again in this task.` };
      }
    }
    return { ask: true };
  }

  const callContent = (call: Call) => ({
    ...(call.toolCallId ? { tool_call_id: call.toolCallId } : {}),
    action: call.name,
    action_index: call.index,
    params: call.params,
    ...(call.tool ? { tool: call.tool } : {}),
  });

  /** The message a sub-agent's task starts with: the model's, or the rendered default_values' without one. */
  function childMessage(ctx: RunContext, action: SubagentAction, params: Record<string, unknown>): string {
    const defaults = render(action.default_values ?? {}, { params, steps: {} }) as Record<string, unknown>;
    const merged = ctx.withModel ? { ...defaults, ...params } : { ...params, ...defaults };
    return typeof merged.message === 'string' ? merged.message : JSON.stringify(merged);
  }

  /** Starts the sub-agent's task (a new item, or over an approved one); its refusal is the call's failure. */
  async function startSubagent(ctx: RunContext, action: SubagentAction, call: Call, extra: Record<string, unknown>, messageId?: number): Promise<ActionResult | Paused> {
    const item = { ...callContent(call), ...extra };
    const started = await persist(ctx.conversationId, () =>
      startChild(db, {
        parentConversationId: ctx.conversationId,
        projectId: ctx.task.project_id,
        runAs: ctx.task.run_as,
        subagentId: action.agent_id,
        content: childMessage(ctx, action, call.params),
        item,
        messageId,
        maxDepth: deps.config.approvals.subagentMaxDepth,
      }),
    );
    if ('conversationId' in started) return PAUSED;
    const result: ActionResult = { status: 'failed', output: null, errors: [{ message: started.refused }] };
    if (messageId === undefined) await record(ctx.conversationId, 'tool_run', 'tool', { ...item, ...result });
    else await rewrite(ctx.conversationId, messageId, { ...item, ...result });
    return result;
  }

  async function rewrite(conversationId: string, id: number, content: unknown) {
    await persist(conversationId, () => db.updateTable('task_messages').set({ content: JSON.stringify(content) }).where('id', '=', id).execute());
  }

  /** A new call: asked, refused, or run (a sub-agent's is started: the run pauses until its task ends). */
  async function perform(ctx: RunContext, call: Call): Promise<ActionResult | Paused> {
    const action = ctx.agent.actions[call.index];
    const decision = await gate(ctx, action, call);
    const { [ASK_ARGUMENT]: _asked, ...params } = call.params;
    if (action.action_behaviour === 'agent-decide' && ctx.withModel) call = { ...call, params };
    if ('refuse' in decision) {
      const result: ActionResult = { status: 'cancelled', output: null, errors: [{ message: decision.refuse }] };
      await record(ctx.conversationId, 'tool_run', 'tool', { ...callContent(call), ...result });
      return result;
    }
    if ('ask' in decision) {
      await persist(ctx.conversationId, () =>
        requestApproval(db, deps.config, {
          conversationId: ctx.conversationId,
          projectId: ctx.task.project_id,
          agentId: ctx.agent.agent_id,
          action: call.name,
          actionIndex: call.index,
          toolTitle: call.tool?.title ?? call.name,
          params: call.params,
          item: { ...callContent(call), output: null, errors: [] },
        }, deps.eventsRecorded),
      );
      return PAUSED;
    }
    const confirmation = decision.byAgent ? { confirmation: { confirmed: true, by: 'agent' } } : {};
    if (isSubagentAction(action)) return startSubagent(ctx, action, call, confirmation);
    const result = await runAction(ctx.actor, action, call.params, call.remoteTool);
    await record(ctx.conversationId, 'tool_run', 'tool', { ...callContent(call), ...confirmation, ...result });
    return result;
  }

  /**
   * A call recorded already (a resumed run): waiting still (a pause), approved and not run yet (runs
   * now, with the override merged, its item updated in place), or done (its result).
   */
  async function resume(ctx: RunContext, entry: RunEntry, remoteTool?: string): Promise<ActionResult | Paused> {
    const c = entry.content;
    if (c.status === 'pending' || c.status === 'running') return PAUSED;
    if (c.status !== 'approved') return { status: c.status ?? 'complete', output: c.output ?? null, errors: c.errors ?? [] };
    const index = c.action_index ?? -1;
    const action = ctx.agent.actions[index];
    if (!action) {
      const result: ActionResult = { status: 'failed', output: null, errors: [{ message: `The agent no longer has action ${c.action}.` }] };
      await rewrite(ctx.conversationId, entry.id, { ...c, ...result });
      return result;
    }
    const call: Call = { index, name: c.action ?? '', params: c.params ?? {}, tool: c.tool, toolCallId: c.tool_call_id, remoteTool };
    const { status: _status, ...kept } = c;
    if (isSubagentAction(action)) return startSubagent(ctx, action, call, kept, entry.id);
    const result = await runAction(ctx.actor, action, call.params, remoteTool);
    await rewrite(ctx.conversationId, entry.id, { ...kept, ...result });
    return result;
  }

  async function withModel(endpoint: ModelEndpoint, ctx: RunContext, deadline: number): Promise<void | Paused> {
    const { agent, actor, conversationId } = ctx;
    const described = await describe(agent, actor);
    const tools = described.map((d) => d.spec);
    const callOf = (call: NonNullable<ChatMessage['tool_calls']>[number]): Call | ActionResult => {
      const index = tools.findIndex((t) => t.function.name === call.function.name);
      if (index < 0) return { status: 'failed', output: null, errors: [{ message: `There is no action called ${call.function.name}.` }] };
      const offer = described[index];
      let parsed: unknown;
      try {
        parsed = parseBoundedJson(call.function.arguments || '{}');
      } catch {
        /* reported below */
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { status: 'failed', output: null, errors: [{ message: 'The arguments were not a JSON object (or were nested too deep).' }] };
      return { index: offer.action, name: call.function.name, params: parsed as Record<string, unknown>, tool: offer.tool, remoteTool: offer.remoteTool, toolCallId: call.id };
    };
    const runCall = async (call: NonNullable<ChatMessage['tool_calls']>[number]): Promise<void | Paused> => {
      const c = callOf(call);
      if ('status' in c) {
        await record(conversationId, 'tool_run', 'tool', { tool_call_id: call.id, action: call.function.name, params: {}, ...c });
        return;
      }
      if ((await perform(ctx, c)) === PAUSED) return PAUSED;
    };
    // A retried or resumed run: the model's turns already recorded count against the bound, and the
    // calls of its last turn run now — those recorded are resumed (waiting ones pause it again).
    const { run } = await history(conversationId);
    const turns = run.filter((r) => r.kind === 'message');
    const last = turns.at(-1)?.content;
    if (last && !last.tool_calls?.length) return; // it had answered: only the task's end was lost
    const recorded = new Map(run.filter((r) => r.kind === 'tool_run').map((r) => [r.content.tool_call_id, r]));
    for (const call of last?.tool_calls ?? []) {
      const entry = recorded.get(call.id);
      const outcome = entry ? await resume(ctx, entry, described.find((d) => d.spec.function.name === call.function.name)?.remoteTool) : await runCall(call);
      if (outcome === PAUSED) return PAUSED;
    }
    for (let step = turns.length; step < deps.config.model.maxSteps; step++) {
      if (Date.now() > deadline) throw new HangarError(504, 'upstream_error', 'The task ran out of time before the model answered.', 'platform');
      const messages: ChatMessage[] = [{ role: 'system', content: agent.system_prompt }, ...(await history(conversationId)).messages];
      const reply = await complete(endpoint, messages, tools, deadline);
      await record(conversationId, 'message', 'assistant', { content: reply.content, ...(reply.tool_calls ? { tool_calls: reply.tool_calls } : {}) });
      if (!reply.tool_calls?.length) return;
      for (const call of reply.tool_calls) if ((await runCall(call)) === PAUSED) return PAUSED;
    }
    throw new HangarError(500, 'internal_error', `The model did not answer within ${deps.config.model.maxSteps} steps.`, 'platform');
  }

  async function inOrder(ctx: RunContext): Promise<void | Paused> {
    const { agent, actor, conversationId } = ctx;
    const { messages, run } = await history(conversationId);
    const message = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    // A retried or resumed run: the actions whose result was recorded are not run again.
    if (run.some((r) => r.kind === 'message')) return; // it had answered: only the task's end was lost
    const recorded = new Map(run.filter((r) => r.kind === 'tool_run').map((r) => [r.content.action, r]));
    const outputs: unknown[] = [];
    // A tool deleted since the agent was saved fails as its run, recorded like any other failure.
    const described = await describe(agent, actor).catch((err) => {
      if (err instanceof HangarError) return undefined;
      throw err;
    });
    for (const [i, action] of agent.actions.entries()) {
      const name = functionName(action, i);
      const earlier = recorded.get(name);
      const tool = described?.find((d) => d.action === i && !d.remoteTool)?.tool;
      let result: ActionResult | Paused;
      if (earlier) result = await resume(ctx, earlier);
      else if (isMcpAction(action)) {
        // A remote server's tools need a model to choose their arguments: nothing to ask a person about.
        result = await runAction(actor, action, { message });
        await record(conversationId, 'tool_run', 'tool', { action: name, action_index: i, params: { message }, ...result, ...(tool ? { tool } : {}) });
      } else result = await perform(ctx, { index: i, name, params: { message }, tool });
      if (result === PAUSED) return PAUSED;
      outputs.push(result.output);
      if (result.status === 'failed') throw new HangarError(502, 'upstream_error', `Action ${name} failed: ${JSON.stringify(result.errors).slice(0, 500)}`, 'third_party');
    }
    // Only agents with actions get here: one with neither model nor actions ends in `begin`.
    await record(conversationId, 'message', 'assistant', { content: JSON.stringify(outputs) });
  }

  type Begun = { task: TaskRow; agent: Agent | undefined };
  /** What the start statement returns: the tasks begun that have something to run, with their agents. */
  type BegunRow = TaskRow & AgentColumns;

  const NOTHING_TO_RUN = 'No model is configured and the agent has no actions.';
  const modelOf = (agent: Agent) => ({ baseUrl: agent.model_base_url ?? deps.config.model.baseUrl, model: agent.model ?? deps.config.model.name });
  /** True when the agent joined as `a` has nothing to run: no actions, and no model of its own nor the deployment's (`modelOf`, in SQL). */
  const idleAgent = sql<boolean>`(a.id IS NOT NULL AND a.actions = '[]'::jsonb
    AND NOT coalesce(coalesce(a.model_base_url, ${deps.config.model.baseUrl ?? null}::text) <> '' AND coalesce(a.model, ${deps.config.model.name ?? null}::text) <> '', false))`;
  /** The columns of the agent joined as `a` that a run reads (`begunOf`). */
  const agentColumns = sql`a.id, a.name, a.system_prompt, a.model, a.model_base_url, a.model_key, a.actions, a.extra, a.created_at, a.updated_at`;

  /**
   * Starts the tasks, in one statement: marks them running and reads their agents, and ends at once
   * (with their reply) those whose agent has nothing to run — no actions, and no model of its own nor
   * the deployment's (`modelOf`, in SQL) — so such a task's row is written once, not twice, and takes
   * no second statement. A finished task (a job retried after it finished) is not returned: `running`
   * too, since only one runner holds a task's job at a time, so a running task seen here was left by a
   * runner that died mid-run, and is run again. Returns the tasks that have something to run.
   * The UPDATE names its rows by key (`= ANY`) as well as by the join, so its plan can reach them
   * through `tasks_pkey` instead of joining the whole table.
   */
  function beginStatement(conversationIds: string[]): RawBuilder<BegunRow> {
    return sql<BegunRow>`
      WITH picked AS (
        SELECT k.conversation_id, ${idleAgent} AND k.parent_conversation_id IS NULL AS idle
          FROM tasks k LEFT JOIN agents a ON a.id = k.agent_id AND a.project_id = k.project_id
         WHERE k.conversation_id = ANY(${conversationIds}::uuid[])
      ), t AS (
        UPDATE tasks k
           SET state = CASE WHEN p.idle THEN 'completed' ELSE 'running' END, started_at = now(), updated_at = now(),
               finished_at = CASE WHEN p.idle THEN now() ELSE k.finished_at END, error = CASE WHEN p.idle THEN NULL ELSE k.error END
          FROM picked p
         WHERE k.conversation_id = ANY(${conversationIds}::uuid[]) AND k.conversation_id = p.conversation_id
           AND k.state IN ('starting-up', 'waiting-for-capacity', 'running')
        RETURNING k.conversation_id, k.project_id, k.agent_id, k.run_as, k.state, p.idle
      ), reply AS (
        INSERT INTO task_messages (conversation_id, kind, role, content)
        SELECT conversation_id, 'message', 'assistant', jsonb_build_object('content', ${NOTHING_TO_RUN}::text) FROM t WHERE idle
      ), ${taskEndEvents('ended_events', 't', sql<boolean>`t.idle`)}
      SELECT t.conversation_id, t.project_id, t.agent_id, t.run_as, ${agentColumns}
        FROM t LEFT JOIN agents a ON a.id = t.agent_id AND a.project_id = t.project_id
       WHERE NOT t.idle`;
  }

  const begunOf = (rows: BegunRow[]): Begun[] => rows.map((row) => ({ task: row, agent: row.id ? shape(row as AgentColumns) : undefined }));

  async function run({ task, agent }: Begun) {
    const conversationId = task.conversation_id;
    const actor: Actor = { userId: task.run_as, project: { id: task.project_id } };
    let state: TaskState = 'completed';
    let error: string | null = null;
    try {
      if (!agent) throw agentNotFound(task.agent_id);
      const { baseUrl, model } = modelOf(agent);
      const ctx: RunContext = { task, actor, agent, conversationId, withModel: Boolean(baseUrl && model) };
      let outcome: void | Paused = undefined;
      if (baseUrl && model) {
        const apiKey = (await deps.agents.modelKey(task.project_id, agent.agent_id)) ?? deps.config.model.apiKey;
        const guard = agent.model_base_url !== null && guarded !== undefined;
        if (guard) checkTarget(agent.model_base_url!, false, "the agent's model_base_url");
        const endpoint = { baseUrl, apiKey, model, timeoutMs: deps.config.model.timeoutMs, ...(guard ? { dispatcher: guarded } : {}) };
        outcome = await withModel(endpoint, ctx, Date.now() + deps.config.model.timeoutMs);
      } else if (!agent.actions.length) {
        // A sub-agent's task with nothing to run (others end in `begin`): it answers so its parent goes on.
        await record(conversationId, 'message', 'assistant', { content: NOTHING_TO_RUN });
      } else outcome = await inOrder(ctx);
      // Waiting for a decision or a sub-agent: whoever paused it wrote its state; the decision or the
      // sub-agent's end queues the next run.
      if (outcome === PAUSED) return;
    } catch (err) {
      // The database away for a moment is no failure of the task: its job is retried (with backoff),
      // and the retry resumes after the last recorded step.
      if (isDatabaseUnavailable(err)) throw err;
      state = err instanceof HangarError && err.status === 504 ? 'timed-out' : 'unrecoverable';
      error = err instanceof HangarError ? err.message : 'The task failed on our side.';
      if (!(err instanceof HangarError)) console.error(err);
      await record(conversationId, 'message', 'error', { content: error });
    }
    await persist(conversationId, () =>
      db.transaction().execute(async (trx) => {
        const ended = await endStatement(conversationId, state, error).execute(trx);
        // A sub-agent's task: its parent's item gets the outcome and the parent goes on.
        await reportToParent(trx, conversationId, state);
        return ended;
      }),
    ).then((ended) => {
      if (ended.rows[0]?.events) deps.eventsRecorded?.();
    });
  }

  /**
   * The task's end and its event (task.completed, task.failed) for the project's subscriptions, in one
   * statement: they commit together, and a project with no subscription pays one index probe. The
   * event is recorded only when the state changes, so this statement retried after its commit's reply
   * was lost (the database away) records nothing twice.
   */
  function endStatement(conversationId: string, state: TaskState, error: string | null): RawBuilder<{ events: number }> {
    const now = new Date();
    return sql<{ events: number }>`
      WITH was AS (
        SELECT conversation_id, state FROM tasks WHERE conversation_id = ${conversationId}::uuid FOR UPDATE
      ), ended AS (
        UPDATE tasks k SET state = ${state}, error = ${error}, finished_at = ${now}, updated_at = ${now}
          FROM was
         WHERE k.conversation_id = was.conversation_id
        RETURNING k.conversation_id, k.project_id, k.agent_id, k.state, was.state AS was
      ), ${taskEndEvents('ended_events', 'ended', sql<boolean>`ended.was IS DISTINCT FROM ended.state`)}
      SELECT count(*)::int AS events FROM ended_events`;
  }

  /**
   * Runs tasks waiting to start together (the dispatcher's runner): one statement starts them all and
   * ends those whose agent has nothing to run, the others run side by side. Resolves to each task's
   * failure (a database error; what goes wrong in a run is recorded on its task), by position.
   */
  async function executeMany(conversationIds: string[]): Promise<Array<Error | undefined>> {
    return runBegun(conversationIds, begunOf((await beginStatement(conversationIds).execute(db)).rows));
  }

  async function runBegun(conversationIds: string[], begun: Begun[]): Promise<Array<Error | undefined>> {
    const failed = new Map<string, Error>();
    await Promise.all(begun.map((b) => working(() => run(b)).catch((err: Error) => void failed.set(b.task.conversation_id, err))));
    return conversationIds.map((id) => failed.get(id));
  }

  return {
    executeMany,
    /**
     * How a statement that creates tasks starts them itself, as `beginStatement` would (the
     * dispatcher's, ../triggers/activations.ts): it then hands the rows of those with something to
     * run to `executeBegun` at once.
     */
    taskStart: { idle: idleAgent, agentColumns, reply: NOTHING_TO_RUN },
    /** executeMany after its first statement: `rows` are the tasks started, with their agents (`agentColumns`). */
    executeBegun: (conversationIds: string[], rows: unknown[]) => runBegun(conversationIds, begunOf(rows as BegunRow[])),
    /** Runs a task waiting to start (the agent_task job); a database error fails the job, to be retried. */
    async execute(conversationId: string) {
      const [failure] = await executeMany([conversationId]);
      if (failure) throw failure;
    },
  };
}
