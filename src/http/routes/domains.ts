// Verified email domains (issue 33 §2): an organization's admins claim a domain, prove it with a TXT
// record, list and remove their claims. Thin: src/governance/domains does the work.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { createDomain, deleteDomain, listDomains, verifyDomain, VERIFY_TIMEOUT_MS, type DomainDeps } from '../../governance/domains/claims.ts';
import { auditContext } from '../audit-context.ts';
import { accountCaller } from '../auth.ts';

const Id = Type.String({ minLength: 1, maxLength: 200 });
const OrgParams = Type.Object({ organization_id: Id });
const DomainParams = Type.Object({ organization_id: Id, domain_id: Id });
const TxtRecord = Type.Object(
  { name: Type.String({ description: '`_hangar-verification.<domain>`' }), value: Type.String() },
  { description: 'The TXT record to publish in the domain\'s DNS to prove the organization holds it.' },
);
const Domain = Type.Object({
  domain_id: Type.String(),
  domain: Type.String(),
  verified: Type.Boolean(),
  verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  txt_record: TxtRecord,
});

export function domainRoutes(app: FastifyInstance, database: Db, config: Config): void {
  const deps: DomainDeps = { db: database.kysely, dns: { servers: config.dnsServers, timeoutMs: VERIFY_TIMEOUT_MS } };
  const tags = ['domains'];
  const admin = { auth: 'account' as const };

  app.post<{ Params: Static<typeof OrgParams>; Body: { domain: string } }>(
    '/latest/organizations/:organization_id/domains/create',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Claim an email domain',
        description:
          'Organization admins. Answers the TXT record to publish; the claim does nothing until verified (`…/domains/{domain_id}/verify`). A domain another organization has verified is a 409 (which does not name it).',
        params: OrgParams,
        body: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 254, description: 'An email domain, e.g. `example.com`.' }) }),
        response: { 200: Type.Object({ domain_id: Type.String(), domain: Type.String(), txt_record: TxtRecord }) },
      },
    },
    (request) => createDomain(deps, auditContext(request), accountCaller(request), request.params.organization_id, request.body.domain),
  );

  app.post<{ Params: Static<typeof OrgParams> }>(
    '/latest/organizations/:organization_id/domains/list',
    { config: admin, schema: { tags, summary: "The organization's domains, verified or not", params: OrgParams, response: { 200: Type.Object({ results: Type.Array(Domain) }) } } },
    (request) => listDomains(deps, accountCaller(request), request.params.organization_id),
  );

  app.post<{ Params: Static<typeof DomainParams> }>(
    '/latest/organizations/:organization_id/domains/:domain_id/verify',
    {
      config: admin,
      schema: {
        tags,
        summary: "Verify a domain by its TXT record",
        description:
          'Looks up the TXT records at `_hangar-verification.<domain>` (through `HANGAR_DNS_SERVERS`, or the system\'s resolvers), within 10 s. Verified: the email-first sign-in of its addresses goes to the organization\'s provider that lists it, and no other organization creates accounts at its addresses. A 400 says what was found instead; a DNS failure or no answer in time is a 502.',
        params: DomainParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ domain_id: Type.String(), domain: Type.String(), verified: Type.Literal(true), verified_at: Type.String({ format: 'date-time' }) }) },
      },
    },
    (request) => verifyDomain(deps, auditContext(request), accountCaller(request), request.params.organization_id, request.params.domain_id),
  );

  app.post<{ Params: Static<typeof DomainParams> }>(
    '/latest/organizations/:organization_id/domains/:domain_id/delete',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove a domain claim',
        description: 'Its addresses stop routing to the organization\'s provider and are no longer reserved to it; accounts stay where they are.',
        params: DomainParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ domain_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => deleteDomain(deps, auditContext(request), accountCaller(request), request.params.organization_id, request.params.domain_id),
  );
}
