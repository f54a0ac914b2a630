// argon2id with the library's defaults (OWASP-level memory cost); verification never throws.
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  return verify(stored, password).catch(() => false);
}
