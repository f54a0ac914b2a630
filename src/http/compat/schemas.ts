// Route schemas of the hosted platform's wire shapes (hosted-compat.md), shared by the route files so
// the API reference shows one definition of each.
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../db/pagination.ts';
import { TASK_STATES } from '../../db/schema.ts';

/** Paging fields every list takes: Hangar's cursor, or the hosted clients' 1-based page number. */
export const PageFields = {
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  cursor: Type.Optional(Type.String({ maxLength: 500, description: 'next_cursor of the previous page.' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number (the hosted clients\' form); a cursor wins over it.' })),
};

/** The JSON-array query parameters of the hosted lists. */
export const FiltersParam = Type.String({ maxLength: 20_000, description: 'JSON array of `{filter_type: "exact_match", field, condition_value, condition: "==" | "!="}`, AND-ed.' });

export const TaskState = Type.Union(
  TASK_STATES.map((s) => Type.Literal(s)),
  { description: `Task states of the hosted vocabulary: ${TASK_STATES.join(', ')}.` },
);

export const Tool = Type.Object(
  {
    studio_id: Type.String(),
    _id: Type.String(),
    project: Type.String(),
    title: Type.String(),
    description: Type.String(),
    params_schema: Type.Optional(Type.Object({}, { additionalProperties: true })),
    transformations: Type.Object({ steps: Type.Array(Type.Object({}, { additionalProperties: true })), output: Type.Optional(Type.Any()) }),
    public: Type.Boolean({ description: 'Anyone may view the tool; it never lets anyone run it.' }),
    publicly_triggerable: Type.Boolean({ description: 'Anyone with its id may run it through trigger_limited without a key (`project` in the body).' }),
    insert_date_: Type.String(),
    update_date_: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { additionalProperties: true, description: 'Also the fields the clients stored and read back: tags, state_mapping, output_schema, version, params, emoji, metrics.' },
);

export const RunError = Type.Object(
  {
    body: Type.String({ description: 'What went wrong, for people.' }),
    raw: Type.String(),
    step_name: Type.String(),
    stepName: Type.String(),
    step: Type.String(),
    transformation: Type.String(),
    message: Type.String(),
    error_type: Type.String(),
  },
  { additionalProperties: true },
);

export const RunWarning = Type.Object({
  step: Type.String({ description: 'The step whose input read the reference, or `output` for the tool\'s output template.' }),
  input: Type.Optional(Type.String({ description: 'The step input holding the reference.' })),
  reference: Type.String({ description: 'The reference as written between the braces, e.g. `steps.find.output.name`.' }),
  message: Type.String(),
});

export const HostedRun = Type.Object({
  output: Type.Any({ description: 'The tool output; `{}` when the run failed.' }),
  status: Type.Union([Type.Literal('complete'), Type.Literal('failed')]),
  errors: Type.Array(RunError),
  warnings: Type.Array(RunWarning, {
    description:
      'Each `{{…}}` reference that resolved to nothing (missing, null or empty text) in a step that still ran, or in the output. A reference that resolves to nothing in a required input of a step fails that step instead.',
  }),
  executionTime: Type.Integer(),
  credits_used: Type.Array(
    Type.Object({ credits: Type.Number(), name: Type.String(), num_units: Type.Number(), multiplier: Type.Number(), tool_name: Type.String() }),
    { description: 'One entry per step run: its credits.' },
  ),
  cost: Type.Number({ description: 'Credits of the whole run.' }),
  state: Type.Optional(
    Type.Object({ params: Type.Record(Type.String(), Type.Any()), steps: Type.Record(Type.String(), Type.Object({ output: Type.Any(), executionTime: Type.Integer() })) }, { description: 'With return_state.' }),
  ),
});
