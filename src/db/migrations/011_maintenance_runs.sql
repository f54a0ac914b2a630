-- One-off repairs that need the application (not only SQL) record here that they ran, and what they did.
CREATE TABLE IF NOT EXISTS maintenance_runs (
  name text PRIMARY KEY,
  finished_at timestamptz NOT NULL DEFAULT now(),
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
