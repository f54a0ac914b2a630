// One identity provider as openid-client sees it: discovered from its issuer's
// /.well-known/openid-configuration through the guarded fetch, with the client's secret. A sign-in
// discovers afresh, so the JWKS is fetched anew at every callback: a provider that rotated its
// signing key is followed at once, and nothing of one provider is kept in a process's memory.
import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import { HangarError, invalid } from '../../shared/errors.ts';
import { idpFetch, IdpAddressRefused } from './fetch.ts';

export interface IdpOptions {
  /** HANGAR_ALLOW_PRIVATE_ADDRESSES: a provider on the deployment's own network, and plain http. */
  allowPrivate: boolean;
  timeoutMs: number;
}

export interface IdpClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** An issuer as Hangar stores it: an absolute https URL (http only where private addresses are allowed), no query. */
export function checkIssuer(raw: string, options: IdpOptions): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('issuer must be an absolute URL, such as https://login.example.com/.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowPrivate)) {
    throw invalid('issuer must be an https address (plain http only on a deployment that sets HANGAR_ALLOW_PRIVATE_ADDRESSES, for a local provider).');
  }
  if (url.username || url.password || url.search || url.hash) throw invalid('issuer must not carry credentials, a query or a fragment.');
  // Kept as written: discovery compares it with the issuer the provider names itself.
  return raw.trim();
}

/**
 * How long an admin adding or changing a provider waits for its discovery document, whatever
 * HANGAR_PROVIDER_TIMEOUT_MS says: the admin's request is refused within 10 s, the bound of every
 * outbound wait of an admin request, with the rest of the 10 s left for the request's own work.
 */
export const CONFIGURE_WAIT_MS = 8_000;

/** The provider's configuration, discovered now. Throws `IdpFailure` (a HangarError) when it cannot be. */
export async function discover(idp: IdpClient, idpOptions: IdpOptions, when: 'configure' | 'sign-in'): Promise<client.Configuration> {
  const options = when === 'configure' ? { ...idpOptions, timeoutMs: Math.min(idpOptions.timeoutMs, CONFIGURE_WAIT_MS) } : idpOptions;
  const fetch = idpFetch(options);
  const timeout = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  const insecure = idp.issuer.startsWith('http:');
  let discovered: client.Configuration;
  try {
    discovered = await client.discovery(new URL(idp.issuer), idp.clientId, undefined, undefined, {
      [client.customFetch]: fetch,
      timeout,
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
  } catch (err) {
    throw idpFailure(err, idp.issuer, 'discovery', when);
  }
  const server = discovered.serverMetadata();
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((k) => typeof server[k] !== 'string');
  if (missing.length) throw failed(when, `The discovery document of ${idp.issuer} has no ${missing.join(', ')}; it is not an OpenID provider Hangar can sign in with.`);
  // client_secret_basic is the default of OpenID Connect; client_secret_post where only it is offered.
  const methods = server.token_endpoint_auth_methods_supported;
  const auth = !methods || methods.includes('client_secret_basic') ? client.ClientSecretBasic(idp.clientSecret) : client.ClientSecretPost(idp.clientSecret);
  const configuration = new client.Configuration(server, idp.clientId, undefined, auth);
  configuration[client.customFetch] = fetch;
  configuration.timeout = timeout;
  if (insecure) client.allowInsecureRequests(configuration);
  // OpenID Connect lets a client skip the signature of an ID token read from the token endpoint over
  // TLS, and openid-client does unless told: Hangar checks it against the provider's JWKS always.
  client.enableNonRepudiationChecks(configuration);
  return configuration;
}

/**
 * A failure met while talking to a provider, said plainly. While an admin configures the provider
 * it is their input that does not work (400); during a sign-in the provider failing to answer or
 * answering garbage is the contract's upstream error (502), and its refusals are 400s.
 */
export function idpFailure(err: unknown, issuer: string, stage: 'discovery' | 'token' | 'userinfo', when: 'configure' | 'sign-in'): HangarError {
  if (err instanceof HangarError) return err;
  const refused = findCause(err, IdpAddressRefused);
  if (refused) return invalid(`The identity provider's address was refused: ${refused.message}`);
  if (err instanceof client.ResponseBodyError) {
    const detail = `${err.error}${err.error_description ? `: ${err.error_description.slice(0, 200)}` : ''}`;
    return new HangarError(400, 'validation_error', `The identity provider at ${issuer} refused the sign-in (${detail}); check the client id and secret, or sign in again.`, 'third_party');
  }
  if (err instanceof client.WWWAuthenticateChallengeError) {
    // A 401 with a challenge: the provider refused the client's credentials (invalid_client).
    const challenge = err.cause?.[0]?.parameters;
    const detail = challenge?.error ? `${challenge.error}${challenge.error_description ? `: ${challenge.error_description.slice(0, 200)}` : ''}` : `HTTP ${err.status}`;
    return new HangarError(400, 'validation_error', `The identity provider at ${issuer} refused the sign-in (${detail}); check the client id and secret, or sign in again.`, 'third_party');
  }
  if (err instanceof client.AuthorizationResponseError) {
    return new HangarError(400, 'validation_error', `The identity provider at ${issuer} did not sign the person in (${err.error}); sign in again.`, 'third_party');
  }
  const what = stage === 'discovery' ? `its discovery document (${issuer}/.well-known/openid-configuration)` : stage === 'token' ? 'its token endpoint' : 'its userinfo endpoint';
  const code = (err as { code?: string }).code;
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT' || findCause(err, Error, (e) => e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return failed(when, `The identity provider at ${issuer} did not answer in time: ${what} timed out.`);
  }
  if (code === oauth.JSON_ATTRIBUTE_COMPARISON && stage === 'discovery') {
    return failed(when, `The discovery document at ${issuer} names another issuer; the issuer must be written exactly as the provider names itself.`);
  }
  if (code === oauth.RESPONSE_IS_NOT_CONFORM) {
    return failed(when, `The identity provider at ${issuer} answered ${what} with HTTP ${(err as { cause?: Response }).cause?.status ?? 'an error'}.`);
  }
  if (code === oauth.RESPONSE_IS_NOT_JSON || code === oauth.PARSE_ERROR || code === oauth.INVALID_RESPONSE || code === oauth.INVALID_SERVER_METADATA || code === oauth.MISSING_SERVER_METADATA) {
    return failed(when, `The identity provider at ${issuer} answered ${what} with something that is not valid OpenID metadata.`);
  }
  const cause = networkCode(err);
  return failed(when, `The identity provider at ${issuer} could not be reached through ${what}${cause ? ` (${cause})` : ''}.`);
}

/**
 * The code of the network or TLS failure under `err` (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED,
 * UND_ERR_CONNECT_TIMEOUT, …): why the provider could not be reached, for the admin and the log.
 * Only a code's shape is taken, never a message (which could quote what was sent).
 */
export function networkCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{2,60}$/.test(code) && !code.startsWith('OAUTH_')) return code;
    queue.push((e as { cause?: unknown }).cause);
    // A connection that tried several addresses (IPv4 and IPv6) fails with each.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors.slice(0, 4));
  }
  return undefined;
}

/** Failures met before a request left for the provider: whatever it would have used (a code) is unused. */
const BEFORE_SENDING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
export const neverSent = (err: unknown): boolean => findCause(err, IdpAddressRefused) !== undefined || BEFORE_SENDING.has(networkCode(err) ?? '');

function failed(when: 'configure' | 'sign-in', message: string): HangarError {
  return when === 'configure' ? new HangarError(400, 'validation_error', `${message} Nothing was saved.`, 'third_party') : new HangarError(502, 'upstream_error', message, 'third_party');
}

function findCause<T extends Error>(err: unknown, type: abstract new (...args: never[]) => T, test: (e: T) => boolean = () => true): T | undefined {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof type && test(e)) return e;
  }
  return undefined;
}
