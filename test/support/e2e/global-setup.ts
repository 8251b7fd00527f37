/**
 * vitest globalSetup: compiles the bot once for the run's end-to-end tests (bot-build.ts) and hands
 * its entry to the test workers, which start after this and inherit the variable.
 */
import { buildBot } from './bot-build.js';

export default async function setup(): Promise<void> {
  process.env.TEST_BOT_ENTRY = await buildBot();
}
