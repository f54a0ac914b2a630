// Five-field cron expressions in an IANA time zone, read by croner: when an expression's occurrences
// fall, across daylight-saving changes too. A time that a spring change skips runs at the first valid
// time after the gap; a time an autumn change repeats runs once (croner's rule for fixed-time jobs).
import { Cron } from 'croner';
import { invalid } from '../shared/errors.ts';

export interface CronSchedule {
  /** The first occurrence strictly after `after`, or null when the expression has no more. */
  next(after: Date): Date | null;
  /** The latest occurrence at or before `at`, or null when there is none. */
  latest(at: Date): Date | null;
}

/**
 * The zone as written, once the runtime knows it; a 400 naming it otherwise. Kept as written rather
 * than canonicalised: ICU's canonical names are the old ones (Asia/Kolkata → Asia/Calcutta).
 */
export function checkTimezone(timezone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone;
  } catch {
    throw invalid(`timezone "${timezone}" is not an IANA time zone (e.g. "UTC", "Europe/Berlin", "America/New_York").`);
  }
}

/** Reads `cron` in `timezone` (checked first); a 400 naming the expression and what is wrong with it. */
export function parseCron(cron: string, timezone: string): CronSchedule {
  checkTimezone(timezone);
  const expression = cron.trim().replace(/\s+/g, ' ');
  let job: Cron;
  try {
    // mode 5-part: minute precision, no seconds or years field; paused: never a timer, only arithmetic.
    job = new Cron(expression, { timezone, mode: '5-part', paused: true });
  } catch (err) {
    const reason = (err as Error).message.replace(/^CronPattern: /, '');
    throw invalid(`cron "${cron}" is not a five-field cron expression (minute hour day-of-month month day-of-week, e.g. "0 9 * * 1-5"): ${reason}`);
  }
  return {
    next: (after) => job.nextRun(after),
    // croner's previousRuns looks strictly before its reference: a millisecond later includes a run at `at` itself
    // (a pass landing exactly on an occurrence would otherwise skip it).
    latest: (at) => job.previousRuns(1, new Date(at.getTime() + 1))[0] ?? null,
  };
}
