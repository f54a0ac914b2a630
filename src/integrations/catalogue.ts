// The catalogue of providers and the tool-step search bar, read straight from the provider files.
import { PROVIDERS } from './providers/index.ts';
import type { ProviderDefinition } from './provider.ts';

function authTypes(p: ProviderDefinition): string[] {
  return [...(p.connect.apiKey ? [p.connect.apiKey.authType] : []), ...(p.connect.oauth ? ['oauth'] : []), ...(p.connect.remote?.authTypes ?? [])];
}

const stepEntry = (p: ProviderDefinition) => (s: ProviderDefinition['steps'][number]) => ({
  step: `${p.id}.${s.id}`,
  name: s.name,
  description: s.description,
  provider: p.id,
  provider_name: p.name,
  beta: p.beta,
  input_schema: s.input as unknown as Record<string, unknown>,
});

export function providerCatalogue() {
  return {
    results: PROVIDERS.map((p) => ({
      provider: p.id,
      name: p.name,
      description: p.description,
      kind_words: p.kindWords,
      beta: p.beta,
      mark: p.mark,
      auth_types: authTypes(p),
      api_call: {
        methods: p.apiCall.methods,
        required_headers: (p.apiCall.requiredHeaders ?? []).map((h) => ({ name: h.name, value: h.value })),
      },
      steps: p.steps.map(stepEntry(p)),
    })),
  };
}

/**
 * What the tool-step search bar shows for a query: every step of a provider whose kind words match
 * it, and every step whose name or id does. Each word of the query must match somewhere.
 */
export function searchSteps(query: string | undefined) {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const results = PROVIDERS.flatMap((p) =>
    p.steps
      .filter((s) => {
        const haystack = [...p.kindWords, p.id, p.name, s.name, s.id, `${p.id}.${s.id}`].join(' ').toLowerCase();
        return words.every((w) => haystack.includes(w));
      })
      .map(stepEntry(p)),
  );
  return { results };
}
