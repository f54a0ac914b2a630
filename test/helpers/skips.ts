// How a test says it cannot run here. A skip is visible (t.skip with the reason, in the runner's
// summary), never a silent early return; and under HANGAR_TEST_NO_SKIP=1 — .ci/run's run on the
// machine's PostgreSQL and Redis, where everything must run — a skip is a failure instead.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';

const noSkip = () => process.env.HANGAR_TEST_NO_SKIP === '1';

/** Skips the rest of the test (the caller returns right after) saying why; fails instead when CI must run it. */
export function skipTest(t: TestContext, reason: string): void {
  if (noSkip()) assert.fail(`this run must not skip (HANGAR_TEST_NO_SKIP=1), but: ${reason}`);
  t.skip(reason);
}

/** For a test's or suite's `skip` option: `reason` when `missing`, else false; fails when CI must run it. */
export function skipWhen(missing: boolean, reason: string): string | false {
  if (!missing) return false;
  if (noSkip()) throw new Error(`this run must not skip (HANGAR_TEST_NO_SKIP=1), but: ${reason}`);
  return reason;
}

/** A part of a test left out here (said in the output); a failure when CI must run it. */
export function leaveOut(t: TestContext, missing: boolean, reason: string): void {
  if (!missing) return;
  if (noSkip()) assert.fail(`this run must not leave anything out (HANGAR_TEST_NO_SKIP=1), but: ${reason}`);
  t.diagnostic(`left out: ${reason}`);
}
