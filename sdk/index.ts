// Hangar's TypeScript client: openapi-fetch over the types generated from Hangar's own OpenAPI
// document (schema.d.ts, `npm run sdk:generate`). It picks the base address from the key's region
// prefix (sk-<region>-…), retries 429s honouring Retry-After, raises the API's error as a typed
// HangarApiError, and walks cursor pages as an async iterator.
//
//   const hangar = createHangar({ apiKey, projectId, baseUrls: { us: 'https://hangar.example' } });
//   const me = await hangar.unwrap(hangar.client.GET('/latest/auth/info'));
//   for await (const user of hangar.pages((cursor) => hangar.client.POST('/latest/auth/users/list', { body: { cursor } }))) …
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.d.ts';

export type { paths };
export const REGIONS = ['au', 'eu', 'us'] as const;
export type Region = (typeof REGIONS)[number];

/** An answer of the API that is not a success: its status and the contract's error body. */
export class HangarApiError extends Error {
  constructor(
    readonly status: number,
    /** `validation_error`, `unauthorized`, `forbidden`, `not_found`, `conflict`, `rate_limited`, … */
    readonly errorType: string,
    /** `user` (fix the request) or `third_party` (a provider's doing). */
    readonly errorAudience: string,
    message: string,
    readonly requestId: string | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
    this.name = 'HangarApiError';
  }
}

/** No answer at all: the address is wrong or the server is down. */
export class HangarUnreachableError extends Error {
  constructor(readonly baseUrl: string, cause: unknown) {
    const why = (cause as { cause?: { code?: string; message?: string } })?.cause;
    super(`cannot reach Hangar at ${baseUrl}: ${why?.code ?? why?.message ?? (cause as Error)?.message ?? String(cause)}`);
    this.name = 'HangarUnreachableError';
  }
}

export function regionOf(apiKey: string): Region | undefined {
  const m = /^sk-(au|eu|us)-/.exec(apiKey);
  return m ? (m[1] as Region) : undefined;
}

export interface HangarOptions {
  apiKey: string;
  /** The project the calls act on; account-level calls ignore it. */
  projectId?: string;
  /** This address whatever the key's region. */
  baseUrl?: string;
  /** Each region's base address; the key's prefix picks one. */
  baseUrls?: Partial<Record<Region, string>>;
  /** Times a 429 is retried (after its Retry-After) before it is raised. Default 3. */
  maxRetries?: number;
  /** Longest single wait for a Retry-After, in ms. Default 60 000. */
  maxRetryWaitMs?: number;
  fetch?: typeof globalThis.fetch;
}

export interface Page<T> {
  results: T[];
  next_cursor?: string | null;
}

export interface Hangar {
  baseUrl: string;
  client: Client<paths>;
  /** The data of an openapi-fetch result, or its error raised as HangarApiError. */
  unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
  /** Every item of a cursor-paged list, fetching pages as the iteration reaches them. */
  pages<T>(page: (cursor: string | undefined) => Promise<{ data?: Page<T>; error?: unknown; response: Response }>): AsyncGenerator<T>;
}

export function baseUrlFor(options: Pick<HangarOptions, 'apiKey' | 'baseUrl' | 'baseUrls'>): string {
  if (options.baseUrl) return options.baseUrl.replace(/\/$/, '');
  const region = regionOf(options.apiKey);
  if (!region) throw new Error('the API key is not a Hangar key (sk-<region>-…)');
  const base = options.baseUrls?.[region];
  if (!base) throw new Error(`no base address for the ${region.toUpperCase()} region of this key: pass baseUrl, or baseUrls.${region}`);
  return base.replace(/\/$/, '');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** fetch, retrying a 429 after its Retry-After (seconds or a date; 1 s when absent). */
function retrying(fetchImpl: typeof globalThis.fetch, baseUrl: string, maxRetries: number, maxWaitMs: number): typeof globalThis.fetch {
  return async (input, init) => {
    // Each attempt sends a copy: a request's body can be read once.
    const original = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(original.clone());
      } catch (err) {
        throw new HangarUnreachableError(baseUrl, err);
      }
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const header = response.headers.get('retry-after');
      const seconds = header === null ? 1 : Number.isFinite(Number(header)) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
      const wait = Math.max(0, Math.min(maxWaitMs, Number.isFinite(seconds) ? seconds * 1000 : 1000));
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}

async function raise(error: unknown, response: Response): Promise<never> {
  const body = (error ?? {}) as { message?: string; error_type?: string; error_audience?: string };
  const retryAfter = response.headers.get('retry-after');
  throw new HangarApiError(
    response.status,
    body.error_type ?? 'unknown',
    body.error_audience ?? 'user',
    body.message ?? (typeof error === 'string' && error ? error : `HTTP ${response.status}`),
    response.headers.get('x-request-id') ?? undefined,
    retryAfter === null || !Number.isFinite(Number(retryAfter)) ? undefined : Number(retryAfter),
  );
}

export function createHangar(options: HangarOptions): Hangar {
  const baseUrl = baseUrlFor(options);
  const client = createClient<paths>({
    baseUrl,
    fetch: retrying(options.fetch ?? globalThis.fetch, baseUrl, options.maxRetries ?? 3, options.maxRetryWaitMs ?? 60_000),
    headers: { authorization: `Bearer ${options.projectId ?? ''}:${options.apiKey}` },
  });
  const unwrap: Hangar['unwrap'] = async (call) => {
    const { data, error, response } = await call;
    if (!response.ok) return raise(error, response);
    return data as never;
  };
  return {
    baseUrl,
    client,
    unwrap,
    async *pages(page) {
      let cursor: string | undefined;
      do {
        const { results, next_cursor } = await unwrap(page(cursor));
        yield* results;
        cursor = next_cursor ?? undefined;
      } while (cursor);
    },
  };
}
