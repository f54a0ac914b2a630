// The repositories a connection sees, for the trigger form's suggestions: the listing its provider
// declares (`ProviderDefinition.repositories`), read page by page within the declared bound.
import type { ProviderDefinition, RepositoryListing, RepositorySuggestion, Send } from './provider.ts';
import { stepError } from './runtime.ts';

export async function listRepositories(provider: ProviderDefinition, listing: RepositoryListing, send: Send) {
  const results: RepositorySuggestion[] = [];
  let truncated = false;
  for (let page = 1; page <= listing.maxPages; page++) {
    // Spread, then set: the page field keeps its place in the declared query.
    const response = await send({ ...listing.request, query: { ...listing.request.query, [listing.page]: page } });
    if (response.status >= 300) throw stepError(provider, response);
    results.push(...listing.read(response));
    if (!listing.more(response)) break;
    truncated = page === listing.maxPages;
  }
  return { results, truncated };
}
