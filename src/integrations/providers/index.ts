// The provider catalogue: every provider Hangar integrates, each declared in its own file.
import type { ProviderDefinition, ProviderId, StepDefinition } from '../provider.ts';
import { analytics } from './analytics.ts';
import { anzEnrichment } from './anz-enrichment.ts';
import { codehost } from './codehost.ts';
import { enrichment } from './enrichment.ts';
import { mcp } from './mcp.ts';

export const PROVIDERS: readonly ProviderDefinition[] = [anzEnrichment, enrichment, codehost, analytics, mcp];

const byId = new Map(PROVIDERS.map((p) => [p.id, p]));
const stepsById = new Map<string, { provider: ProviderDefinition; step: StepDefinition }>(PROVIDERS.flatMap((p) => p.steps.map((s) => [`${p.id}.${s.id}`, { provider: p, step: s }] as const)));

export const providerIds = PROVIDERS.map((p) => p.id);

export function findProvider(id: string): ProviderDefinition | undefined {
  return byId.get(id as ProviderId);
}

export function findStep(id: string): { provider: ProviderDefinition; step: StepDefinition } | undefined {
  return stepsById.get(id);
}
