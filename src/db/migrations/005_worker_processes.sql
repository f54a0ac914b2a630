-- Live worker processes and the queue-worker ids they run, kept fresh by a heartbeat, so the jobs a
-- killed process held can be released at once instead of after the queue's 4-hour lock expiry.
CREATE UNLOGGED TABLE worker_processes (
  id          text PRIMARY KEY,
  worker_ids  text[] NOT NULL DEFAULT '{}',
  seen_at     timestamptz NOT NULL DEFAULT now()
);
