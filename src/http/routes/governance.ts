// Governance routes (source §4A, api.md §2–3). Each route declares its auth requirement and calls
// one service function; all rules live in ../../governance.
import { serialize as serializeCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { PrincipalCache } from '../../governance/principal-cache.ts';
import { MAX_PAGE_SIZE } from '../../db/pagination.ts';
import { acceptInvite, createInvite, deleteInvite, listInvites, lookupInvite } from '../../governance/invites.ts';
import { createKey, deleteKey, listKeys } from '../../governance/keys.ts';
import { getMember, listMembers, removeMember, updateMember } from '../../governance/members.ts';
import { PermissionsSchema } from '../../governance/permissions.ts';
import { createProject, listProjects } from '../../governance/projects.ts';
import { login, logout } from '../../governance/sessions.ts';
import { deactivateUser, listOrganizationMembers, reactivateUser, type MemberListRequest } from '../../governance/users.ts';
import { invalid } from '../../shared/errors.ts';
import { auditContext, auditContextAs } from '../audit-context.ts';
import { accountCaller, CSRF_COOKIE, projectCaller, SESSION_COOKIE, sessionToken } from '../auth.ts';
import { sessionCookies } from '../session-cookies.ts';

const Id = Type.String({ minLength: 1, maxLength: 200 });
// Checked by the service (identity-text.ts): a trailing dot of the domain and spaces around the
// address are the same person's address, which JSON Schema's `email` format would refuse.
const Email = Type.String({ minLength: 1, maxLength: 330, description: 'The email address; stored trimmed and without a trailing dot of the domain, matched case-insensitively.' });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Timestamp = Type.String({ format: 'date-time' });
const Role = Type.Union([Type.Literal('admin'), Type.Literal('editor'), Type.Literal('viewer')]);

const Page = Type.Object({
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number (the hosted clients\' form); a cursor wins over it.' })),
});
type Page = Static<typeof Page>;
const list = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ results: Type.Array(item), next_cursor: Type.Optional(Type.String()) });

const UserParams = Type.Object({ user_id: Id });
const KeyOwnerParams = UserParams;
const OrgUserParams = Type.Object({ organization_id: Id, user_id: Id });

const Project = Type.Object({
  project_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  organization_id: Type.String(),
  role: Role,
  permissions: PermissionsSchema,
  created_at: Timestamp,
  updated_at: Timestamp,
});
const Member = Type.Object({
  _id: Type.String(),
  user_id: Type.String(),
  type: Type.Literal('user'),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  permissions: Type.Object(
    { projects: Type.Record(Type.String(), PermissionsSchema) },
    { description: 'The hosted shape: the permissions object per project (here, this project).' },
  ),
  project_permissions: PermissionsSchema,
  active: Type.Boolean(),
  joined_at: Timestamp,
});
const Invite = Type.Object({
  _id: Type.String(),
  invite_code: Type.String(),
  project: Type.String(),
  email: Type.String(),
  permissions: PermissionsSchema,
  role: Role,
  state: Type.Literal('pending'),
  created_at: Timestamp,
});
const OrgMember = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  org_role: Type.Union([Type.Literal('admin'), Type.Literal('member')], { description: 'The organization role: `admin` manages the organization (its settings, audit trail, users).' }),
  active: Type.Boolean({ description: 'False once deactivated (by an organization admin, or suspended over SCIM).' }),
  created_at: Timestamp,
});
const Key = Type.Object({ _id: Type.String(), key_id: Type.String(), label: Type.Union([Type.String(), Type.Null()]), hint: Type.String(), created_at: Timestamp });

export function governanceRoutes(app: FastifyInstance, database: Db, config: Config, principals: PrincipalCache): void {
  const db = database.kysely;
  // A change that can take access away answers only once no server holds the old access in memory.
  const thenForget = async <T>(change: Promise<T>): Promise<T> => {
    const result = await change;
    await principals.changed();
    return result;
  };
  const tags = ['governance'];

  app.post<{ Body: { name?: string; description?: string; organization_id: string } }>(
    '/latest/projects/create',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Create a project',
        description: 'Creates a project in the organization; the caller becomes its admin. Header: `Authorization: Bearer :<API_KEY>`.',
        body: Type.Object({ name: Type.Optional(Name), description: Type.Optional(Type.String({ maxLength: 2000 })), organization_id: Id }),
        response: { 200: Type.Object({ project_id: Type.String() }) },
      },
    },
    (request) => createProject(db, accountCaller(request), request.body, auditContext(request)),
  );

  app.get<{ Querystring: Page }>(
    '/latest/projects/list',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Projects the caller belongs to',
        description: '`projects` and `count` (all of them) as the v2 SDK reads them; `results` is the same page.',
        querystring: Page,
        response: { 200: Type.Object({ projects: Type.Array(Project), count: Type.Integer(), results: Type.Array(Project), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => listProjects(db, accountCaller(request), request.query),
  );

  app.post<{ Body: { email: string; permissions: Static<typeof PermissionsSchema> } }>(
    '/latest/auth/invite/create',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Invite a user to the project',
        description:
          'One pending invite per email and project (a second is 409: delete and re-create to change the role). A user already in the organization is accepted at once (`state: "accepted"`).',
        body: Type.Object({ email: Email, permissions: PermissionsSchema }),
        response: { 200: Type.Object({ invite_code: Type.String(), state: Type.Union([Type.Literal('pending'), Type.Literal('accepted')]) }) },
      },
    },
    async (request) => {
      const created = await createInvite(database, projectCaller(request), request.body, auditContext(request));
      // Accepted at once: an existing member's role may have changed.
      if (created.state === 'accepted') await principals.changed();
      return created;
    },
  );

  app.post<{ Body: { invite_code: string } }>(
    '/latest/auth/invite/delete',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Delete a pending invite',
        body: Type.Object({ invite_code: Id }),
        response: { 200: Type.Object({ invite_code: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => deleteInvite(database, projectCaller(request).project.id, request.body.invite_code, auditContext(request)),
  );

  app.post<{ Body: Page }>(
    '/latest/auth/invite/list',
    { config: { auth: 'admin' }, schema: { tags, summary: 'Pending invites of the project', body: Page, response: { 200: list(Invite) } } },
    (request) => listInvites(db, projectCaller(request).project.id, request.body),
  );

  app.post<{ Body: { invite_code: string } }>(
    '/latest/auth/invite/lookup',
    {
      // Like sign-in: no key, the caller's address's request budget.
      config: { auth: 'anonymous' },
      schema: {
        tags,
        summary: 'What an invite link invites to',
        description:
          'For the invite page, before accepting: the invited email, the role, the organization and project names, who invited, and whether that email already has an account here (then accepting takes its password). Only what the link holder is meant to see; 404 for a code that is unknown, deleted or already accepted. The code is sent in the body, so it stays out of URLs and access logs.',
        body: Type.Object({ invite_code: Id }),
        response: {
          200: Type.Object({
            email: Type.String(),
            role: Role,
            organization_name: Type.String(),
            project_name: Type.String(),
            invited_by: Type.Union([Type.String(), Type.Null()], { description: "The inviter's name, else their email; null once their account is gone." }),
            account_exists: Type.Boolean(),
          }),
        },
      },
    },
    (request) => lookupInvite(db, request.body.invite_code),
  );

  app.post<{ Body: { invite_code: string; password?: string; name?: string; email?: string } }>(
    '/latest/auth/invite/accept',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Accept an invite',
        description:
          "With the invitee's API key, or the password of the invitee's existing account; for an email with no account, creates it with `password` (at least 8 characters).",
        body: Type.Object({
          invite_code: Id,
          password: Type.Optional(Type.String({ maxLength: 1000 })),
          name: Type.Optional(Name),
          email: Type.Optional(Type.String({ maxLength: 330, description: 'The address the invitee accepts as; 403 unless it is the invite\'s own (the account is always made for that one).' })),
        }),
        response: { 200: Type.Object({ project_id: Type.String(), user_id: Type.String() }) },
      },
    },
    (request) =>
      thenForget(
        acceptInvite(db, request.principal, request.body, (invitee) =>
          // Accepted with a password: the invitee, known only now (the account may be new), is who acted.
          request.principal ? auditContext(request) : auditContextAs(request, invitee.organizationId, { type: 'user', id: invitee.userId, email: invitee.email }),
        ),
      ),
  );

  app.post<{ Body: Page }>(
    '/latest/auth/users/list',
    { config: { auth: 'admin' }, schema: { tags, summary: 'Members of the project', body: Page, response: { 200: list(Member) } } },
    (request) => listMembers(db, projectCaller(request).project.id, request.body),
  );

  app.get<{ Params: { user_id: string } }>(
    '/latest/auth/users/:user_id',
    { config: { auth: 'admin' }, schema: { tags, summary: 'A member of the project', params: UserParams, response: { 200: Member } } },
    (request) => getMember(db, projectCaller(request).project.id, request.params.user_id),
  );

  app.post<{ Params: { user_id: string }; Body: { permissions: Static<typeof PermissionsSchema> } }>(
    '/latest/auth/users/:user_id/update',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Change a member's role",
        description:
          'Header: `Authorization: <project_id>:<API_KEY>` (no Bearer prefix needed). Demoting the last admin is 409. The role is always replaced: `overwrite` and profile fields are accepted and ignored.',
        params: UserParams,
        body: Type.Object({ permissions: PermissionsSchema, overwrite: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Object({ user_id: Type.String(), project_id: Type.String(), permissions: PermissionsSchema }) },
      },
    },
    (request) => thenForget(updateMember(db, projectCaller(request).project.id, request.params.user_id, request.body.permissions, auditContext(request))),
  );

  app.post<{ Params: { user_id: string } }>(
    '/latest/auth/users/:user_id/delete',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Remove a user from the project',
        description: 'Removes the user from this project only. Removing the last admin is 409.',
        params: UserParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ user_id: Type.String(), project_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => thenForget(removeMember(db, projectCaller(request).project.id, request.params.user_id, auditContext(request))),
  );

  app.get(
    '/latest/auth/info',
    {
      config: { auth: 'identity' },
      schema: {
        tags,
        summary: 'Who the key belongs to',
        description: 'With a project part in the header, also the caller’s permissions on that project.',
        response: {
          200: Type.Object({
            user_id: Type.String(),
            key_id: Type.Union([Type.String(), Type.Null()]),
            email: Type.String(),
            organization_id: Type.String(),
            organization_name: Type.String({ description: "The organization's name, as `hangar bootstrap --org` gave it." }),
            organization_role: Type.String(),
            region: Type.String(),
            project_id: Type.Union([Type.String(), Type.Null()]),
            permissions: Type.Union([PermissionsSchema, Type.Null()]),
            default_model: Type.Object(
              {
                model: Type.Union([Type.String(), Type.Null()], { description: 'HANGAR_MODEL: the model an agent without its own `model` uses; null when unset.' }),
                has_base_url: Type.Boolean({ description: 'Whether HANGAR_MODEL_BASE_URL is set (the address itself is not shown).' }),
              },
              { description: "The deployment's model for agents that name none. An agent runs with a model only when it has both a model and an endpoint (its own or these); otherwise its actions run in order. The model API key is never shown." },
            ),
          }),
        },
      },
    },
    async (request) => {
      const caller = accountCaller(request);
      return {
        user_id: caller.userId,
        key_id: caller.keyId,
        email: caller.email,
        organization_id: caller.organizationId,
        organization_name: caller.organizationName,
        organization_role: caller.orgRole,
        region: caller.region,
        project_id: caller.project?.id ?? null,
        permissions: caller.project?.permissions ?? null,
        default_model: { model: config.model.name ?? null, has_base_url: config.model.baseUrl !== undefined },
      };
    },
  );

  app.post<{ Params: { user_id: string }; Body: { label?: string } }>(
    '/latest/auth/users/:user_id/keys/create',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Create an API key for yourself',
        description: 'The key is shown in this response only; Hangar keeps just its SHA-256 digest.',
        params: KeyOwnerParams,
        body: Type.Object({ label: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: {
          200: Type.Object({ api_key: Type.String(), id: Type.String(), key_id: Type.String(), label: Type.Union([Type.String(), Type.Null()]), created_at: Timestamp }),
        },
      },
    },
    (request) => createKey(db, config, accountCaller(request), request.params.user_id, request.body.label, auditContext(request)),
  );

  app.post<{ Params: { user_id: string }; Body: Page }>(
    '/latest/auth/users/:user_id/keys/list',
    {
      config: { auth: 'account' },
      schema: { tags, summary: "A user's active keys (no secrets)", params: KeyOwnerParams, body: Page, response: { 200: list(Key) } },
    },
    (request) => listKeys(db, accountCaller(request), request.params.user_id, request.body),
  );

  app.post<{ Params: { user_id: string }; Body: { key_id?: string; id?: string } }>(
    '/latest/auth/users/:user_id/keys/delete',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Revoke a key',
        description: 'Takes effect on the next request, on every server. The key as `key_id` or (the v2 SDK\'s form) `id`.',
        params: KeyOwnerParams,
        body: Type.Object({ key_id: Type.Optional(Id), id: Type.Optional(Id) }),
        response: { 200: Type.Object({ key_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => {
      const keyId = request.body.key_id ?? request.body.id;
      if (keyId === undefined) throw invalid('key_id is required (or id, its other spelling).');
      return thenForget(deleteKey(db, accountCaller(request), request.params.user_id, keyId, auditContext(request)));
    },
  );

  app.post<{ Params: { organization_id: string; user_id: string } }>(
    '/latest/organizations/:organization_id/users/:user_id/deactivate',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Deactivate a user of the organization',
        description:
          'Organization admins only. Revokes every API key and MCP OAuth grant of the user and ends their sessions, at once, on every server of the region (`keys_revoked` counts the keys revoked). Revoked keys and grants never work again, not after `…/reactivate` nor after the identity provider sets the user `active` again over SCIM: a reactivated user creates new keys. (SCIM `active: false` is a suspension instead: the keys come back with `active: true`.)',
        params: OrgUserParams,
        body: Type.Object({}),
        response: {
          200: Type.Object({
            user_id: Type.String(),
            organization_id: Type.String(),
            deactivated: Type.Literal(true),
            keys_revoked: Type.Integer(),
            sessions_ended: Type.Integer(),
          }),
        },
      },
    },
    (request) => thenForget(deactivateUser(db, auditContext(request), accountCaller(request), request.params.organization_id, request.params.user_id)),
  );

  app.post<{ Params: { organization_id: string; user_id: string } }>(
    '/latest/organizations/:organization_id/users/:user_id/reactivate',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Reactivate a deactivated user of the organization',
        description:
          "Organization admins only. Restores the account: the user signs in again for a dashboard session and creates new keys. Keys and MCP OAuth grants revoked by `…/deactivate` stay revoked; only the keys of a user the identity provider suspended (SCIM `active: false`) work again, and `keys_restored` counts those (no new key is made). A user who is active is left as is.",
        params: OrgUserParams,
        body: Type.Object({}),
        response: {
          200: Type.Object({ user_id: Type.String(), organization_id: Type.String(), active: Type.Literal(true), keys_restored: Type.Integer() }),
        },
      },
    },
    (request) => reactivateUser(db, auditContext(request), accountCaller(request), request.params.organization_id, request.params.user_id),
  );

  app.post<{ Params: { organization_id: string }; Body: MemberListRequest }>(
    '/latest/organizations/:organization_id/members/list',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'People of the organization',
        description:
          "Organization admins only. Every account of the organization (not only one project's members), oldest first, deactivated ones with `active: false`; `org_role` keeps only admins or only the others. Pass `next_cursor` back as `cursor` for the next page.",
        params: Type.Object({ organization_id: Id }),
        body: Type.Object({ ...Page.properties, org_role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('member')])) }),
        response: { 200: list(OrgMember) },
      },
    },
    (request) => listOrganizationMembers(db, accountCaller(request), request.params.organization_id, request.body),
  );

  app.post<{ Body: { email: string; password: string } }>(
    '/latest/auth/login',
    {
      config: { auth: 'anonymous' },
      schema: {
        tags,
        summary: 'Sign in to the dashboard',
        description: 'Sets an HTTP-only, SameSite=Strict session cookie, and a readable `hangar_csrf` cookie whose value every state-changing call made with the session must echo in the `x-hangar-csrf` header.',
        body: Type.Object({ email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 1000 }) }),
        response: { 200: Type.Object({ user_id: Type.String(), organization_id: Type.String(), expires_at: Timestamp }) },
      },
    },
    async (request, reply) => {
      const session = await login(db, config.sessionTtlHours, request.body.email, request.body.password, (user) =>
        auditContextAs(request, user.organization_id, { type: 'user', id: user.id, email: user.email }),
      );
      // The same cookies as a single sign-on's callback (routes/sso.ts).
      reply.header('set-cookie', sessionCookies(config, session));
      return { user_id: session.user_id, organization_id: session.organization_id, expires_at: session.expires_at.toISOString() };
    },
  );

  app.post(
    '/latest/auth/logout',
    {
      config: { auth: 'optional' },
      schema: { tags, summary: 'End the dashboard session', response: { 200: Type.Object({ logged_out: Type.Literal(true) }) } },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await logout(db, token);
      reply.header('set-cookie', [SESSION_COOKIE, CSRF_COOKIE].map((name) => serializeCookie(name, '', { path: '/', expires: new Date(0) })));
      return { logged_out: true as const };
    },
  );
}
