// Keeps every hook Hangar owns as its triggers need it, whatever happened at the code host since:
// deleted (by hand in the settings) → re-created with a new secret and the same events; disabled
// (`active: false`, by hand or by the code host after failures) → re-activated; events, URL or
// content type drifted (HANGAR_PUBLIC_URL changed…) → patched; a hook with Hangar's receiver URL
// that no row of ours names (a creation whose answer was lost, a duplicate) → removed. One list call
// per hook, and a call per repair; a hook that cannot be repaired (access revoked, connection
// removed) is marked failing with the reason, shown in its triggers' list entries.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Report } from '../db/faults.ts';
import type { Database } from '../db/schema.ts';
import { HangarError } from '../shared/errors.ts';
import { isUuid } from '../governance/principal.ts';
import type { Integrations } from '../integrations/service.ts';
import type { Vault } from '../integrations/vault.ts';
import { findTriggerType } from './catalogue.ts';
import { createAtCodeHost, describeTarget, hookSecretOwners, hooksPath, listAtCodeHost, openSecret, ourHookIdIn, receiverUrl, type Send } from './hooks.ts';

export const HOOK_RECONCILE_JOB = 'reconcile_hooks';

export interface ReconcileOutcome {
  hookId: string;
  result: 'ok' | 'repaired' | 'failing' | 'skipped';
  detail?: string;
}

interface HookToCheck {
  id: string;
  project_id: string;
  connection_id: string;
  target: string;
  provider_hook_id: number | null;
  connection_status: string;
}

const failingOn = (target: string, status: number, said: string | undefined) => {
  const where = describeTarget(target);
  if (status === 401) return `the code host refused the connection's credentials (401); reconnect it`;
  if (status === 403 || status === 404) return `the connection has no admin access to the webhooks of ${where} any more (${status}${said ? `: ${said}` : ''}); grant it again or reconnect`;
  return `the code host answered ${status} when its webhooks on ${where} were checked`;
};

const messageOf = (body: unknown) => (typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message.slice(0, 200) : undefined);

export function createReconciler(db: Kysely<Database>, config: Config, vault: Vault, integrations: Integrations, hookGone: (hookId: string) => void, log: (message: string) => void = (m) => console.warn(m), report: Report = (what, err) => log(`${what}: ${(err as Error).message}`)) {
  async function triggersOf(hookId: string) {
    return db.selectFrom('triggers').select(['type', 'created_by']).where('hook_id', '=', hookId).orderBy('created_at').execute();
  }

  async function mark(hookId: string, outcome: { failing?: string; repaired?: boolean; providerHookId?: number; events?: string[] }) {
    await db
      .updateTable('codehost_hooks')
      .set({
        failing_reason: outcome.failing ?? null,
        reconciled_at: new Date(),
        ...(outcome.repaired ? { repaired_at: new Date() } : {}),
        ...(outcome.providerHookId !== undefined ? { provider_hook_id: outcome.providerHookId } : {}),
        ...(outcome.events ? { events: JSON.stringify(outcome.events) } : {}),
      })
      .where('id', '=', hookId)
      .execute();
  }

  /** Replaces the hook's secret (committed first: the code host pings the new hook at once). */
  async function newSecret(hook: HookToCheck): Promise<string> {
    const secret = randomBytes(32).toString('hex');
    const sealed = vault.seal(secret, hookSecretOwners(hook.project_id, hook.id));
    await db.updateTable('codehost_hooks').set({ secret: sealed.data, secret_key_id: sealed.keyId }).where('id', '=', hook.id).execute();
    hookGone(hook.id);
    return secret;
  }

  async function reconcile(hook: HookToCheck): Promise<ReconcileOutcome> {
    const triggers = await triggersOf(hook.id);
    if (!triggers.length) return { hookId: hook.id, result: 'skipped' };
    if (hook.connection_status === 'removed') {
      const failing = 'its connection was removed; create the trigger again on a new connection';
      await mark(hook.id, { failing });
      return { hookId: hook.id, result: 'failing', detail: failing };
    }
    const wanted = [...new Set(triggers.flatMap((t) => findTriggerType(t.type)?.events ?? []))].sort();
    const actor = { userId: triggers[0].created_by, project: { id: hook.project_id } };
    const send: Send = async (request) => (await integrations.request(actor, hook.connection_id, request)).response;
    const url = receiverUrl(config, hook.id);

    const listed = await listAtCodeHost(send, hook.target);
    if (listed.status >= 300) {
      const failing = failingOn(hook.target, listed.status, messageOf(listed.response?.body));
      await mark(hook.id, { failing });
      return { hookId: hook.id, result: 'failing', detail: failing };
    }
    const ours = listed.hooks.find((h) => h.id === hook.provider_hook_id) ?? listed.hooks.find((h) => h.config?.url === url);
    let providerHookId: number;
    let repaired = false;
    if (!ours) {
      // Deleted at the code host: a new hook, with a new secret (the old one may have been seen by
      // whoever deleted it).
      providerHookId = await createAtCodeHost(send, hook.target, url, await newSecret(hook), wanted);
      repaired = true;
      log(`reconcile: the webhook of ${describeTarget(hook.target)} was gone at the code host; re-created`);
    } else {
      providerHookId = ours.id;
      const drifted = !ours.active || ours.config?.url !== url || ours.config?.content_type !== 'json' || [...new Set(ours.events)].sort().join() !== wanted.join() || ours.id !== hook.provider_hook_id;
      if (drifted) {
        const secret = await openSecret(db, vault, hook.project_id, hook.id);
        const patched = await send({ method: 'PATCH', path: `${hooksPath(hook.target)}/${ours.id}`, body: { active: true, events: wanted, config: { url, content_type: 'json', secret, insecure_ssl: '0' } } });
        if (patched.status >= 300) {
          const failing = failingOn(hook.target, patched.status, messageOf(patched.body));
          await mark(hook.id, { failing });
          return { hookId: hook.id, result: 'failing', detail: failing };
        }
        repaired = true;
        log(`reconcile: the webhook of ${describeTarget(hook.target)} had drifted (active, events or URL); patched`);
      }
    }
    await removeStrays(send, hook, listed.hooks.filter((h) => h.id !== providerHookId));
    await mark(hook.id, { repaired, providerHookId, events: wanted });
    return { hookId: hook.id, result: repaired ? 'repaired' : 'ok' };
  }

  /** Hooks with our receiver URL at the target that no row of ours owns (or duplicates of this one). */
  async function removeStrays(send: Send, hook: HookToCheck, others: Array<{ id: number; config: { url?: string } }>) {
    const claimed = others.map((h) => ({ h, ourId: ourHookIdIn(config, h.config?.url) })).filter((x) => x.ourId !== undefined);
    if (!claimed.length) return;
    const ids = claimed.map((x) => x.ourId!).filter(isUuid);
    const known = new Set(ids.length ? (await db.selectFrom('codehost_hooks').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : []);
    for (const { h, ourId } of claimed) {
      if (ourId !== hook.id && known.has(ourId!)) continue; // another connection's hook on the same target
      const response = await send({ method: 'DELETE', path: `${hooksPath(hook.target)}/${h.id}` });
      if (response.status >= 300 && response.status !== 404) log(`reconcile: could not remove a stray webhook ${h.id} on ${describeTarget(hook.target)} (${response.status})`);
    }
  }

  return {
    /** Checks every hook that has triggers; one hook failing does not stop the others. */
    async reconcileAll(): Promise<ReconcileOutcome[]> {
      const hooks = await db
        .selectFrom('codehost_hooks as h')
        .innerJoin('connections as c', 'c.id', 'h.connection_id')
        .select(['h.id', 'h.project_id', 'h.connection_id', 'h.target', 'h.provider_hook_id', 'c.status as connection_status'])
        .where(({ exists, selectFrom }) => exists(selectFrom('triggers as t').select('t.id').whereRef('t.hook_id', '=', 'h.id')))
        .orderBy('h.created_at')
        .execute();
      const outcomes: ReconcileOutcome[] = [];
      const backedOff = new Set<string>();
      for (const row of hooks) {
        const hook = { ...row, provider_hook_id: row.provider_hook_id === null ? null : Number(row.provider_hook_id) };
        if (backedOff.has(hook.connection_id)) continue;
        try {
          outcomes.push(await reconcile(hook));
        } catch (err) {
          if (err instanceof HangarError && err.status === 429) {
            // The connection's budget is spent: its other hooks wait for the next pass.
            backedOff.add(hook.connection_id);
            log(`reconcile: ${describeTarget(hook.target)}: ${err.message}`);
            continue;
          }
          const failing = err instanceof HangarError ? err.message : `it could not be checked (${(err as Error).message})`;
          // Unsaved, the hook would still read as healthy to whoever lists its triggers: said and counted.
          await mark(hook.id, { failing }).catch((markErr: unknown) => report(`hook state: the failing state of hook ${hook.id} was not saved`, markErr));
          outcomes.push({ hookId: hook.id, result: 'failing', detail: failing });
        }
      }
      return outcomes;
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
