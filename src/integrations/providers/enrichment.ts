// The global enrichment provider (source §4B): contacts and companies, single, bulk and search.
import { Type } from 'typebox';
import type { ProviderDefinition, ProviderResponse } from '../provider.ts';
import { step } from '../provider.ts';

// One of: an email; a profile URL; or a name with a company (the first given is the one sent).
const PersonInput = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email' })),
    socialnet_url: Type.Optional(Type.String({ format: 'uri' })),
    first_name: Type.Optional(Type.String({ minLength: 1 })),
    last_name: Type.Optional(Type.String({ minLength: 1 })),
    company: Type.Optional(Type.String({ minLength: 1 })),
  },
  { anyOf: [{ required: ['email'] }, { required: ['socialnet_url'] }, { required: ['first_name', 'last_name', 'company'] }], description: 'email, or socialnet_url, or first_name + last_name + company' },
);
const CompanyInput = Type.Object(
  { domain: Type.Optional(Type.String({ minLength: 1 })), name: Type.Optional(Type.String({ minLength: 1 })) },
  { anyOf: [{ required: ['domain'] }, { required: ['name'] }], description: 'domain or name' },
);

type Person = { email?: string; socialnet_url?: string; first_name?: string; last_name?: string; company?: string };
type Company = { domain?: string; name?: string };

/** Our snake_case inputs to the provider's body fields (§4B: email; socialnetUrl; firstName, lastName, company). */
function personBody(p: Person): Record<string, string> {
  if (p.email) return { email: p.email };
  if (p.socialnet_url) return { socialnetUrl: p.socialnet_url };
  return { firstName: p.first_name!, lastName: p.last_name!, company: p.company! };
}
const companyBody = (c: Company) => (c.domain ? { domain: c.domain } : { name: c.name! });

const personCredits = (p: { phone_numbers?: unknown[] } | null) => (p ? (p.phone_numbers?.length ? 2 : 1) : 0);
const searchOutput = (r: ProviderResponse) => {
  const body = r.body as { results?: unknown[]; total?: number };
  return { matched: (body.results?.length ?? 0) > 0, results: body.results ?? [], total: body.total ?? 0 };
};
const Paging = { page: Type.Optional(Type.Integer({ minimum: 1 })), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) };

export const enrichment: ProviderDefinition = {
  id: 'enrichment',
  name: 'Enrichment',
  description: 'Global B2B contact and company enrichment and search.',
  kindWords: ['enrichment', 'contacts', 'companies'],
  beta: false,
  mark: { letters: 'En', colour: '#6639ba' },
  bases: { default: 'enrichment' },
  connect: {
    apiKey: {
      authType: 'api_key',
      headers: (key) => ({ authorization: `Bearer ${key}` }),
      check: { request: { method: 'GET', path: '/account' }, account: (r) => (r.body as { account?: { name?: string } }).account?.name },
    },
  },
  apiCall: { methods: ['GET', 'POST'] },
  steps: [
    step({
      id: 'find_contact',
      name: 'Find Contact',
      description: 'One person, by email, profile URL, or first name, last name and company.',
      input: PersonInput,
      request: (input) => ({ method: 'POST', path: '/person', body: personBody(input) }),
      noMatch: (r) => r.status === 404 || (r.body as { person?: unknown }).person == null,
      output: (r) => ({ matched: true, person: (r.body as { person: unknown }).person }),
      credits: (o) => personCredits(o.matched ? (o.person as { phone_numbers?: unknown[] }) : null),
    }),
    step({
      id: 'enrich_contacts',
      name: 'Enrich Contacts',
      description: 'Up to 100 people in one bulk request; each record is charged on its own.',
      input: Type.Object({ contacts: Type.Array(PersonInput, { minItems: 1, maxItems: 100 }) }),
      request: (input) => ({ method: 'POST', path: '/person/bulk', body: input.contacts.map(personBody) }),
      output: (r) => {
        const results = ((r.body as { results?: Array<{ person: unknown }> }).results ?? []).map((x) => ({ matched: x.person != null, person: x.person ?? null }));
        return { matched: results.some((x) => x.matched), results };
      },
      credits: (o) => (o.results as Array<{ person: { phone_numbers?: unknown[] } | null }>).reduce((n, x) => n + personCredits(x.person), 0),
    }),
    step({
      id: 'search_contacts',
      name: 'Search Contacts',
      description: 'People by job title, company, location or industry.',
      input: Type.Object(
        { job_title: Type.Optional(Type.String()), company: Type.Optional(Type.String()), location: Type.Optional(Type.String()), industry: Type.Optional(Type.String()), ...Paging },
        { minProperties: 1 },
      ),
      request: (input) => ({ method: 'POST', path: '/person/search', body: input }),
      output: searchOutput,
      credits: (o) => (o.results as unknown[]).length,
    }),
    step({
      id: 'find_company',
      name: 'Find Company',
      description: 'One company, by domain or name.',
      input: CompanyInput,
      request: (input) => ({ method: 'POST', path: '/company', body: companyBody(input) }),
      noMatch: (r) => r.status === 404 || (r.body as { company?: unknown }).company == null,
      output: (r) => ({ matched: true, company: (r.body as { company: unknown }).company }),
      credits: (o) => (o.matched ? 1 : 0),
    }),
    step({
      id: 'enrich_companies',
      name: 'Enrich Companies',
      description: 'Up to 100 companies in one bulk request; each record is charged on its own.',
      input: Type.Object({ companies: Type.Array(CompanyInput, { minItems: 1, maxItems: 100 }) }),
      request: (input) => ({ method: 'POST', path: '/company/bulk', body: input.companies.map(companyBody) }),
      output: (r) => {
        const results = ((r.body as { results?: Array<{ company: unknown }> }).results ?? []).map((x) => ({ matched: x.company != null, company: x.company ?? null }));
        return { matched: results.some((x) => x.matched), results };
      },
      credits: (o) => (o.results as Array<{ matched: boolean }>).filter((x) => x.matched).length,
    }),
    step({
      id: 'search_companies',
      name: 'Search Companies',
      description: 'Companies by industry, location or name.',
      input: Type.Object({ industry: Type.Optional(Type.String()), location: Type.Optional(Type.String()), name: Type.Optional(Type.String()), ...Paging }, { minProperties: 1 }),
      request: (input) => ({ method: 'POST', path: '/company/search', body: input }),
      output: searchOutput,
      credits: (o) => (o.results as unknown[]).length,
    }),
  ],
};
