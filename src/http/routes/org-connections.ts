// Organization-level integration keys (issue 24 §3): organization admins set, rotate and remove the
// keys every project of the organization may use. Each route calls one integrations function.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../db/pagination.ts';
import { providerIds } from '../../integrations/providers/index.ts';
import type { Integrations } from '../../integrations/service.ts';
import { auditContext } from '../audit-context.ts';
import { accountCaller } from '../auth.ts';

const tags = ['integrations'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const Provider = Type.String({ minLength: 1, maxLength: 100, description: `One that connects with a key: anz_enrichment, enrichment, or codehost (a fine-grained access token). All providers: ${providerIds.join(', ')}.` });
const ApiKey = Type.String({ minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$', description: 'visible ASCII characters only; stored encrypted, never returned' });
const Label = Type.String({ maxLength: 200 });
const Timestamp = Type.String({ format: 'date-time' });
const OrgParams = Type.Object({ organization_id: Id });
const ConnectionParams = Type.Object({ organization_id: Id, connection_id: Id });
const CHECK_FAILED = 'The provider could not be reached, or answered in error, while the key was checked; nothing changed.';
const admins = 'Organization admins only (403 for anyone else of the organization; 404 for another organization).';

const OrgConnection = Type.Object({
  connection_id: Type.String(),
  provider: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  account: Type.Union([Type.String(), Type.Null()]),
  auth_type: Type.String(),
  status: Type.String(),
  scope: Type.Literal('organization'),
  created_by: Type.Object({ user_id: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }),
  created_at: Timestamp,
  rotated_at: Type.Union([Timestamp, Type.Null()]),
  removed_at: Type.Union([Timestamp, Type.Null()]),
  projects_using: Type.Integer({ description: "Projects of the organization with no connection of their own of the provider, which use this key (0 once removed)." }),
});

export function orgConnectionRoutes(app: FastifyInstance, integrations: Integrations): void {
  app.post<{ Params: { organization_id: string }; Body: { provider: string; api_key: string; label?: string } }>(
    '/latest/organizations/:organization_id/integrations/connections/create',
    {
      config: { auth: 'account', errors: { 502: CHECK_FAILED } },
      schema: {
        tags,
        summary: 'Set an organization key',
        description: `${admins} One key per provider, checked at the provider when it offers a check, stored encrypted and never returned. Every project of the organization may name it in steps, agents and triggers; a project's own connection of the provider overrides it. OAuth providers and remote MCP servers are not shared (400).`,
        params: OrgParams,
        body: Type.Object({ provider: Provider, api_key: ApiKey, label: Type.Optional(Label) }),
        response: { 200: Type.Object({ connection_id: Type.String(), account: Type.Union([Type.String(), Type.Null()]) }) },
      },
    },
    (request) => integrations.createOrgConnection(accountCaller(request), request.params.organization_id, request.body, auditContext(request)),
  );

  app.post<{ Params: { organization_id: string }; Body: { provider?: string; page_size?: number; cursor?: string } }>(
    '/latest/organizations/:organization_id/integrations/connections/list',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "The organization's keys (never their secrets)",
        description: `${admins} Removed keys stay listed (status \`removed\`). Projects see the keys in their own \`/latest/integrations/connections/list\`.`,
        params: OrgParams,
        body: Type.Object({
          provider: Type.Optional(Provider),
          page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
          cursor: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 200: Type.Object({ results: Type.Array(OrgConnection), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => integrations.listOrgConnections(accountCaller(request), request.params.organization_id, request.body),
  );

  app.post<{ Params: { organization_id: string; connection_id: string }; Body: { api_key?: string; label?: string | null } }>(
    '/latest/organizations/:organization_id/integrations/connections/:connection_id/update',
    {
      config: { auth: 'account', errors: { 502: CHECK_FAILED } },
      schema: {
        tags,
        summary: 'Rotate an organization key, or rename it',
        description: `${admins} A new \`api_key\` is checked at the provider like a new one, then used by every project on every server from its next call; \`label\` renames it (null clears it).`,
        params: ConnectionParams,
        body: Type.Object({ api_key: Type.Optional(ApiKey), label: Type.Optional(Type.Union([Label, Type.Null()])) }),
        response: {
          200: Type.Object({
            connection_id: Type.String(),
            provider: Type.String(),
            label: Type.Union([Type.String(), Type.Null()]),
            account: Type.Union([Type.String(), Type.Null()]),
            rotated: Type.Boolean(),
            rotated_at: Type.Union([Timestamp, Type.Null()]),
          }),
        },
      },
    },
    (request) => integrations.updateOrgConnection(accountCaller(request), request.params.organization_id, request.params.connection_id, request.body, auditContext(request)),
  );

  app.post<{ Params: { organization_id: string; connection_id: string } }>(
    '/latest/organizations/:organization_id/integrations/connections/:connection_id/delete',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Remove an organization key',
        description: `${admins} Projects with a connection of their own of the provider keep using theirs; the others' steps, agents and triggers naming the key fail with \`connection_removed\`, which names it.`,
        params: ConnectionParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ connection_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => integrations.removeOrgConnection(accountCaller(request), request.params.organization_id, request.params.connection_id, auditContext(request)),
  );
}
