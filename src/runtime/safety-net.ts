// The last line of defence of a serving process: an error that no handler caught (an 'error' event
// nobody listened to, a promise nobody awaited) is logged with its stack and the process goes on.
// Every such error is a bug to fix where it arose; ending the process for it would turn a dropped
// connection into an outage of every request this process was serving (issue 21). A process that
// ends anyway says why on its way out.
export function installSafetyNet(log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`)): void {
  process.on('uncaughtException', (err, origin) => {
    log(`hangar: survived an error nothing handled (${origin}): ${err?.stack ?? String(err)}`);
  });
  process.on('unhandledRejection', (reason) => {
    log(`hangar: survived a rejected promise nothing handled: ${(reason as Error)?.stack ?? String(reason)}`);
  });
  process.on('exit', (code) => {
    if (code !== 0) log(`hangar: process ${process.pid} exiting with code ${code}`);
  });
}
