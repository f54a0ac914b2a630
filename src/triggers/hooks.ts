// The code-host webhooks behind the triggers: one per connection and target, created with its own
// secret and the union of the events its triggers need, changed as triggers come and go, removed
// with its last trigger. No one sets anything up at the code host by hand.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { HangarError } from '../shared/errors.ts';
import type { Actor } from '../governance/principal.ts';
import type { ProviderRequest, ProviderResponse } from '../integrations/provider.ts';
import { nextPageLink, pathOf } from '../integrations/provider.ts';
import type { Vault } from '../integrations/vault.ts';

export type Send = (request: ProviderRequest) => Promise<ProviderResponse>;

export const hookSecretOwners = (projectId: string, hookId: string) => ['codehost-hook', projectId, hookId];

/** `repo:owner/name` or `org:login` → the hooks collection at the code host. */
export function hooksPath(target: string): string {
  const [kind, name] = target.split(/:(.*)/s);
  if (kind === 'repo') {
    const [owner, repo] = name.split('/');
    return pathOf('/repos/{owner}/{repo}/hooks', { owner, repo });
  }
  return pathOf('/orgs/{org}/hooks', { org: name });
}

/** Where the code host delivers a hook's events: Hangar's receiver, named by our hook id. */
export const receiverUrl = (config: Config, hookId: string) => `${config.publicUrl}/latest/webhooks/codehost/${hookId}`;

/** The hook id in a URL of Hangar's receiver at this public address; undefined for any other URL. */
export function ourHookIdIn(config: Config, url: string | undefined): string | undefined {
  const prefix = `${config.publicUrl}/latest/webhooks/codehost/`;
  return url?.startsWith(prefix) ? url.slice(prefix.length) : undefined;
}

export const describeTarget = (target: string) => target.replace(/^repo:/, 'repository ').replace(/^org:/, 'organization ');

export function refused(target: string, response: ProviderResponse, doing: string): HangarError {
  const said = (response.body as { message?: string } | undefined)?.message;
  const where = describeTarget(target);
  const message = `The code host refused to ${doing} the webhook on ${where} (${response.status}${said ? `: ${said}` : ''}); the connection needs admin access to its webhooks.`;
  const status = response.status === 404 ? 404 : response.status === 401 || response.status === 403 ? 403 : 400;
  return new HangarError(status, status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'validation_error', message, 'third_party');
}

/**
 * A 404 on a target's hooks means either that the target does not exist (or the connection cannot
 * see it) or that the connection sees it without administering it: the code host hides hooks from
 * non-admins behind a 404. For a repository, asking for the repository itself tells which.
 */
async function refusedCreation(send: Send, target: string, response: ProviderResponse): Promise<HangarError> {
  const [kind, name] = target.split(/:(.*)/s);
  if (response.status !== 404 || kind !== 'repo') return refused(target, response, 'create');
  const [owner, repo] = name.split('/');
  const seen = await send({ method: 'GET', path: pathOf('/repos/{owner}/{repo}', { owner, repo }) });
  if (seen.status !== 404) return refused(target, response, 'create');
  return new HangarError(404, 'not_found', `${name} was not found at the code host, or the connection cannot see it; check the repository's owner/name and that the connected account (or its token) has access to it.`, 'third_party');
}

export interface HookRow {
  id: string;
  provider_hook_id: number | null;
  events: string[];
}

/**
 * The hook row of (project, connection, target), created if new and committed before the code host is
 * asked to create its hook: the code host pings a new hook at once, and the receiver must already
 * find its secret to answer that ping. A hook is its project's (its secret is sealed to the project):
 * projects naming one organization key each get their own (migration 021).
 */
export async function ensureHook(db: Kysely<Database>, vault: Vault, actor: Actor, connectionId: string, target: string): Promise<void> {
  const id = randomUUID();
  const sealed = vault.seal(randomBytes(32).toString('hex'), hookSecretOwners(actor.project.id, id));
  await db
    .insertInto('codehost_hooks')
    .values({ id, project_id: actor.project.id, connection_id: connectionId, target, events: JSON.stringify([]), secret: sealed.data, secret_key_id: sealed.keyId })
    .onConflict((oc) => oc.columns(['project_id', 'connection_id', 'target']).doNothing())
    .execute();
}

/** The project's hook of (connection, target) (see ensureHook), locked for this transaction. */
export async function lockHook(trx: Transaction<Database>, projectId: string, connectionId: string, target: string): Promise<HookRow> {
  const row = await trx
    .selectFrom('codehost_hooks')
    .select(['id', 'provider_hook_id', 'events'])
    .where('project_id', '=', projectId)
    .where('connection_id', '=', connectionId)
    .where('target', '=', target)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { ...row, provider_hook_id: row.provider_hook_id === null ? null : Number(row.provider_hook_id), events: row.events as string[] };
}

/** Forgets a hook row the code host never created (it refused) and no trigger uses. */
export async function forgetUncreatedHook(db: Kysely<Database>, projectId: string, connectionId: string, target: string): Promise<void> {
  await db
    .deleteFrom('codehost_hooks')
    .where('project_id', '=', projectId)
    .where('connection_id', '=', connectionId)
    .where('target', '=', target)
    .where('provider_hook_id', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('triggers').select('triggers.id').whereRef('triggers.hook_id', '=', 'codehost_hooks.id'))))
    .execute();
}

export interface RemoteHook {
  id: number;
  active: boolean;
  events: string[];
  config: { url?: string; content_type?: string };
}

/** The webhooks at the target (every page); `status` is the code host's answer when it refused. */
export async function listAtCodeHost(send: Send, target: string): Promise<{ status: number; response?: ProviderResponse; hooks: RemoteHook[] }> {
  const hooks: RemoteHook[] = [];
  // Hooks per repository or organization are capped at 20 by the code host; 3 pages is plenty.
  for (let page = 1; page <= 3; page++) {
    const response = await send({ method: 'GET', path: hooksPath(target), query: { per_page: 100, page } });
    if (response.status >= 300) return { status: response.status, response, hooks };
    hooks.push(...((Array.isArray(response.body) ? response.body : []) as RemoteHook[]));
    if (!nextPageLink(response)) break;
  }
  return { status: 200, hooks };
}

const alreadyExists = (response: ProviderResponse) => response.status === 422 && /already exists/i.test(JSON.stringify(response.body ?? ''));

/**
 * Creates the hook at the code host. Idempotent: when the code host answers that a hook with this
 * URL already exists (a creation whose answer was lost, a crash before its id was stored), that hook
 * is adopted — given our secret, events and `active` — instead of a second one being made.
 */
export async function createAtCodeHost(send: Send, target: string, url: string, secret: string, events: string[]): Promise<number> {
  const config = { url, content_type: 'json', secret, insecure_ssl: '0' };
  const response = await send({ method: 'POST', path: hooksPath(target), body: { name: 'web', active: true, events, config } });
  if (response.status < 300) return Number((response.body as { id: number }).id);
  if (alreadyExists(response)) {
    const listed = await listAtCodeHost(send, target);
    const existing = listed.hooks.find((h) => h.config?.url === url);
    if (existing) {
      const patched = await send({ method: 'PATCH', path: `${hooksPath(target)}/${existing.id}`, body: { active: true, events, config } });
      if (patched.status >= 300) throw refused(target, patched, 'update');
      return existing.id;
    }
  }
  throw await refusedCreation(send, target, response);
}

/** The hook's secret, decrypted. */
export async function openSecret(db: Kysely<Database> | Transaction<Database>, vault: Vault, projectId: string, hookId: string): Promise<string> {
  const row = await db.selectFrom('codehost_hooks').select(['secret', 'secret_key_id']).where('id', '=', hookId).executeTakeFirstOrThrow();
  return vault.open<string>({ keyId: row.secret_key_id, data: row.secret }, hookSecretOwners(projectId, hookId));
}

/** Makes the code host's hook subscribe to exactly `events` (creating it when it does not exist yet). */
export async function syncHook(trx: Transaction<Database>, vault: Vault, config: Config, send: Send, projectId: string, target: string, hook: HookRow, events: string[]): Promise<void> {
  const wanted = [...new Set(events)].sort();
  if (hook.provider_hook_id !== null && wanted.join() === [...hook.events].sort().join()) return;
  let providerHookId = hook.provider_hook_id;
  if (providerHookId === null) {
    const secret = await openSecret(trx, vault, projectId, hook.id);
    providerHookId = await createAtCodeHost(send, target, receiverUrl(config, hook.id), secret, wanted);
  } else {
    const response = await send({ method: 'PATCH', path: `${hooksPath(target)}/${providerHookId}`, body: { events: wanted, active: true } });
    if (response.status >= 300) throw refused(target, response, 'update');
  }
  await trx.updateTable('codehost_hooks').set({ provider_hook_id: providerHookId, events: JSON.stringify(wanted) }).where('id', '=', hook.id).execute();
}

/** Removes the hook at the code host (already gone is fine) and here. */
export async function dropHook(trx: Transaction<Database>, send: Send, target: string, hook: HookRow): Promise<void> {
  if (hook.provider_hook_id !== null) {
    const response = await send({ method: 'DELETE', path: `${hooksPath(target)}/${hook.provider_hook_id}` });
    if (response.status >= 300 && response.status !== 404) throw refused(target, response, 'delete');
  }
  await trx.deleteFrom('codehost_hooks').where('id', '=', hook.id).execute();
}
