// The code-host repositories a connection can see (GET /user/repos: owned, collaborating and through
// its organizations), for the trigger form's suggestions. Most recently pushed first.
import type { ProviderDefinition, Send } from './provider.ts';
import { stepError } from './runtime.ts';

/** Pages of 100 read at most: a suggestion list, not an inventory. */
const MAX_PAGES = 3;

interface RemoteRepository {
  full_name: string;
  private: boolean;
  permissions?: { admin?: boolean };
}

export async function listRepositories(provider: ProviderDefinition, send: Send) {
  const results: Array<{ full_name: string; private: boolean; admin: boolean }> = [];
  let truncated = false;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await send({ method: 'GET', path: '/user/repos', query: { per_page: 100, page, sort: 'pushed' } });
    if (response.status >= 300) throw stepError(provider, response);
    for (const r of (Array.isArray(response.body) ? response.body : []) as RemoteRepository[]) results.push({ full_name: r.full_name, private: r.private, admin: r.permissions?.admin === true });
    const more = /rel="next"/.test(response.headers.link ?? '');
    if (!more) break;
    truncated = page === MAX_PAGES;
  }
  return { results, truncated };
}
