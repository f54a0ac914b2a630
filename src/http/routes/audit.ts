// The audit trail's routes (issue 24 §4): a page of records and an NDJSON export, for organization
// admins. There is deliberately no route that changes or removes a record.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/connection.ts';
import { AUDIT_ACTIONS } from '../../governance/audit-actions.ts';
import { assertAuditReader, DEFAULT_AUDIT_PAGE_SIZE, exportAudit, listAudit, MAX_AUDIT_PAGE_SIZE, MAX_FILTER_LENGTH } from '../../governance/audit-log.ts';
import { accountCaller } from '../auth.ts';

const tags = ['audit'];
const Params = Type.Object({ organization_id: Type.String({ minLength: 1, maxLength: 200 }) });
const Time = Type.String({ format: 'date-time', maxLength: 64, description: 'RFC 3339, with a zone; inclusive.' });
const Filter = (description: string) => Type.String({ maxLength: MAX_FILTER_LENGTH, description });
const Filters = {
  action: Type.Optional(Filter('An exact action, such as `member.update`.')),
  actor_id: Type.Optional(Filter("The actor's id: a user, an API key, a SCIM token, or `system`.")),
  actor_email: Type.Optional(
    Filter("A person's email, matched case-insensitively: their own changes and those made with their API keys (the email as it was when the change was recorded)."),
  ),
  target_id: Type.Optional(Filter("The target's id (a project, user, key, invite code, provider, …).")),
  from: Type.Optional(Time),
  to: Type.Optional(Time),
};
// Unknown fields are ignored, as everywhere (api.md §1).
const ListBody = Type.Object({
  ...Filters,
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_AUDIT_PAGE_SIZE, default: DEFAULT_AUDIT_PAGE_SIZE })),
  cursor: Type.Optional(Type.String({ maxLength: 500, description: 'next_cursor of the previous page.' })),
});
const ExportQuery = Type.Object(Filters);

const AuditRecord = Type.Object({
  audit_id: Type.String(),
  time: Type.String({ format: 'date-time' }),
  actor: Type.Object(
    {
      type: Type.Union([Type.Literal('user'), Type.Literal('key'), Type.Literal('scim_token'), Type.Literal('system')]),
      id: Type.String(),
      email: Type.Optional(Type.String({ description: "The person's email (a key's owner); none for a SCIM token or the system." })),
    },
    { description: 'Who: a person signed in to the dashboard (`user`), an API key (`key`), a SCIM token, or Hangar itself (`system`).' },
  ),
  action: Type.String({ description: '`<noun>.<verb>`, e.g. `project.create`, `member.update`, `tool.delete`; `audit/actions/list` lists them all.' }),
  target: Type.Object({ type: Type.String(), id: Type.String() }),
  project_id: Type.Optional(Type.String()),
  request_id: Type.Union([Type.String(), Type.Null()], { description: 'The x-request-id the server answered the change with.' }),
  source_address: Type.Union([Type.String(), Type.Null()], { description: "The client's address (behind a trusted proxy, the one it forwarded)." }),
  details: Type.Optional(Type.Unknown({ description: 'What changed (a role from/to, a label); never a secret.' })),
});

export function auditRoutes(app: FastifyInstance, database: Db): void {
  const db = database.kysely;

  app.post<{ Params: Static<typeof Params>; Body: Static<typeof ListBody> }>(
    '/latest/organizations/:organization_id/audit/list',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "The organization's audit trail",
        description:
          'Organization admins only. Every recorded change, newest first, filtered by action, actor (id or email), target and time (`from`/`to` inclusive). Pass `next_cursor` back as `cursor` for the next page; a cursor stays valid while new records arrive.',
        params: Params,
        body: ListBody,
        response: { 200: Type.Object({ results: Type.Array(AuditRecord), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => listAudit(db, accountCaller(request), request.params.organization_id, request.body),
  );

  const actions = { results: AUDIT_ACTIONS.map((action) => ({ action })) };
  app.get<{ Params: Static<typeof Params> }>(
    '/latest/organizations/:organization_id/audit/actions/list',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'The actions the audit trail records',
        description: 'Organization admins only. Every `action` a record may have, grouped by what it changes: the choices of the `action` filter.',
        params: Params,
        response: { 200: Type.Object({ results: Type.Array(Type.Object({ action: Type.String({ description: '`<noun>.<verb>`, e.g. `tool.create`.' }) })) }) },
      },
    },
    async (request) => {
      assertAuditReader(accountCaller(request), request.params.organization_id);
      return actions;
    },
  );

  app.get<{ Params: Static<typeof Params>; Querystring: Static<typeof ExportQuery> }>(
    '/latest/organizations/:organization_id/audit/export',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "Export the organization's audit trail (NDJSON)",
        description:
          'Organization admins only. Every matching record, newest first, one JSON object per line (`application/x-ndjson`), the same records and filters as `audit/list` (as query parameters). Streamed: any size of trail.',
        params: Params,
        querystring: ExportQuery,
        response: { 200: Type.String({ description: 'application/x-ndjson: one audit record (as in audit/list) per line.' }) },
      },
    },
    async (request, reply) => {
      const lines = exportAudit(db, accountCaller(request), request.params.organization_id, request.query);
      // The first batch is read before the answer is named a download: a refusal of the filters (or
      // the database being away) is then an ordinary error answer, not a file holding one.
      const first = await lines.next();
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="hangar-audit-${day}.ndjson"`)
        .header('cache-control', 'no-store');
      if (first.done) return reply.send('');
      return reply.send(Readable.from(prepend(first.value, lines), { objectMode: false }));
    },
  );
}

async function* prepend(first: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield first;
  yield* rest;
}
