// The ANZ-market enrichment provider: person and company enrichment and people search, keyed by an
// `x-api-key` header. Identifiers are matched like the provider does (emails case-insensitively,
// profile URLs without scheme, `www.` or trailing slash, ABNs as 11 digits); no match is its 404.
import { isObject, normalizeUrl, rateLimitTiming, reply, startStandin, type Incoming, type Reply, type Standin } from './base.ts';

export interface AnzCompany {
  name: string;
  domain: string;
  abn: string;
  size: string;
  industry: string;
  location: { city: string; state: string; country: string };
  employee_count: number;
  technologies: string[];
  founded_year: number;
  revenue_range: string;
  socialnet_url?: string;
}

export interface AnzPerson {
  full_name: string;
  first_name: string;
  last_name: string;
  emails: string[];
  phone_numbers: string[];
  job_title: string;
  seniority: string;
  department: string;
  /** The company's domain (its record in `companies` supplies the rest). */
  company_domain: string;
  location: { city: string; state: string; country: string };
  socialnet_url: string;
}

export interface AnzOptions {
  apiKeys: string[];
  people?: AnzPerson[];
  companies?: AnzCompany[];
}

export interface AnzEnrichment extends Standin {
  people: AnzPerson[];
  companies: AnzCompany[];
}

export const ANZ_COMPANIES: AnzCompany[] = [
  { name: 'Koala Logistics Pty Ltd', domain: 'koalalogistics.com.au', abn: '51824753556', size: '51-200', industry: 'Transportation & Logistics', location: { city: 'Sydney', state: 'NSW', country: 'Australia' }, employee_count: 140, technologies: ['Salesforce', 'AWS', 'HubSpot'], founded_year: 2011, revenue_range: '$10M-$50M', socialnet_url: 'https://socialnet.example/company/koala-logistics' },
  { name: 'Southern Cross Software', domain: 'southerncross.io', abn: '33102417032', size: '11-50', industry: 'Computer Software', location: { city: 'Melbourne', state: 'VIC', country: 'Australia' }, employee_count: 38, technologies: ['Google Workspace', 'GitHub', 'Stripe'], founded_year: 2018, revenue_range: '$1M-$10M', socialnet_url: 'https://socialnet.example/company/southern-cross-software' },
  { name: 'Kiwi Health Ltd', domain: 'kiwihealth.co.nz', abn: '74599608295', size: '201-500', industry: 'Hospital & Health Care', location: { city: 'Auckland', state: 'Auckland', country: 'New Zealand' }, employee_count: 310, technologies: ['Microsoft 365', 'Azure'], founded_year: 2005, revenue_range: '$50M-$100M', socialnet_url: 'https://socialnet.example/company/kiwi-health' },
];

export const ANZ_PEOPLE: AnzPerson[] = [
  { full_name: 'Charlotte Nguyen', first_name: 'Charlotte', last_name: 'Nguyen', emails: ['charlotte.nguyen@koalalogistics.com.au'], phone_numbers: ['+61 2 9012 3456', '+61 412 345 678'], job_title: 'Head of Operations', seniority: 'director', department: 'operations', company_domain: 'koalalogistics.com.au', location: { city: 'Sydney', state: 'NSW', country: 'Australia' }, socialnet_url: 'https://socialnet.example/in/charlotte-nguyen' },
  { full_name: 'Liam O\u2019Connor', first_name: 'Liam', last_name: 'O\u2019Connor', emails: ['liam@southerncross.io'], phone_numbers: ['+61 3 9123 4567'], job_title: 'Chief Technology Officer', seniority: 'c_suite', department: 'engineering', company_domain: 'southerncross.io', location: { city: 'Melbourne', state: 'VIC', country: 'Australia' }, socialnet_url: 'https://socialnet.example/in/liam-oconnor' },
  { full_name: 'Aroha Williams', first_name: 'Aroha', last_name: 'Williams', emails: ['aroha.williams@kiwihealth.co.nz'], phone_numbers: [], job_title: 'Marketing Manager', seniority: 'manager', department: 'marketing', company_domain: 'kiwihealth.co.nz', location: { city: 'Auckland', state: 'Auckland', country: 'New Zealand' }, socialnet_url: 'https://socialnet.example/in/aroha-williams' },
  { full_name: 'Jack Thompson', first_name: 'Jack', last_name: 'Thompson', emails: ['jack.thompson@koalalogistics.com.au'], phone_numbers: ['+61 413 222 111'], job_title: 'Sales Executive', seniority: 'senior', department: 'sales', company_domain: 'koalalogistics.com.au', location: { city: 'Brisbane', state: 'QLD', country: 'Australia' }, socialnet_url: 'https://socialnet.example/in/jack-thompson' },
];

const badRequest = (message: string) => reply(400, { error: 'invalid_request', message });
const notFound = (message: string) => reply(404, { error: 'not_found', message });

const domainOf = (value: string) => normalizeUrl(value).split('/')[0];

function strings(body: Record<string, unknown>, allowed: string[]): Reply | undefined {
  for (const [k, v] of Object.entries(body)) {
    if (!allowed.includes(k)) return badRequest(`Unknown field '${k}'. Allowed fields: ${allowed.join(', ')}`);
    if (typeof v !== 'string' || !v.trim()) return badRequest(`Field '${k}' must be a non-empty string`);
  }
  return undefined;
}

function isUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export async function startAnzEnrichment(options: AnzOptions): Promise<AnzEnrichment> {
  const people = options.people ?? ANZ_PEOPLE;
  const companies = options.companies ?? ANZ_COMPANIES;
  const companyOf = (domain: string) => companies.find((c) => c.domain === domain);
  const personJson = (p: AnzPerson) => {
    const c = companyOf(p.company_domain);
    const { company_domain: _d, ...rest } = p;
    return { ...rest, company: { name: c?.name ?? p.company_domain, domain: p.company_domain, abn: c?.abn ?? null } };
  };
  const companyJson = (c: AnzCompany) => ({ name: c.name, domain: c.domain, abn: c.abn, size: c.size, industry: c.industry, location: c.location, employee_count: c.employee_count, technologies: c.technologies, founded_year: c.founded_year, revenue_range: c.revenue_range });

  function enrichPerson(body: Record<string, unknown>, noMatch: boolean): Reply {
    const invalid = strings(body, ['socialnet_url', 'email', 'socialnet_slug']);
    if (invalid) return invalid;
    const { socialnet_url, email, socialnet_slug } = body as Record<string, string | undefined>;
    if (!socialnet_url && !email && !socialnet_slug) return badRequest('Provide at least one of socialnet_url, email or socialnet_slug');
    if (socialnet_url && !isUrl(socialnet_url)) return badRequest('socialnet_url must be an http(s) URL');
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return badRequest('email is not a valid email address');
    if (socialnet_slug && !/^[A-Za-z0-9_-]+$/.test(socialnet_slug)) return badRequest('socialnet_slug may contain only letters, digits, - and _');
    const found = noMatch
      ? undefined
      : people.find(
          (p) =>
            (email && p.emails.some((e) => e.toLowerCase() === email.toLowerCase())) ||
            (socialnet_url && normalizeUrl(p.socialnet_url) === normalizeUrl(socialnet_url)) ||
            (socialnet_slug && normalizeUrl(p.socialnet_url).split('/').pop() === socialnet_slug.toLowerCase()),
        );
    return found ? reply(200, { person: personJson(found) }) : notFound('No person matched');
  }

  function enrichCompany(body: Record<string, unknown>, noMatch: boolean): Reply {
    const invalid = strings(body, ['domain', 'socialnet_url', 'abn', 'website']);
    if (invalid) return invalid;
    const { domain, socialnet_url, abn, website } = body as Record<string, string | undefined>;
    if (!domain && !socialnet_url && !abn && !website) return badRequest('Provide at least one of domain, socialnet_url, abn or website');
    if (abn !== undefined && !/^\d{11}$/.test(abn)) return badRequest('abn must be exactly 11 digits');
    if (website && !isUrl(website)) return badRequest('website must be an http(s) URL');
    if (socialnet_url && !isUrl(socialnet_url)) return badRequest('socialnet_url must be an http(s) URL');
    if (domain && !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domain)) return badRequest('domain is not a valid domain name');
    const found = noMatch
      ? undefined
      : companies.find(
          (c) =>
            (abn && c.abn === abn) ||
            (domain && c.domain === domainOf(domain)) ||
            (website && c.domain === domainOf(website)) ||
            (socialnet_url && c.socialnet_url && normalizeUrl(c.socialnet_url) === normalizeUrl(socialnet_url)),
        );
    return found ? reply(200, { company: companyJson(found) }) : notFound('No company matched');
  }

  function searchPeople(body: Record<string, unknown>, noMatch: boolean): Reply {
    const filters = ['company', 'position', 'seniority', 'department', 'location', 'company_size'];
    const { page = 1, per_page = 10, ...rest } = body;
    const invalid = strings(rest, filters);
    if (invalid) return invalid;
    if (!Object.keys(rest).length) return badRequest(`Provide at least one filter: ${filters.join(', ')}`);
    if (!Number.isInteger(page) || (page as number) < 1) return badRequest('page must be a positive integer');
    if (!Number.isInteger(per_page) || (per_page as number) < 1 || (per_page as number) > 100) return badRequest('per_page must be an integer between 1 and 100');
    const f = rest as Record<string, string | undefined>;
    const has = (hay: string, needle: string) => hay.toLowerCase().includes(needle.toLowerCase());
    const matched = noMatch
      ? []
      : people.filter((p) => {
          const c = companyOf(p.company_domain);
          return (
            (!f.company || has(c?.name ?? '', f.company) || has(p.company_domain, f.company)) &&
            (!f.position || has(p.job_title, f.position)) &&
            (!f.seniority || p.seniority.toLowerCase() === f.seniority.toLowerCase()) &&
            (!f.department || p.department.toLowerCase() === f.department.toLowerCase()) &&
            (!f.location || [p.location.city, p.location.state, p.location.country].some((l) => has(l, f.location!))) &&
            (!f.company_size || c?.size === f.company_size)
          );
        });
    const start = ((page as number) - 1) * (per_page as number);
    return reply(200, { results: matched.slice(start, start + (per_page as number)).map(personJson), total: matched.length, page, per_page });
  }

  const standin = await startStandin({
    handle(req: Incoming, control) {
      const key = req.headers['x-api-key'];
      if (!key || !options.apiKeys.includes(key)) return reply(401, { error: 'invalid_api_key', message: 'The API key is missing or invalid' });
      const limited = control.take('rate_limited');
      if (limited) {
        const { retryAfter, resetAt } = rateLimitTiming(limited);
        const headers: Record<string, string | number> = { 'x-ratelimit-limit': 600, 'x-ratelimit-remaining': 0, 'x-ratelimit-reset': resetAt };
        if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
        return reply(429, { error: 'rate_limited', message: 'Rate limit exceeded. Retry after the reset time.' }, headers);
      }
      const route = `${req.method} ${req.path}`;
      const handlers: Record<string, (b: Record<string, unknown>, n: boolean) => Reply> = { 'POST /enrich/person': enrichPerson, 'POST /enrich/company': enrichCompany, 'POST /search/people': searchPeople };
      const handler = handlers[route];
      if (!handler) return reply(404, { error: 'not_found', message: `No route ${route}` });
      if (req.bodyInvalid || !isObject(req.body)) return badRequest('The request body must be a JSON object');
      return handler(req.body, !!control.take('no_match'));
    },
    serverError: (status) => reply(status, { error: 'internal_error', message: 'An unexpected error occurred' }),
  });
  return Object.assign(standin, { people, companies });
}
