// Integration routes (api.md §4). Each declares its role and calls one integrations function.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../db/pagination.ts';
import { providerIds } from '../../integrations/providers/index.ts';
import type { Integrations } from '../../integrations/service.ts';
import { auditContext } from '../audit-context.ts';
import { projectCaller } from '../auth.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

const tags = ['integrations'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const Provider = Type.String({ minLength: 1, maxLength: 100, description: `One of: ${providerIds.join(', ')}.` });
const ApiKey = Type.String({ minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$', description: 'visible ASCII characters only' });
const AnyObject = Type.Object({}, { additionalProperties: true });
const Step = Type.Object({ step: Type.String(), name: Type.String(), description: Type.String(), provider: Type.String(), provider_name: Type.String(), beta: Type.Boolean(), input_schema: AnyObject });
const Connection = Type.Object({
  connection_id: Type.String(),
  provider: Type.String(),
  provider_name: Type.String({ description: 'The provider\'s name as people read it, e.g. "Code Host": with `account`, what names a connection that has no label.' }),
  label: Type.Union([Type.String(), Type.Null()]),
  account: Type.Union([Type.String(), Type.Null()]),
  auth_type: Type.String(),
  status: Type.String(),
  url: Type.Union([Type.String(), Type.Null()], { description: "A remote MCP server's address (provider mcp); null for the other providers." }),
  created_at: Type.String({ format: 'date-time' }),
  scope: Type.Union([Type.Literal('project'), Type.Literal('organization')], {
    description: "`project`: the project's own. `organization`: a key its organization's admins set, which steps, agents and triggers of the project may name; it runs with the project's own connection of the provider while the project has one (`overridden_by`).",
  }),
  created_by: Type.Object({ user_id: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }, { description: 'Who connected it (for an organization key: who set it).' }),
  overridden_by: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "Organization keys: the project's own connection of the provider used instead, or null when the key is used." })),
  rotated_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Organization keys: when the key was last rotated.' })),
});
const RemoteTool = Type.Object({
  name: Type.String(),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  input_schema: AnyObject,
  output_schema: Type.Optional(AnyObject),
  annotations: Type.Optional(AnyObject),
});

export function integrationRoutes(app: FastifyInstance, integrations: Integrations): void {
  app.get(
    '/latest/integrations/providers/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'The provider catalogue',
        description: 'Providers, how each connects, whether it is beta, its API Call rules, and its named tool steps with their input schemas.',
        response: {
          200: Type.Object({
            results: Type.Array(
              Type.Object({
                provider: Type.String(),
                name: Type.String(),
                description: Type.String(),
                kind_words: Type.Array(Type.String()),
                beta: Type.Boolean(),
                mark: Type.Object(
                  { letters: Type.String(), colour: Type.String({ description: 'A CSS colour (#rrggbb) under white letters.' }) },
                  { description: "The provider's mark, drawn as letters on a colour (no image to load)." },
                ),
                auth_types: Type.Array(Type.String()),
                api_call: Type.Object({ methods: Type.Array(Type.String()), required_headers: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })) }),
                steps: Type.Array(Step),
              }),
            ),
          }),
        },
      },
    },
    async () => integrations.providers(),
  );

  app.get<{ Querystring: { query?: string } }>(
    '/latest/integrations/steps/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'The tool-step search bar',
        description: "Steps whose provider kind words (e.g. \"enrichment\", \"code host\", \"analytics\") or whose names match every word of `query`.",
        querystring: Type.Object({ query: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: Type.Object({ results: Type.Array(Step) }) },
      },
    },
    async (request) => integrations.searchSteps(request.query.query),
  );

  app.post<{ Body: { provider: string; api_key?: string; label?: string; url?: string; headers?: Record<string, string> } }>(
    '/latest/integrations/connections/create',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Connect a provider with an API key, or a remote MCP server',
        description:
          'For the enrichment providers (their API key) and the code host (a fine-grained access token): `api_key`, checked at the provider when it offers a check, stored encrypted, and never returned. For a remote MCP server (`provider: "mcp"`): its streamable HTTP `url` and optional `headers` (e.g. `{"authorization": "Bearer …"}`, stored encrypted, never returned); the server must answer `initialize` and `tools/list`, or the answer says why and nothing is stored. Private and loopback addresses are refused unless the deployment allows them.',
        body: Type.Object({
          provider: Provider,
          api_key: Type.Optional(ApiKey),
          url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: "provider mcp: the server's streamable HTTP address" })),
          headers: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 8192 }), { maxProperties: 20, description: 'provider mcp: headers sent with every request to the server' })),
          label: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: Type.Object({ connection_id: Type.String(), account: Type.Union([Type.String(), Type.Null()]) }) },
      },
    },
    (request) => integrations.createConnection(projectCaller(request), request.body, auditContext(request)),
  );

  app.post<{ Body: { provider: string; redirect_url?: string; url?: string; label?: string } }>(
    '/latest/integrations/oauth/get_url',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Begin signing in to a provider',
        description:
          'Returns the address to open (state and PKCE, bound to this project and user, single use, valid 10 minutes). After the provider redirects back, the browser goes to `redirect_url` with `connection_id`. For a remote MCP server (`provider: "mcp"`, its `url`, an optional `label`): Hangar reads its protected-resource and authorization-server metadata, registers itself there dynamically, and asks for a token bound to the server (`resource`); the server is checked with it before the connection is stored.',
        body: Type.Object({
          provider: Provider,
          redirect_url: Type.Optional(Type.String({ maxLength: 2000 })),
          url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: "provider mcp: the server's streamable HTTP address" })),
          label: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: Type.Object({ auth_url: Type.String(), expires_at: Type.String({ format: 'date-time' }) }) },
      },
    },
    (request) => integrations.oauthUrl(projectCaller(request), request.body),
  );

  app.get(
    '/latest/integrations/oauth/callback',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Where the provider sends the browser back',
        description: 'Authenticated by its single-use state. Redirects to the flow’s redirect_url, or answers JSON.',
        querystring: Type.Object({ state: Type.Optional(Type.String({ maxLength: 500 })), code: Type.Optional(Type.String({ maxLength: 2000 })), error: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: true }),
        response: {
          200: Type.Object({ connection_id: Type.String(), provider: Type.String(), account: Type.Union([Type.String(), Type.Null()]), project_id: Type.String() }),
          302: Type.Null({ description: 'To the redirect_url of the flow, with connection_id and provider added to its query.' }),
        },
      },
    },
    async (request, reply) => {
      const done = await integrations.oauthCallback(new URLSearchParams(request.url.split('?')[1] ?? ''), { requestId: request.id, sourceAddress: request.ip ?? null });
      if (done.redirect_url) {
        const target = new URL(done.redirect_url);
        target.searchParams.set('connection_id', done.connection_id);
        target.searchParams.set('provider', done.provider);
        return reply.redirect(target.toString(), 302);
      }
      return { connection_id: done.connection_id, provider: done.provider, account: done.account, project_id: done.project_id };
    },
  );

  app.post<{ Body: { provider?: string; page_size?: number; cursor?: string } }>(
    '/latest/integrations/connections/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "The project's connections and its organization's keys (never their secrets)",
        description:
          "The project's own connections (`scope: \"project\"`) and the keys its organization's admins set (`scope: \"organization\"`, with who set them), in one order. Any of them may be named by a step, agent action or trigger; an organization key resolves by provider: the project's own connection of that provider while it has one, else the organization's key.",
        body: Type.Object({
          provider: Type.Optional(Provider),
          page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
          cursor: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 200: Type.Object({ results: Type.Array(Connection), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => integrations.listConnections(projectCaller(request), request.body),
  );

  app.post<{ Params: { connection_id: string } }>(
    '/latest/integrations/connections/:connection_id/delete',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Remove a connection',
        description:
          "Revokes the OAuth grant at the provider where it can. Steps using the connection then fail with `connection_removed` until it is reconnected; steps naming an organization key of the provider fall back to the organization's key. An organization key is removed by an organization admin (403 here).",
        params: Type.Object({ connection_id: Id }),
        body: Type.Object({}),
        response: { 200: Type.Object({ connection_id: Type.String(), deleted: Type.Literal(true), revoked_at_provider: Type.Boolean() }) },
      },
    },
    (request) => integrations.removeConnection(projectCaller(request), request.params.connection_id, auditContext(request)),
  );

  app.post<{ Params: { connection_id: string }; Body: { label?: string | null; api_key?: string } }>(
    '/latest/integrations/connections/:connection_id/update',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Rename a connection, or replace its key',
        description:
          "`label` renames it (null or \"\" clears it: it is then named by its provider and account). `api_key` replaces the key or access token of a connection made with one: checked at the provider like a new one (nothing changes when refused), stored encrypted, never returned, and used by every server from its next call on. A connection made by signing in is renewed by signing in again with the same account (`oauth/get_url`): 400 here. An organization key is changed by an organization admin (403).",
        params: Type.Object({ connection_id: Id }),
        body: Type.Object({
          label: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
          api_key: Type.Optional(ApiKey),
        }),
        response: { 200: Type.Object({ connection_id: Type.String(), label: Type.Union([Type.String(), Type.Null()]), account: Type.Union([Type.String(), Type.Null()]), key_replaced: Type.Boolean() }) },
      },
    },
    (request) => integrations.updateConnection(projectCaller(request), request.params.connection_id, request.body, auditContext(request)),
  );

  app.post<{ Params: { connection_id: string } }>(
    '/latest/integrations/connections/:connection_id/test',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Test a connection',
        description:
          "One cheap request to the provider with the connection's credentials (the key's check, the signed-in account's own request), or a remote MCP server's tools listed again. `ok: true` when the provider accepted them, `false` with its reason when it refused or could not be reached, `null` when the provider offers nothing to check a key with (ANZ Enrichment: a wrong key shows at the first call). A removed connection is a 409 `connection_removed`.",
        params: Type.Object({ connection_id: Id }),
        body: Type.Object({}),
        response: { 200: Type.Object({ connection_id: Type.String(), ok: Type.Union([Type.Boolean(), Type.Null()]), message: Type.String(), checked_at: Type.String({ format: 'date-time' }) }) },
      },
    },
    (request) => integrations.testConnection(projectCaller(request), request.params.connection_id),
  );

  app.get<{ Params: { connection_id: string } }>(
    '/latest/integrations/connections/:connection_id/usage',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'What uses a connection',
        description:
          "The project's tools with a step naming it (`params.connection_id`), agents with an action naming it (a step's `connection_id` or a remote MCP server's `mcp.connection_id`), and triggers on it (with their agent): what stops working when it is removed. An id written in a template (`{{params.…}}`) is not resolved.",
        params: Type.Object({ connection_id: Id }),
        response: {
          200: Type.Object({
            connection_id: Type.String(),
            tools: Type.Array(Type.Object({ studio_id: Type.String(), title: Type.String() })),
            agents: Type.Array(Type.Object({ agent_id: Type.String(), name: Type.String() })),
            triggers: Type.Array(Type.Object({ trigger_id: Type.String(), type: Type.String(), agent_id: Type.String(), agent_name: Type.String(), config: Type.Record(Type.String(), Type.String()) })),
          }),
        },
      },
    },
    (request) => integrations.connectionUsage(projectCaller(request), request.params.connection_id),
  );

  app.get<{ Params: { connection_id: string } }>(
    '/latest/integrations/connections/:connection_id/repositories/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "The repositories a code-host connection can see",
        description:
          "Asked of the code host now (`GET /user/repos`: the account's own, those it collaborates on and its organizations'), most recently pushed first, at most 300 (`truncated` when there are more). `admin`: whether the connection administers it, which a trigger's webhook needs. 400 for a connection of another provider.",
        params: Type.Object({ connection_id: Id }),
        response: {
          200: Type.Object({
            results: Type.Array(Type.Object({ full_name: Type.String({ description: 'owner/name' }), private: Type.Boolean(), admin: Type.Boolean() })),
            truncated: Type.Boolean(),
          }),
        },
      },
    },
    (request) => integrations.repositories(projectCaller(request), request.params.connection_id),
  );

  app.get<{ Params: { connection_id: string }; Querystring: { refresh?: boolean } }>(
    '/latest/integrations/connections/:connection_id/mcp/tools',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "A remote MCP server's tools",
        description:
          'As last listed (kept for every process, and listed again when the server sends `notifications/tools/list_changed`), or listed from the server now with `refresh=true`. Call one with the step `mcp.call_tool` (`{connection_id, tool, arguments}`) or offer them to an agent with the action `{mcp: {connection_id, tools}}`.',
        params: Type.Object({ connection_id: Id }),
        querystring: Type.Object({ refresh: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Object({ connection_id: Type.String(), tools: Type.Array(RemoteTool), listed_at: Type.String({ format: 'date-time' }) }) },
      },
    },
    (request) => integrations.mcpTools(projectCaller(request), request.params.connection_id, request.query.refresh === true),
  );

  app.post<{ Body: { step: string; connection_id: string; inputs: Record<string, unknown> } }>(
    '/latest/integrations/steps/run',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Run a named tool step',
        description: 'A provider no-match is a success with `output.matched: false`. Credits used are recorded on the run.',
        body: Type.Object({ step: Type.String({ minLength: 1, maxLength: 200 }), connection_id: Id, inputs: AnyObject }),
        response: {
          200: Type.Object({
            status: Type.Literal('complete'),
            output: AnyObject,
            errors: Type.Array(Type.Any()),
            credits_used: Type.Integer(),
            run_id: Type.String(),
          }),
        },
      },
    },
    (request) => integrations.runStep(projectCaller(request), request.body),
  );

  app.post<{ Body: { connection_id: string; method: string; endpoint: string; body?: unknown; headers?: Record<string, string> } }>(
    '/latest/integrations/api_call',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'API Call: forward a request to the provider',
        description:
          '`endpoint` is a path at the provider (for analytics from the version segment: `v1beta/...`). The provider’s answer, whatever its status, comes back as data. The code host requires `headers: {"accept": "application/vnd.codehost+json"}`.',
        body: Type.Object({
          connection_id: Id,
          method: Type.String({ minLength: 1, maxLength: 10 }),
          endpoint: Type.String({ minLength: 1, maxLength: 4000 }),
          body: Type.Optional(Type.Any()),
          headers: Type.Optional(Type.Record(Type.String(), Type.String())),
        }),
        response: { 200: Type.Object({ status: Type.Integer(), headers: Type.Record(Type.String(), Type.String()), response_body: Type.Any() }) },
      },
    },
    // Sent as text: the provider's JSON goes out as it came, not parsed and serialized again.
    async (request, reply) => reply.type(JSON_TYPE).send(await integrations.apiCallJson(projectCaller(request), request.body)),
  );
}
