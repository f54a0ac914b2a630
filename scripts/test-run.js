// The test runner itself, started by scripts/test.js as `node scripts/test-run.js
// <concurrency> <file>…`: node's runner with the spec reporter, like `node --test`, except that the
// files start in the order given (`node --test` sorts them by name). Each file runs in a process of
// its own, which inherits this one's --enable-source-maps.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const [concurrency, ...files] = process.argv.slice(2);
const tests = run({ files, concurrency: Number(concurrency) });
tests.on('test:fail', (data) => {
  if (!data.todo) process.exitCode = 1;
});
tests.compose(new spec()).pipe(process.stdout);
