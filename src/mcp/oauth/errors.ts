// The errors of the OAuth protocol endpoints (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1):
// a HangarError, so the contract's body holds, that also carries the RFC's `error` code, which the
// routes render beside `error_description`.
import { HangarError, type ErrorType } from '../../shared/errors.ts';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  | 'invalid_target'
  | 'invalid_scope'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

const TYPES: Record<number, ErrorType> = { 400: 'validation_error', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

export class OAuthError extends HangarError {
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
    status = code === 'invalid_client' ? 401 : 400,
  ) {
    super(status, TYPES[status] ?? 'validation_error', message);
  }
}

export const oauthError = (code: OAuthErrorCode, message: string, status?: number) => new OAuthError(code, message, status);
