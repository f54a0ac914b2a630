// Tool ("studio") routes (api.md §5).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../db/pagination.ts';
import { ToolSchema, type ToolDefinition } from '../../tools/definition.ts';
import type { Studios } from '../../tools/studios.ts';
import { projectCaller } from '../auth.ts';

const tags = ['tools'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const StudioParams = Type.Object({ studio_id: Id });
const Params = Type.Object({ params: Type.Optional(Type.Record(Type.String(), Type.Any())) });
const Tool = Type.Object({
  studio_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  params_schema: Type.Optional(Type.Object({}, { additionalProperties: true })),
  transformations: Type.Object({ steps: Type.Array(Type.Object({}, { additionalProperties: true })), output: Type.Optional(Type.Any()) }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const RunError = Type.Object({ step: Type.String(), transformation: Type.String(), message: Type.String(), error_type: Type.String() });

export function toolRoutes(app: FastifyInstance, studios: Studios): void {
  app.post<{ Body: ToolDefinition }>(
    '/latest/studios/create',
    { config: { auth: 'editor' }, schema: { tags, summary: 'Create a tool', body: ToolSchema, response: { 200: Type.Object({ studio_id: Type.String() }) } } },
    (request) => studios.create(projectCaller(request), request.body),
  );

  app.post<{ Params: { studio_id: string }; Body: ToolDefinition }>(
    '/latest/studios/:studio_id/update',
    { config: { auth: 'editor' }, schema: { tags, summary: 'Replace a tool', params: StudioParams, body: ToolSchema, response: { 200: Type.Object({ studio_id: Type.String() }) } } },
    (request) => studios.update(projectCaller(request), request.params.studio_id, request.body),
  );

  app.get<{ Params: { studio_id: string } }>(
    '/latest/studios/:studio_id/get',
    { config: { auth: 'viewer' }, schema: { tags, summary: 'A tool', params: StudioParams, response: { 200: Tool } } },
    (request) => studios.get(projectCaller(request), request.params.studio_id),
  );

  app.get<{ Querystring: { page_size?: number; cursor?: string } }>(
    '/latest/studios/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "The project's tools",
        querystring: Type.Object({ page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })), cursor: Type.Optional(Type.String({ maxLength: 500 })) }),
        response: { 200: Type.Object({ results: Type.Array(Tool), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => studios.list(projectCaller(request), request.query),
  );

  app.post<{ Body: { ids: string[] } }>(
    '/latest/studios/bulk_delete',
    {
      config: { auth: 'editor' },
      schema: { tags, summary: 'Delete tools', body: Type.Object({ ids: Type.Array(Id, { maxItems: 1000 }) }), response: { 200: Type.Object({ deleted: Type.Array(Type.String()) }) } },
    },
    (request) => studios.bulkDelete(projectCaller(request), request.body.ids),
  );

  app.post<{ Params: { studio_id: string }; Body: { params?: Record<string, unknown> } }>(
    '/latest/studios/:studio_id/trigger_limited',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Run a tool and wait for its result',
        description: 'A failing step makes `status: "failed"` with an error naming the step and why.',
        params: StudioParams,
        body: Params,
        response: {
          200: Type.Object({ output: Type.Any(), status: Type.String(), errors: Type.Array(RunError), executionTime: Type.Integer(), credits_used: Type.Integer() }),
        },
      },
    },
    (request) => studios.triggerLimited(projectCaller(request), request.params.studio_id, request.body.params ?? {}),
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
        body: Params,
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
