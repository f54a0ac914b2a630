-- Which account of an identity provider (its `sub`, the only claim OpenID Connect promises is stable
-- and the provider's own) each Hangar account is. A sign-in finds the account by it, never by the
-- email claim alone, which a person can often set themselves at the provider; an account is linked
-- to at most one subject of a provider.
CREATE TABLE sso_identities (
  provider_id  uuid NOT NULL REFERENCES sso_providers(id) ON DELETE CASCADE,
  subject      text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, subject),
  UNIQUE (provider_id, user_id)
);
CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);
