-- Undispatched deliveries are the dispatcher's queue (src/triggers/dispatcher-loop.ts): it claims
-- them in batches with FOR UPDATE SKIP LOCKED, oldest first, instead of one queue job per delivery.
CREATE INDEX deliveries_undispatched_idx ON deliveries (received_at) WHERE processed_at IS NULL;

-- A delivery whose batch kept failing on its own is retried a bounded number of times.
ALTER TABLE deliveries ADD COLUMN dispatch_attempts smallint NOT NULL DEFAULT 0;

-- The receiver stores the body with PostgreSQL's jsonb cast instead of parsing it in Node; this keeps
-- "a JSON object" the rule (rows stored before were objects already, so no scan is needed).
ALTER TABLE deliveries ADD CONSTRAINT deliveries_payload_object CHECK (jsonb_typeof(payload) = 'object') NOT VALID;
