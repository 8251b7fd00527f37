/**
 * The playground's subscription commands: with --billing stars, /subscribe and the plan give an
 * invoice link that !pay pays (a Star subscription starts), and !renew has Telegram renew it now.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlaygroundProcess } from './playground-process.js';

let playground: PlaygroundProcess | undefined;
afterEach(() => {
  playground?.kill();
  playground = undefined;
});

describe('npm run playground -- --billing stars', () => {
  it('!pay pays a subscription invoice link and !renew renews it', async () => {
    playground = PlaygroundProcess.start(['--billing', 'stars']);
    await playground.waitFor(/you are user \d+ \(customer, Stars wallet on\)/, 120_000);
    expect(playground.output).toMatch(/!renew renews it now/);
    playground.type('/subscribe');
    await playground.press(/Pro: ⭐\s?450 per 30 days/);
    await playground.waitFor(/\[invoice link; type !pay to pay it\]/);
    playground.type('!pay');
    await playground.waitFor(/💳 Paid ⭐ 450/);
    await playground.waitFor(/You're subscribed to Pro! ⭐\s?600 added/);
    playground.type('!renew');
    await playground.waitFor(/🔁 Telegram renewed your subscription/);
    await playground.waitFor(/subscription renewed: ⭐\s?600 added/);
    playground.type('/wallet');
    await playground.waitFor(/Your wallet: ⭐\s?600\b/);
    expect(await playground.quit()).toBe(0);
  }, 240_000);
});
