// Signing a person in through an organization's identity provider (issue 24 §1.2): authorization
// code + PKCE with a nonce, by openid-client, which validates the ID token (the provider's JWKS
// signature, iss, aud, exp, nonce). The flow's state is random, kept only as a digest, single use and
// short-lived; its nonce, PKCE verifier and browser binding are sealed to it. The first sign-in of a
// person of an allowed domain creates their account in the organization; every sign-in records the
// group claim and re-applies the group rules.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, HangarError, invalid, notFound } from '../../errors.ts';
import type { AuditActor, AuditContext } from '../audit.ts';
import { recordAudit } from '../audit.ts';
import { applyGroupRules } from '../group-rules.ts';
import { canonicalId, isUuid } from '../principal.ts';
import { digest, randomToken } from '../secrets.ts';
import { openSession } from '../sessions.ts';
import { discover, idpFailure } from './idp.ts';
import { BASE_SCOPES, callbackUrl, canonicalDomain, secretOwners, type SsoDeps } from './providers.ts';

const STATE_TTL_MS = 10 * 60_000;
/** Most groups kept of one person's claim, and the longest name: a claim is the provider's to fill. */
const MAX_GROUPS = 500;
const MAX_GROUP_NAME = 256;
const UNIQUE_VIOLATION = '23505';

const stateOwners = (hash: Buffer) => ['sso_sign_in', hash.toString('hex')];
const restart = 'start again from the sign-in page';

interface Pending {
  nonce: string;
  verifier: string;
  /** Digest of the random value of the browser's flow cookie: the callback must come from the browser that started. */
  browser: string;
  next: string;
}

/** Only a path of this dashboard may be the page to return to (never another site). */
export function safeNext(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && next.length <= 2000 ? next : '/';
}

function domainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  try {
    return canonicalDomain(email.slice(at + 1));
  } catch {
    return undefined;
  }
}

/**
 * The providers that sign in an address: for the sign-in page's email-first step. It names only the
 * display name of the one provider that answers for the address's domain, nothing of its organization.
 */
export async function providersForEmail(deps: SsoDeps, email: string) {
  const domain = domainOf(email.trim());
  if (!domain) return { providers: [] };
  const rows = await deps.db
    .selectFrom('sso_provider_domains as d')
    .innerJoin('sso_providers as p', 'p.id', 'd.provider_id')
    .select(['p.id', 'p.name'])
    .where('d.domain', '=', domain)
    .execute();
  return { providers: rows.map((r) => ({ provider_id: r.id, name: r.name })) };
}

export interface StartInput {
  provider_id?: string;
  email?: string;
  next?: string;
}

/** Stores the flow and answers the provider's authorization address, and the browser binding to set as a cookie. */
export async function startSignIn(deps: SsoDeps, input: StartInput): Promise<{ url: string; browser: string; expires_at: Date }> {
  let providerId: string;
  const email = input.email?.trim();
  if (input.provider_id !== undefined) {
    providerId = canonicalId(input.provider_id);
    if (!isUuid(providerId)) throw notFound(`Identity provider ${input.provider_id} was not found.`);
  } else if (email) {
    const found = (await providersForEmail(deps, email)).providers[0];
    if (!found) throw notFound(`No identity provider signs in addresses like ${email}; sign in with your password.`);
    providerId = found.provider_id;
  } else {
    throw invalid('Name the identity provider (provider_id) or your email address (email).');
  }
  const provider = await deps.db
    .selectFrom('sso_providers')
    .select(['id', 'issuer', 'client_id', 'client_secret', 'client_secret_key_id', 'scopes'])
    .where('id', '=', providerId)
    .executeTakeFirst();
  if (!provider) throw notFound(`Identity provider ${input.provider_id ?? providerId} was not found.`);
  const clientSecret = deps.vault.open<string>({ keyId: provider.client_secret_key_id, data: provider.client_secret }, secretOwners(provider.id));
  const configuration = await discover({ issuer: provider.issuer, clientId: provider.client_id, clientSecret }, deps.idp, 'sign-in');

  const state = client.randomState();
  const browser = randomToken(32);
  const pending: Pending = { nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), browser: digest(browser).toString('hex'), next: safeNext(input.next) };
  const hash = digest(state);
  const sealed = deps.vault.seal(pending, stateOwners(hash));
  const expiresAt = new Date(Date.now() + STATE_TTL_MS);
  // Flows nobody finished are of no use an hour after they expired.
  await deps.db.deleteFrom('sso_sign_ins').where('expires_at', '<', new Date(Date.now() - 3600_000)).execute();
  await deps.db.insertInto('sso_sign_ins').values({ state_hash: hash, provider_id: provider.id, sealed_key_id: sealed.keyId, sealed: sealed.data, expires_at: expiresAt }).execute();

  const params: Record<string, string> = {
    redirect_uri: callbackUrl(deps.publicUrl),
    scope: [...BASE_SCOPES, ...provider.scopes].join(' '),
    state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  };
  if (email && input.provider_id === undefined) params.login_hint = email;
  return { url: client.buildAuthorizationUrl(configuration, params).href, browser, expires_at: expiresAt };
}

export interface SignedIn {
  token: string;
  user_id: string;
  organization_id: string;
  provider_id: string;
  expires_at: Date;
  next: string;
  /** The group rules changed someone's access: the principal caches must be emptied. */
  accessChanged: boolean;
}

export interface CallbackInput {
  /** The callback's query string as the browser sent it. */
  query: URLSearchParams;
  /** The value of the flow cookie startSignIn set, if the browser sent it. */
  browser: string | undefined;
  sessionTtlHours: number;
  /** The audit context of the callback's request, once its organization and actor are known. */
  audit: (organizationId: string, actor: AuditActor) => AuditContext;
}

export async function completeSignIn(deps: SsoDeps, input: CallbackInput): Promise<SignedIn> {
  const state = input.query.get('state');
  if (!state || state.length > 500) throw invalid(`The sign-in answer has no state; ${restart}.`);
  const hash = digest(state);
  // Consumed before anything else: a replayed callback finds it used.
  const flow = await deps.db
    .updateTable('sso_sign_ins')
    .set({ used_at: new Date() })
    .where('state_hash', '=', hash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!flow) throw invalid(`This sign-in is unknown or was already completed; ${restart}.`);
  if (flow.expires_at.getTime() < Date.now()) throw invalid(`This sign-in expired; ${restart}.`);
  const pending = deps.vault.open<Pending>({ keyId: flow.sealed_key_id, data: flow.sealed }, stateOwners(hash));
  const given = input.browser ? digest(input.browser) : Buffer.alloc(32);
  if (!timingSafeEqual(given, Buffer.from(pending.browser, 'hex'))) {
    throw forbidden(`This sign-in was started in another browser (or its cookie was lost); ${restart} in this browser.`);
  }
  const provider = await deps.db
    .selectFrom('sso_providers')
    .select(['id', 'organization_id', 'name', 'issuer', 'client_id', 'client_secret', 'client_secret_key_id', 'group_claim'])
    .where('id', '=', flow.provider_id)
    .executeTakeFirst();
  if (!provider) throw notFound(`The identity provider of this sign-in was removed; ${restart}.`);
  const providerError = input.query.get('error');
  if (providerError) {
    const description = input.query.get('error_description');
    throw new HangarError(400, 'validation_error', `${provider.name} did not sign you in (${providerError.slice(0, 100)}${description ? `: ${description.slice(0, 200)}` : ''}); ${restart}.`, 'third_party');
  }
  const clientSecret = deps.vault.open<string>({ keyId: provider.client_secret_key_id, data: provider.client_secret }, secretOwners(provider.id));
  const configuration = await discover({ issuer: provider.issuer, clientId: provider.client_id, clientSecret }, deps.idp, 'sign-in');

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  const current = new URL(callbackUrl(deps.publicUrl));
  current.search = input.query.toString();
  try {
    tokens = await client.authorizationCodeGrant(configuration, current, { pkceCodeVerifier: pending.verifier, expectedState: state, expectedNonce: pending.nonce, idTokenExpected: true });
  } catch (err) {
    throw tokenRefusal(err, provider.name, provider.issuer);
  }
  const idToken = tokens.claims();
  if (!idToken) throw new HangarError(400, 'validation_error', `${provider.name} answered without an ID token; ${restart}.`, 'third_party');
  let claims: Record<string, unknown> = { ...idToken };
  // Providers that keep claims out of the ID token (the OpenID default for the scopes' claims) give them at userinfo.
  const needsUserinfo = typeof claims.email !== 'string' || (provider.group_claim !== null && claims[provider.group_claim] === undefined);
  if (needsUserinfo && configuration.serverMetadata().userinfo_endpoint) {
    try {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken, ...(provider.group_claim && info[provider.group_claim] !== undefined ? { [provider.group_claim]: info[provider.group_claim] } : {}) };
      if (typeof idToken.email !== 'string' && typeof info.email === 'string') claims.email = info.email;
      if (idToken.email_verified === undefined && info.email_verified !== undefined) claims.email_verified = info.email_verified;
    } catch (err) {
      throw idpFailure(err, provider.issuer, 'userinfo', 'sign-in');
    }
  }
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email || email.length > 320) throw forbidden(`${provider.name} did not say the person's email address (the email claim); its administrator must release it to Hangar.`);
  if (claims.email_verified === false) throw forbidden(`${provider.name} says ${email} is not verified; verify it there and sign in again.`);
  const domain = domainOf(email);
  const allowed = domain
    ? await deps.db.selectFrom('sso_provider_domains').select('domain').where('provider_id', '=', provider.id).where('domain', '=', domain).executeTakeFirst()
    : undefined;
  if (!allowed) throw forbidden(`${email} is not an address ${provider.name} may sign in to this organization; its allowed domains do not include ${domain ?? 'it'}.`);
  const groups = groupsOf(provider.group_claim ? claims[provider.group_claim] : undefined);
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 200) || null : null;

  try {
    return await deps.db.transaction().execute(async (trx) => {
      const user = await signInUser(trx, input, { organizationId: provider.organization_id, providerId: provider.id, providerName: provider.name, email, name, groups });
      const actor: AuditActor = { type: 'user', id: user.id, email };
      const context = input.audit(provider.organization_id, actor);
      const accessChanged = await applyGroupRules(trx, provider.organization_id, user.id, context);
      const session = await openSession(trx, input.sessionTtlHours, { id: user.id, organization_id: provider.organization_id }, provider.id, context);
      return { ...session, provider_id: provider.id, next: pending.next, accessChanged };
    });
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(`An account for ${email} was created a moment ago; ${restart}.`);
    throw err;
  }
}

/** The person's account in the provider's organization: found, or created just in time. Their groups are recorded. */
async function signInUser(
  trx: Transaction<Database>,
  input: CallbackInput,
  who: { organizationId: string; providerId: string; providerName: string; email: string; name: string | null; groups: string[] },
): Promise<{ id: string }> {
  const existing = await trx
    .selectFrom('users')
    .select(['id', 'organization_id', 'deactivated_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', who.email.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
  if (existing && existing.organization_id !== who.organizationId) {
    throw forbidden(`${who.email} already has an account in another organization; it cannot sign in through ${who.providerName}. Sign in as you usually do.`);
  }
  if (existing?.deactivated_at) throw forbidden(`The account of ${who.email} is deactivated; an organization admin must restore it first.`);
  if (existing) {
    await trx.updateTable('users').set({ idp_groups: who.groups }).where('id', '=', existing.id).execute();
    return existing;
  }
  const id = randomUUID();
  await trx
    .insertInto('users')
    .values({ id, organization_id: who.organizationId, email: who.email, name: who.name, password_hash: null, org_role: 'member', idp_groups: who.groups })
    .execute();
  await recordAudit(trx, input.audit(who.organizationId, { type: 'user', id, email: who.email }), {
    action: 'user.provision',
    target: { type: 'user', id },
    details: { email: who.email, provider_id: who.providerId, provider: who.providerName, groups: who.groups.slice(0, 50) },
  });
  return { id };
}

/** A group claim as providers send it: a list of names (or one name); anything else is no group. */
function groupsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const names = list.filter((g): g is string => typeof g === 'string').map((g) => g.trim()).filter((g) => g && g.length <= MAX_GROUP_NAME);
  return [...new Set(names)].slice(0, MAX_GROUPS);
}

/** Why the provider's token answer (or its ID token) was refused, said without any token in it. */
function tokenRefusal(err: unknown, name: string, issuer: string): HangarError {
  const code = (err as { code?: string }).code;
  // openid-client wraps oauth4webapi's error, whose cause names the claim.
  const inner = (err as { cause?: { cause?: { claim?: unknown } } }).cause?.cause;
  const claim = typeof inner?.claim === 'string' ? inner.claim : undefined;
  const why: Record<string, string> = {
    aud: ' (the token is for another client)',
    nonce: ' (it belongs to another sign-in)',
    iss: ' (another issuer made it)',
  };
  const reason: Record<string, string> = {
    [oauth.JWT_CLAIM_COMPARISON]: claim ? `its "${claim}" claim is not what Hangar expects${why[claim] ?? ''}` : 'a claim is not what Hangar expects',
    [oauth.JWT_TIMESTAMP_CHECK]: 'it has expired (or is not valid yet)',
    [oauth.INVALID_RESPONSE]: "it is malformed, or its signature does not verify with the provider's published keys",
    [oauth.KEY_SELECTION]: 'it is signed with a key the provider does not publish',
    [oauth.UNSUPPORTED_OPERATION]: 'it is signed with an algorithm Hangar does not accept',
  };
  if (code && reason[code]) {
    return new HangarError(400, 'validation_error', `The ID token from ${name} was refused: ${reason[code]}. Nobody was signed in; ${restart}.`, 'third_party');
  }
  return idpFailure(err, issuer, 'token', 'sign-in');
}
