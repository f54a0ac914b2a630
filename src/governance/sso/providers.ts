// An organization's OpenID identity providers (issue 24 §1.1): created, listed, changed and removed by
// its admins. The client secret is sealed by the vault to the provider's id and never leaves it but
// towards the provider's token endpoint; within the organization each email domain routes to one
// provider, and only once the organization has verified it (../domains/claims.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../shared/errors.ts';
import type { Vault } from '../../integrations/vault.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { hasUnsafeText, UNSAFE_TEXT_RULE } from '../identity-text.ts';
import { canonicalId, isUuid, type Principal } from '../principal.ts';
import { checkIssuer, discover, type IdpOptions } from './idp.ts';
import { ssoAdmin } from './org-admin.ts';

export interface SsoDeps {
  db: Kysely<Database>;
  vault: Vault;
  idp: IdpOptions;
  /** Where browsers reach this deployment: the callback the provider must allow is under it. */
  publicUrl: string;
}

export interface ProviderInput {
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  allowed_domains: string[];
  group_claim?: string | null;
  scopes?: string[];
}

export const MAX_DOMAINS = 50;
export const MAX_SCOPES = 20;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
// A claim name as providers spell them: `groups`, `roles`, `https://example.com/groups`, `cognito:groups`.
const CLAIM = /^[\w.:/-]{1,200}$/;
// RFC 6749 scope-token.
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/;
/** Asked of every provider: the ID token's subject, the email and the name. */
export const BASE_SCOPES = ['openid', 'email', 'profile'];

const UNIQUE_VIOLATION = '23505';

export const callbackUrl = (publicUrl: string) => `${publicUrl}/latest/auth/sso/callback`;
export const secretOwners = (providerId: string) => ['sso_provider', providerId];

/** The canonical spelling of an allowed domain (a leading `@` and case ignored), refused unless a plain DNS name. */
export function canonicalDomain(raw: string): string {
  const domain = raw.trim().replace(/^@/, '').replace(/\.$/, '').toLowerCase();
  if (!DOMAIN.test(domain)) throw invalid(`allowed_domains: "${raw.slice(0, 100)}" is not an email domain such as example.com.`);
  return domain;
}

function checkDomains(raw: string[]): string[] {
  if (!raw.length) throw invalid('allowed_domains must name at least one email domain whose people this provider signs in.');
  if (raw.length > MAX_DOMAINS) throw invalid(`allowed_domains may name at most ${MAX_DOMAINS} domains.`);
  return [...new Set(raw.map(canonicalDomain))];
}

function checkGroupClaim(raw: string | null | undefined): string | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  const claim = raw.trim();
  if (!CLAIM.test(claim)) throw invalid('group_claim must be a claim name such as "groups" (letters, digits and _ . : / -, at most 200).');
  return claim;
}

function checkScopes(raw: string[] | undefined): string[] {
  const scopes = [...new Set((raw ?? []).map((s) => s.trim()).filter((s) => !BASE_SCOPES.includes(s)))];
  if (scopes.length > MAX_SCOPES) throw invalid(`scopes may name at most ${MAX_SCOPES} scopes.`);
  for (const s of scopes) if (!SCOPE.test(s)) throw invalid(`scopes: "${s.slice(0, 100)}" is not an OAuth scope.`);
  return scopes;
}

function checkText(field: string, raw: string, max: number): string {
  const value = raw.trim();
  if (!value || value.length > max) throw invalid(`${field} must have 1 to ${max} characters.`);
  // The name is shown on the sign-in page ("Sign in with …"): it must read as it shows.
  if (hasUnsafeText(value)) throw invalid(`${field} ${UNSAFE_TEXT_RULE}.`);
  return value;
}

function providerId(raw: string): string {
  const id = canonicalId(raw);
  if (!isUuid(id)) throw notFound(`Identity provider ${raw} was not found in this organization.`);
  return id;
}

/**
 * Refuses domains another provider of this organization answers for, and domains another organization
 * has verified (without naming it). Another organization's provider listing a domain reserves nothing:
 * only a verified claim does (../domains/claims.ts).
 */
async function checkDomainsFree(db: Kysely<Database> | Transaction<Database>, organizationId: string, domains: string[], exceptProvider?: string) {
  const taken = await db
    .selectFrom('sso_provider_domains as d')
    .innerJoin('sso_providers as p', 'p.id', 'd.provider_id')
    .select(['d.domain', 'p.name'])
    .where('d.domain', 'in', domains)
    .where('d.organization_id', '=', organizationId)
    .$if(exceptProvider !== undefined, (q) => q.where('d.provider_id', '!=', exceptProvider!))
    .executeTakeFirst();
  if (taken) throw conflict(`${taken.domain} is already signed in by this organization's provider "${taken.name}"; a domain routes to one provider.`);
  const verified = await db
    .selectFrom('organization_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('verified_at', 'is not', null)
    .where('organization_id', '!=', organizationId)
    .executeTakeFirst();
  if (verified) throw conflict(`${verified.domain} is verified by another organization; its people sign in through that organization's provider.`);
}

function domainsTaken(err: unknown): never {
  if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict("One of allowed_domains was just given to another of this organization's identity providers; list the providers and try again.");
  throw err;
}

export async function createProvider(deps: SsoDeps, context: AuditContext, caller: Principal, organizationId: string, input: ProviderInput) {
  const orgId = ssoAdmin(caller, organizationId);
  const name = checkText('name', input.name, 100);
  const issuer = checkIssuer(input.issuer, deps.idp);
  const clientId = checkText('client_id', input.client_id, 500);
  if (!input.client_secret || input.client_secret.length > 2000) throw invalid('client_secret must have 1 to 2000 characters.');
  const domains = checkDomains(input.allowed_domains);
  const groupClaim = checkGroupClaim(input.group_claim);
  const scopes = checkScopes(input.scopes);
  await checkDomainsFree(deps.db, orgId, domains);
  // Refused before anything is stored when the provider cannot be discovered.
  await discover({ issuer, clientId, clientSecret: input.client_secret }, deps.idp, 'configure');
  const id = randomUUID();
  const sealed = deps.vault.seal(input.client_secret, secretOwners(id));
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sso_providers')
        .values({ id, organization_id: orgId, name, issuer, client_id: clientId, client_secret: sealed.data, client_secret_key_id: sealed.keyId, group_claim: groupClaim, scopes, created_by: caller.userId })
        .execute();
      await trx.insertInto('sso_provider_domains').values(domains.map((domain) => ({ domain, provider_id: id, organization_id: orgId }))).execute();
      await recordAudit(trx, context, {
        action: 'sso_provider.create',
        target: { type: 'sso_provider', id },
        details: { name, issuer, client_id: clientId, allowed_domains: domains, group_claim: groupClaim, scopes },
      });
    });
  } catch (err) {
    domainsTaken(err);
  }
  return { provider_id: id };
}

export async function listProviders(deps: SsoDeps, caller: Principal, organizationId: string) {
  const orgId = ssoAdmin(caller, organizationId);
  const rows = await deps.db
    .selectFrom('sso_providers')
    .select(['id', 'name', 'issuer', 'client_id', 'group_claim', 'scopes', 'created_by', 'created_at', 'updated_at'])
    .where('organization_id', '=', orgId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const domains = rows.length
    ? await deps.db.selectFrom('sso_provider_domains').select(['provider_id', 'domain']).where('organization_id', '=', orgId).orderBy('domain').execute()
    : [];
  return {
    redirect_uri: callbackUrl(deps.publicUrl),
    results: rows.map((r) => ({
      provider_id: r.id,
      name: r.name,
      issuer: r.issuer,
      client_id: r.client_id,
      allowed_domains: domains.filter((d) => d.provider_id === r.id).map((d) => d.domain),
      group_claim: r.group_claim,
      scopes: r.scopes,
      sign_in_url: `${deps.publicUrl}/latest/auth/sso/start?provider_id=${r.id}`,
      created_by: r.created_by,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
  };
}

export type ProviderChange = Partial<ProviderInput>;

export async function updateProvider(deps: SsoDeps, context: AuditContext, caller: Principal, organizationId: string, rawId: string, input: ProviderChange) {
  const orgId = ssoAdmin(caller, organizationId);
  const id = providerId(rawId);
  const current = await deps.db
    .selectFrom('sso_providers')
    .select(['issuer', 'client_id', 'client_secret', 'client_secret_key_id'])
    .where('id', '=', id)
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
  if (!current) throw notFound(`Identity provider ${rawId} was not found in this organization.`);
  const change: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  if (input.name !== undefined) details.name = change.name = checkText('name', input.name, 100);
  if (input.issuer !== undefined) details.issuer = change.issuer = checkIssuer(input.issuer, deps.idp);
  if (input.client_id !== undefined) details.client_id = change.client_id = checkText('client_id', input.client_id, 500);
  if (input.client_secret !== undefined && (!input.client_secret || input.client_secret.length > 2000)) throw invalid('client_secret must have 1 to 2000 characters.');
  if (input.group_claim !== undefined) details.group_claim = change.group_claim = checkGroupClaim(input.group_claim);
  if (input.scopes !== undefined) details.scopes = change.scopes = checkScopes(input.scopes);
  const domains = input.allowed_domains === undefined ? undefined : checkDomains(input.allowed_domains);
  if (domains) {
    details.allowed_domains = domains;
    await checkDomainsFree(deps.db, orgId, domains, id);
  }
  if (input.client_secret !== undefined) details.client_secret_rotated = true;
  if (!Object.keys(details).length) throw invalid('Name at least one of name, issuer, client_id, client_secret, allowed_domains, group_claim, scopes to change.');
  if (input.issuer !== undefined || input.client_id !== undefined || input.client_secret !== undefined) {
    const secret = input.client_secret ?? deps.vault.open<string>({ keyId: current.client_secret_key_id, data: current.client_secret }, secretOwners(id));
    await discover({ issuer: (change.issuer as string) ?? current.issuer, clientId: (change.client_id as string) ?? current.client_id, clientSecret: secret }, deps.idp, 'configure');
  }
  if (input.client_secret !== undefined) {
    const sealed = deps.vault.seal(input.client_secret, secretOwners(id));
    change.client_secret = sealed.data;
    change.client_secret_key_id = sealed.keyId;
  }
  try {
    await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('sso_providers')
        .set({ ...change, updated_at: new Date() })
        .where('id', '=', id)
        .where('organization_id', '=', orgId)
        .executeTakeFirst();
      if (!updated.numUpdatedRows) throw notFound(`Identity provider ${rawId} was not found in this organization.`);
      if (domains) {
        await trx.deleteFrom('sso_provider_domains').where('provider_id', '=', id).execute();
        await trx.insertInto('sso_provider_domains').values(domains.map((domain) => ({ domain, provider_id: id, organization_id: orgId }))).execute();
      }
      await recordAudit(trx, context, { action: 'sso_provider.update', target: { type: 'sso_provider', id }, details });
    });
  } catch (err) {
    domainsTaken(err);
  }
  return { provider_id: id, updated: true as const };
}

/** Removes a provider and ends the sessions it signed in. Refused while it is the last one and SSO is required. */
export async function deleteProvider(deps: SsoDeps, context: AuditContext, caller: Principal, organizationId: string, rawId: string) {
  const orgId = ssoAdmin(caller, organizationId);
  const id = providerId(rawId);
  return deps.db.transaction().execute(async (trx) => {
    const providers = await trx.selectFrom('sso_providers').select(['id', 'name']).where('organization_id', '=', orgId).forUpdate().execute();
    const provider = providers.find((p) => p.id === id);
    if (!provider) throw notFound(`Identity provider ${rawId} was not found in this organization.`);
    const settings = await trx.selectFrom('sso_settings').select('require_sso').where('organization_id', '=', orgId).executeTakeFirst();
    if (settings?.require_sso && providers.length === 1) {
      throw conflict('This is the organization\'s only identity provider and single sign-on is required: turn "Require single sign-on" off first (POST …/sso/settings/update), or add another provider.');
    }
    const sessions = await trx.deleteFrom('sessions').where('sso_provider_id', '=', id).executeTakeFirst();
    await trx.deleteFrom('sso_providers').where('id', '=', id).execute();
    await recordAudit(trx, context, { action: 'sso_provider.delete', target: { type: 'sso_provider', id }, details: { name: provider.name } });
    return { provider_id: id, deleted: true as const, sessions_ended: Number(sessions.numDeletedRows) };
  });
}
