// Signing a person in through an organization's identity provider (issue 24 §1.2): authorization
// code + PKCE with a nonce, by openid-client, which validates the ID token (the provider's JWKS
// signature, iss, aud, exp, nonce). The flow's state is random, kept only as a digest, single use and
// short-lived; its nonce, PKCE verifier and browser binding are sealed to it. The first sign-in of a
// person of an allowed domain creates their account in the organization; every sign-in records the
// group claim and re-applies the group rules.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, HangarError, invalid, notFound } from '../../shared/errors.ts';
import type { AuditActor, AuditContext } from '../audit.ts';
import { recordAudit } from '../audit.ts';
import { applyGroupRules } from '../group-rules.ts';
import { canonicalEmail, hasUnsafeText, withoutUnsafeText } from '../identity-text.ts';
import { canonicalId, isUuid } from '../principal.ts';
import { digest, randomToken } from '../secrets.ts';
import { openSession } from '../sessions.ts';
import { acceptPendingInvitesInTransaction } from '../invites.ts';
import { lockOrganization } from '../users.ts';
import { domainReservedElsewhere, reservedDomainRule } from '../domains/claims.ts';
import { discover, idpFailure, neverSent, type IdpClient } from './idp.ts';
import { BASE_SCOPES, callbackUrl, canonicalDomain, secretOwners, type SsoDeps } from './providers.ts';
import { refusal } from './refusals.ts';

const STATE_TTL_MS = 10 * 60_000;
/** Most groups kept of one person's claim, and the longest name: a claim is the provider's to fill. */
const MAX_GROUPS = 500;
const MAX_GROUP_NAME = 256;
const UNIQUE_VIOLATION = '23505';
/** OpenID Connect Core §2: a subject is at most 255 ASCII characters. */
const MAX_SUBJECT = 255;

const stateOwners = (hash: Buffer) => ['sso_sign_in', hash.toString('hex')];
const restart = 'start again from the sign-in page';

interface Pending {
  nonce: string;
  verifier: string;
  /** Digest of the random value of the browser's flow cookie: the callback must come from the browser that started. */
  browser: string;
  next: string;
}

const NOWHERE = 'http://h.invalid';

/**
 * Only a path of this dashboard may be the page to return to (never another site), and it goes into
 * a Location header: browsers drop tabs and newlines from a URL and read a backslash as a slash, so
 * `/\t/evil.example` would leave the site; and Node refuses a header with characters beyond Latin-1.
 * Such characters are refused, and the rest is the URL parser's own (percent-encoded, ASCII) form,
 * checked again after its normalization (`/.//x` becomes `//x`).
 */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > 2000 || !next.startsWith('/')) return '/';
  for (let i = 0; i < next.length; i++) {
    const c = next.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return '/';
  }
  let url: URL;
  try {
    url = new URL(next, NOWHERE);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === NOWHERE && path.startsWith('/') && !path.startsWith('//') ? path : '/';
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
 * Only a domain its organization has verified routes: a provider listing any domain proves nothing.
 */
export async function providersForEmail(deps: SsoDeps, email: string) {
  const domain = domainOf(email.trim());
  if (!domain) return { providers: [] };
  const rows = await deps.db
    .selectFrom('sso_provider_domains as d')
    .innerJoin('sso_providers as p', 'p.id', 'd.provider_id')
    .innerJoin('organization_domains as o', (join) => join.onRef('o.organization_id', '=', 'd.organization_id').onRef('o.domain', '=', 'd.domain'))
    .select(['p.id', 'p.name'])
    .where('d.domain', '=', domain)
    .where('o.verified_at', 'is not', null)
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
    if (!isUuid(providerId)) throw refusal('unknown_provider', notFound(`Identity provider ${input.provider_id} was not found.`));
  } else if (email) {
    const found = (await providersForEmail(deps, email)).providers[0];
    if (!found) throw refusal('no_provider', notFound(`No identity provider signs in addresses like ${email}; sign in with your password.`));
    providerId = found.provider_id;
  } else {
    throw refusal('invalid_request', invalid('Name the identity provider (provider_id) or your email address (email).'));
  }
  const provider = await deps.db
    .selectFrom('sso_providers')
    .select(['id', 'issuer', 'client_id', 'client_secret', 'client_secret_key_id', 'scopes'])
    .where('id', '=', providerId)
    .executeTakeFirst();
  if (!provider) throw refusal('unknown_provider', notFound(`Identity provider ${input.provider_id ?? providerId} was not found.`));
  const clientSecret = deps.vault.open<string>({ keyId: provider.client_secret_key_id, data: provider.client_secret }, secretOwners(provider.id));
  const configuration = await discoverToSignIn({ issuer: provider.issuer, clientId: provider.client_id, clientSecret }, deps);

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
  if (!state || state.length > 500) throw refusal('invalid_request', invalid(`The sign-in answer has no state; ${restart}.`));
  const hash = digest(state);
  // Consumed before anything else: a replayed callback finds it used.
  const flow = await deps.db
    .updateTable('sso_sign_ins')
    .set({ used_at: new Date() })
    .where('state_hash', '=', hash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!flow) throw refusal('unknown_sign_in', invalid(`This sign-in is unknown or was already completed; ${restart}.`));
  if (flow.expires_at.getTime() < Date.now()) throw refusal('expired', invalid(`This sign-in expired; ${restart}.`));
  const pending = deps.vault.open<Pending>({ keyId: flow.sealed_key_id, data: flow.sealed }, stateOwners(hash));
  const given = input.browser ? digest(input.browser) : Buffer.alloc(32);
  if (!timingSafeEqual(given, Buffer.from(pending.browser, 'hex'))) {
    throw refusal('wrong_browser', forbidden(`This sign-in was started in another browser (or its cookie was lost); ${restart} in this browser.`));
  }
  const provider = await deps.db
    .selectFrom('sso_providers')
    .select(['id', 'organization_id', 'name', 'issuer', 'client_id', 'client_secret', 'client_secret_key_id', 'group_claim'])
    .where('id', '=', flow.provider_id)
    .executeTakeFirst();
  if (!provider) throw refusal('unknown_provider', notFound(`The identity provider of this sign-in was removed; ${restart}.`));
  const providerError = input.query.get('error');
  if (providerError) {
    const description = input.query.get('error_description');
    throw refusal('idp_refused', new HangarError(400, 'validation_error', `${provider.name} did not sign you in (${providerError.slice(0, 100)}${description ? `: ${description.slice(0, 200)}` : ''}); ${restart}.`, 'third_party'));
  }
  const clientSecret = deps.vault.open<string>({ keyId: provider.client_secret_key_id, data: provider.client_secret }, secretOwners(provider.id));
  let configuration: client.Configuration;
  try {
    configuration = await discoverToSignIn({ issuer: provider.issuer, clientId: provider.client_id, clientSecret }, deps);
  } catch (err) {
    await giveBack(deps, hash);
    throw err;
  }

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  const current = new URL(callbackUrl(deps.publicUrl));
  current.search = input.query.toString();
  try {
    tokens = await client.authorizationCodeGrant(configuration, current, { pkceCodeVerifier: pending.verifier, expectedState: state, expectedNonce: pending.nonce, idTokenExpected: true });
  } catch (err) {
    if (neverSent(err)) await giveBack(deps, hash);
    throw tokenRefusal(err, provider.name, provider.issuer);
  }
  const idToken = tokens.claims();
  if (!idToken) throw refusal('token_invalid', new HangarError(400, 'validation_error', `${provider.name} answered without an ID token; ${restart}.`, 'third_party'));
  const subject = idToken.sub;
  if (!subject || subject.length > MAX_SUBJECT) throw refusal('token_invalid', new HangarError(400, 'validation_error', `The ID token from ${provider.name} names no subject (sub), or one longer than ${MAX_SUBJECT} characters; ${restart}.`, 'third_party'));
  if (hasUnsafeText(subject)) throw badClaim(provider.name, 'its subject (sub) holds control or bidirectional characters');
  let claims: Record<string, unknown> = { ...idToken };
  // Providers that keep claims out of the ID token (the OpenID default for the scopes' claims) give them at userinfo.
  const needsUserinfo = typeof claims.email !== 'string' || claims.email_verified === undefined || (provider.group_claim !== null && claims[provider.group_claim] === undefined);
  if (needsUserinfo && configuration.serverMetadata().userinfo_endpoint) {
    try {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken, ...(provider.group_claim && info[provider.group_claim] !== undefined ? { [provider.group_claim]: info[provider.group_claim] } : {}) };
      if (typeof idToken.email !== 'string' && typeof info.email === 'string') claims.email = info.email;
      if (idToken.email_verified === undefined && info.email_verified !== undefined) claims.email_verified = info.email_verified;
    } catch (err) {
      throw fromIdp(idpFailure(err, provider.issuer, 'userinfo', 'sign-in'));
    }
  }
  const claimed = typeof claims.email === 'string' ? claims.email.trim() : '';
  const email = claimed ? canonicalEmail(claimed) : '';
  const person: Claimed = {
    subject,
    email: email ?? '',
    emailMalformed: email === undefined,
    verified: claims.email_verified,
    // The provider's to fill, and shown by Hangar: what cannot be stored or would show other than it reads goes.
    name: typeof claims.name === 'string' ? withoutUnsafeText(claims.name).trim().slice(0, 200) || null : null,
    groups: groupsOf(provider.group_claim ? claims[provider.group_claim] : undefined),
  };

  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Before the user row is written: applying the group rules takes it, and it comes first.
      await lockOrganization(trx, provider.organization_id);
      const user = await signInUser(trx, input, provider, person);
      const actor: AuditActor = { type: 'user', id: user.id, email: user.email };
      const context = input.audit(provider.organization_id, actor);
      const accessChanged = await applyGroupRules(trx, provider.organization_id, user.id, context);
      const session = await openSession(trx, input.sessionTtlHours, { id: user.id, organization_id: provider.organization_id }, provider.id, context);
      return { ...session, provider_id: provider.id, next: pending.next, accessChanged };
    });
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
      throw refusal('retry', conflict(`Another sign-in created or linked this person's account a moment ago; ${restart}.`));
    }
    throw err;
  }
}

/** What the provider says of the person. Only `subject` identifies them; the rest is theirs or the provider's to change. */
interface Claimed {
  subject: string;
  /** Canonical (identity-text.ts), or empty when the provider gave none or a malformed one. */
  email: string;
  emailMalformed: boolean;
  verified: unknown;
  name: string | null;
  groups: string[];
}

interface SigningProvider {
  id: string;
  organization_id: string;
  name: string;
}

/**
 * The person's account in the provider's organization. The provider's subject (`sub`) is what
 * identifies them: an account once linked to it is theirs whatever email the provider later says
 * (an email claim can be one the person set themselves). An account is linked, or created just in
 * time, only for an address the provider asserts is verified, and never when it is already linked
 * to another subject of the same provider. Their groups are recorded.
 */
async function signInUser(trx: Transaction<Database>, input: CallbackInput, provider: SigningProvider, who: Claimed): Promise<{ id: string; email: string }> {
  const identity = await trx
    .selectFrom('sso_identities')
    .select('user_id')
    .where('provider_id', '=', provider.id)
    .where('subject', '=', who.subject)
    .executeTakeFirst();
  if (identity) {
    const user = await trx.selectFrom('users').select(['id', 'email', 'organization_id', 'deactivated_at']).where('id', '=', identity.user_id).forUpdate().executeTakeFirstOrThrow();
    if (user.organization_id !== provider.organization_id) {
      throw refusal('not_allowed', forbidden(`This ${provider.name} account is linked to an account ${provider.name} may not sign in to; it cannot sign in here.`));
    }
    if (user.deactivated_at) throw refusal('account_deactivated', forbidden(`The account of ${user.email} is deactivated; an organization admin must restore it first.`));
    // The admin's list of domains keeps its say over accounts already linked (a domain removed, an address changed).
    await assertDomainAllowed(trx, provider, user.email);
    await trx.updateTable('users').set({ idp_groups: who.groups }).where('id', '=', user.id).execute();
    return user;
  }

  // Only here, where the address finds or creates the account: a linked person's claim is not read.
  if (who.emailMalformed) throw badClaim(provider.name, 'its email claim is not an email address (it holds spaces or control characters, or has no domain)');
  if (!who.email) {
    throw refusal('email_missing', forbidden(`${provider.name} did not say the person's email address (the email claim); its administrator must release it to Hangar.`));
  }
  if (who.verified === false) throw refusal('email_unverified', forbidden(`${provider.name} says ${who.email} is not verified; verify it there and sign in again.`));
  if (who.verified !== true) {
    throw refusal(
      'email_unverified',
      forbidden(`${provider.name} did not assert that ${who.email} is verified (the email_verified claim); Hangar links or creates an account only for an address the provider says is verified. Its administrator must release email_verified to Hangar.`),
    );
  }
  await assertDomainAllowed(trx, provider, who.email);
  const existing = await trx
    .selectFrom('users')
    .select(['id', 'email', 'organization_id', 'deactivated_at'])
    .where(sql<boolean>`lower(email) = lower(${who.email})`)
    .forUpdate()
    .executeTakeFirst();
  if (!existing || existing.organization_id !== provider.organization_id) {
    // Asked before whether the address has an account anywhere: at a domain another organization
    // verified, the answer is the domain's rule whether or not it has.
    const reserved = await domainReservedElsewhere(trx, provider.organization_id, who.email);
    if (reserved) throw refusal('not_allowed', forbidden(reservedDomainRule(who.email, reserved)));
  }
  if (existing && existing.organization_id !== provider.organization_id) {
    // The same answer whichever organization holds the address, and it names none.
    throw refusal('not_allowed', forbidden(`${who.email} already has an account, and ${provider.name} does not sign in to it; sign in as you usually do.`));
  }
  if (existing?.deactivated_at) throw refusal('account_deactivated', forbidden(`The account of ${who.email} is deactivated; an organization admin must restore it first.`));
  const audit = (user: { id: string; email: string }) => input.audit(provider.organization_id, { type: 'user', id: user.id, email: user.email });
  if (existing) {
    const other = await trx.selectFrom('sso_identities').select('subject').where('provider_id', '=', provider.id).where('user_id', '=', existing.id).executeTakeFirst();
    if (other) {
      throw refusal(
        'identity_conflict',
        forbidden(`The account of ${existing.email} is already linked to another ${provider.name} account, and only that one signs in to it; sign in with that account.`),
      );
    }
    await trx.insertInto('sso_identities').values({ provider_id: provider.id, subject: who.subject, user_id: existing.id }).execute();
    await trx.updateTable('users').set({ idp_groups: who.groups }).where('id', '=', existing.id).execute();
    await recordAudit(trx, audit(existing), {
      action: 'sso_identity.link',
      target: { type: 'user', id: existing.id },
      details: { provider_id: provider.id, provider: provider.name, subject: who.subject, email: who.email },
    });
    await acceptPendingInvitesInTransaction(trx, provider.organization_id, existing, audit(existing), false);
    return existing;
  }
  const user = { id: randomUUID(), email: who.email };
  await trx
    .insertInto('users')
    .values({ id: user.id, organization_id: provider.organization_id, email: who.email, name: who.name, password_hash: null, org_role: 'member', idp_groups: who.groups })
    .execute();
  await trx.insertInto('sso_identities').values({ provider_id: provider.id, subject: who.subject, user_id: user.id }).execute();
  await recordAudit(trx, audit(user), {
    action: 'user.provision',
    target: { type: 'user', id: user.id },
    details: { email: who.email, provider_id: provider.id, provider: provider.name, subject: who.subject, groups: who.groups.slice(0, 50) },
  });
  await acceptPendingInvitesInTransaction(trx, provider.organization_id, user, audit(user), true);
  return user;
}

async function assertDomainAllowed(trx: Transaction<Database>, provider: SigningProvider, email: string): Promise<void> {
  const domain = domainOf(email);
  const allowed = domain
    ? await trx.selectFrom('sso_provider_domains').select('domain').where('provider_id', '=', provider.id).where('domain', '=', domain).executeTakeFirst()
    : undefined;
  if (!allowed) {
    throw refusal('not_allowed', forbidden(`${email} is not an address ${provider.name} may sign in to this organization; its allowed domains do not include ${domain ?? 'it'}.`));
  }
}

/**
 * The provider failed before the flow's code was used (discovery, or a token request that never left):
 * the same callback can still work once it answers, so its state is given back, still bound to the
 * browser and still expiring. Once the code has been sent, only a new sign-in can work.
 */
async function giveBack(deps: SsoDeps, hash: Buffer): Promise<void> {
  await deps.db.updateTable('sso_sign_ins').set({ used_at: null }).where('state_hash', '=', hash).execute();
}

/** discover() for a sign-in, its failures given their codes: the provider unreachable, or refusing. */
async function discoverToSignIn(idp: IdpClient, deps: SsoDeps) {
  try {
    return await discover(idp, deps.idp, 'sign-in');
  } catch (err) {
    throw err instanceof HangarError ? fromIdp(err) : err;
  }
}

/** A failure of the provider during a sign-in: it refused (a 4xx of its own), or could not be used at all. */
function fromIdp(error: HangarError): HangarError {
  if (error.status === 502 || error.audience !== 'third_party') return refusal('idp_unreachable', error);
  return refusal('idp_refused', error);
}

/**
 * A group claim as providers send it: a list of names (or one name); anything else is no group. A
 * name with control or bidi characters is no group either: the rules must not match a name that
 * only shows like theirs, and it could not be stored (NUL).
 */
function groupsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const names = list
    .filter((g): g is string => typeof g === 'string')
    .map((g) => g.trim())
    .filter((g) => g && g.length <= MAX_GROUP_NAME && !hasUnsafeText(g));
  return [...new Set(names)].slice(0, MAX_GROUPS);
}

/**
 * The provider's token was valid but says something Hangar cannot take: the provider's data is
 * wrong, not the person's request (502, as the contract words an upstream answer it cannot use).
 * The value itself is not repeated: it is what cannot be shown.
 */
function badClaim(name: string, what: string): HangarError {
  return refusal('idp_invalid_claims', new HangarError(502, 'upstream_error', `${name} signed the person in, but ${what}; nobody was signed in. Its administrator must correct it there; then ${restart}.`, 'third_party'));
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
    return refusal('token_invalid', new HangarError(400, 'validation_error', `The ID token from ${name} was refused: ${reason[code]}. Nobody was signed in; ${restart}.`, 'third_party'));
  }
  return fromIdp(idpFailure(err, issuer, 'token', 'sign-in'));
}
