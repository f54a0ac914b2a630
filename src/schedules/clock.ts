// The scheduler's clock: the machine's, or — for tests only (HANGAR_SCHEDULE_TEST_CLOCK) — one that
// showed `fakeMs` at the real instant `realMs` and runs `rate` times as fast, so that a test sees
// several minutes of occurrences, or a restart hours later, in seconds. Every process given the same
// setting reads the same time, so processes racing on one occurrence still race for real.
export type Clock = () => Date;

export interface TestClock {
  realMs: number;
  fakeMs: number;
  rate: number;
}

export function schedulerClock(test: TestClock | undefined): Clock {
  if (!test) return () => new Date();
  return () => new Date(test.fakeMs + (Date.now() - test.realMs) * test.rate);
}
