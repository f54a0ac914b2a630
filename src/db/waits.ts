// How long this process's database has kept it waiting without answering: what the request deadline
// (src/http/request-deadline.ts) and /readyz read. Every statement and every wait for a pooled
// connection is counted here (connection.ts), a request's and a job's alike. It is process-wide on
// purpose: carrying each request's own waits through its statements takes an AsyncLocalStorage,
// whose promise hooks cost every request of the process ~14 µs (bench/README.md, API Call), and a
// database that answers no statement of the process for a second is not answering the request either.

let inFlight = 0;
/** performance.now() of the last statement that succeeded. */
let lastAnswer = -Infinity;
/** performance.now() when the waits began from none: a process idle until then was not kept waiting. */
let busySince = 0;

/** A database wait begins; returns the function that says it ended (once), and whether the database answered. */
export function databaseWait(): (answered: boolean) => void {
  if (inFlight++ === 0) busySince = performance.now();
  let ended = false;
  return (answered) => {
    if (ended) return;
    ended = true;
    inFlight--;
    if (answered) lastAnswer = performance.now();
  };
}

/** performance.now() when the database last answered this process. */
export function lastAnswerAt(): number {
  return lastAnswer;
}

/** Milliseconds something of this process has been waiting on the database with no answer since (0: nothing waits). */
export function unansweredMs(now = performance.now()): number {
  return inFlight === 0 ? 0 : now - Math.max(lastAnswer, busySince);
}
