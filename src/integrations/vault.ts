// Provider credentials at rest: AES-256-GCM under the deployment's key. Each ciphertext records the
// id of the key that sealed it (so keys can rotate) and is bound, as additional authenticated data,
// to its owners: a ciphertext copied onto another connection or project does not decrypt.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import { canonicalId } from '../governance/principal.ts';

export interface Sealed {
  keyId: string;
  /** iv (12) ‖ tag (16) ‖ ciphertext */
  data: Buffer;
}

export interface Vault {
  seal(plaintext: unknown, owners: string[]): Sealed;
  open<T>(sealed: Sealed, owners: string[]): T;
  /** Opens with the owners exactly as spelled: only for repairing secrets sealed to a non-canonical id (vault-repair.ts). */
  openAsSpelled<T>(sealed: Sealed, owners: string[]): T;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);
// The binding sees every id in its one canonical spelling (what PostgreSQL returns), whatever
// spelling a caller used: a secret is never sealed to `7AB9…` and then unreadable as `7ab9…`.
const aad = (owners: string[], asSpelled = false) => Buffer.from((asSpelled ? owners : owners.map(canonicalId)).join('\u0000'));

export function createVault(current: Buffer, previous: Buffer[] = []): Vault {
  const keys = new Map([current, ...previous].map((k) => [keyIdOf(k), k]));
  const currentId = keyIdOf(current);
  return {
    seal(plaintext, owners) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(aad(owners));
      const body = Buffer.concat([cipher.update(JSON.stringify(plaintext), 'utf8'), cipher.final()]);
      return { keyId: currentId, data: Buffer.concat([iv, cipher.getAuthTag(), body]) };
    },
    open: <T>(sealed: Sealed, owners: string[]) => open<T>(sealed, aad(owners)),
    openAsSpelled: <T>(sealed: Sealed, owners: string[]) => open<T>(sealed, aad(owners, true)),
  };
  function open<T>(sealed: Sealed, additional: Buffer): T {
    const key = keys.get(sealed.keyId);
    if (!key) throw new Error(`no encryption key with id ${sealed.keyId} is configured (rotated away without HANGAR_ENCRYPTION_KEYS_PREVIOUS?)`);
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.data.subarray(0, 12));
    decipher.setAAD(additional);
    decipher.setAuthTag(sealed.data.subarray(12, 28));
    const text = Buffer.concat([decipher.update(sealed.data.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  }
}

/**
 * The configured key; in embedded mode without one, a key generated once into the data dir (0600).
 * A deployment on an external database must bring its own: a key generated on one server's disk
 * would leave every other server unable to read the credentials.
 */
export function loadVault(config: Config): Vault {
  if (config.encryptionKey) return createVault(config.encryptionKey, config.previousEncryptionKeys);
  if (config.databaseUrl) {
    throw new ConfigError('HANGAR_ENCRYPTION_KEY is required with DATABASE_URL (32 bytes as hex or base64, e.g. `openssl rand -base64 32`).');
  }
  const file = path.join(config.dataDir, 'encryption-key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return createVault(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'), config.previousEncryptionKeys);
}
