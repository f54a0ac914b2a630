// Tool ("studio") routes (api.md §5, in the hosted shapes of hosted-compat.md §3).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseFilters } from '../../db/filters.ts';
import { ToolSchema, type ToolDefinition } from '../../tools/definition.ts';
import type { Studios, ToolUpdate } from '../../tools/studios.ts';
import { auditContext } from '../audit-context.ts';
import { projectCaller } from '../auth.ts';
import { FiltersParam, HostedRun, PageFields, Tool } from '../compat/schemas.ts';

const tags = ['tools'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const StudioParams = Type.Object({ studio_id: Id });
const Params = Type.Optional(Type.Record(Type.String(), Type.Any()));
const Wrapped = Type.Object({ studio: Tool });
const ToolUpdateSchema = Type.Object(
  {
    studio_id: Type.Optional(Id),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    public: Type.Optional(Type.Boolean()),
    publicly_triggerable: Type.Optional(Type.Boolean()),
    project: Type.Optional(Id),
    params_schema: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
    transformations: Type.Optional(Type.Object({ steps: Type.Array(Type.Object({}, { additionalProperties: true })), output: Type.Optional(Type.Any()) })),
  },
  { additionalProperties: true },
);

export function toolRoutes(app: FastifyInstance, studios: Studios): void {
  app.post<{ Body: ToolDefinition }>(
    '/latest/studios/create',
    { config: { auth: 'editor' }, schema: { tags, summary: 'Create a tool', body: ToolSchema, response: { 200: Type.Object({ studio_id: Type.String() }) } } },
    (request) => studios.create(projectCaller(request), request.body, auditContext(request)),
  );

  app.post<{ Params: { studio_id: string }; Body: ToolDefinition }>(
    '/latest/studios/:studio_id/update',
    { config: { auth: 'editor' }, schema: { tags, summary: 'Replace a tool', params: StudioParams, body: ToolSchema, response: { 200: Type.Object({ studio_id: Type.String() }) } } },
    (request) => studios.update(projectCaller(request), request.params.studio_id, request.body, auditContext(request)),
  );

  app.post<{ Body: { updates: ToolUpdate[]; partial_update?: boolean; version?: string } }>(
    '/latest/studios/bulk_update',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Create or update tools by their ids',
        description:
          'The hosted clients\' save (`relevance deploy`, the Python SDK). Each entry names its own `studio_id` (any text); an unknown id creates the tool. With `partial_update` the fields given replace the stored ones, without it the entry replaces the tool. All entries or none.',
        body: Type.Object({ updates: Type.Array(ToolUpdateSchema, { maxItems: 500 }), partial_update: Type.Optional(Type.Boolean()), version: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: Type.Object({ studio_ids: Type.Array(Type.String()) }) },
      },
    },
    (request) => studios.bulkUpdate(projectCaller(request), request.body.updates, request.body.partial_update ?? false, auditContext(request)),
  );

  app.get<{ Params: { studio_id: string } }>(
    '/latest/studios/:studio_id/get',
    { config: { auth: 'viewer' }, schema: { tags, summary: 'A tool', params: StudioParams, response: { 200: Wrapped } } },
    async (request) => ({ studio: await studios.get(projectCaller(request), request.params.studio_id) }),
  );
  app.get<{ Params: { studio_id: string } }>(
    '/latest/studios/:studio_id',
    { config: { auth: 'viewer' }, schema: { tags, summary: 'A tool (the chain client\'s form)', params: StudioParams, response: { 200: Wrapped } } },
    async (request) => ({ studio: await studios.get(projectCaller(request), request.params.studio_id) }),
  );

  app.get<{ Querystring: { page_size?: number; cursor?: string; page?: number; filters?: string } }>(
    '/latest/studios/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "The project's tools",
        description: 'Filter fields: studio_id, _id, project, title, public, publicly_triggerable, tags.source, version.',
        querystring: Type.Object({ ...PageFields, filters: Type.Optional(FiltersParam) }),
        response: { 200: Type.Object({ results: Type.Array(Tool), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => studios.list(projectCaller(request), { ...request.query, filters: parseFilters(request.query.filters) }),
  );

  app.post<{ Body: { studio_id: string; project?: string; region?: string } }>(
    '/latest/studios/clone',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Copy a tool',
        description: 'Within the same project; `region` is accepted and ignored (one deployment serves one region).',
        body: Type.Object({ studio_id: Id, project: Type.Optional(Id), region: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: Type.Object({ studio_id: Type.String() }) },
      },
    },
    (request) => studios.clone(projectCaller(request), request.body.studio_id, request.body.project, auditContext(request)),
  );

  app.post<{ Body: { ids: string[] } }>(
    '/latest/studios/bulk_delete',
    {
      config: { auth: 'editor' },
      schema: { tags, summary: 'Delete tools', body: Type.Object({ ids: Type.Array(Id, { maxItems: 1000 }) }), response: { 200: Type.Object({ deleted: Type.Array(Type.String()) }) } },
    },
    (request) => studios.bulkDelete(projectCaller(request), request.body.ids, auditContext(request)),
  );

  app.post<{ Params: { studio_id: string }; Body: { params?: Record<string, unknown>; project?: string } }>(
    '/latest/studios/:studio_id/trigger_limited',
    {
      config: { auth: 'viewer', keyless: true },
      schema: {
        tags,
        summary: 'Run a tool and wait for its result',
        description:
          'A failing step makes `status: "failed"` with an error naming the step and why. Without an Authorization header, only a tool with `publicly_triggerable: true` runs, named with `project` in the body (the chain client\'s `Client.runChain`); otherwise 401.',
        params: StudioParams,
        body: Type.Object({ params: Params, project: Type.Optional(Id) }),
        response: { 200: HostedRun },
      },
    },
    (request) =>
      request.principal
        ? studios.triggerHosted(projectCaller(request), request.params.studio_id, request.body.params ?? {})
        : studios.triggerPublic(request.body.project, request.params.studio_id, request.body.params ?? {}),
  );

  app.post<{ Params: { studio_id: string }; Body: { params?: Record<string, unknown>; return_state?: boolean; studio_override?: Record<string, unknown> } }>(
    '/latest/studios/:studio_id/trigger',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Run a tool, or a configuration given with the call',
        description:
          'The chain client\'s `Chain.run`. `studio_override` (needs role:editor) runs that configuration instead of the stored tool; `return_state` adds each step\'s output. `version` and `state_override` are accepted and ignored.',
        params: StudioParams,
        body: Type.Object({
          studio_id: Type.Optional(Id),
          params: Params,
          return_state: Type.Optional(Type.Boolean()),
          studio_override: Type.Optional(Type.Object({}, { additionalProperties: true })),
          version: Type.Optional(Type.String({ maxLength: 200 })),
          state_override: Type.Optional(Type.Any()),
        }),
        response: { 200: HostedRun },
      },
    },
    (request) => studios.trigger(projectCaller(request), request.params.studio_id, request.body),
  );

  app.post<{ Params: { studio_id: string }; Body: { params?: Record<string, unknown> } }>(
    '/latest/studios/:studio_id/trigger_async',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Start a tool run',
        description: 'Poll it with GET /latest/studios/{studio_id}/async_poll/{job_id}.',
        params: StudioParams,
        body: Type.Object({ params: Params }),
        response: { 200: Type.Object({ job_id: Type.String(), studio_id: Type.String(), project: Type.String() }) },
      },
    },
    (request) => studios.triggerAsync(projectCaller(request), request.params.studio_id, request.body.params ?? {}),
  );

  app.get<{ Params: { studio_id: string; job_id: string } }>(
    '/latest/studios/:studio_id/async_poll/:job_id',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'A tool run’s progress',
        description: 'On completion an update of `type: "chain-success"` holds `output.output`.',
        params: Type.Object({ studio_id: Id, job_id: Id }),
        response: {
          200: Type.Object({
            type: Type.Union([Type.Literal('inprogress'), Type.Literal('complete'), Type.Literal('failed')]),
            updates: Type.Array(Type.Object({ type: Type.String(), output: Type.Any() })),
            last_message_id: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    (request) => studios.poll(projectCaller(request), request.params.studio_id, request.params.job_id),
  );
}
