// Runs a tool: each step in order with its params rendered from the tool's params and the outputs
// before it. The first failing step ends the run, and the run says which step failed and why.
import { HangarError, invalid } from '../shared/errors.ts';
import type { Actor } from '../governance/principal.ts';
import type { Integrations } from '../integrations/service.ts';
import { validationMessage } from '../shared/validation.ts';
import { findStep } from '../integrations/providers/index.ts';
import { kindOf, paramsValidator, type ToolDefinition, type ToolStep } from './definition.ts';
import { CallCancelled, type HttpCallInput } from './http-call.ts';
import { isEmptyValue, references, render, type Scope } from './templating.ts';

/** A `{{…}}` reference that resolved to nothing in a step that still ran (or in the tool's output). */
export interface RunWarning {
  /** The step whose input read it, or "output" for the tool's output template. */
  step: string;
  /** The step input (top-level param) holding the reference; absent for the output. */
  input?: string;
  reference: string;
  message: string;
}

export interface RunResult {
  status: 'complete' | 'failed';
  output: unknown;
  errors: Array<{ step: string; transformation: string; message: string; error_type: string }>;
  /** References that resolved to nothing: the run went on, but maybe not as the author meant. */
  warnings: RunWarning[];
  credits_used: number;
  executionTime: number;
  /** Each step that ran, in order: its output, time and credits. */
  steps: Record<string, { output: unknown; executionTime: number; credits: number; transformation: string }>;
}

export interface RunnerDeps {
  integrations: Integrations;
  httpCall: (input: HttpCallInput, signal?: AbortSignal) => Promise<unknown>;
}

export function checkParams(tool: ToolDefinition, params: unknown): void {
  const validate = paramsValidator(tool.params_schema as Record<string, unknown> | undefined);
  if (validate && !validate(params)) throw invalid(validationMessage('params', validate.errors!));
}

/** The inputs a step cannot do without: sending them empty would do something nobody asked for. */
function requiredInputs(step: ToolStep): Set<string> {
  const kind = kindOf(step.transformation);
  if (kind?.kind === 'api_call') return new Set(['url']);
  if (kind?.kind === 'provider_api_call') return new Set(['endpoint', 'connection_id']);
  const required = (findStep(step.transformation)?.step.input as { required?: string[] } | undefined)?.required ?? [];
  return new Set([...required, 'connection_id']);
}

/**
 * A step's params with their references filled in, input by input: a reference that resolved to
 * nothing in a required input stops the step (a lookup that matched nothing must not create an
 * issue titled "Look into "); anywhere else it is a warning of the run.
 */
function renderStep(step: ToolStep, scope: Scope, warnings: RunWarning[]): Record<string, unknown> {
  // Not an object (a definition damaged after it was checked): rendered as it is, and the step fails as before.
  if (!step.params || typeof step.params !== 'object') return render(step.params, scope) as Record<string, unknown>;
  const required = requiredInputs(step);
  const rendered: Record<string, unknown> = {};
  for (const [input, raw] of Object.entries(step.params)) {
    const empty: string[] = [];
    const value = render(raw, scope, empty);
    if (value !== undefined) rendered[input] = value;
    if (required.has(input) && (empty.length || (references(raw).length && isEmptyValue(value)))) {
      const refs = (empty.length ? empty : references(raw)).map((r) => `{{${r}}}`).join(', ');
      throw invalid(`its required input "${input}" reads ${refs}, which resolved to nothing, so the step was not run.`);
    }
    for (const reference of empty) {
      warnings.push({ step: step.name, input, reference, message: `Step "${step.name}": input "${input}" reads {{${reference}}}, which resolved to nothing; the step ran with it empty.` });
    }
  }
  return rendered;
}

async function runStep(deps: RunnerDeps, actor: Actor, step: ToolStep, params: Record<string, unknown>, signal?: AbortSignal): Promise<{ output: unknown; credits: number }> {
  const kind = kindOf(step.transformation)!;
  const { connection_id, ...rest } = params;
  switch (kind.kind) {
    case 'named': {
      const r = await deps.integrations.runStep(actor, { step: kind.step, connection_id: String(connection_id), inputs: rest });
      return { output: r.output, credits: r.credits_used };
    }
    case 'provider_api_call':
      return {
        output: await deps.integrations.apiCall(actor, { connection_id: String(connection_id), method: String(rest.method ?? 'GET'), endpoint: String(rest.endpoint ?? ''), body: rest.body, headers: rest.headers as Record<string, string> }),
        credits: 0,
      };
    case 'api_call':
      return { output: await deps.httpCall(rest as unknown as HttpCallInput, signal), credits: 0 };
  }
}

/**
 * How a caller follows and stops a run (an MCP client's progress and cancellation): once `signal`
 * is aborted no further step starts, the step in flight is abandoned (an `api_call`'s request is
 * aborted; a provider's request ends within its own bounds, its answer unread), and the run fails
 * saying so.
 */
export interface RunControl {
  signal?: AbortSignal;
  onStep?: (done: number, total: number, step: string) => void;
}

/** The step's outcome, or CallCancelled as soon as `signal` aborts (the step's own failure then goes unread). */
function untilCancelled<T>(step: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return step;
  if (signal.aborted) return Promise.reject(new CallCancelled('cancelled'));
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => reject(new CallCancelled('cancelled'));
    signal.addEventListener('abort', cancelled, { once: true });
    step.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancelled));
  });
}

export async function runTool(deps: RunnerDeps, actor: Actor, tool: ToolDefinition, params: Record<string, unknown>, control: RunControl = {}): Promise<RunResult> {
  checkParams(tool, params);
  const started = performance.now();
  const scope: Scope = { params, steps: {} };
  let credits = 0;
  let last: unknown = null;
  const steps: RunResult['steps'] = {};
  const warnings: RunWarning[] = [];
  for (const step of tool.transformations.steps) {
    const stepStarted = performance.now();
    if (control.signal?.aborted) {
      const message = `The run was cancelled before step "${step.name}" (${step.transformation}) started.`;
      return { status: 'failed', output: null, errors: [{ step: step.name, transformation: step.transformation, message, error_type: 'cancelled' }], warnings, credits_used: credits, executionTime: Math.round(performance.now() - started), steps };
    }
    try {
      const rendered = renderStep(step, scope, warnings);
      const { output, credits: used } = await untilCancelled(runStep(deps, actor, step, rendered, control.signal), control.signal);
      scope.steps[step.name] = { output };
      steps[step.name] = { output, executionTime: Math.round(performance.now() - stepStarted), credits: used, transformation: step.transformation };
      credits += used;
      last = output;
      control.onStep?.(Object.keys(steps).length, tool.transformations.steps.length, step.name);
    } catch (err) {
      if (err instanceof CallCancelled) {
        const message = `The run was cancelled during step "${step.name}" (${step.transformation}); it was stopped.`;
        return { status: 'failed', output: null, errors: [{ step: step.name, transformation: step.transformation, message, error_type: 'cancelled' }], warnings, credits_used: credits, executionTime: Math.round(performance.now() - started), steps };
      }
      if (!(err instanceof HangarError)) throw err;
      return {
        status: 'failed',
        output: null,
        errors: [{ step: step.name, transformation: step.transformation, message: `Step "${step.name}" (${step.transformation}) failed: ${err.message}`, error_type: err.type }],
        warnings,
        credits_used: credits,
        executionTime: Math.round(performance.now() - started),
        steps,
      };
    }
  }
  let output = last;
  if (tool.transformations.output !== undefined && tool.transformations.output !== null) {
    const empty: string[] = [];
    output = render(tool.transformations.output, scope, empty);
    for (const reference of empty) warnings.push({ step: 'output', reference, message: `The tool's output reads {{${reference}}}, which resolved to nothing.` });
  }
  return {
    status: 'complete',
    output,
    errors: [],
    warnings,
    credits_used: credits,
    executionTime: Math.round(performance.now() - started),
    steps,
  };
}
