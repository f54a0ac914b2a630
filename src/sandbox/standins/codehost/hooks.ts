// Repository and organization webhooks: the REST routes Hangar registers its instant triggers with,
// and the deliveries the code host then makes — signed over the exact body bytes with the hook's
// secret, with the headers GitHub sends (X-GitHub-Event, X-GitHub-Delivery, X-Hub-Signature-256).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
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
  hookId: number;
  event: string;
  guid: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  status?: number;
  error?: string;
}

export interface DeliveryTarget {
  /** 'owner/repo': the repository's hooks and its organization's hooks receive it. */
  repo?: string;
  /** An organization login: its hooks receive it. */
  org?: string;
}

export class HookDeliverer {
  deliveries: Delivery[] = [];
  private inflight = new Set<AbortController>();

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

  async send(hook: Hook, event: string, payload: unknown): Promise<Delivery> {
    const json = JSON.stringify(payload);
    const body = hook.config.content_type === 'form' ? new URLSearchParams({ payload: json }).toString() : json;
    const repo = hook.scope === 'repo' ? this.model.repo(...(hook.target.split('/') as [string, string])) : undefined;
    const headers: Record<string, string> = {
      'user-agent': `GitHub-Hookshot/${randomBytes(4).toString('hex').slice(0, 7)}`,
      'content-type': hook.config.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
      'x-github-event': event,
      'x-github-delivery': randomUUID(),
      'x-github-hook-id': String(hook.id),
      'x-github-hook-installation-target-type': hook.scope === 'repo' ? 'repository' : 'organization',
      'x-github-hook-installation-target-id': String(repo?.id ?? this.model.account(hook.target)?.id ?? 0),
    };
    if (hook.config.secret) {
      headers['x-hub-signature'] = `sha1=${createHmac('sha1', hook.config.secret).update(body).digest('hex')}`;
      headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', hook.config.secret).update(body).digest('hex')}`;
    }
    const delivery: Delivery = { hookId: hook.id, event, guid: headers['x-github-delivery'], url: hook.config.url, headers, body };
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
    }
    return delivery;
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
  };
}

export const hookRoutes: Record<string, Handler> = { ...routesFor('repo', repoScope), ...routesFor('org', orgScope) };
