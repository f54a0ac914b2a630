// What the identity tests (single sign-on, SCIM) share: SCIM's error body, and a browser's cookies.
import assert from 'node:assert/strict';
import type { Reply } from '../helpers/hangar.ts';

export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Asserts SCIM's error body (RFC 7644 §3.12), in SCIM's media type; returns its detail. */
export function expectScimError(reply: Reply, status: number, scimType?: string): string {
  assert.equal(reply.status, status, JSON.stringify(reply.body));
  assert.deepEqual(reply.body.schemas, [SCIM_ERROR]);
  assert.equal(reply.body.status, String(status));
  assert.equal(reply.body.scimType, scimType, JSON.stringify(reply.body));
  assert.equal(typeof reply.body.detail, 'string');
  assert.match(reply.headers.get('content-type') ?? '', /^application\/scim\+json/);
  assert.equal(reply.body.message, undefined, 'not the contract error body');
  return reply.body.detail;
}

/** Cookies of one site, as a browser keeps them (name → value). */
export class Jar {
  cookies = new Map<string, string>();
  take(response: Response) {
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
