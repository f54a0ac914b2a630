// Random credentials and their one-way digests. API keys and session ids are stored only as
// SHA-256 digests and looked up by digest (an index lookup, so no comparison leaks timing): a
// database dump reveals none of them.
import { hash, randomBytes } from 'node:crypto';
import { REGIONS, type Region } from '../config.ts';

const KEY_PATTERN = /^sk-([a-z]{2})-([A-Za-z0-9_-]{43,})$/;

export function digest(secret: string): Buffer {
  // One-shot: a Hash object per call was a measurable share of a key-authenticated request.
  return hash('sha256', secret, 'buffer') as unknown as Buffer;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** `sk-<region>-<43 base64url chars = 32 random bytes>`; the region travels in clear for routing. */
export function newApiKey(region: Region): { key: string; hash: Buffer; hint: string } {
  const key = `sk-${region}-${randomToken(32)}`;
  return { key, hash: digest(key), hint: `${key.slice(0, 10)}…${key.slice(-4)}` };
}

export function parseApiKey(key: string): { region: Region | undefined; wellFormed: boolean } {
  const m = KEY_PATTERN.exec(key);
  if (!m) return { region: undefined, wellFormed: false };
  const region = REGIONS.find((r) => r === m[1]);
  return { region, wellFormed: region !== undefined };
}
