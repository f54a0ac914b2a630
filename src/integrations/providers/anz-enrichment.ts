// The enrichment provider for ANZ markets (source §4B): people and company enrichment, people search.
import { Type } from 'typebox';
import type { ProviderDefinition, ProviderResponse } from '../provider.ts';
import { pick, step } from '../provider.ts';

const ABN = Type.String({ pattern: '^[0-9]{11}$', description: 'Australian Business Number: exactly 11 digits.' });
const personOf = (r: ProviderResponse) => (r.body as { person?: Record<string, unknown> }).person ?? {};
const companyOf = (r: ProviderResponse) => (r.body as { company?: Record<string, unknown> }).company ?? {};
const notFound = (r: ProviderResponse) => r.status === 404;

export const anzEnrichment: ProviderDefinition = {
  id: 'anz_enrichment',
  name: 'ANZ Enrichment',
  description: 'B2B people and company enrichment for Australia and New Zealand.',
  kindWords: ['enrichment', 'anz', 'people', 'company'],
  beta: true,
  mark: { letters: 'AE', colour: '#0b5cad' },
  bases: { default: 'anz_enrichment' },
  connect: { apiKey: { authType: 'api_key', headers: (key) => ({ 'x-api-key': key }) } },
  apiCall: { methods: ['GET', 'POST'] },
  steps: [
    step({
      id: 'people_enrichment',
      name: 'People Enrichment',
      description: 'Emails, phone numbers, job title, company, location and professional details of a person. Give one identifying field, or several for a better match.',
      input: Type.Object(
        { socialnet_url: Type.Optional(Type.String({ format: 'uri' })), email: Type.Optional(Type.String({ format: 'email' })), socialnet_slug: Type.Optional(Type.String({ minLength: 1 })) },
        { minProperties: 1 },
      ),
      request: (input) => ({ method: 'POST', path: '/enrich/person', body: pick(input, ['socialnet_url', 'email', 'socialnet_slug']) }),
      noMatch: notFound,
      output: (r) => ({ matched: true, person: personOf(r) }),
      // 1 credit per successful lookup, 2 when it returns phone numbers.
      credits: (o) => (o.matched ? ((o.person as { phone_numbers?: unknown[] }).phone_numbers?.length ? 2 : 1) : 0),
    }),
    step({
      id: 'people_search',
      name: 'People Search',
      description: 'People by company, position, seniority or department (combinable), with location and company-size filters.',
      input: Type.Object(
        {
          company: Type.Optional(Type.String()),
          position: Type.Optional(Type.String()),
          seniority: Type.Optional(Type.String()),
          department: Type.Optional(Type.String()),
          location: Type.Optional(Type.String()),
          company_size: Type.Optional(Type.String()),
          page: Type.Optional(Type.Integer({ minimum: 1 })),
          per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        },
        { minProperties: 1 },
      ),
      request: (input) => ({ method: 'POST', path: '/search/people', body: input }),
      output: (r) => {
        const body = r.body as { results?: unknown[]; total?: number };
        return { matched: (body.results?.length ?? 0) > 0, results: body.results ?? [], total: body.total ?? 0 };
      },
      credits: (o) => (o.results as unknown[]).length,
    }),
    step({
      id: 'company_enrichment',
      name: 'Company Enrichment',
      description: 'Size, industry, location, ABN, employee count, technologies and firmographics of a company. Give one identifying field, or several.',
      input: Type.Object(
        { domain: Type.Optional(Type.String({ minLength: 1 })), socialnet_url: Type.Optional(Type.String({ format: 'uri' })), abn: Type.Optional(ABN), website: Type.Optional(Type.String({ format: 'uri' })) },
        { minProperties: 1 },
      ),
      request: (input) => ({ method: 'POST', path: '/enrich/company', body: pick(input, ['domain', 'socialnet_url', 'abn', 'website']) }),
      noMatch: notFound,
      output: (r) => ({ matched: true, company: companyOf(r) }),
      credits: (o) => (o.matched ? 1 : 0),
    }),
  ],
};
