-- Email domains an organization has proven it holds (issue 33 §2): a TXT record at
-- _hangar-verification.<domain> with the claim's value. Only a verified domain routes the email-first
-- sign-in to the organization's provider and keeps other organizations from creating accounts at its
-- addresses; a domain is verified by one organization at most. A claim not yet verified reserves nothing.
CREATE TABLE organization_domains (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  domain           text NOT NULL CHECK (domain = lower(domain)),
  -- The TXT record's value; not a secret (anyone can read it in DNS once it is published).
  token            text NOT NULL,
  verified_at      timestamptz(3),
  -- Null for the claims this migration kept.
  created_by       uuid REFERENCES users(id),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (organization_id, domain)
);
CREATE UNIQUE INDEX organization_domains_verified_idx ON organization_domains (domain) WHERE verified_at IS NOT NULL;

-- The domains providers listed until now were each one organization's already (a domain was one
-- provider's): they are kept as that organization's verified claims, so nothing changes for them.
INSERT INTO organization_domains (organization_id, domain, token, verified_at)
SELECT organization_id, domain, 'hangar-domain-verification=' || replace(gen_random_uuid()::text, '-', ''), now()
  FROM sso_provider_domains;

-- A provider may now list a domain another organization's provider lists too (neither routes it
-- until verified); within one organization a domain still routes to one provider.
ALTER TABLE sso_provider_domains DROP CONSTRAINT sso_provider_domains_pkey;
ALTER TABLE sso_provider_domains ADD PRIMARY KEY (organization_id, domain);
CREATE INDEX sso_provider_domains_domain_idx ON sso_provider_domains (domain);
