/**
 * node-fetch 2 (grammY's own default fetch on Node) ships no types. The bot only hands it to
 * grammY's client as `fetch`, the way grammY itself uses it.
 */
declare module 'node-fetch' {
  const fetch: typeof globalThis.fetch;
  export default fetch;
}
