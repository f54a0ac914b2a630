// Who may configure an organization's single sign-on: its admins, through a key or a session.
import { forbidden, notFound } from '../../shared/errors.ts';
import { canonicalId, type Principal } from '../principal.ts';

/** The organization's canonical id when the caller is one of its admins; another organization is not found. */
export function ssoAdmin(caller: Principal, organizationId: string): string {
  const id = canonicalId(organizationId);
  if (id !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden('Single sign-on is configured by organization admins.');
  return id;
}
