// The organization settings sections (organization admins only), in the order of their tabs. Each
// capability adds its own line: identity providers and group rules, verified domains, SCIM tokens, organization keys,
// the audit trail.
import type { ComponentType } from 'react';
import { IdentityProviders } from './IdentityProviders.tsx';
import { Audit } from './Audit.tsx';
import { ScimTokens } from './ScimTokens.tsx';
import { OrganizationKeys } from './OrganizationKeys.tsx';
import { Domains } from './Domains.tsx';

export interface SettingsSection {
  /** The last part of `/org/settings/<path>`. */
  path: string;
  label: string;
  component: ComponentType<{ organizationId: string }>;
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { path: 'sso', label: 'Single sign-on', component: IdentityProviders },
  { path: 'domains', label: 'Domains', component: Domains },
  { path: 'scim', label: 'SCIM', component: ScimTokens },
  { path: 'keys', label: 'Organization keys', component: OrganizationKeys },
  { path: 'audit', label: 'Audit', component: Audit },
];
