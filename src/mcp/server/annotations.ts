// The MCP tool annotations (readOnlyHint, destructiveHint, openWorldHint) of what Hangar offers,
// derived from the provider catalogue rather than kept in a table beside it: a named step's effect is
// the HTTP methods of the requests it declares. Each step is dry-run once per process against a
// recording `send` with placeholder inputs; a step whose dry run cannot finish (it reads answer fields
// the recorder does not have) is not claimed read-only — a hint may be too cautious, never too bold.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { HttpMethod, ProviderRequest, StepDefinition } from '../../integrations/provider.ts';
import { findStep } from '../../integrations/providers/index.ts';
import { kindOf, type ToolDefinition } from '../../tools/definition.ts';

export interface Effect {
  /** Only GET requests: nothing at the provider changes. */
  readOnly: boolean;
  /** May overwrite or remove (PUT, PATCH, DELETE, or methods not known in advance). */
  destructive: boolean;
}

const READ: Effect = { readOnly: true, destructive: false };
const UNKNOWN: Effect = { readOnly: false, destructive: true };

function effectOfMethods(methods: string[]): Effect {
  if (methods.length === 0) return UNKNOWN;
  const upper = methods.map((m) => m.toUpperCase());
  if (upper.every((m) => m === 'GET' || m === 'HEAD')) return READ;
  return { readOnly: false, destructive: upper.some((m) => m === 'PUT' || m === 'PATCH' || m === 'DELETE') };
}

/** Any property read gives a placeholder text: enough to build every request the catalogue declares. */
const placeholders = new Proxy({} as Record<string, unknown>, { get: (_t, key) => (typeof key === 'string' ? 'x' : undefined) });

async function dryRun(step: StepDefinition): Promise<Effect> {
  const methods: HttpMethod[] = [];
  try {
    if (step.request) methods.push(step.request(placeholders).method);
    else if (step.run) {
      await step.run(placeholders, async (request: ProviderRequest) => {
        methods.push(request.method);
        return { status: 200, headers: {}, body: {} };
      });
    } else return UNKNOWN;
  } catch {
    return UNKNOWN;
  }
  return effectOfMethods(methods);
}

const stepEffects = new Map<string, Promise<Effect>>();

/** The effect of a named step (`codehost.create_issue`); unknown steps are taken as destructive. */
export function stepEffect(stepId: string): Promise<Effect> {
  let known = stepEffects.get(stepId);
  if (!known) {
    const found = findStep(stepId);
    known = found ? dryRun(found.step) : Promise.resolve(UNKNOWN);
    stepEffects.set(stepId, known);
  }
  return known;
}

/** A provider API Call or generic api_call: read-only only when its method is written as GET. */
function callEffect(method: unknown): Effect {
  if (method === undefined) return READ; // both default to GET
  return typeof method === 'string' && !method.includes('{{') ? effectOfMethods([method]) : UNKNOWN;
}

/** A saved tool's effect: read-only when every step is, destructive when any step may be. */
export async function toolEffect(tool: Pick<ToolDefinition, 'transformations'>): Promise<Effect> {
  const effects = await Promise.all(
    tool.transformations.steps.map((s) => {
      const kind = kindOf(s.transformation);
      if (!kind) return UNKNOWN;
      if (kind.kind === 'named') return stepEffect(kind.step);
      return callEffect(s.params.method);
    }),
  );
  return { readOnly: effects.every((e) => e.readOnly), destructive: effects.some((e) => e.destructive) };
}

/**
 * As MCP says them. Every kind reaches outside Hangar (providers, addresses, a model endpoint), so
 * openWorldHint is always true; destructiveHint only means something when readOnlyHint is false.
 */
export function annotationsOf(title: string, effect: Effect): ToolAnnotations {
  return { title, readOnlyHint: effect.readOnly, destructiveHint: effect.readOnly ? false : effect.destructive, idempotentHint: effect.readOnly, openWorldHint: true };
}

export const AGENT_EFFECT: Effect = { readOnly: false, destructive: false };
export const API_CALL_EFFECT: Effect = UNKNOWN;
