-- SCIM as directories send it (issue 33 §1): userName is any string the directory picks (a UPN, a
-- login name, an employee id), unique per organization case-insensitively; the sign-in email comes
-- from `emails` (or from userName when it is an address). scim_user_name NULL means the userName is
-- the email (every account before this migration, and those SSO or invites create).
-- scim_attributes: the User attributes of RFC 7643 §4.1 and the enterprise extension as the
-- directory last wrote them (checked against discovery.ts's schemas; unknown attributes dropped),
-- besides those with their own columns (id, externalId, userName, active). NULL: never written by a
-- directory since this migration; SCIM shows the account from its columns.
ALTER TABLE users
  ADD COLUMN scim_user_name   text,
  ADD COLUMN scim_attributes  jsonb;
CREATE UNIQUE INDEX users_scim_user_name_key ON users (organization_id, lower(scim_user_name)) WHERE scim_user_name IS NOT NULL;
