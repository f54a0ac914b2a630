-- Single sign-on with OpenID Connect (issue 24 §1): an organization's identity providers, its
-- "require single sign-on" setting, the sign-ins in flight, and which provider signed a session in.
CREATE TABLE sso_providers (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id       uuid NOT NULL REFERENCES organizations(id),
  name                  text NOT NULL,
  issuer                text NOT NULL,
  client_id             text NOT NULL,
  -- AES-256-GCM under the deployment's key (integrations/vault.ts), bound to the provider's id.
  client_secret         bytea NOT NULL,
  client_secret_key_id  text NOT NULL,
  group_claim           text,
  scopes                text[] NOT NULL DEFAULT '{}',
  created_by            uuid NOT NULL REFERENCES users(id),
  created_at            timestamptz(3) NOT NULL DEFAULT now(),
  updated_at            timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX sso_providers_organization_idx ON sso_providers (organization_id, created_at, id);

-- An email domain routes to exactly one provider (the email-first sign-in), so one organization
-- cannot sign in people another organization's provider already answers for.
CREATE TABLE sso_provider_domains (
  domain           text PRIMARY KEY CHECK (domain = lower(domain)),
  provider_id      uuid NOT NULL REFERENCES sso_providers(id) ON DELETE CASCADE,
  organization_id  uuid NOT NULL REFERENCES organizations(id)
);
CREATE INDEX sso_provider_domains_provider_idx ON sso_provider_domains (provider_id);

CREATE TABLE sso_settings (
  organization_id       uuid PRIMARY KEY REFERENCES organizations(id),
  require_sso           boolean NOT NULL DEFAULT false,
  -- Organization admins who may still sign in with their password while SSO is required.
  break_glass_user_ids  uuid[] NOT NULL DEFAULT '{}',
  updated_at            timestamptz(3) NOT NULL DEFAULT now()
);

-- A sign-in between the redirect to the provider and its callback: the state only as a digest,
-- the nonce, PKCE verifier and browser binding sealed to it; single use, short-lived.
CREATE TABLE sso_sign_ins (
  state_hash    bytea PRIMARY KEY,
  provider_id   uuid NOT NULL REFERENCES sso_providers(id) ON DELETE CASCADE,
  sealed_key_id text NOT NULL,
  sealed        bytea NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX sso_sign_ins_expires_idx ON sso_sign_ins (expires_at);

-- Removing a provider ends the sessions it signed in.
ALTER TABLE sessions ADD COLUMN sso_provider_id uuid REFERENCES sso_providers(id) ON DELETE CASCADE;
CREATE INDEX sessions_sso_provider_idx ON sessions (sso_provider_id) WHERE sso_provider_id IS NOT NULL;
