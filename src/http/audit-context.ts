// The audit context of a request: who (the key, or the person signed in), its request id and address.
import type { FastifyRequest } from 'fastify';
import type { AuditContext, RequestOrigin } from '../governance/audit.ts';
import { accountCaller } from './auth.ts';

/** For a route that authenticated its caller (a key or a dashboard session). */
export function auditContext(request: FastifyRequest): AuditContext {
  const caller = accountCaller(request);
  return {
    organizationId: caller.organizationId,
    actor: caller.keyId ? { type: 'key', id: caller.keyId, email: caller.email } : { type: 'user', id: caller.userId, email: caller.email },
    requestId: request.id,
    sourceAddress: request.ip ?? null,
  };
}

/** The request id and address alone: for a change the protocol makes (an OAuth client's revocation). */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { requestId: request.id, sourceAddress: request.ip ?? null };
}

/** For a route whose caller is not a principal (a SCIM token, an SSO callback): the actor is given. */
export function auditContextAs(request: FastifyRequest, organizationId: string, actor: AuditContext['actor']): AuditContext {
  return { organizationId, actor, requestId: request.id, sourceAddress: request.ip ?? null };
}
