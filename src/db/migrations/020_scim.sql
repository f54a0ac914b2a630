-- SCIM 2.0 directory sync (issue 24 §2): the organization's SCIM tokens, and what the directory says
-- of a person or a group beyond what Hangar already stores.
CREATE TABLE scim_tokens (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  label            text,
  -- SHA-256 of the token: the token itself is shown once, at creation.
  hash             bytea NOT NULL UNIQUE,
  hint             text NOT NULL,
  created_by       uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  last_used_at     timestamptz(3),
  revoked_at       timestamptz(3)
);
CREATE INDEX scim_tokens_org_idx ON scim_tokens (organization_id, created_at, id);

-- userName is the email; the directory's own id (externalId) and name parts are kept as given.
-- scim_version is the resource's ETag (meta.version): bumped by every change a SCIM client can see.
-- scim_deleted_at: removed by the directory (DELETE); hidden from SCIM until a POST of the same
-- userName provisions the person again.
ALTER TABLE users
  ADD COLUMN external_id      text,
  ADD COLUMN given_name       text,
  ADD COLUMN family_name      text,
  ADD COLUMN scim_version     integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at       timestamptz(3) NOT NULL DEFAULT now(),
  ADD COLUMN scim_deleted_at  timestamptz(3);
CREATE UNIQUE INDEX users_external_id_key ON users (organization_id, external_id) WHERE external_id IS NOT NULL;
-- SCIM lists page by (created_at, id) within an organization.
CREATE INDEX users_organization_created_idx ON users (organization_id, created_at, id);

ALTER TABLE directory_groups ADD COLUMN scim_version integer NOT NULL DEFAULT 1;
CREATE INDEX directory_groups_org_created_idx ON directory_groups (organization_id, created_at, id);
