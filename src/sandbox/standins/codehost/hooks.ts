// Repository and organization webhooks: the REST routes Hangar registers its instant triggers with,
// and the deliveries the code host then makes — signed over the exact body bytes with the hook's
// secret, with the headers GitHub sends (X-GitHub-Event, X-GitHub-Delivery, X-Hub-Signature-256).
// As on GitHub, a failed delivery is not retried by the code host: it is recorded (listed under the
// hook's deliveries, newest first, paged with a cursor, for 3 days) and redelivered only when asked
// (POST …/deliveries/{id}/attempts: same GUID, a new attempt id, signed with the hook's secret of now).
// A hook that keeps failing can be disabled (`active: false`) after `disableAfterFailures` failures.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { reply } from '../base.ts';
import { created, notFound, noContent, ok, paginate, refuse, Refusal, repoFor, validationFailed, type Ctx, type Handler } from './common.ts';
import { now, type Hook, type Model } from './model.ts';

// Event names GitHub accepts in a hook's `events` (an unknown name is a 422).
const EVENTS = new Set(
  ('* branch_protection_configuration branch_protection_rule check_run check_suite code_scanning_alert commit_comment create ' +
    'custom_property custom_property_values delete dependabot_alert deploy_key deployment deployment_protection_rule deployment_review ' +
    'deployment_status discussion discussion_comment fork gollum issue_comment issue_dependencies issues label member membership ' +
    'merge_group meta milestone org_block organization package page_build personal_access_token_request project project_card ' +
    'project_column projects_v2 projects_v2_item projects_v2_status_update public pull_request pull_request_review ' +
    'pull_request_review_comment pull_request_review_thread push registry_package release repository repository_advisory ' +
    'repository_dispatch repository_import repository_ruleset repository_vulnerability_alert secret_scanning_alert ' +
    'secret_scanning_alert_location secret_scanning_scan security_advisory security_and_analysis sponsorship star status sub_issues ' +
    'team team_add watch workflow_dispatch workflow_job workflow_run').split(' '),
);

export interface Delivery {
  /** The attempt's id (each redelivery is a new attempt with the same guid). */
  id: number;
  hookId: number;
  event: string;
  action: string | null;
  guid: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The payload as JSON, kept to redeliver (a redelivery is signed again, with the secret of now). */
  json: string;
  redelivery: boolean;
  deliveredAt: number;
  durationMs?: number;
  status?: number;
  error?: string;
}

/** GitHub keeps (and redelivers) a hook's deliveries for 3 days. */
export const DELIVERY_RETENTION_MS = 3 * 24 * 3600 * 1000;

export interface DeliveryTarget {
  /** 'owner/repo': the repository's hooks and its organization's hooks receive it. */
  repo?: string;
  /** An organization login: its hooks receive it. */
  org?: string;
}

export class HookDeliverer {
  deliveries: Delivery[] = [];
  private inflight = new Set<AbortController>();
  /** Consecutive failed deliveries after which a hook is disabled (`active: false`); 0 = never. */
  disableAfterFailures = 0;
  private failures = new Map<number, number>();

  constructor(private model: Model) {}

  /** POSTs `payload` as `event` to every active hook of the target subscribed to it (or to '*'). */
  async deliver(event: string, payload: unknown, target: DeliveryTarget): Promise<Delivery[]> {
    const [owner] = (target.repo ?? '').split('/');
    const hooks = this.model.hooks.filter(
      (h) =>
        h.active &&
        (event === 'ping' || h.events.includes(event) || h.events.includes('*')) &&
        ((h.scope === 'repo' && target.repo && h.target.toLowerCase() === target.repo.toLowerCase()) ||
          (h.scope === 'org' && (target.org ?? owner ?? '').toLowerCase() === h.target.toLowerCase())),
    );
    return Promise.all(hooks.map((h) => this.send(h, event, payload)));
  }

  async send(hook: Hook, event: string, payload: unknown, redeliver?: Delivery): Promise<Delivery> {
    const json = redeliver?.json ?? JSON.stringify(payload);
    const body = hook.config.content_type === 'form' ? new URLSearchParams({ payload: json }).toString() : json;
    const repo = hook.scope === 'repo' ? this.model.repo(...(hook.target.split('/') as [string, string])) : undefined;
    const headers: Record<string, string> = {
      'user-agent': `GitHub-Hookshot/${randomBytes(4).toString('hex').slice(0, 7)}`,
      'content-type': hook.config.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
      'x-github-event': event,
      'x-github-delivery': redeliver?.guid ?? randomUUID(),
      'x-github-hook-id': String(hook.id),
      'x-github-hook-installation-target-type': hook.scope === 'repo' ? 'repository' : 'organization',
      'x-github-hook-installation-target-id': String(repo?.id ?? this.model.account(hook.target)?.id ?? 0),
    };
    if (hook.config.secret) {
      headers['x-hub-signature'] = `sha1=${createHmac('sha1', hook.config.secret).update(body).digest('hex')}`;
      headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', hook.config.secret).update(body).digest('hex')}`;
    }
    const action = (JSON.parse(json) as { action?: unknown } | null)?.action;
    const delivery: Delivery = {
      id: this.model.nextId(),
      hookId: hook.id,
      event,
      action: typeof action === 'string' ? action : null,
      guid: headers['x-github-delivery'],
      url: hook.config.url,
      headers,
      body,
      json,
      redelivery: redeliver !== undefined,
      deliveredAt: Date.now(),
    };
    this.deliveries.push(delivery);
    const abort = new AbortController();
    this.inflight.add(abort);
    const timer = setTimeout(() => abort.abort(), 10_000); // GitHub gives a receiver 10 s
    try {
      const res = await fetch(hook.config.url, { method: 'POST', headers, body, signal: abort.signal });
      await res.arrayBuffer();
      delivery.status = res.status;
      hook.last_response = { code: res.status, status: res.ok ? 'active' : 'failed', message: res.ok ? 'OK' : `Invalid HTTP Response: ${res.status}` };
    } catch (err) {
      delivery.error = (err as Error).message;
      hook.last_response = { code: null, status: 'failed', message: `failed to connect to host: ${(err as Error).message}` };
    } finally {
      clearTimeout(timer);
      this.inflight.delete(abort);
      delivery.durationMs = Date.now() - delivery.deliveredAt;
    }
    this.countFailure(hook, !(delivery.status !== undefined && delivery.status >= 200 && delivery.status < 300));
    return delivery;
  }

  private countFailure(hook: Hook, failed: boolean): void {
    const n = failed ? (this.failures.get(hook.id) ?? 0) + 1 : 0;
    this.failures.set(hook.id, n);
    if (failed && this.disableAfterFailures > 0 && n >= this.disableAfterFailures) hook.active = false;
  }

  /** Deliveries of a hook still within the retention window, newest first. */
  of(hookId: number): Delivery[] {
    const since = Date.now() - DELIVERY_RETENTION_MS;
    return this.deliveries.filter((d) => d.hookId === hookId && d.deliveredAt >= since).reverse();
  }

  /** Ends deliveries still in flight, so close() does not wait on a receiver. */
  abortAll(): void {
    for (const a of this.inflight) a.abort();
  }
}

interface HookInput {
  name?: string;
  config?: { url?: string; content_type?: string; secret?: string; insecure_ssl?: string | number };
  events?: string[];
  add_events?: string[];
  remove_events?: string[];
  active?: boolean;
}

function checkEvents(events: string[]): void {
  const bad = events.filter((e) => !EVENTS.has(e));
  if (bad.length) validationFailed([{ resource: 'Hook', code: 'custom', field: 'events', message: `${bad.map((e) => `"${e}"`).join(', ')} ${bad.length > 1 ? 'are not valid event names' : 'is not a valid event name'}` }]);
}

function checkConfig(config: HookInput['config'], previous?: Hook['config']): Hook['config'] {
  const merged = { ...previous, ...config };
  if (!merged.url) validationFailed([{ resource: 'Hook', code: 'custom', message: 'Config must contain URL.' }]);
  let url: URL | undefined;
  try {
    url = new URL(merged.url!);
  } catch {
    /* reported below */
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) validationFailed([{ resource: 'Hook', code: 'custom', field: 'url', message: 'Config url is not a valid URL.' }]);
  const contentType = merged.content_type ?? 'form';
  if (contentType !== 'json' && contentType !== 'form') validationFailed([{ resource: 'Hook', code: 'custom', field: 'content_type', message: 'Config content_type must be json or form.' }]);
  return { url: merged.url!, content_type: contentType as 'json' | 'form', secret: merged.secret || undefined, insecure_ssl: String(merged.insecure_ssl ?? '0') === '1' ? '1' : '0' };
}

function createHook(ctx: Ctx, scope: Hook['scope'], target: string): Hook {
  const body = (ctx.body ?? {}) as HookInput;
  if (body.name !== undefined && body.name !== 'web') validationFailed([{ resource: 'Hook', code: 'custom', field: 'name', message: 'Name must be "web".' }]);
  const events = body.events ?? ['push'];
  checkEvents(events);
  const config = checkConfig(body.config);
  const existing = ctx.model.hooks.find((h) => h.scope === scope && h.target.toLowerCase() === target.toLowerCase() && h.config.url === config.url);
  if (existing) validationFailed([{ resource: 'Hook', code: 'custom', message: `Hook already exists on this ${scope === 'repo' ? 'repository' : 'organization'}` }]);
  const at = now();
  const hook: Hook = { id: ctx.model.nextId(), scope, target, name: 'web', active: body.active ?? true, events: [...new Set(events)], config, created_at: at, updated_at: at, last_response: { code: null, status: 'unused', message: null } };
  ctx.model.hooks.push(hook);
  return hook;
}

function updateHook(ctx: Ctx, hook: Hook): Hook {
  const body = (ctx.body ?? {}) as HookInput;
  let events = body.events ?? hook.events;
  events = [...events, ...(body.add_events ?? [])].filter((e) => !(body.remove_events ?? []).includes(e));
  checkEvents(events);
  if (body.config) hook.config = checkConfig(body.config, hook.config);
  hook.events = [...new Set(events)];
  if (body.active !== undefined) hook.active = body.active;
  hook.updated_at = now();
  return hook;
}

/** The repository's hooks, if the viewer administers it and the test has not refused hooks there. */
function repoScope(ctx: Ctx): string {
  const repo = ctx.model.repo(ctx.params.owner, ctx.params.repo);
  const refused = repo && ctx.model.refusedHooks.get(`${repo.owner.login}/${repo.name}`.toLowerCase());
  if (refused === 404) notFound();
  if (refused === 403) refuse(403, 'Resource not accessible by personal access token');
  try {
    repoFor(ctx, 'admin');
  } catch (err) {
    // GitHub hides a repository's hooks from non-admins behind a 404.
    if (err instanceof Refusal) notFound();
    throw err;
  }
  return `${repo!.owner.login}/${repo!.name}`;
}

function orgScope(ctx: Ctx): string {
  const org = ctx.model.account(ctx.params.org);
  if (!org || org.type !== 'Organization' || ![...org.admins].some((a) => a.toLowerCase() === ctx.viewer.login.toLowerCase())) return notFound();
  return org.login;
}

function hookIn(ctx: Ctx, scope: Hook['scope'], target: string): Hook {
  const hook = ctx.model.hooks.find((h) => h.id === ctx.params.hook_id && h.scope === scope && h.target === target);
  if (!hook) return notFound();
  return hook;
}

function ping(ctx: Ctx, hook: Hook): void {
  const { shapes } = ctx;
  if (!ctx.pingOnCreate) return;
  const repo = hook.scope === 'repo' ? ctx.model.repo(...(hook.target.split('/') as [string, string])) : undefined;
  const payload = {
    zen: 'Keep it logically awesome.',
    hook_id: hook.id,
    hook: { ...shapes.hook(hook) },
    ...(repo ? { repository: shapes.repository(repo) } : { organization: shapes.user(ctx.model.account(hook.target)!) }),
    sender: shapes.user(ctx.viewer),
  };
  void ctx.hooks.send(hook, 'ping', payload);
}

const succeeded = (d: Delivery) => d.status !== undefined && d.status >= 200 && d.status < 300;

/** GitHub's delivery summary: `status_code` 0 when the receiver could not be reached. */
function deliveryShape(ctx: Ctx, hook: Hook, d: Delivery) {
  const repo = hook.scope === 'repo' ? ctx.model.repo(...(hook.target.split('/') as [string, string])) : undefined;
  return {
    id: d.id,
    guid: d.guid,
    delivered_at: new Date(d.deliveredAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    redelivery: d.redelivery,
    duration: (d.durationMs ?? 0) / 1000,
    status: d.status === undefined ? (d.error ? 'failed to connect to host' : 'pending') : succeeded(d) ? 'OK' : `Invalid HTTP Response: ${d.status}`,
    status_code: d.status ?? 0,
    event: d.event,
    action: d.action,
    installation_id: null,
    repository_id: repo?.id ?? null,
    throttled_at: null,
  };
}

/**
 * The hook's deliveries, newest first. Paged as GitHub does it: `per_page` (≤ 100) and an opaque
 * `cursor`, the next page named in the Link header (rel="next"); `status` keeps successes or failures.
 */
function listDeliveries(ctx: Ctx, hook: Hook) {
  let items = ctx.hooks.of(hook.id).filter((d) => d.status !== undefined || d.error !== undefined);
  if (ctx.query.status === 'success') items = items.filter(succeeded);
  if (ctx.query.status === 'failure') items = items.filter((d) => !succeeded(d));
  const perPage = Math.min(Math.max(Number(ctx.query.per_page ?? 30), 1), 100);
  let start = 0;
  if (ctx.query.cursor !== undefined) {
    const m = /^v1_(\d+)$/.exec(String(ctx.query.cursor));
    if (!m) refuse(400, 'Invalid cursor');
    start = items.findIndex((d) => d.id < Number(m![1]));
    if (start < 0) start = items.length;
  }
  const page = items.slice(start, start + perPage);
  const headers: Record<string, string> = {};
  if (start + perPage < items.length) {
    const u = new URL(ctx.req.path, ctx.api);
    for (const [k, v] of Object.entries(ctx.req.query)) u.searchParams.set(k, v);
    u.searchParams.set('per_page', String(perPage));
    u.searchParams.set('cursor', `v1_${page[page.length - 1].id}`);
    headers.link = `<${u}>; rel="next"`;
  }
  return ok(page.map((d) => deliveryShape(ctx, hook, d)), headers);
}

/** Sends the delivery again (same GUID and payload, signed with the hook's secret of now); 202 at once. */
function redeliver(ctx: Ctx, hook: Hook) {
  const attempt = ctx.hooks.of(hook.id).find((d) => d.id === ctx.params.delivery_id);
  if (!attempt) {
    const expired = ctx.hooks.deliveries.some((d) => d.hookId === hook.id && d.id === ctx.params.delivery_id);
    if (expired) validationFailed([{ resource: 'Hook', code: 'custom', message: 'This delivery is too old to be redelivered.' }]);
    return notFound();
  }
  void ctx.hooks.send(hook, attempt.event, undefined, attempt);
  return reply(202, {});
}

function routesFor(scope: Hook['scope'], targetOf: (ctx: Ctx) => string): Record<string, Handler> {
  const prefix = scope === 'repo' ? 'repos' : 'orgs';
  return {
    [`${prefix}/list-webhooks`]: (ctx) => {
      const target = targetOf(ctx);
      const { page, headers } = paginate(ctx, ctx.model.hooks.filter((h) => h.scope === scope && h.target === target));
      return ok(page.map(ctx.shapes.hook), headers);
    },
    [`${prefix}/create-webhook`]: (ctx) => {
      const hook = createHook(ctx, scope, targetOf(ctx));
      ping(ctx, hook);
      return created(ctx.shapes.hook(hook), ctx.shapes.hook(hook).url);
    },
    [`${prefix}/get-webhook`]: (ctx) => ok(ctx.shapes.hook(hookIn(ctx, scope, targetOf(ctx)))),
    [`${prefix}/update-webhook`]: (ctx) => ok(ctx.shapes.hook(updateHook(ctx, hookIn(ctx, scope, targetOf(ctx))))),
    [`${prefix}/delete-webhook`]: (ctx) => {
      const hook = hookIn(ctx, scope, targetOf(ctx));
      ctx.model.hooks = ctx.model.hooks.filter((h) => h !== hook);
      return noContent();
    },
    [`${prefix}/list-webhook-deliveries`]: (ctx) => listDeliveries(ctx, hookIn(ctx, scope, targetOf(ctx))),
    [`${prefix}/redeliver-webhook-delivery`]: (ctx) => redeliver(ctx, hookIn(ctx, scope, targetOf(ctx))),
  };
}

export const hookRoutes: Record<string, Handler> = { ...routesFor('repo', repoScope), ...routesFor('org', orgScope) };
