// Single sign-on routes (issue 24 §1): an organization's identity providers, group rules and the
// "require single sign-on" setting (organization admins), and the browser's way through a sign-in.
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { HangarError } from '../../shared/errors.ts';
import { errorHandler } from '../errors.ts';
import { createGroupRule, deleteGroupRule, listGroupRules } from '../../governance/group-rules.ts';
import type { PrincipalCache } from '../../governance/principal-cache.ts';
import { createProvider, deleteProvider, listProviders, MAX_DOMAINS, MAX_SCOPES, updateProvider, type SsoDeps } from '../../governance/sso/providers.ts';
import { getSsoSettings, MAX_BREAK_GLASS, updateSsoSettings } from '../../governance/sso/settings.ts';
import { SSO_ERROR_CODES, ssoErrorCode } from '../../governance/sso/refusals.ts';
import { completeSignIn, providersForEmail, safeNext, startSignIn } from '../../governance/sso/sign-in.ts';
import type { Vault } from '../../integrations/vault.ts';
import { auditContext, auditContextAs } from '../audit-context.ts';
import { accountCaller } from '../auth.ts';
import { sessionCookies } from '../session-cookies.ts';

/** Binds a sign-in to the browser that started it; Lax, so it comes back on the provider's top-level redirect. */
const FLOW_COOKIE = 'hangar_sso_flow';
const FLOW_PATH = '/latest/auth/sso';

const Id = Type.String({ minLength: 1, maxLength: 200 });
const Timestamp = Type.String({ format: 'date-time' });
const OrgParams = Type.Object({ organization_id: Id });
const ProviderParams = Type.Object({ organization_id: Id, provider_id: Id });
const RuleParams = Type.Object({ organization_id: Id, rule_id: Id });

const Domains = Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { minItems: 1, maxItems: MAX_DOMAINS, description: 'Email domains whose people this provider signs in (and creates accounts for). Within the organization a domain is one provider\'s; it routes the email-first sign-in only once the organization has verified it (`…/domains/{domain_id}/verify`), and a domain another organization verified is refused (409).' });
const GroupClaim = Type.String({ maxLength: 200, description: 'The ID-token (or userinfo) claim listing the person\'s groups, e.g. `groups`; matched by the group rules.' });
const Scopes = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: MAX_SCOPES, description: 'Scopes asked for beyond `openid email profile`, e.g. `groups` for Okta.' });
const ProviderBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Shown on the sign-in page: "Sign in with <name>".' }),
  issuer: Type.String({ minLength: 1, maxLength: 2000, description: 'The issuer URL, exactly as the provider names itself; Hangar reads `<issuer>/.well-known/openid-configuration`.' }),
  client_id: Type.String({ minLength: 1, maxLength: 500 }),
  client_secret: Type.String({ minLength: 1, maxLength: 2000, description: 'Stored encrypted; never returned.' }),
  allowed_domains: Domains,
  group_claim: Type.Optional(Type.Union([GroupClaim, Type.Null()])),
  scopes: Type.Optional(Scopes),
});
const ProviderChange = Type.Object({
  name: Type.Optional(ProviderBody.properties.name),
  issuer: Type.Optional(ProviderBody.properties.issuer),
  client_id: Type.Optional(ProviderBody.properties.client_id),
  client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'A new secret (rotation); stored encrypted, never returned.' })),
  allowed_domains: Type.Optional(Domains),
  group_claim: Type.Optional(Type.Union([GroupClaim, Type.Null()])),
  scopes: Type.Optional(Scopes),
});
const Provider = Type.Object({
  provider_id: Type.String(),
  name: Type.String(),
  issuer: Type.String(),
  client_id: Type.String(),
  allowed_domains: Type.Array(Type.String()),
  group_claim: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  sign_in_url: Type.String({ description: 'A link that starts a sign-in with this provider.' }),
  created_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const RuleRole = Type.Union([Type.Literal('role:viewer'), Type.Literal('role:editor'), Type.Literal('admin')]);
const Rule = Type.Object({ rule_id: Type.String(), group: Type.String(), project_id: Type.String(), role: RuleRole, created_by: Type.String(), created_at: Timestamp });
const Settings = Type.Object({ organization_id: Type.String(), require_sso: Type.Boolean(), break_glass_user_ids: Type.Array(Type.String()) });
const SettingsBody = Type.Object({
  require_sso: Type.Boolean({ description: 'Refuse password sign-in and password-based invite acceptance to the organization\'s members. API keys keep working.' }),
  break_glass_user_ids: Type.Array(Id, { maxItems: MAX_BREAK_GLASS, description: 'Organization admins who keep their password sign-in while single sign-on is required.' }),
});
const StartQuery = Type.Object({
  provider_id: Type.Optional(Id),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 320, description: 'Routes to the provider of the address\'s domain, and is passed to it as `login_hint`.' })),
  next: Type.Optional(Type.String({ maxLength: 2000, description: 'A dashboard path to land on once signed in.' })),
});
const BROWSER_ERRORS =
  'A browser that asked for HTML gets every error as a redirect to the sign-in page with `sso_error=<code>`, one of: ' + SSO_ERROR_CODES.map((c) => `\`${c}\``).join(', ') + '.';
const UPSTREAM = 'The identity provider did not answer in time, or answered something that is not OpenID Connect.';
const EmailQuery = Type.Object({ email: Type.String({ minLength: 3, maxLength: 320 }) });

export function ssoRoutes(app: FastifyInstance, database: Db, config: Config, vault: Vault, principals: PrincipalCache): void {
  const db = database.kysely;
  const deps: SsoDeps = { db, vault, publicUrl: config.publicUrl, idp: { allowPrivate: config.allowPrivateAddresses, timeoutMs: config.providers.timeoutMs } };
  const tags = ['single sign-on'];
  const fallback = errorHandler(database.outage);
  const admin = { auth: 'account' as const };
  // A change that can take access away answers only once no server holds the old access in memory.
  const forgetIf = async <T extends { accessChanged: boolean }>(change: Promise<T>): Promise<Omit<T, 'accessChanged'>> => {
    const { accessChanged, ...result } = await change;
    if (accessChanged) await principals.changed();
    return result;
  };

  app.post<{ Params: Static<typeof OrgParams>; Body: Static<typeof ProviderBody> }>(
    '/latest/organizations/:organization_id/sso/providers/create',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add an OpenID identity provider',
        description:
          'Organization admins. Hangar discovers the provider from `<issuer>/.well-known/openid-configuration` first, and stores nothing when it cannot. Register `redirect_uri` of `…/sso/providers/list` at the provider as the client\'s redirect URI.',
        params: OrgParams,
        body: ProviderBody,
        response: { 200: Type.Object({ provider_id: Type.String() }) },
      },
    },
    (request) => createProvider(deps, auditContext(request), accountCaller(request), request.params.organization_id, request.body),
  );

  app.post<{ Params: Static<typeof OrgParams> }>(
    '/latest/organizations/:organization_id/sso/providers/list',
    {
      config: admin,
      schema: {
        tags,
        summary: "The organization's identity providers (never their secrets)",
        params: OrgParams,
        response: { 200: Type.Object({ redirect_uri: Type.String({ description: 'The redirect URI to register at every provider.' }), results: Type.Array(Provider) }) },
      },
    },
    (request) => listProviders(deps, accountCaller(request), request.params.organization_id),
  );

  app.post<{ Params: Static<typeof ProviderParams>; Body: Static<typeof ProviderChange> }>(
    '/latest/organizations/:organization_id/sso/providers/:provider_id/update',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change an identity provider',
        description: 'Only the fields given change. A new issuer, client id or secret is checked by discovery first.',
        params: ProviderParams,
        body: ProviderChange,
        response: { 200: Type.Object({ provider_id: Type.String(), updated: Type.Literal(true) }) },
      },
    },
    (request) => updateProvider(deps, auditContext(request), accountCaller(request), request.params.organization_id, request.params.provider_id, request.body),
  );

  app.post<{ Params: Static<typeof ProviderParams> }>(
    '/latest/organizations/:organization_id/sso/providers/:provider_id/delete',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove an identity provider',
        description: 'Ends the sessions it signed in. Refused (409) for the last provider while single sign-on is required.',
        params: ProviderParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ provider_id: Type.String(), deleted: Type.Literal(true), sessions_ended: Type.Integer() }) },
      },
    },
    (request) => deleteProvider(deps, auditContext(request), accountCaller(request), request.params.organization_id, request.params.provider_id),
  );

  app.post<{ Params: Static<typeof OrgParams>; Body: { group: string; project_id: string; role: Static<typeof RuleRole> } }>(
    '/latest/organizations/:organization_id/sso/group_rules/create',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Map an identity-provider group to a project role',
        description:
          '`group` matches a value of the provider\'s group claim and a SCIM Group\'s `displayName` (case-insensitive). Members of the group get the role in the project (the highest of the rules that match), applied at once and at every sign-in.',
        params: OrgParams,
        body: Type.Object({ group: Type.String({ minLength: 1, maxLength: 256 }), project_id: Id, role: RuleRole }),
        response: { 200: Type.Object({ rule_id: Type.String() }) },
      },
    },
    (request) => forgetIf(createGroupRule(db, auditContext(request), accountCaller(request), request.params.organization_id, request.body)),
  );

  app.post<{ Params: Static<typeof OrgParams> }>(
    '/latest/organizations/:organization_id/sso/group_rules/list',
    { config: admin, schema: { tags, summary: "The organization's group rules", params: OrgParams, response: { 200: Type.Object({ results: Type.Array(Rule) }) } } },
    (request) => listGroupRules(db, accountCaller(request), request.params.organization_id),
  );

  app.post<{ Params: Static<typeof RuleParams> }>(
    '/latest/organizations/:organization_id/sso/group_rules/:rule_id/delete',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove a group rule',
        description: 'Takes back the roles it alone granted, at once, on every server.',
        params: RuleParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ rule_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => forgetIf(deleteGroupRule(db, auditContext(request), accountCaller(request), request.params.organization_id, request.params.rule_id)),
  );

  app.get<{ Params: Static<typeof OrgParams> }>(
    '/latest/organizations/:organization_id/sso/settings',
    { config: admin, schema: { tags, summary: 'Whether single sign-on is required, and the break-glass admins', params: OrgParams, response: { 200: Settings } } },
    (request) => getSsoSettings(db, accountCaller(request), request.params.organization_id),
  );

  app.post<{ Params: Static<typeof OrgParams>; Body: Static<typeof SettingsBody> }>(
    '/latest/organizations/:organization_id/sso/settings/update',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Require single sign-on',
        description: 'Needs at least one identity provider to turn on. Break-glass users must be active organization admins.',
        params: OrgParams,
        body: SettingsBody,
        response: { 200: Settings },
      },
    },
    (request) => updateSsoSettings(db, auditContext(request), accountCaller(request), request.params.organization_id, request.body),
  );

  app.get<{ Querystring: Static<typeof EmailQuery> }>(
    '/latest/auth/sso/providers',
    {
      config: { auth: 'anonymous' },
      schema: {
        tags,
        summary: 'Which provider signs in an email address',
        description: "For the sign-in page's email-first step: the display name of the provider that answers for the address's domain, if any; nothing else of its organization.",
        querystring: EmailQuery,
        response: { 200: Type.Object({ providers: Type.Array(Type.Object({ provider_id: Type.String(), name: Type.String() })) }) },
      },
    },
    (request) => providersForEmail(deps, request.query.email),
  );

  app.get<{ Querystring: Static<typeof StartQuery> }>(
    '/latest/auth/sso/start',
    {
      config: { auth: 'anonymous', errors: { 502: UPSTREAM } },
      errorHandler: toSignInPage,
      schema: {
        tags,
        summary: 'Start a single sign-on',
        description: `Redirects the browser to the identity provider (authorization code + PKCE, state and nonce kept server-side, single use, 10 minutes), named by \`provider_id\` or by the domain of \`email\`. ${BROWSER_ERRORS}`,
        querystring: StartQuery,
        response: {
          303: Type.Null({ description: "To the provider's authorization endpoint." }),
          // A browser is sent on, never answered 2xx here; `default` says so where a linter expects a success code.
          default: Type.Null({ description: 'No content of its own on success: a valid request is the 303 above.' }),
        },
      },
    },
    async (request, reply) => {
      const started = await startSignIn(deps, request.query);
      reply.header('set-cookie', serializeCookie(FLOW_COOKIE, started.browser, { httpOnly: true, sameSite: 'lax', secure: secure(), path: FLOW_PATH, expires: started.expires_at }));
      return reply.redirect(started.url, 303);
    },
  );

  app.get(
    '/latest/auth/sso/callback',
    {
      config: {
        auth: 'anonymous',
        errors: {
          403: 'The ID token is valid but names someone this provider may not sign in here (an address whose account it does not sign in, a domain not among its own, a new account at a domain another organization verified, an address it does not say is verified, an account linked to another of its accounts, a deactivated account), or the sign-in was started in another browser.',
          502: UPSTREAM,
        },
      },
      errorHandler: toSignInPage,
      schema: {
        tags,
        summary: 'Where the identity provider sends the browser back',
        description: `Authenticated by its single-use state and the cookie set by \`/latest/auth/sso/start\`. Validates the ID token (signature by the provider's JWKS, \`iss\`, \`aud\`, \`exp\`, \`nonce\`), finds the account linked to the token's \`sub\` (or links, or creates on a first sign-in, the account of an allowed domain's address the provider says is verified), re-applies the group rules, sets the same session cookies as \`POST /latest/auth/login\`, and redirects to the dashboard. ${BROWSER_ERRORS}`,
        querystring: Type.Object(
          { state: Type.Optional(Type.String({ maxLength: 500 })), code: Type.Optional(Type.String({ maxLength: 4000 })), error: Type.Optional(Type.String({ maxLength: 500 })) },
          { additionalProperties: true },
        ),
        response: {
          303: Type.Null({ description: 'To the dashboard page the sign-in started from, signed in.' }),
          default: Type.Null({ description: 'No content of its own on success: a completed sign-in is the 303 above.' }),
        },
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const header = request.headers.cookie;
      const signedIn = await completeSignIn(deps, {
        query,
        browser: header ? parseCookies(header)[FLOW_COOKIE] : undefined,
        sessionTtlHours: config.sessionTtlHours,
        audit: (organizationId, actor) => auditContextAs(request, organizationId, actor),
      });
      if (signedIn.accessChanged) await principals.changed();
      reply.header('set-cookie', [...sessionCookies(config, signedIn), serializeCookie(FLOW_COOKIE, '', { path: FLOW_PATH, expires: new Date(0) })]);
      // Checked again here: a sign-in started before the rule was tightened carries its page sealed.
      return reply.redirect(safeNext(signedIn.next), 303);
    },
  );

  function secure() {
    return config.publicUrl.startsWith('https:');
  }

  /**
   * Every failure of the start or the callback, whatever its class (a refusal, the provider failing,
   * the query's schema, the rate limit, a bug): a browser (it asked for HTML) is sent to the sign-in
   * page with the failure's code only, the reason going to the log (with the request id); other
   * clients get the error itself.
   */
  function toSignInPage(error: FastifyError | HangarError, request: FastifyRequest, reply: FastifyReply) {
    if (!(request.headers.accept ?? '').includes('text/html')) return fallback(error, request, reply);
    const code = ssoErrorCode(error);
    // As every other request: an outage is said once (when it starts and ends), not per sign-in.
    if (code === 'unavailable' && !(error instanceof HangarError)) database.outage.failed(error, 'single sign-on(s) sent back to the sign-in page');
    else if (code === 'internal' && !(error instanceof HangarError)) request.log.error({ err: error }, 'single sign-on failed');
    else request.log.info({ sso_error: code, err: { type: (error as HangarError).type, message: error.message } }, 'single sign-on refused');
    return reply.redirect(`/sign-in?sso_error=${code}`, 303);
  }
}
