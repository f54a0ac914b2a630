// Standard Webhooks (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of random
// bytes, and each attempt carries webhook-id, webhook-timestamp (the attempt's, in seconds) and
// webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed with the decoded bytes>`.
// The timestamp is the attempt's, so a retry hours later still passes a receiver's replay window.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
/** 32 random bytes: inside the specification's 24–64. */
const SECRET_BYTES = 32;

export function newSecret(): string {
  return `${PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key a secret stands for. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(key: Buffer, id: string, body: string, now = Date.now()): SignedHeaders {
  const timestamp = Math.floor(now / 1000);
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
