// A tool run as the hosted platform's clients read it (hosted-compat.md §3.7–3.9): `output` always
// an object on failure, `credits_used` a list of entries, each error with the `body`/`raw`/
// `step_name` the clients parse. Hangar's own error fields stay beside them.
import type { RunResult } from './runner.ts';

export interface HostedRunError {
  body: string;
  raw: string;
  step_name: string;
  stepName: string;
  step: string;
  transformation: string;
  message: string;
  error_type: string;
}

export interface CreditEntry {
  credits: number;
  name: string;
  num_units: number;
  multiplier: number;
  tool_name: string;
}

export function hostedErrors(errors: RunResult['errors']): HostedRunError[] {
  return errors.map((e) => ({ body: e.message, raw: e.message, step_name: e.step, stepName: e.step, ...e }));
}

export function hostedRun(result: RunResult, returnState?: { params: Record<string, unknown> }) {
  const credits: CreditEntry[] = Object.entries(result.steps).map(([name, s]) => ({ credits: s.credits, name, num_units: 1, multiplier: 1, tool_name: s.transformation }));
  return {
    // The Python client types output as a dict: a failed run answers {} rather than null.
    output: result.status === 'failed' ? {} : result.output,
    status: result.status,
    errors: hostedErrors(result.errors),
    warnings: result.warnings,
    executionTime: result.executionTime,
    credits_used: credits,
    cost: result.credits_used,
    ...(returnState
      ? {
          state: {
            params: returnState.params,
            steps: Object.fromEntries(Object.entries(result.steps).map(([name, s]) => [name, { output: s.output, executionTime: s.executionTime }])),
          },
        }
      : {}),
  };
}

export type HostedRun = ReturnType<typeof hostedRun>;
