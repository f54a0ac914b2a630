-- Processes that keep API-key principals in memory (src/governance/principal-cache.ts). A change that
-- can take access away bumps principal_epoch and notifies; each process drops its cache and records
-- the epoch here, and the change's request returns only when every live process has done so.
-- UNLOGGED: after a crash the rows are gone and every process registers again on its next beat.
CREATE SEQUENCE principal_epoch;
CREATE UNLOGGED TABLE principal_caches (
  id       text PRIMARY KEY,
  acked    bigint NOT NULL DEFAULT 0,
  seen_at  timestamptz NOT NULL DEFAULT now()
);
