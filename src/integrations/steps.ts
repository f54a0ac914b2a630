// Runs a named tool step: validates its inputs against the step's schema, makes the provider
// request(s) the step declares, reads the answer (a no-match is a success with matched: false),
// and records the run with the credits it used.
import { randomUUID } from 'node:crypto';
import { RECORD_RETRY_MS, retryWhileUnavailable } from '../db/faults.ts';
import { HangarError, invalid } from '../shared/errors.ts';
import type { Actor } from '../governance/principal.ts';
import { assertValid } from '../shared/validation.ts';
import type { ActiveConnection } from './connections.ts';
import type { IntegrationDeps } from './deps.ts';
import type { ProviderResponse, RemoteTools, Send, StepDefinition } from './provider.ts';
import { findStep } from './providers/index.ts';
import { stepError } from './runtime.ts';

export interface StepRunInput {
  step: string;
  connection_id: string;
  inputs: Record<string, unknown>;
}

export function stepOrFail(id: string) {
  const found = findStep(id);
  if (!found) throw invalid(`step "${id}" does not exist; see GET /latest/integrations/steps/list.`);
  return found;
}

async function execute(step: StepDefinition, connection: ActiveConnection, send: Send, inputs: Record<string, unknown>, remote: RemoteTools) {
  if (step.call) {
    const output = await step.call(inputs, { connection, remote });
    return { output, credits: step.credits?.(output, inputs) ?? 0 };
  }
  let response: ProviderResponse;
  if (step.run) response = await step.run(inputs, send);
  else response = await send(step.request!(inputs));
  // Checked before the no-match test: a success that is not JSON (a proxy's HTML page) has no
  // `person` either, and must not read as "nothing matched".
  if (response.status < 400 && typeof response.body === 'string') {
    throw new HangarError(502, 'upstream_error', `${connection.provider.name} answered something that is not JSON (status ${response.status}).`, 'third_party');
  }
  try {
    // Only a success or a 404 can say that nothing matched: a provider's failure (a 500 with an error
    // body) has no `company` either, and must not read as "nothing matched".
    if ((response.status < 400 || response.status === 404) && step.noMatch?.(response)) return { output: { matched: false } as Record<string, unknown>, credits: 0 };
    if (response.status >= 400) throw step.errors?.[response.status]?.(response) ?? stepError(connection.provider, response);
    const output = step.output ? step.output(response, inputs) : ((response.body ?? {}) as Record<string, unknown>);
    return { output, credits: step.credits?.(output, inputs) ?? 0 };
  } catch (err) {
    // A step reads the answer the provider documents; an answer of another shape (an empty body, a
    // missing field) is the provider's failure, not ours.
    if (err instanceof HangarError) throw err;
    throw new HangarError(502, 'upstream_error', `${connection.provider.name} answered in a shape Hangar cannot read (status ${response.status}).`, 'third_party');
  }
}

export async function runStep(deps: IntegrationDeps, caller: Actor, connection: ActiveConnection, send: Send, input: StepRunInput, remote: RemoteTools) {
  const { provider, step } = stepOrFail(input.step);
  if (provider.id !== connection.provider.id) {
    throw invalid(`step ${input.step} needs a ${provider.name} connection; connection ${connection.id} is ${connection.provider.name}.`);
  }
  assertValid(step.input, input.inputs, 'inputs');
  const started = performance.now();
  /**
   * The run's record under an id chosen here, so an insert retried after its commit's reply was lost
   * (the connection cut as it committed) finds its row and adds no second one.
   */
  const record = (status: 'complete' | 'failed', credits: number, matched: boolean | null, errorType: string | null) => {
    const id = randomUUID();
    const durationMs = Math.round(performance.now() - started);
    const insert = () =>
      deps.db
        .insertInto('step_runs')
        .values({ id, project_id: caller.project.id, connection_id: connection.id, step: input.step, status, matched, credits_used: credits, error_type: errorType, duration_ms: durationMs, created_by: caller.userId })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    return { id, insert };
  };
  let result;
  try {
    result = await execute(step, connection, send, input.inputs, remote);
  } catch (err) {
    // The caller gets the step's own error; the record's failure is said and counted, not lost.
    await record('failed', 0, null, err instanceof HangarError ? err.type : 'internal_error').insert().catch((recordErr: unknown) => deps.report?.(`step run record: a failed ${input.step} run was not recorded`, recordErr));
    throw err;
  }
  // The provider has answered (and may have charged): a database away for a moment must not turn that
  // answer into a failure, which the caller would retry — calling the provider again.
  const { output, credits } = result;
  const run = await record('complete', credits, typeof output.matched === 'boolean' ? output.matched : null, null);
  await retryWhileUnavailable(run.insert, { what: `recording a ${input.step} run`, log: (m) => void process.stderr.write(`${m}\n`), forMs: RECORD_RETRY_MS });
  return { status: 'complete' as const, output, errors: [] as unknown[], credits_used: credits, run_id: run.id };
}
