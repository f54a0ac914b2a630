// The global enrichment provider: contacts and companies, one at a time, in bulk (1..100) and by
// search, behind `Authorization: Bearer <key>`. No match is a 200 with `person: null` /
// `company: null`. Lookups spend the account's credits (per section 8 of the platform spec).
import { bearer, isObject, normalizeUrl, rateLimitTiming, reply, startStandin, type Reply, type Standin } from './base.ts';

export interface GlobalCompany {
  id: string;
  name: string;
  domain: string;
  industry: string;
  employee_count: number;
  employee_range: string;
  founded_year: number;
  annual_revenue: string;
  location: { city: string; region: string; country: string };
  socialnet_url: string;
  technologies: string[];
  description: string;
}

export interface GlobalPerson {
  id: string;
  first_name: string;
  last_name: string;
  job_title: string;
  seniority: string;
  departments: string[];
  company_domain: string;
  location: { city: string; region: string; country: string };
  socialnet_url: string;
  emails: string[];
  phone_numbers: string[];
}

export interface EnrichmentOptions {
  apiKeys: string[];
  account?: { id: string; name: string; credits_remaining: number };
  people?: GlobalPerson[];
  companies?: GlobalCompany[];
}

export interface Enrichment extends Standin {
  account: { id: string; name: string; credits_remaining: number };
  people: GlobalPerson[];
  companies: GlobalCompany[];
}

export const GLOBAL_COMPANIES: GlobalCompany[] = [
  { id: 'cmp_8f2k1', name: 'Northwind Analytics', domain: 'northwind.io', industry: 'Computer Software', employee_count: 420, employee_range: '201-500', founded_year: 2014, annual_revenue: '$50M-$100M', location: { city: 'Austin', region: 'Texas', country: 'United States' }, socialnet_url: 'https://socialnet.example/company/northwind-analytics', technologies: ['Snowflake', 'dbt', 'Salesforce'], description: 'Analytics platform for mid-market retailers.' },
  { id: 'cmp_3j9x0', name: 'Bluefin Payments', domain: 'bluefinpay.com', industry: 'Financial Services', employee_count: 1800, employee_range: '1001-5000', founded_year: 2009, annual_revenue: '$100M-$500M', location: { city: 'London', region: 'England', country: 'United Kingdom' }, socialnet_url: 'https://socialnet.example/company/bluefin-payments', technologies: ['AWS', 'Kafka', 'Zendesk'], description: 'Card acquiring and payouts across Europe.' },
  { id: 'cmp_5q7m2', name: 'Greenleaf Health', domain: 'greenleafhealth.de', industry: 'Hospital & Health Care', employee_count: 95, employee_range: '51-200', founded_year: 2019, annual_revenue: '$10M-$50M', location: { city: 'Berlin', region: 'Berlin', country: 'Germany' }, socialnet_url: 'https://socialnet.example/company/greenleaf-health', technologies: ['Microsoft 365', 'HubSpot'], description: 'Digital physiotherapy programmes.' },
];

export const GLOBAL_PEOPLE: GlobalPerson[] = [
  { id: 'per_1a2b3c', first_name: 'Maya', last_name: 'Patel', job_title: 'VP of Engineering', seniority: 'vp', departments: ['engineering'], company_domain: 'northwind.io', location: { city: 'Austin', region: 'Texas', country: 'United States' }, socialnet_url: 'https://socialnet.example/in/maya-patel', emails: ['maya.patel@northwind.io'], phone_numbers: ['+1 512 555 0142'] },
  { id: 'per_4d5e6f', first_name: 'Tom', last_name: 'Fletcher', job_title: 'Head of Partnerships', seniority: 'director', departments: ['business_development'], company_domain: 'bluefinpay.com', location: { city: 'London', region: 'England', country: 'United Kingdom' }, socialnet_url: 'https://socialnet.example/in/tom-fletcher', emails: ['tom.fletcher@bluefinpay.com', 'tfletcher@gmail.example'], phone_numbers: [] },
  { id: 'per_7g8h9i', first_name: 'Lena', last_name: 'Schmidt', job_title: 'Chief Executive Officer', seniority: 'c_suite', departments: ['executive'], company_domain: 'greenleafhealth.de', location: { city: 'Berlin', region: 'Berlin', country: 'Germany' }, socialnet_url: 'https://socialnet.example/in/lena-schmidt', emails: ['lena@greenleafhealth.de'], phone_numbers: ['+49 30 5555 0199'] },
];

const problem = (status: number, code: string, message: string, headers?: Record<string, string | number>): Reply => reply(status, { error: { code, message } }, headers);

class InvalidInput extends Error {}
const refuse = (message: string): never => {
  throw new InvalidInput(message);
};

function only(body: unknown, allowed: string[], where = 'body'): Record<string, unknown> {
  if (!isObject(body)) return refuse(`${where} must be a JSON object`);
  for (const [k, v] of Object.entries(body)) {
    if (!allowed.includes(k)) refuse(`${where}: unknown field '${k}'`);
    if (typeof v !== 'string' && !['page', 'per_page'].includes(k)) refuse(`${where}: '${k}' must be a string`);
    if (typeof v === 'string' && !v.trim()) refuse(`${where}: '${k}' must not be empty`);
  }
  return body;
}

type PersonInput = { email: string } | { socialnetUrl: string } | { firstName: string; lastName: string; company: string };

/** Exactly one of the three identifying forms; anything else is refused. */
function personInput(body: unknown, where = 'body'): PersonInput {
  const b = only(body, ['email', 'socialnetUrl', 'firstName', 'lastName', 'company'], where);
  const keys = Object.keys(b).sort().join(',');
  if (keys === 'email') {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.email as string)) refuse(`${where}: email is not a valid email address`);
  } else if (keys === 'socialnetUrl') {
    if (!/^https?:\/\/\S+$/.test(b.socialnetUrl as string)) refuse(`${where}: socialnetUrl must be an http(s) URL`);
  } else if (keys !== 'company,firstName,lastName') {
    refuse(`${where}: provide exactly one of {email}, {socialnetUrl} or {firstName, lastName, company}`);
  }
  return b as PersonInput;
}

function companyInput(body: unknown, where = 'body'): { domain: string } | { name: string } {
  const b = only(body, ['domain', 'name'], where);
  const keys = Object.keys(b);
  if (keys.length !== 1) refuse(`${where}: provide exactly one of {domain} or {name}`);
  if (b.domain !== undefined && !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(b.domain as string)) refuse(`${where}: domain is not a valid domain name`);
  return b as { domain: string } | { name: string };
}

function paging(body: Record<string, unknown>): { page: number; perPage: number } {
  const page = body.page ?? 1;
  const perPage = body.per_page ?? 25;
  if (!Number.isInteger(page) || (page as number) < 1) refuse('page must be a positive integer');
  if (!Number.isInteger(perPage) || (perPage as number) < 1 || (perPage as number) > 100) refuse('per_page must be an integer between 1 and 100');
  return { page: page as number, perPage: perPage as number };
}

export async function startEnrichment(options: EnrichmentOptions): Promise<Enrichment> {
  const account = options.account ?? { id: 'acct_9d8c7b', name: 'Hangar Test Workspace', credits_remaining: 10_000 };
  const people = options.people ?? GLOBAL_PEOPLE;
  const companies = options.companies ?? GLOBAL_COMPANIES;
  const companyOf = (domain: string) => companies.find((c) => c.domain === domain);

  const personJson = (p: GlobalPerson) => {
    const c = companyOf(p.company_domain);
    const { company_domain: _d, ...rest } = p;
    return { ...rest, full_name: `${p.first_name} ${p.last_name}`, company: { name: c?.name ?? p.company_domain, domain: p.company_domain, industry: c?.industry ?? null }, industry: c?.industry ?? null };
  };
  const has = (hay: string, needle: string) => hay.toLowerCase().includes(needle.toLowerCase());

  const findPerson = (input: PersonInput): GlobalPerson | undefined =>
    people.find((p) => {
      if ('email' in input) return p.emails.some((e) => e.toLowerCase() === input.email.toLowerCase());
      if ('socialnetUrl' in input) return normalizeUrl(p.socialnet_url) === normalizeUrl(input.socialnetUrl);
      const c = companyOf(p.company_domain);
      return p.first_name.toLowerCase() === input.firstName.toLowerCase() && p.last_name.toLowerCase() === input.lastName.toLowerCase() && (has(c?.name ?? '', input.company) || p.company_domain === input.company.toLowerCase());
    });
  const findCompany = (input: { domain: string } | { name: string }) =>
    companies.find((c) => ('domain' in input ? c.domain === normalizeUrl(input.domain) : c.name.toLowerCase() === input.name.toLowerCase()));

  /** Takes credits for what was found; refuses the whole request when the balance does not cover it. */
  function spend(credits: number): void {
    if (credits > account.credits_remaining) throw Object.assign(new Error('credits'), { credits: true });
    account.credits_remaining -= credits;
  }
  const personCost = (p: GlobalPerson | undefined) => (p ? 1 + (p.phone_numbers.length ? 1 : 0) : 0);

  function route(method: string, path: string, body: unknown, noMatch: boolean): Reply {
    const key = `${method} ${path}`;
    if (key === 'GET /account') return reply(200, { account });
    if (key === 'POST /person') {
      const found = noMatch ? undefined : findPerson(personInput(body));
      spend(personCost(found));
      return reply(200, { person: found ? personJson(found) : null });
    }
    if (key === 'POST /company') {
      const found = noMatch ? undefined : findCompany(companyInput(body));
      spend(found ? 1 : 0);
      return reply(200, { company: found ?? null });
    }
    if (key === 'POST /person/bulk' || key === 'POST /company/bulk') {
      if (!Array.isArray(body)) refuse('body must be a JSON array of inputs');
      const list = body as unknown[];
      if (list.length < 1 || list.length > 100) refuse(`bulk requests take 1 to 100 inputs; got ${list.length}`);
      if (key === 'POST /person/bulk') {
        const inputs = list.map((x, i) => personInput(x, `[${i}]`));
        const found = inputs.map((i) => (noMatch ? undefined : findPerson(i)));
        spend(found.reduce((n, p) => n + personCost(p), 0));
        return reply(200, { results: inputs.map((input, i) => ({ input, person: found[i] ? personJson(found[i]!) : null })) });
      }
      const inputs = list.map((x, i) => companyInput(x, `[${i}]`));
      const found = inputs.map((i) => (noMatch ? undefined : findCompany(i)));
      spend(found.filter(Boolean).length);
      return reply(200, { results: inputs.map((input, i) => ({ input, company: found[i] ?? null })) });
    }
    if (key === 'POST /person/search') {
      const b = only(body ?? {}, ['job_title', 'company', 'location', 'industry', 'page', 'per_page']);
      const { page, perPage } = paging(b);
      const f = b as Record<string, string | undefined>;
      const matched = noMatch
        ? []
        : people.filter((p) => {
            const c = companyOf(p.company_domain);
            return (!f.job_title || has(p.job_title, f.job_title)) && (!f.company || has(c?.name ?? '', f.company) || has(p.company_domain, f.company)) && (!f.location || [p.location.city, p.location.region, p.location.country].some((l) => has(l, f.location!))) && (!f.industry || has(c?.industry ?? '', f.industry));
          });
      const results = matched.slice((page - 1) * perPage, page * perPage);
      spend(results.length);
      return reply(200, { results: results.map(personJson), total: matched.length, page, per_page: perPage });
    }
    if (key === 'POST /company/search') {
      const b = only(body ?? {}, ['industry', 'location', 'name', 'page', 'per_page']);
      const { page, perPage } = paging(b);
      const f = b as Record<string, string | undefined>;
      const matched = noMatch ? [] : companies.filter((c) => (!f.industry || has(c.industry, f.industry)) && (!f.name || has(c.name, f.name)) && (!f.location || [c.location.city, c.location.region, c.location.country].some((l) => has(l, f.location!))));
      const results = matched.slice((page - 1) * perPage, page * perPage);
      spend(results.length);
      return reply(200, { results, total: matched.length, page, per_page: perPage });
    }
    return problem(404, 'not_found', `No route ${key}`);
  }

  const standin = await startStandin({
    handle(req, control) {
      const key = bearer(req.headers);
      if (!key || !options.apiKeys.includes(key)) return problem(401, 'unauthorized', 'Missing or invalid API key');
      const limited = control.take('rate_limited');
      if (limited) {
        const { retryAfter, resetAt } = rateLimitTiming(limited);
        const headers: Record<string, string | number> = { 'x-ratelimit-limit': 300, 'x-ratelimit-remaining': 0, 'x-ratelimit-reset': resetAt };
        if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
        return problem(429, 'rate_limited', 'Too many requests; slow down', headers);
      }
      if (req.bodyInvalid) return problem(400, 'invalid_request', 'The request body is not valid JSON');
      try {
        return route(req.method, req.path, req.body, req.method === 'POST' && !!control.take('no_match'));
      } catch (err) {
        if (err instanceof InvalidInput) return problem(400, 'invalid_request', err.message);
        if ((err as { credits?: boolean }).credits) return problem(402, 'insufficient_credits', `Not enough credits: ${account.credits_remaining} remaining`);
        throw err;
      }
    },
    serverError: (status) => problem(status, 'internal_error', 'Something went wrong on our side'),
  });
  return Object.assign(standin, { account, people, companies });
}
