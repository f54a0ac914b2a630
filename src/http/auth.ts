// Reads the caller's credential from the request and checks the route's declared requirement, once,
// before the body is even parsed. Forms (api.md §1): `[Bearer ]<project_id>:<api_key>`, the project
// part empty for account-level calls; the chain client's `<project_id>:<api_key>:<region>`
// (hosted-compat.md §1); or the dashboard's session cookie with an `x-project-id` header.
import { parse as parseCookies } from 'cookie';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config, Region } from '../config.ts';
import { forbidden, HangarError, unauthorized } from '../shared/errors.ts';
import type { Role } from '../governance/permissions.ts';
import { authenticate, type Credential, type Principal } from '../governance/principal.ts';
import type { PrincipalCache } from '../governance/principal-cache.ts';
import { createAuthFailures, type AuthFailures } from './auth-failures.ts';
import type { RateLimit } from './rate-limit.ts';

/**
 * `none`: public, unmetered (health, docs); `anonymous`: public, metered by IP, and any credential
 * sent is ignored (sign-in: a stale key in a client's default headers must not block it);
 * `optional`: a credential is used when given, else metered by IP; `account`: any valid key, a
 * project part is ignored; `identity`: any valid key, and a project part, when given, must name a
 * project the caller belongs to; a role: project-scoped.
 */
export type AuthRequirement = 'none' | 'anonymous' | 'optional' | 'account' | 'identity' | Role;

export const SESSION_COOKIE = 'hangar_session';
/** Readable by the dashboard's own script (not HttpOnly), which echoes it in CSRF_HEADER. */
export const CSRF_COOKIE = 'hangar_csrf';
export const CSRF_HEADER = 'x-hangar-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /** The route also runs without any credential, deciding itself what that caller may do. */
    keyless?: boolean;
    /** Error statuses this route answers beyond those of its auth requirement, with why (docs.ts). */
    errors?: Record<number, string>;
    /** The route authenticates its callers itself (`auth` still says what for the docs): /latest/mcp, which also takes OAuth tokens. */
    ownAuth?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

const HEADER = /^(?:bearer\s+)?([^\s:]*):(\S+)$/i;
const FORMS = 'Use "Authorization: Bearer <project_id>:<api_key>" (the project part empty for account-level calls, "Bearer" optional).';

/** The hosted platform's region codes (its clients' constants), beside the region names. */
export const REGION_CODES: Record<Region, string> = { us: 'bcbe5a', eu: 'd7b62b', au: 'f1db6c' };

/** The region a three-part header names, checked against this deployment: its name or its hosted code. */
function checkRegionPart(part: string, config: Config): void {
  const given = part.toLowerCase();
  if (given === config.region || given === REGION_CODES[config.region]) return;
  const named = (Object.keys(REGION_CODES) as Region[]).find((r) => r === given || REGION_CODES[r] === given);
  throw new HangarError(
    421,
    'wrong_region',
    named
      ? `The Authorization header names the ${named.toUpperCase()} region; send the request to ${config.baseUrls[named]} instead of this ${config.region.toUpperCase()} server.`
      : `The Authorization header names region "${part}", which is not this deployment's (${config.region}, code ${REGION_CODES[config.region]}).`,
  );
}

export function parseAuthorization(header: string, config?: Config): { projectId: string | undefined; apiKey: string } {
  const m = HEADER.exec(header.trim());
  if (!m) throw unauthorized(`The Authorization header is malformed. ${FORMS}`);
  let apiKey = m[2];
  // Hangar keys hold no colon, so a third part is the chain client's region.
  const colon = apiKey.lastIndexOf(':');
  if (colon >= 0 && config) {
    checkRegionPart(apiKey.slice(colon + 1), config);
    apiKey = apiKey.slice(0, colon);
  }
  // The v2 SDK with no project configured sends the literal "undefined" as the project part.
  const projectId = m[1] && m[1] !== 'undefined' ? m[1] : undefined;
  return { projectId, apiKey };
}

/**
 * The CSRF token of a dashboard session: derived from the session id, so only someone who holds the
 * session (its cookie is HttpOnly) or was handed this value at sign-in can produce it. A cookie that
 * another site plants for our origin carries no valid token.
 */
export function csrfTokenFor(session: string): string {
  return createHash('sha256').update(`hangar-csrf\0${session}`).digest('base64url');
}

/**
 * A browser attaches the session cookie to a request another site makes it send; only a script of
 * this origin can read the CSRF cookie set at sign-in and echo it in a header. So a state-changing
 * call authenticated by the cookie must carry that header. API keys are never sent by a browser on
 * its own, so key-authenticated calls need nothing.
 */
function checkCsrf(request: FastifyRequest, session: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const header = request.headers[CSRF_HEADER];
  const given = Buffer.from(typeof header === 'string' ? header : '');
  const expected = Buffer.from(csrfTokenFor(session));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden(`A call made with the dashboard session must send the ${CSRF_HEADER} header with the value of the ${CSRF_COOKIE} cookie; sign in again if it is missing.`);
  }
}

/** The dashboard session token from the Cookie header; parsed only when there is no Authorization header. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookies(header)[SESSION_COOKIE] : undefined;
}

function credentialOf(request: FastifyRequest, config: Config): { credential: Credential; projectId: string | undefined } | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const { projectId, apiKey } = parseAuthorization(header, config);
    return { credential: { kind: 'key', key: apiKey }, projectId };
  }
  const token = sessionToken(request);
  if (token) {
    const project = request.headers['x-project-id'];
    return { credential: { kind: 'session', token }, projectId: typeof project === 'string' && project ? project : undefined };
  }
  return undefined;
}

/** Returns the process's failed-authentication guard, for routes that authenticate themselves (`ownAuth`). */
export function registerAuth(app: FastifyInstance, pool: pg.Pool, config: Config, rateLimit: RateLimit, principals: PrincipalCache): AuthFailures {
  const failures = createAuthFailures(config.authFailures.perAddress, config.authFailures.windowSeconds, config.cacheLimits.authFailureAddresses);
  // Declared on Fastify's request class, so setting it on an admitted request does not give that
  // request's object a shape of its own (and every call site reading it one more shape to handle).
  app.decorateRequest('principal', undefined);

  /** The caller's admission: undefined once decided without waiting, else a promise of it. */
  function admit(request: FastifyRequest): void | Promise<void> {
    const requirement = request.routeOptions.config.auth ?? 'none';
    if (requirement === 'none' || request.routeOptions.config.ownAuth) return;
    if (requirement === 'anonymous') return rateLimit.consume(`ip:${request.ip}`);
    const given = credentialOf(request, config);
    if (!given) {
      if (requirement === 'optional' || request.routeOptions.config.keyless) return rateLimit.consume(`ip:${request.ip}`);
      throw unauthorized(`This call needs an API key. ${FORMS}`);
    }
    if (given.credential.kind === 'session') checkCsrf(request, given.credential.token);
    const role = requirement === 'account' || requirement === 'optional' || requirement === 'identity' ? undefined : requirement;
    if (role && !given.projectId) throw unauthorized(`This call acts on a project: put its id before the key. ${FORMS}`);
    const projectId = role || requirement === 'identity' ? given.projectId : undefined;
    const admitted = (principal: Principal) => {
      request.principal = principal;
      return rateLimit.consume(principal.keyId ? `key:${principal.keyId}` : `user:${principal.userId}`);
    };
    const failed = (err: unknown): never => {
      if (err instanceof HangarError && err.status === 401) failures.failed(request.ip);
      throw err;
    };
    let principal: Principal | Promise<Principal>;
    try {
      principal = authenticate(pool, config, given.credential, projectId, role, principals, () => failures.refusal(request.ip));
    } catch (err) {
      return failed(err);
    }
    return principal instanceof Promise ? principal.then(admitted, failed) : admitted(principal);
  }

  // A callback hook, not an async one: a caller served from memory is admitted without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    let pending: void | Promise<void>;
    try {
      pending = admit(request);
    } catch (err) {
      return done(err as Error);
    }
    if (pending) pending.then(() => done(), done);
    else done();
  });
  return failures;
}

/** The principal of a project-scoped route, whose hook has already checked membership. */
export function projectCaller(request: FastifyRequest): Principal & { project: NonNullable<Principal['project']> } {
  const p = request.principal;
  if (!p?.project) throw new Error(`route ${request.routeOptions.url} is not declared project-scoped`);
  return p as Principal & { project: NonNullable<Principal['project']> };
}

export function accountCaller(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url} is not declared authenticated`);
  return request.principal;
}
