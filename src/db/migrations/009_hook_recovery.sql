-- Hooks kept healthy and deliveries recovered (src/triggers/reconcile.ts, recovery.ts).

-- Health as the last reconciliation pass found it: failing_reason is set while the hook cannot be
-- repaired (access revoked…), repaired_at when a pass last had to fix something.
ALTER TABLE codehost_hooks
  ADD COLUMN failing_reason text,
  ADD COLUMN repaired_at timestamptz(3),
  ADD COLUMN reconciled_at timestamptz(3),
  ADD COLUMN recovered_at timestamptz(3),
  -- Deliveries up to this instant have been looked at by a recovery run: the next one pages back to
  -- here only (never further than the code host's retention window).
  ADD COLUMN recovered_through timestamptz(3),
  -- Per-hook counters, added to in batches by each process (src/triggers/hook-stats.ts).
  ADD COLUMN received bigint NOT NULL DEFAULT 0,
  ADD COLUMN duplicates bigint NOT NULL DEFAULT 0,
  ADD COLUMN rejected_signatures bigint NOT NULL DEFAULT 0,
  ADD COLUMN recovered bigint NOT NULL DEFAULT 0;

-- One row per delivery (GUID) Hangar asked the code host to redeliver: inserted before asking, so
-- no delivery is ever asked for twice, whichever process runs recovery.
CREATE TABLE hook_redeliveries (
  hook_id               uuid NOT NULL REFERENCES codehost_hooks(id) ON DELETE CASCADE,
  guid                  text NOT NULL,
  provider_delivery_id  bigint NOT NULL,
  delivered_at          timestamptz(3),
  requested_at          timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (hook_id, guid)
);
