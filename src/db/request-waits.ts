// The database waits of one unit of work (an HTTP request), so that a bound can be the request's and
// not each statement's: a request behind several statements, a connection from the pool and a
// retry, each within its own timeout, could otherwise wait on a frozen database longer than any of
// them. The HTTP layer runs each request with its own `RequestWaits` (AsyncLocalStorage carries it
// into every statement the request's code sends); connection.ts reports each wait, statements and
// connections from the pool alike. Work outside a request (jobs, the LISTEN connection) has none.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<RequestWaits>();

export class RequestWaits {
  #inFlight = 0;
  #since: number | undefined;

  /** Milliseconds the request has been waiting on the database without a break (0: not waiting). */
  waitingMs(now = performance.now()): number {
    return this.#since === undefined ? 0 : now - this.#since;
  }

  /** A wait begins; returns the function that says it ended (once). */
  begin(): () => void {
    if (this.#inFlight++ === 0) this.#since = performance.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.#inFlight === 0) this.#since = undefined;
    };
  }
}

/** Runs `fn` (and everything it starts) with `waits` as the current request's. */
export function runWithWaits<T>(waits: RequestWaits, fn: () => T): T {
  return current.run(waits, fn);
}

/** A database wait of the current request begins; returns the function that says it ended (a no-op outside a request). */
export function databaseWait(): () => void {
  return current.getStore()?.begin() ?? noop;
}
const noop = () => {};
