// Renders every failure as the contract's error body. Validation messages name the field with a
// dotted path (`permissions.items.platformDefault.actions.foo`) so the caller knows what to fix.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isDatabaseUnavailable } from '../db/faults.ts';
import type { OutageLog } from '../db/faults.ts';
import { HangarError, type ErrorType } from '../shared/errors.ts';
import { validationMessage } from '../shared/validation.ts';
import type { ErrorObject } from 'ajv';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    error_type: Type.String(),
    error_audience: Type.Union([Type.Literal('user'), Type.Literal('third_party'), Type.Literal('platform')]),
  },
  { $id: 'Error', description: 'Every error has this body and an x-request-id header.' },
);

const STATUS_TYPES: Record<number, ErrorType> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'validation_error',
  429: 'rate_limited',
};

export function send(reply: FastifyReply, error: HangarError) {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).send({ message: error.message, error_type: error.type, error_audience: error.audience });
}

/** Seconds a client is told to wait before retrying while the database is unavailable. */
const OUTAGE_RETRY_AFTER_SECONDS = 2;

export const serviceUnavailable = () =>
  new HangarError(503, 'service_unavailable', "Hangar's database is unavailable for a moment (restarting, failing over or unreachable); retry after the Retry-After seconds.", 'platform', OUTAGE_RETRY_AFTER_SECONDS);

/**
 * Class 40 (a deadlock or serialization failure): two changes to the same rows met; the database
 * rolled this one back whole, so nothing was half-done and the same request may simply be sent again.
 * Not an outage (isDatabaseUnavailable also lists these SQLSTATEs, for background work's retries), so
 * checked before it. The SCIM routes answer it too, in their own error form.
 */
export function concurrentChangeRolledBack(error: unknown): HangarError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^40(P01|001)$/.test(code)) return undefined;
  return new HangarError(503, 'service_unavailable', 'Another change to the same records ran at the same moment and this one was rolled back; nothing was changed. Send it again.', 'platform', 1);
}

/** encodeURIComponent of text with a lone UTF-16 surrogate: the caller's text, not our bug. */
export function invalidText(error: unknown): HangarError | undefined {
  return error instanceof URIError ? new HangarError(400, 'validation_error', 'A value in the request is not valid text (it holds a lone UTF-16 surrogate).') : undefined;
}

/** Renders every failure; one caused by the database being unavailable is a 503, counted in `outage` (logged once per outage). */
export const errorHandler = (outage: OutageLog) => (error: FastifyError | HangarError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof HangarError) return send(reply, error);
  const concurrent = concurrentChangeRolledBack(error);
  if (concurrent) {
    request.log.warn({ err: error }, 'concurrent change rolled back');
    return send(reply, concurrent);
  }
  if (isDatabaseUnavailable(error)) {
    outage.failed(error, 'request(s) answered 503');
    return send(reply, serviceUnavailable());
  }
  const fe = error as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
  if (fe.validation?.length) return send(reply, new HangarError(400, 'validation_error', validationMessage(fe.validationContext === 'body' ? '' : (fe.validationContext ?? ''), fe.validation)));
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return send(reply, new HangarError(413, 'payload_too_large', `The body is larger than this server accepts (${request.server.initialConfig.bodyLimit} bytes).`));
  }
  // A value PostgreSQL cannot take (class 22: data exception) is the caller's to fix, not a bug.
  const pgCode = (error as { code?: unknown }).code;
  if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
    return send(reply, new HangarError(400, 'validation_error', `A value in the request cannot be stored: ${error.message}.`));
  }
  // Class 54 (program limit exceeded: an index entry too large, too many columns) is a value too big.
  if (typeof pgCode === 'string' && /^54[0-9A-Z]{3}$/.test(pgCode)) {
    return send(reply, new HangarError(400, 'validation_error', 'A value in the request is too large to store; shorten it.'));
  }
  const text = invalidText(error);
  if (text) return send(reply, text);
  const status = fe.statusCode ?? 500;
  if (status < 500 && STATUS_TYPES[status]) return send(reply, new HangarError(status, STATUS_TYPES[status], fe.message));
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, new HangarError(500, 'internal_error', `Something went wrong on our side; quote request id ${request.id} when reporting it.`, 'platform'));
};
