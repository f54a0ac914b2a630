// What the identity tests (single sign-on, SCIM) share: SCIM's error body, and a browser's cookies.
import assert from 'node:assert/strict';
import { bearer, call, role, sessionHeaders, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';

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

/**
 * Follows the IdP's redirects from `url`, keeping the IdP's own cookies, until it sends the browser
 * back to Hangar (`publicUrl`): the callback address, with code and state.
 */
export async function followToCallback(url: string, publicUrl: string): Promise<string> {
  const site = new Jar();
  for (let hops = 0; hops < 10; hops++) {
    const r = await fetch(url, { redirect: 'manual', headers: { cookie: site.header() } });
    site.take(r);
    const location = r.headers.get('location');
    assert.ok(r.status >= 300 && r.status < 400 && location, `the IdP answered ${r.status}: ${await r.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(publicUrl)) return next.href;
    url = next.href;
  }
  throw new Error('the IdP never sent the browser back');
}

/** The browser arriving at Hangar's callback with Hangar's cookies of the flow. */
export async function finish(flow: { callback: string; hangar: Jar }, headers: Record<string, string> = {}): Promise<Reply> {
  const r = await fetch(flow.callback, { redirect: 'manual', headers: { cookie: flow.hangar.header(), ...headers } });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, headers: r.headers };
}

/** A SCIM token of the organization, as its admin creates one. */
export async function createScimToken(server: TestServer, org: Org, label: string) {
  const r = await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/create`, { authorization: `Bearer :${org.api_key}`, body: { label } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { token_id: string; token: string; hint: string };
}

/** A person invited to the project as a viewer, with a password, a dashboard session and an API key. */
export async function invitedPerson(server: TestServer, org: Org, projectId: string, email: string) {
  const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email, permissions: role('role:viewer') } });
  const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'person password' } });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const session = sessionHeaders(await call(server, 'POST', '/latest/auth/login', { body: { email, password: 'person password' } }));
  const key = (await call(server, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: session, body: {} })).body.api_key as string;
  return { userId: accepted.body.user_id as string, session, key };
}
