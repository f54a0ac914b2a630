-- Counters of rate-limiter-flexible's PostgreSQL store (its own column layout), shared by every
-- process on this database. UNLOGGED: a counter lost in a crash only forgives a few requests.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limits (
  key     varchar(255) PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);
