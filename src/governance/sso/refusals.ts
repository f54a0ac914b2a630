// Why a single sign-on did not complete, as one word of a fixed list. A browser is sent back to the
// sign-in page with only this word (`?sso_error=<code>`), which the page turns into its own message:
// a link anyone can craft must not be able to make Hangar's page say what they wrote. The detailed
// reason stays in the error (for API clients) and the server's log.
import { isDatabaseUnavailable } from '../../db/faults.ts';
import { HangarError } from '../../shared/errors.ts';

export const SSO_ERROR_CODES = [
  /** The request to start or finish a sign-in is malformed. */
  'invalid_request',
  /** The callback names no sign-in Hangar started, or one already completed. */
  'unknown_sign_in',
  'expired',
  /** The callback came to another browser than the one that started the sign-in. */
  'wrong_browser',
  'unknown_provider',
  /** No provider signs in addresses of the email's domain. */
  'no_provider',
  /** The provider said no (access denied, the client's credentials refused). */
  'idp_refused',
  /** The provider did not answer, in time or at all, or answered something that is not OpenID. */
  'idp_unreachable',
  /** The ID token was refused (signature, issuer, audience, nonce, expiry). */
  'token_invalid',
  /** The token was valid but a claim is not one Hangar can take (an email that is not an address, a subject with control characters). */
  'idp_invalid_claims',
  'email_missing',
  'email_unverified',
  /** The person is not one the provider may sign in to this organization. */
  'not_allowed',
  'account_deactivated',
  /** The account is already linked to another account of the same provider. */
  'identity_conflict',
  /** Two sign-ins of the same person met; the next attempt works. */
  'retry',
  'rate_limited',
  /** Hangar's database is unavailable for a moment (restarting, failing over); the same sign-in works again soon. */
  'unavailable',
  'internal',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** A HangarError that also says which of the codes it is. */
export class SsoRefusal extends HangarError {
  constructor(
    readonly reason: SsoErrorCode,
    error: HangarError,
  ) {
    super(error.status, error.type, error.message, error.audience, error.retryAfterSeconds);
  }
}

export const refusal = (reason: SsoErrorCode, error: HangarError) => new SsoRefusal(reason, error);

/** The code of any failure of the start or the callback: its own where it has one, else by its class. */
export function ssoErrorCode(error: unknown): SsoErrorCode {
  if (error instanceof SsoRefusal) return error.reason;
  if ((error as { validation?: unknown }).validation) return 'invalid_request';
  if (isDatabaseUnavailable(error)) return 'unavailable';
  if (!(error instanceof HangarError)) return 'internal';
  if (error.status === 503) return 'unavailable';
  if (error.status === 502) return 'idp_unreachable';
  if (error.status === 429) return 'rate_limited';
  if (error.status >= 500) return 'internal';
  if (error.audience === 'third_party') return 'idp_refused';
  if (error.status === 403) return 'not_allowed';
  return 'invalid_request';
}
