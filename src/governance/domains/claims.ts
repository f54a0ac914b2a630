// An organization's claims on email domains (issue 33 §2): made by its admins, proven by a TXT record
// at `_hangar-verification.<domain>`, listed and removed. A domain is verified by one organization at
// most; until then a claim reserves nothing, and any number of organizations may be trying.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, HangarError, invalid, notFound } from '../../shared/errors.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { canonicalId, isUuid, type Principal } from '../principal.ts';
import { lookupTxt, type DnsOptions } from './txt-lookup.ts';

export const RECORD_PREFIX = '_hangar-verification';
/** Claims one organization may hold at once, verified or not. */
export const MAX_CLAIMS = 100;
/** The admin request's bound on DNS, as every other outbound wait of an admin request. */
export const VERIFY_TIMEOUT_MS = 10_000;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const UNIQUE_VIOLATION = '23505';

export interface DomainDeps {
  db: Kysely<Database>;
  dns: DnsOptions;
}

/** The canonical spelling of a domain (a leading `@`, a trailing dot and case ignored), or undefined. */
export function canonicalDomainName(raw: string): string | undefined {
  const domain = raw.trim().replace(/^@/, '').replace(/\.$/, '').toLowerCase();
  return DOMAIN.test(domain) ? domain : undefined;
}

/** The domain of an email address in its canonical spelling, or undefined. */
export function domainOfEmail(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  return at < 1 ? undefined : canonicalDomainName(email.slice(at + 1));
}

export const txtRecordName = (domain: string) => `${RECORD_PREFIX}.${domain}`;

function orgAdmin(caller: Principal, organizationId: string): string {
  const id = canonicalId(organizationId);
  if (id !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden("An organization's domains are managed by its admins.");
  return id;
}

const claimNotFound = (raw: string) => notFound(`Domain ${raw.slice(0, 100)} was not found in this organization.`);
/** Another organization's verified domain: said without naming it (nor whether it has people here). */
const verifiedElsewhere = (domain: string) => conflict(`${domain} is verified by another organization; a domain is verified by one organization only.`);

async function verifiedByOther(db: Kysely<Database>, organizationId: string, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('organization_domains')
    .select('id')
    .where('domain', '=', domain)
    .where('verified_at', 'is not', null)
    .where('organization_id', '!=', organizationId)
    .executeTakeFirst();
  return Boolean(row);
}

const view = (row: { id: string; domain: string; token: string; verified_at: Date | null }) => ({
  domain_id: row.id,
  domain: row.domain,
  verified: row.verified_at !== null,
  verified_at: row.verified_at?.toISOString() ?? null,
  txt_record: { name: txtRecordName(row.domain), value: row.token },
});

export async function createDomain(deps: DomainDeps, context: AuditContext, caller: Principal, organizationId: string, rawDomain: string) {
  const orgId = orgAdmin(caller, organizationId);
  const domain = canonicalDomainName(rawDomain);
  if (!domain) throw invalid(`domain: "${rawDomain.slice(0, 100)}" is not an email domain such as example.com.`);
  if (await verifiedByOther(deps.db, orgId, domain)) throw verifiedElsewhere(domain);
  const token = `hangar-domain-verification=${randomBytes(24).toString('base64url')}`;
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const held = await trx.selectFrom('organization_domains').select(['id', 'domain']).where('organization_id', '=', orgId).forUpdate().execute();
      const same = held.find((d) => d.domain === domain);
      if (same) throw conflict(`${domain} is already claimed by this organization (domain_id ${same.id}).`);
      if (held.length >= MAX_CLAIMS) throw conflict(`An organization holds at most ${MAX_CLAIMS} domains; delete one first.`);
      const created = await trx
        .insertInto('organization_domains')
        .values({ organization_id: orgId, domain, token, created_by: caller.userId })
        .returning(['id', 'domain', 'token', 'verified_at'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, context, { action: 'domain.create', target: { type: 'domain', id: created.id }, details: { domain } });
      return created;
    });
    const { domain_id, txt_record } = view(row);
    return { domain_id, domain, txt_record };
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(`${domain} was just claimed by this organization; list its domains.`);
    throw err;
  }
}

export async function listDomains(deps: DomainDeps, caller: Principal, organizationId: string) {
  const orgId = orgAdmin(caller, organizationId);
  const rows = await deps.db
    .selectFrom('organization_domains')
    .select(['id', 'domain', 'token', 'verified_at'])
    .where('organization_id', '=', orgId)
    .orderBy('domain')
    .execute();
  return { results: rows.map(view) };
}

async function findClaim(deps: DomainDeps, orgId: string, rawId: string) {
  const id = canonicalId(rawId);
  if (!isUuid(id)) throw claimNotFound(rawId);
  const row = await deps.db.selectFrom('organization_domains').select(['id', 'domain', 'token', 'verified_at']).where('id', '=', id).where('organization_id', '=', orgId).executeTakeFirst();
  if (!row) throw claimNotFound(rawId);
  return row;
}

/** Shown found values are cut short: a TXT record is anyone's to fill. */
const shown = (value: string) => JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);

/**
 * Looks the TXT record up and marks the claim verified when one of the records is its value. What
 * was found otherwise is said (400); DNS failing or not answering within the bound is a 502.
 */
export async function verifyDomain(deps: DomainDeps, context: AuditContext, caller: Principal, organizationId: string, rawId: string) {
  const orgId = orgAdmin(caller, organizationId);
  const claim = await findClaim(deps, orgId, rawId);
  const name = txtRecordName(claim.domain);
  if (claim.verified_at) return { domain_id: claim.id, domain: claim.domain, verified: true as const, verified_at: claim.verified_at.toISOString() };
  if (await verifiedByOther(deps.db, orgId, claim.domain)) throw verifiedElsewhere(claim.domain);
  const answer = await lookupTxt(name, { servers: deps.dns.servers, timeoutMs: Math.min(deps.dns.timeoutMs, VERIFY_TIMEOUT_MS) });
  if (answer.kind === 'failed') {
    throw new HangarError(502, 'upstream_error', `The DNS lookup of the TXT records at ${name} failed (${answer.code}); nothing changed. Try again in a moment.`, 'third_party');
  }
  if (answer.kind === 'none') {
    throw invalid(`No TXT record was found at ${name} (${answer.code === 'ENOTFOUND' ? 'the name does not exist' : 'the name has no TXT records'}). Add a TXT record there with the value ${claim.token}; DNS changes can take a while to be seen.`);
  }
  if (!answer.records.includes(claim.token)) {
    const found = answer.records.slice(0, 5).map(shown).join(', ');
    throw invalid(`The TXT records at ${name} are ${found}${answer.records.length > 5 ? ` and ${answer.records.length - 5} more` : ''}; none is ${claim.token}. Add that value as a TXT record there.`);
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const verified = await trx
        .updateTable('organization_domains')
        .set({ verified_at: new Date() })
        .where('id', '=', claim.id)
        .where('organization_id', '=', orgId)
        .where('verified_at', 'is', null)
        .returning('verified_at')
        .executeTakeFirst();
      if (!verified) throw claimNotFound(rawId);
      await recordAudit(trx, context, { action: 'domain.verify', target: { type: 'domain', id: claim.id }, details: { domain: claim.domain, record: name } });
      return { domain_id: claim.id, domain: claim.domain, verified: true as const, verified_at: verified.verified_at!.toISOString() };
    });
  } catch (err) {
    // Another organization verified it between the check and the update.
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw verifiedElsewhere(claim.domain);
    throw err;
  }
}

/** Removes the claim: a verified domain stops routing sign-ins and reserving its addresses at once. Accounts stay where they are. */
export async function deleteDomain(deps: DomainDeps, context: AuditContext, caller: Principal, organizationId: string, rawId: string) {
  const orgId = orgAdmin(caller, organizationId);
  const id = canonicalId(rawId);
  if (!isUuid(id)) throw claimNotFound(rawId);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('organization_domains').where('id', '=', id).where('organization_id', '=', orgId).returning(['domain', 'verified_at']).executeTakeFirst();
    if (!row) throw claimNotFound(rawId);
    await recordAudit(trx, context, { action: 'domain.delete', target: { type: 'domain', id }, details: { domain: row.domain, was_verified: row.verified_at !== null } });
    return { domain_id: id, deleted: true as const };
  });
}

/**
 * The domain of `email` when an organization other than `organizationId` has verified it: only that
 * organization creates accounts at its addresses. Undefined otherwise (unclaimed domains stay open).
 */
export async function domainReservedElsewhere(db: Kysely<Database>, organizationId: string, email: string): Promise<string | undefined> {
  const domain = domainOfEmail(email);
  if (!domain) return undefined;
  return (await verifiedByOther(db, organizationId, domain)) ? domain : undefined;
}

/** What every refusal of the rule says: the rule and the domain, never the organization that holds it. */
export const reservedDomainRule = (email: string, domain: string) =>
  `${email} is at ${domain}, a domain verified by another organization: accounts at its addresses are created only by the organization that verified it. Ask that organization's admins to invite or provision the person.`;
