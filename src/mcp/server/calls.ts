// tools/call: runs an offer exactly as its REST route runs it, through the same domain functions
// (trigger_limited → studios.triggerHosted, agents/trigger → tasks.trigger, steps/run →
// integrations.runStep, api_call → integrations.apiCall), so roles, rate limits, provider quotas,
// retries and credits are theirs. Arguments that do not fit the offer's input schema are a JSON-RPC
// error naming the field, before anything runs; anything that fails once the call has started is a
// result with `isError: true` carrying the REST error's message, as the protocol asks.
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Approvals } from '../../agents/approvals.ts';
import type { Tasks } from '../../agents/tasks.ts';
import { WORKING_STATES, type TaskState } from '../../db/schema.ts';
import { HangarError } from '../../shared/errors.ts';
import type { Principal } from '../../governance/principal.ts';
import type { Integrations } from '../../integrations/service.ts';
import { findProvider } from '../../integrations/providers/index.ts';
import { paramsValidator } from '../../tools/definition.ts';
import type { Studios } from '../../tools/studios.ts';
import { assertValid, validationMessage } from '../../shared/validation.ts';
import type { Metrics } from '../../runtime/metrics.ts';
import { AGENT_INPUT_SCHEMA, apiCallInputSchema, type Offer } from './catalogue.ts';

export interface CallDeps {
  studios: Studios;
  integrations: Integrations;
  tasks: Tasks;
  approvals: Approvals;
  metrics: Metrics;
  agentWaitSeconds: number;
}

export interface CallContext {
  principal: Principal & { project: NonNullable<Principal['project']> };
  /** Aborted by `notifications/cancelled` (from whichever process received it). */
  signal: AbortSignal;
  /** Set when the client sent a progressToken. */
  progress?: (progress: number, total: number | undefined, message: string) => void;
  /** Aborted when the client's request closes before its answer: nobody is left to wait for. */
  gone: AbortSignal;
}

/** How often a waiting agent call reads its task's state. */
const AGENT_POLL_MS = 250;

const invalidArguments = (message: string) => new McpError(ErrorCode.InvalidParams, message);

function check(schema: object, args: Record<string, unknown>): void {
  try {
    assertValid(schema as never, args, 'arguments');
  } catch (err) {
    if (err instanceof HangarError) throw invalidArguments(err.message);
    throw err;
  }
}

function structured(content: Record<string, unknown>, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(content) }], structuredContent: content, ...(isError ? { isError } : {}) };
}

function failed(message: string, errorType: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true, _meta: { 'hangar/error_type': errorType } };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

export function createCalls(deps: CallDeps) {
  const validators = new WeakMap<Offer, ReturnType<typeof paramsValidator>>();
  async function runTool(offer: Extract<Offer, { kind: 'tool' }>, args: Record<string, unknown>, ctx: CallContext): Promise<CallToolResult> {
    // Offers are kept per project until it changes, so the validator is looked up once per offer.
    if (!validators.has(offer)) validators.set(offer, paramsValidator(offer.paramsSchema));
    const validate = validators.get(offer);
    if (validate && !validate(args)) throw invalidArguments(validationMessage('arguments', validate.errors!));
    const run = await deps.studios.triggerHosted(ctx.principal, offer.studioId, args, {
      signal: ctx.signal,
      onStep: ctx.progress && ((done, total, step) => ctx.progress!(done, total, `Step "${step}" done (${done} of ${total}).`)),
    });
    if (run.status === 'failed') {
      // The REST error's `body` (each failed step's message), as the hosted clients read it.
      return { ...structured(run as unknown as Record<string, unknown>, true), content: [{ type: 'text', text: run.errors.map((e) => e.body).join('\n') }] };
    }
    return structured(run as unknown as Record<string, unknown>);
  }

  async function runAgent(offer: Extract<Offer, { kind: 'agent' }>, args: Record<string, unknown>, ctx: CallContext): Promise<CallToolResult> {
    check(AGENT_INPUT_SCHEMA, args);
    const actor = ctx.principal;
    const started = await deps.tasks.trigger(actor, { agent_id: offer.agentId, message: { role: 'user', content: String(args.message) }, conversation_id: args.conversation_id as string | undefined });
    const conversationId = started.conversation_id;
    const deadline = Date.now() + deps.agentWaitSeconds * 1000;
    let state: TaskState = started.state;
    let error: string | null = null;
    const stop = AbortSignal.any([ctx.signal, ctx.gone]);
    for (let polls = 1; ; polls++) {
      const meta = await deps.tasks.metadata(actor, offer.agentId, conversationId);
      state = meta.state;
      error = meta.error;
      // Waiting for a person — its own action, or a sub-agent's it waits for: said now, not waited out.
      const pending = state === 'pending-approval' || (state === 'running' && polls > 1) ? await deps.approvals.pendingOf(actor.project.id, conversationId) : undefined;
      if (pending) {
        const answer = { conversation_id: conversationId, agent_id: offer.agentId, state, reply: null, pending_approval: pending };
        const text =
          `The task is ${state}: it waits for a person to approve "${pending.tool_title}" (action ${pending.action}, action_request_id ${pending.action_request_id}) with params ${JSON.stringify(pending.params).slice(0, 1000)}. ` +
          `Approve or reject it in Hangar (the project's Approvals page, or POST /latest/agents/trigger with role "action-confirm" / "action-reject") before ${pending.expires_at}; then read the task with conversation_id "${conversationId}".`;
        return { ...structured(answer), content: [{ type: 'text', text }] };
      }
      if (!WORKING_STATES.includes(state)) break;
      if (stop.aborted || Date.now() >= deadline) {
        // The task goes on (the worker runs it); the client has what it needs to read it later.
        const answer = { conversation_id: conversationId, agent_id: offer.agentId, state, reply: null };
        const why = ctx.signal.aborted ? 'The call was cancelled' : ctx.gone.aborted ? 'The client went away' : `The task outlasted ${deps.agentWaitSeconds} s`;
        return { ...structured(answer), content: [{ type: 'text', text: `${why}; it is still ${state}. Call again with conversation_id "${conversationId}" once it has finished, or read it with GET /latest/agents/${offer.agentId}/tasks/${conversationId}/metadata.` }] };
      }
      ctx.progress?.(polls, undefined, `The task is ${state}.`);
      await sleep(Math.min(AGENT_POLL_MS, deadline - Date.now()), stop);
    }
    const { results } = await deps.tasks.view(actor, offer.agentId, conversationId, { page_size: 50 });
    const last = results.find((item) => item.content.type === 'agent-message' || item.content.type === 'agent-error');
    const reply = last?.content.type === 'agent-message' ? last.content.text : null;
    const answer = { conversation_id: conversationId, agent_id: offer.agentId, state, reply };
    if (last?.content.type === 'agent-error' || error) {
      const body = last?.content.type === 'agent-error' ? last.content.errors.map((e) => e.body).join('\n') : error!;
      return { ...structured(answer, true), content: [{ type: 'text', text: body }] };
    }
    return { ...structured(answer), content: [{ type: 'text', text: reply ?? JSON.stringify(answer) }] };
  }

  async function runStep(offer: Extract<Offer, { kind: 'step' }>, args: Record<string, unknown>, ctx: CallContext): Promise<CallToolResult> {
    const provider = findProvider(offer.step.split('.')[0]);
    const step = provider?.steps.find((s) => `${provider.id}.${s.id}` === offer.step);
    if (step) check(step.input, args);
    if (ctx.signal.aborted) return failed('The call was cancelled before the step started.', 'cancelled');
    const result = await deps.integrations.runStep(ctx.principal, { step: offer.step, connection_id: offer.connectionId, inputs: args });
    return structured(result as unknown as Record<string, unknown>);
  }

  async function runApiCall(offer: Extract<Offer, { kind: 'api_call' }>, args: Record<string, unknown>, ctx: CallContext): Promise<CallToolResult> {
    check(apiCallInputSchema(findProvider(offer.provider)?.apiCall.methods ?? []), args);
    if (ctx.signal.aborted) return failed('The call was cancelled before the request was sent.', 'cancelled');
    const answer = await deps.integrations.apiCall(ctx.principal, {
      connection_id: offer.connectionId,
      method: String(args.method),
      endpoint: String(args.endpoint),
      body: args.body,
      headers: args.headers as Record<string, string> | undefined,
    });
    return structured(answer as unknown as Record<string, unknown>);
  }

  function outcomeOf(result: CallToolResult): string {
    if (!result.isError) {
      const state = (result.structuredContent as { state?: TaskState } | undefined)?.state;
      return state && WORKING_STATES.includes(state) ? 'still_running' : 'ok';
    }
    const hosted = result.structuredContent as { errors?: Array<{ error_type?: string }> } | undefined;
    return result._meta?.['hangar/error_type'] === 'cancelled' || hosted?.errors?.some((e) => e.error_type === 'cancelled') ? 'cancelled' : 'tool_error';
  }

  return {
    async call(offer: Offer, args: Record<string, unknown>, ctx: CallContext): Promise<CallToolResult> {
      let result: CallToolResult;
      try {
        switch (offer.kind) {
          case 'tool':
            result = await runTool(offer, args, ctx);
            break;
          case 'agent':
            result = await runAgent(offer, args, ctx);
            break;
          case 'step':
            result = await runStep(offer, args, ctx);
            break;
          case 'api_call':
            result = await runApiCall(offer, args, ctx);
            break;
        }
      } catch (err) {
        if (err instanceof McpError) {
          deps.metrics.mcpCalls.inc({ kind: offer.kind, outcome: 'invalid_arguments' });
          throw err;
        }
        // Hangar's refusal once the call started (a provider's answer, a quota, a task still busy):
        // the tool's failure, with the message REST would have answered. Anything else is a failure
        // of Hangar's own, which the protocol layer logs and answers as an internal error.
        if (!(err instanceof HangarError)) {
          deps.metrics.mcpCalls.inc({ kind: offer.kind, outcome: 'error' });
          throw err;
        }
        result = failed(err.message, err.type);
      }
      deps.metrics.mcpCalls.inc({ kind: offer.kind, outcome: outcomeOf(result) });
      return result;
    },
  };
}

export type Calls = ReturnType<typeof createCalls>;
