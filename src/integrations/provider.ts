// The shape of a provider: everything the generic runtime needs to connect an account, run its
// named tool steps and forward API Calls, declared as data (one file per provider in providers/).
import type { Static, TSchema } from 'typebox';
import { invalid, type HangarError } from '../shared/errors.ts';
import type { ActiveConnection } from './connections.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ProviderId = 'anz_enrichment' | 'enrichment' | 'codehost' | 'analytics' | 'mcp';

/** A request to the provider, relative to one of its base addresses. */
export interface ProviderRequest {
  method: HttpMethod;
  /** Path below the base address, each placeholder already encoded (see `pathOf`). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Which base address (`bases` key); the provider's first when omitted. */
  base?: string;
}

export interface ProviderResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the provider answered JSON, else the text (undefined when empty). */
  body: unknown;
  /** The answer's bytes when they are JSON (UTF-8, within the nesting bound), to pass on as they came. */
  readonly json?: Buffer;
}

/** Sends through the runtime: credentials, quotas, retries and timeouts included. */
export type Send = (request: ProviderRequest) => Promise<ProviderResponse>;

export interface StepDefinition<S extends TSchema = TSchema> {
  /** snake_case; the public id is `<provider>.<id>`. */
  id: string;
  /** As the source document names it: "People Enrichment". */
  name: string;
  description: string;
  input: S;
  /** The one request the step makes… */
  request?: (input: Static<S>) => ProviderRequest;
  /** …or, for steps that need several, the sequence (its last response is the step's). */
  run?: (input: Static<S>, send: Send) => Promise<ProviderResponse>;
  /** True when the answer is the provider's "nothing matched": a success with `matched: false`. */
  noMatch?: (response: ProviderResponse) => boolean;
  /** What the step returns from a successful answer; the body itself when omitted. */
  output?: (response: ProviderResponse, input: Static<S>) => Record<string, unknown>;
  /** Provider credits spent (source §8), from the step's output. */
  credits?: (output: Record<string, unknown>, input: Static<S>) => number;
  /** Step-specific readings of provider errors (e.g. a permission error that needs its own words). */
  errors?: Partial<Record<number, (response: ProviderResponse) => HangarError>>;
  /**
   * …or, for a provider whose server is the connection's own (a remote MCP server), the call made
   * through the runtime's client of that server; its answer is the step's output.
   */
  call?: (input: Static<S>, context: StepContext) => Promise<Record<string, unknown>>;
}

/** The tools of a server a connection names, as the runtime reaches them (remote MCP servers). */
export interface RemoteTools {
  call(connection: ActiveConnection, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export interface StepContext {
  connection: ActiveConnection;
  remote: RemoteTools;
}

/** Declares a step with its input type inferred from its schema. */
export const step = <S extends TSchema>(definition: StepDefinition<S>): StepDefinition => definition as unknown as StepDefinition;

export interface ApiKeyConnect {
  /** What the caller pastes: a provider API key, or the code host's fine-grained access token. */
  authType: 'api_key' | 'access_token';
  /** How to present it on each request. */
  headers: (secret: string) => Record<string, string>;
  /** A cheap request that fails with 401/403 when the key is wrong, and may name the account. */
  check?: { request: ProviderRequest; account?: (response: ProviderResponse) => string | undefined };
}

export interface OAuthConnect {
  /** Which OAuth app settings (HANGAR_<APP>_OAUTH_*) to use. */
  app: 'codehost' | 'analytics';
  scopes: string[];
  /** Extra authorization parameters, e.g. asking for a refresh token. */
  authorizeParams?: Record<string, string>;
  /** How to name the signed-in account, which tells one connection of the provider from another. */
  account: { userinfo: (claims: Record<string, unknown>) => string | undefined } | { request: ProviderRequest; read: (response: ProviderResponse) => string | undefined };
}

/**
 * A provider whose server the caller names with each connection (a remote MCP server): the address
 * comes with the connection, the address guard applies to it, and its tools are listed from it.
 */
export interface RemoteConnect {
  authTypes: Array<'headers' | 'none' | 'oauth'>;
}

export interface QuotaDefinition {
  /** Public name, also the key of HANGAR_QUOTA_OVERRIDES: `<provider>.<name>`. */
  name: string;
  points: number;
  durationSeconds: number;
  /** `requests`: one per request; `tokens`: what the provider reports having charged; `concurrency`: held while in flight. */
  kind: 'requests' | 'tokens' | 'concurrency';
  /** The counter a request spends, or undefined when the quota does not apply to it. */
  key: (connectionId: string, request: ProviderRequest) => string | undefined;
}

/** One repository as the trigger form suggests it. */
export interface RepositorySuggestion {
  /** owner/name */
  full_name: string;
  private: boolean;
  /** Whether the connection administers it, which a trigger's webhook needs. */
  admin: boolean;
}

/**
 * How a provider lists the repositories a connection sees (the trigger form's suggestions): one
 * request read page by page while the provider names a next page, up to `maxPages` — a suggestion
 * list, not an inventory.
 */
export interface RepositoryListing {
  /** The first page's request. */
  request: ProviderRequest;
  /** The query field that carries the page number (from 1), set in its place in `request.query`. */
  page: string;
  /** Pages read at most; more than that answers `truncated`. */
  maxPages: number;
  /** The suggestions in one page's answer. */
  read: (response: ProviderResponse) => RepositorySuggestion[];
  /** Whether the provider has a page after this one. */
  more: (response: ProviderResponse) => boolean;
}

export interface ProviderDefinition {
  id: ProviderId;
  name: string;
  description: string;
  /** Words the tool-step search matches. */
  kindWords: string[];
  beta: boolean;
  /**
   * The provider's mark on its card: letters on a colour (white text, at least 4.5:1 against it).
   * Drawn by the dashboard itself: the CSP loads no image from elsewhere, and no provider's logo is ours to ship.
   */
  mark: { letters: string; colour: string };
  /** Base addresses by name → the deployment setting that holds each (config.providers.baseUrls). */
  bases: Record<string, string>;
  /**
   * `test`: the cheap request a connection's Test makes where neither the key's check nor the
   * account's request serves (an OAuth account named from its ID token).
   */
  connect: { apiKey?: ApiKeyConnect; oauth?: OAuthConnect; remote?: RemoteConnect; test?: ProviderRequest };
  /** Sent on every request (before credentials, which always win). */
  headers?: Record<string, string>;
  apiCall: {
    methods: HttpMethod[];
    /** Headers the caller must set, with the message that explains why. */
    requiredHeaders?: Array<{ name: string; value: string; message: string }>;
    /** Which base an endpoint goes to; the first when omitted. */
    baseFor?: (path: string) => string;
  };
  /** Whether an answer other than 429 means "rate limit exhausted" (the code host's 403). */
  rateLimited?: (response: ProviderResponse) => boolean;
  quotas?: QuotaDefinition[];
  /** Tokens a request was charged, for `tokens` quotas. */
  tokensCharged?: (response: ProviderResponse, quota: QuotaDefinition) => number | undefined;
  steps: StepDefinition[];
  /** Declared by a provider that hosts repositories; the others answer that listing them is not theirs. */
  repositories?: RepositoryListing;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * One path segment, percent-encoded. Text with a lone UTF-16 surrogate has no UTF-8 form (and
 * encodeURIComponent throws on it): that is the caller's input to fix, a 400 naming the field.
 */
export function segment(value: unknown, name: string): string {
  const text = String(value);
  if (LONE_SURROGATE.test(text)) throw invalid(`inputs.${name} is not valid text (it holds a lone UTF-16 surrogate).`);
  return encodeURIComponent(text);
}

/** The address of the next page that an answer's Link header (RFC 8288) names: how the code host pages its lists. */
export function nextPageLink(response: ProviderResponse): string | undefined {
  return /<([^>]+)>\s*;\s*rel="next"/.exec(response.headers.link ?? '')?.[1];
}

/** `/repos/{owner}/{repo}` with each placeholder percent-encoded as one path segment. */
export function pathOf(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => segment(values[name], name));
}

/** Copies the named fields that are set, e.g. a body from step inputs. */
export function pick<T extends object>(input: T, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if ((input as Record<string, unknown>)[k] !== undefined) out[k] = (input as Record<string, unknown>)[k];
  return out;
}
