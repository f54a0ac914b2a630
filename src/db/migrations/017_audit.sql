-- The audit trail of governance changes (issue 24 §4). Rows are only ever inserted: the API offers no
-- way to change or remove one, and the trigger below refuses it to anything else as well.
CREATE TABLE audit_events (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  time             timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
  actor_type       text NOT NULL CHECK (actor_type IN ('user', 'key', 'scim_token', 'system')),
  actor_id         text NOT NULL,
  actor_email      text,
  action           text NOT NULL,
  target_type      text NOT NULL,
  target_id        text NOT NULL,
  project_id       uuid,
  request_id       text,
  source_address   text,
  -- What changed, without secrets (a role, a label, a provider name).
  details          jsonb
);
CREATE INDEX audit_events_org_time_idx ON audit_events (organization_id, time DESC, id DESC);
-- The list's filters by actor and by target, in the list's own order: a rare actor among millions of
-- rows is found without scanning the organization's whole trail.
CREATE INDEX audit_events_org_actor_idx ON audit_events (organization_id, actor_id, time DESC, id DESC);
CREATE INDEX audit_events_org_target_idx ON audit_events (organization_id, target_id, time DESC, id DESC);

CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
-- TRUNCATE fires no row trigger: refuse it by its own.
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
