// V8 flags of every process that serves Hangar: `npm start` passes them (package.json; a test keeps
// the two the same), `--processes N` workers inherit them, and the benches start Hangar with them as
// `npm start` does. They must be given when the process starts: V8 sizes its young generation when
// the heap is set up, and v8.setFlagsFromString later has no effect.
//
// --max-semi-space-size=32 (MB; V8's own is 16): with tens of requests in flight, every young-
// generation collection finds each of them alive and copies it, so collecting half as often copies
// half as much. Two Hangars side by side under the same API Call load: 0.88-0.94x the server CPU per
// call of V8's default (bench/README.md, "The young generation, again"); 64 MB measured no better.
// The larger young generation is handed back once a burst ends (src/memory-return.ts).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
