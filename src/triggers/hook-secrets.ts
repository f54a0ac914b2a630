// The hooks' decrypted secrets, kept in this process for a short while so the receiver does not read
// and decrypt the hook's row on every delivery. A hook deleted in this process is forgotten at once;
// one deleted by another process may stay here up to the TTL, which refuses nothing wrongly and lets
// nothing in: the delivery's INSERT then fails on the deliveries → codehost_hooks foreign key (404).
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema.ts';
import { canonicalId, isUuid } from '../governance/principal.ts';
import type { Vault } from '../integrations/vault.ts';
import { hookSecretOwners } from './hooks.ts';

export interface HookSecret {
  projectId: string;
  secret: string;
}

const TTL_MS = 60_000;
/** A hook's stored secret is re-read for a mismatching signature at most this often. */
const REREAD_MS = 1000;

export function createHookSecrets(db: Kysely<Database>, vault: Vault, maxEntries: number) {
  const cache = new LRUCache<string, HookSecret>({ max: maxEntries, ttl: TTL_MS });
  const reread = new LRUCache<string, true>({ max: maxEntries, ttl: REREAD_MS });

  /** Reads and decrypts the hook's secret from its row; undefined when there is no such hook. */
  async function read(hookId: string): Promise<HookSecret | undefined> {
    // The code host calls back the URL exactly as Hangar registered it: another spelling of a
    // hook's id is not that hook (and gets the unknown hook's answer, before any secret is touched).
    if (!isUuid(hookId) || hookId !== canonicalId(hookId)) return undefined;
    const hook = await db.selectFrom('codehost_hooks').select(['id', 'project_id', 'secret', 'secret_key_id']).where('id', '=', hookId).executeTakeFirst();
    if (!hook) return undefined;
    return { projectId: hook.project_id, secret: vault.open<string>({ keyId: hook.secret_key_id, data: hook.secret }, hookSecretOwners(hook.project_id, hook.id)) };
  }

  return {
    read,
    /** The hook's secret, from the cache when fresh. */
    async get(hookId: string): Promise<HookSecret | undefined> {
      const hit = cache.get(hookId);
      if (hit) return hit;
      const value = await read(hookId);
      if (value) cache.set(hookId, value);
      return value;
    },
    /**
     * The stored secret, for a signature the cached one does not match (the hook may have been
     * re-created with a new secret by another process). At most once per REREAD_MS per hook, so a
     * stream of wrongly signed requests costs no more than one read a second.
     */
    async reread(hookId: string): Promise<HookSecret | undefined> {
      if (reread.has(hookId)) return undefined;
      reread.set(hookId, true);
      const value = await read(hookId);
      if (value) cache.set(hookId, value);
      return value;
    },
    forget(hookId: string): void {
      cache.delete(hookId);
    },
  };
}

export type HookSecrets = ReturnType<typeof createHookSecrets>;
