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
