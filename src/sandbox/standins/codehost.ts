// A GitHub-REST-compatible code host. It checks what GitHub checks, in GitHub's order: a User-Agent,
// the credential (a fine-grained token or an access token from the OAuth stand-in), the media type
// (the spec's `application/vnd.codehost+json`), the per-token rate budget, the route and the request
// against GitHub's published REST description (fixtures/codehost-openapi.json); then it answers
// from an in-memory model in GitHub's shapes, with GitHub's headers.
import { randomBytes } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import { rateLimitTiming, reply, startStandin, type Behaviour, type Control, type Incoming, type Reply, type Standin } from './base.ts';
import { actionRoutes } from './codehost/actions.ts';
import { DOCS, ghError, Refusal, type Ctx, type Handler } from './codehost/common.ts';
import { contentRoutes } from './codehost/contents.ts';
import { gistRoutes } from './codehost/gists.ts';
import { graphql } from './codehost/graphql.ts';
import { HookDeliverer, hookRoutes, type Delivery, type DeliveryTarget } from './codehost/hooks.ts';
import { issueRoutes } from './codehost/issues.ts';
import { Model, now, seeder, type Account, type Hook, type Run, type Seeder } from './codehost/model.ts';
import { matchRoute, validateRequest, type Operation } from './codehost/openapi.ts';
import { repoRoutes } from './codehost/repos.ts';
import { shapes } from './codehost/shapes.ts';
import type { OAuthServer } from './oauth.ts';

export interface CodeHostToken {
  login: string;
  /** A fine-grained token limited to these repositories ('owner/name'); others look private-absent. */
  repositories?: string[];
}

export interface CodeHostOptions {
  /** Fine-grained access tokens: token → account. */
  tokens?: Record<string, CodeHostToken>;
  /** Access tokens this authorization server issued are accepted too. */
  oauth?: OAuthServer;
  /** The primary (core) budget per token; GitHub's is 5,000 an hour. */
  rateLimitPerHour?: number;
  /** Deliver a `ping` to a webhook when it is created, as GitHub does (default true). */
  pingOnCreate?: boolean;
  /** Disable a hook (`active: false`) after this many failed deliveries in a row; 0 = never (default). */
  disableHooksAfterFailures?: number;
}

export interface CodeHost extends Standin {
  seed: Seeder;
  model: Model;
  /** Every webhook created through the API, with its real secret (to sign test deliveries). */
  readonly hooks: Hook[];
  /** Every delivery the code host made (pings and deliver() calls). */
  deliveries: Delivery[];
  /** Sends `event` with `payload` to the target's subscribed hooks, signed like GitHub. */
  deliver(event: string, payload: unknown, target: DeliveryTarget): Promise<Delivery[]>;
  /** Makes hook routes of a repository answer 404 (default, no admin) or 403 (token lacks the permission). */
  refuseHooks(fullName: string, status?: 403 | 404): void;
  /** Someone deletes the hook in the code host's settings, behind Hangar's back. */
  deleteHook(hookId: number): void;
  /** Someone (or the code host, after failures) turns the hook off: `active: false`. */
  disableHook(hookId: number): void;
  /** From now on, disable a hook after this many failed deliveries in a row (0 = never). */
  disableHooksAfterFailures(failures: number): void;
  /** Collaborator invitations become collaborators (of one repository, or of all). */
  acceptInvitations(fullName?: string): void;
  /** Finishes a run (status completed) with a conclusion. */
  completeRun(runId: number, conclusion?: NonNullable<Run['conclusion']>): void;
  /** The single-select option a project (v2) item has for a field, after updateProjectV2ItemFieldValue. */
  projectItemValue(projectId: string, itemId: string, fieldId: string): string | undefined;
}

const ROUTES: Record<string, Handler> = { ...repoRoutes, ...contentRoutes, ...issueRoutes, ...actionRoutes, ...gistRoutes, ...hookRoutes };
const MEDIA_TYPES = new Set(['application/vnd.codehost+json', 'application/json']);
const API_VERSIONS = new Set(['2022-11-28', '2026-03-10']);
const RESOURCE_NAMES: Record<string, string> = { issues: 'Issue', pulls: 'PullRequest', gists: 'Gist', git: 'Reference', actions: 'Workflow', orgs: 'Hook', search: 'Search', activity: 'Repository', users: 'User' };

type Resource = 'core' | 'search' | 'graphql';
interface Bucket {
  used: number;
  resetAt: number;
}

const resourceOf = (op: Operation): Resource => (op.operationId.startsWith('search/') ? 'search' : 'core');

/** GitHub-style 422 errors from ajv's findings. */
function fieldErrors(op: Operation, errors: ErrorObject[]) {
  const resource = op.operationId.includes('webhook') ? 'Hook' : (RESOURCE_NAMES[op.operationId.split('/')[0]] ?? 'Repository');
  return errors.map((e) => {
    const missing = e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty ?? '') : undefined;
    const field = missing ?? (e.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined);
    return { resource, code: missing !== undefined ? 'missing_field' : 'invalid', ...(field ? { field } : {}), message: `${field ?? 'body'} ${e.message ?? 'is invalid'}` };
  });
}

function noMatch(op: Operation, query: Record<string, unknown>): Reply {
  if (op.operationId === 'search/issues-and-pull-requests') return reply(200, { total_count: 0, incomplete_results: false, items: [], search_type: query.search_type ?? 'lexical' });
  const schema = op.responses['200'] as { type?: string; properties?: Record<string, unknown> } | null;
  if (schema?.type === 'array') return reply(200, []);
  if (schema?.properties?.workflow_runs) return reply(200, { total_count: 0, workflow_runs: [] });
  return ghError(404, 'Not Found');
}

export async function startCodeHost(options: CodeHostOptions = {}): Promise<CodeHost> {
  const model = new Model();
  const seed = seeder(model);
  const tokens = options.tokens ?? {};
  for (const t of Object.values(tokens)) seed.user({ login: t.login });
  const hooks = new HookDeliverer(model);
  hooks.disableAfterFailures = options.disableHooksAfterFailures ?? 0;
  const limit: Record<Resource, { max: number; windowMs: number }> = {
    core: { max: options.rateLimitPerHour ?? 5000, windowMs: 3_600_000 },
    search: { max: 30, windowMs: 60_000 },
    graphql: { max: 5000, windowMs: 3_600_000 },
  };
  const budgets = new Map<string, Record<Resource, Bucket>>();
  let api = '';

  function bucket(key: string, resource: Resource): Bucket {
    let b = budgets.get(key);
    if (!b) {
      const fresh = (r: Resource) => ({ used: 0, resetAt: Math.floor((Date.now() + limit[r].windowMs) / 1000) });
      b = { core: fresh('core'), search: fresh('search'), graphql: fresh('graphql') };
      budgets.set(key, b);
    }
    const x = b[resource];
    if (Date.now() / 1000 >= x.resetAt) Object.assign(x, { used: 0, resetAt: Math.floor((Date.now() + limit[resource].windowMs) / 1000) });
    return x;
  }

  const rateHeaders = (resource: Resource, b: Bucket, max = limit[resource].max) => ({
    'x-ratelimit-limit': max,
    'x-ratelimit-remaining': Math.max(max - b.used, 0),
    'x-ratelimit-reset': b.resetAt,
    'x-ratelimit-used': b.used,
    'x-ratelimit-resource': resource,
  });

  /** The account behind the Authorization header, or the reason it is refused. */
  function authenticate(req: Incoming): { viewer?: Account; token?: string; repositories?: Set<string>; scopes?: string; error?: Reply } {
    const header = req.headers.authorization;
    if (!header) return { error: ghError(401, 'Requires authentication') };
    const m = /^(?:Bearer|token)\s+(\S+)\s*$/i.exec(header);
    const token = m?.[1];
    const fine = token ? tokens[token] : undefined;
    if (fine) {
      return { viewer: model.ensureAccount(fine.login), token, repositories: fine.repositories && new Set(fine.repositories.map((r) => r.toLowerCase())) };
    }
    const info = token ? options.oauth?.tokenInfo(token) : undefined;
    if (info) return { viewer: model.ensureAccount(info.account.login, 'User', { name: info.account.name, email: info.account.email }), token, scopes: info.scope.split(/[\s,]+/).filter(Boolean).join(', ') };
    return { error: ghError(401, 'Bad credentials') };
  }

  function rateLimited(b: Extract<Behaviour, { kind: 'rate_limited' }>, viewer: Account, resource: Resource): Reply {
    const { retryAfter, resetAt } = rateLimitTiming(b);
    const headers: Record<string, string | number> = { 'x-ratelimit-limit': limit[resource].max, 'x-ratelimit-remaining': 0, 'x-ratelimit-reset': resetAt, 'x-ratelimit-used': limit[resource].max, 'x-ratelimit-resource': resource };
    if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
    const message = b.as403
      ? `API rate limit exceeded for user ID ${viewer.id}. If you reach out to GitHub Support for help, please include the request ID ${requestId()}.`
      : 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.';
    return reply(b.as403 ? 403 : 429, { message, documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api', status: String(b.as403 ? 403 : 429) }, headers);
  }

  const requestId = () => randomBytes(8).toString('hex').toUpperCase().replace(/(.{4})(.{4})(.{4})(.{4})/, '$1:$2:$3:$4');

  function handle(req: Incoming, control: Control): Reply {
    const common = { 'x-github-request-id': requestId(), 'x-github-media-type': 'github.v3; format=json', 'x-github-api-version-selected': '2022-11-28' };
    const answer = (r: Reply, extra: Record<string, string | number> = {}): Reply => ({ ...r, headers: { ...common, ...extra, ...(r.headers ?? {}) } });

    if (!req.headers['user-agent']) {
      return answer({
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        text: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.\n',
      });
    }
    const auth = authenticate(req);
    if (auth.error) return answer(auth.error, rateHeaders('core', bucket(`anon:${req.headers['x-forwarded-for'] ?? 'local'}`, 'core'), 60));
    const viewer = auth.viewer!;
    // Every answer past authentication carries the token's budget, counted or not.
    const identity = { ...(auth.scopes !== undefined ? { 'x-oauth-scopes': auth.scopes, 'x-accepted-oauth-scopes': '' } : {}), ...rateHeaders('core', bucket(auth.token!, 'core')) };

    const accepted = (req.headers.accept ?? '').split(',').map((t) => t.split(';')[0].trim().toLowerCase());
    if (!accepted.some((t) => MEDIA_TYPES.has(t))) return answer(reply(415, { message: "Unsupported 'Accept' header", documentation_url: DOCS }), identity);
    const version = req.headers['x-github-api-version'];
    if (version !== undefined && !API_VERSIONS.has(version)) return answer(ghError(400, `API version ${version} is not supported.`), identity);

    const isGraphql = req.path === '/graphql' && req.method === 'POST';
    const match = isGraphql ? undefined : matchRoute(req.method, req.path);
    const res: Resource = isGraphql ? 'graphql' : match ? resourceOf(match.op) : 'core';
    // GET /rate_limit does not count against the budget, as on GitHub.
    const counted = match?.op.operationId !== 'rate-limit/get';
    const b = bucket(auth.token!, res);
    if (counted) {
      if (b.used >= limit[res].max) {
        return answer(ghError(403, `API rate limit exceeded for user ID ${viewer.id}. If you reach out to GitHub Support for help, please include the request ID ${common['x-github-request-id']}.`), { ...identity, ...rateHeaders(res, b) });
      }
      b.used++;
    }
    const headers = { ...identity, ...rateHeaders(res, b) };
    const limited = control.take('rate_limited');
    if (limited) return answer(rateLimited(limited, viewer, res), identity);

    let body: unknown;
    if (req.raw && (isGraphql || match?.op.requestBody)) {
      try {
        body = JSON.parse(req.raw);
      } catch {
        return answer(ghError(400, 'Problems parsing JSON'), headers);
      }
    }
    if (isGraphql) return answer(graphql(model, viewer, body), headers);
    if (!match) return answer(ghError(404, 'Not Found'), headers);

    const op = match.op;
    if (op.operationId === 'rate-limit/get') {
      const view = (r: Resource) => {
        const x = bucket(auth.token!, r);
        return { limit: limit[r].max, used: x.used, remaining: Math.max(limit[r].max - x.used, 0), reset: x.resetAt };
      };
      return answer(reply(200, { resources: { core: view('core'), search: view('search'), graphql: view('graphql') }, rate: view('core') }), headers);
    }
    const checked = validateRequest(op, match.params, req.query, body);
    if (!checked.ok) {
      // A malformed id in the path is simply a resource that does not exist.
      if (checked.violation.where === 'path') return answer(ghError(404, 'Not Found'), headers);
      return answer(ghError(422, 'Validation Failed', { errors: fieldErrors(op, checked.violation.errors) }), headers);
    }
    if (req.method === 'GET' && control.take('no_match')) return answer(noMatch(op, checked.query), headers);

    const handler = ROUTES[op.operationId];
    if (!handler) throw new Error(`code-host stand-in has no handler for ${op.operationId}`);
    const ctx: Ctx = { model, shapes: shapes(model, api), hooks, pingOnCreate: options.pingOnCreate ?? true, viewer, repositories: auth.repositories, params: checked.path, query: checked.query, body, req, api };
    try {
      return answer(handler(ctx), headers);
    } catch (err) {
      if (err instanceof Refusal) return answer(err.reply, headers);
      throw err;
    }
  }

  const standin = await startStandin({
    handle,
    serverError: (status) =>
      status === 500 ? ghError(500, 'Server Error') : { status, headers: { 'content-type': 'text/html; charset=utf-8' }, text: `<html><body><h1>${status} ${status === 502 ? 'Bad Gateway' : status === 503 ? 'Service Unavailable' : 'Server Error'}</h1></body></html>` },
  });
  api = standin.url;

  const codehost: CodeHost = {
    url: standin.url,
    requests: standin.requests,
    behave: standin.behave,
    async close() {
      hooks.abortAll();
      await standin.close();
    },
    seed,
    model,
    get hooks() {
      return model.hooks;
    },
    deliveries: hooks.deliveries,
    deliver: (event, payload, target) => hooks.deliver(event, payload, target),
    refuseHooks(fullName, status = 404) {
      model.refusedHooks.set(fullName.toLowerCase(), status);
    },
    deleteHook(hookId) {
      model.hooks = model.hooks.filter((h) => h.id !== hookId);
    },
    disableHooksAfterFailures(failures) {
      hooks.disableAfterFailures = failures;
    },
    disableHook(hookId) {
      const hook = model.hooks.find((h) => h.id === hookId);
      if (hook) Object.assign(hook, { active: false, updated_at: now() });
    },
    acceptInvitations(fullName) {
      for (const repo of model.repos.values()) {
        if (fullName && `${repo.owner.login}/${repo.name}`.toLowerCase() !== fullName.toLowerCase()) continue;
        for (const i of repo.invitations) repo.collaborators.set(i.invitee, i.permission);
        repo.invitations = [];
      }
    },
    completeRun(runId, conclusion = 'success') {
      for (const repo of model.repos.values()) {
        const run = repo.runs.find((r) => r.id === runId);
        if (run) Object.assign(run, { status: 'completed', conclusion, updated_at: now() });
      }
    },
    projectItemValue: (projectId, itemId, fieldId) => model.projects.get(projectId)?.items.get(itemId)?.get(fieldId),
  };
  return codehost;
}
