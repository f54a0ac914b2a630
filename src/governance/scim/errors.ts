// SCIM's own error form (RFC 7644 §3.12): identity providers parse `status` and `scimType`, so the
// /scim/v2 routes answer in it rather than in the contract's `{message, error_type}`.
import { HangarError } from '../../shared/errors.ts';

export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers' | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | undefined,
    detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }
}

export const scimInvalid = (scimType: ScimType, detail: string) => new ScimError(400, scimType, detail);
export const scimNotFound = (what: string) => new ScimError(404, undefined, `${what} was not found.`);

export interface ScimErrorBody {
  schemas: string[];
  status: string;
  scimType?: ScimType;
  detail: string;
}

export function scimErrorBody(error: ScimError): ScimErrorBody {
  return { schemas: [ERROR_SCHEMA], status: String(error.status), ...(error.scimType ? { scimType: error.scimType } : {}), detail: error.message };
}

/**
 * A contract error raised by shared code in SCIM's form: the request's parsing (a 400 there is a body
 * that is not JSON, nested too deep or holding NUL), the failed-authentication budget, rate limits.
 */
export function fromHangarError(error: HangarError): ScimError {
  const scimType: ScimType | undefined = error.status === 400 ? 'invalidSyntax' : error.status === 409 ? 'uniqueness' : undefined;
  return new ScimError(error.status, scimType, error.message, error.retryAfterSeconds);
}
