-- The audit list's filter by the actor's email (a person and the API keys they own, together), in the
-- list's own order, as the filters by actor id and target id have theirs (017_audit.sql).
CREATE INDEX audit_events_org_actor_email_idx ON audit_events (organization_id, lower(actor_email), time DESC, id DESC);
