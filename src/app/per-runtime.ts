/**
 * Something made once per bot runtime and kept as long as that runtime lives (a new token is a new
 * runtime, and gets its own): each added bot's control room, its customers' app, its file links.
 */
import type { BotRuntime } from './bot-runtime.js';

export function perRuntime<T>(make: (rt: BotRuntime) => T): (rt: BotRuntime) => T {
  const made = new WeakMap<BotRuntime, T>();
  return (rt) => {
    if (!made.has(rt)) made.set(rt, make(rt));
    return made.get(rt) as T;
  };
}
