// Bounded waits of the stop: each step of stopping is given until its share of the budget.

/** True when `work` settled (resolved or failed) within `ms`; Infinity waits for it. */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  if (!Number.isFinite(ms)) return settled;
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([settled, new Promise<false>((r) => (timer = setTimeout(r, ms, false)))]);
  clearTimeout(timer);
  return result;
}

/**
 * For a stop budget starting now: the time left until its `share` (0–1). The shares run over
 * the budget less a reserve (10 %, 20–500 ms) for what comes after the last step: the exit itself,
 * and timers that fire late on a busy machine. Without one the last step ended 2 % before the
 * deadline, and a loaded machine saw a 4000 ms stop take 4007 ms from outside; with 5 % (200 ms)
 * three test files at a time on two cores still saw 4005 ms.
 */
export function stopShares(budget: number): (share: number) => number {
  const started = Date.now();
  const planned = budget - Math.min(500, Math.max(20, budget * 0.1));
  return (share) => Math.max(0, started + planned * share - Date.now());
}
