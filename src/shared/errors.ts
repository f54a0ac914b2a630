// The error classes of the contract (api.md §1). Domain code throws these; the HTTP layer only
// renders them, so the same rules hold for the CLI and the worker.
export type ErrorType =
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'wrong_region'
  | 'rate_limited'
  | 'upstream_error'
  | 'connection_removed'
  | 'request_timeout'
  | 'internal_error'
  | 'service_unavailable';

export type ErrorAudience = 'user' | 'third_party' | 'platform';

export class HangarError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly audience: ErrorAudience = 'user',
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new HangarError(400, 'validation_error', message);
export const unauthorized = (message: string) => new HangarError(401, 'unauthorized', message);
export const forbidden = (message: string) => new HangarError(403, 'forbidden', message);
export const notFound = (message: string) => new HangarError(404, 'not_found', message);
export const conflict = (message: string) => new HangarError(409, 'conflict', message);

/**
 * A feature of the hosted platform that this deployment does not offer (hosted-compat.md §7): a 404
 * (the contract allows no 5xx of ours) whose message names the feature.
 */
export const notAvailable = (feature: string, verb: 'is' | 'are' = 'is') => notFound(`${feature} ${verb} not available on this deployment.`);
