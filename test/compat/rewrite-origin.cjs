// Preloaded (node --require) into the chain client's `relevance` command: the client hard-codes the
// hosted origin, so its fetch sends to the Hangar under test instead — the origin only; path, query,
// headers and body go as the client built them. The command installs its own fetch (cross-fetch's
// polyfill) over the global one, so whichever fetch is installed is wrapped, never bypassed.
const target = process.env.HANGAR_COMPAT_ORIGIN;
const HOSTED = /^https:\/\/api-[a-z0-9]+\.stack\.tryrelevance\.com(?=\/)/;
let installed = globalThis.fetch;
const rewriting = (input, init) => {
  if (typeof input !== 'string' || !HOSTED.test(input)) throw new Error(`refusing a request off the machine: ${String(input)}`);
  return installed(input.replace(HOSTED, target), init);
};
Object.defineProperty(globalThis, 'fetch', {
  configurable: false,
  enumerable: true,
  get: () => rewriting,
  set: (f) => {
    installed = f;
  },
});
