/**
 * BOT_TEMPLATE over real HTTP (the emulator serving two tokens, the simulator, the real bot
 * process) on the run's engine: a bot added with /bot_add starts from the template's settings (its
 * rate and markup, its top-up packs, its welcome Stars, its brand), while the main bot keeps the
 * environment's; a restart serves it from the template again.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPrice, pricedTextImage } from '../support/e2e/flows.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { EmulatedBot, ScriptedUser } from '../support/telegram/emulator.js';

const OPERATOR = 930_001;
const ANN = 930_002;
const SECRET = 'bot-template-e2e-secret-0123456789-abcdef';
let stack: Stack;
let shop: EmulatedBot;
let operator: ScriptedUser;
let annInMain: ScriptedUser;
let annInShop: ScriptedUser;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bot-template-e2e-'));
  const template = join(dir, 'shop.env');
  // Lumen Text to Image costs $0.04 upstream: ⭐ 4 in the main bot (77 per USD, no markup), ⭐ 10
  // in the added bots (200 per USD, 25% markup).
  writeFileSync(
    template,
    [
      'STARS_PER_USD=200',
      'MARKUP_PERCENT=25',
      'TOPUP_PACKS_STARS=30,60',
      'WELCOME_STARS=3',
      'BRAND_NAME=Pixel Forge',
    ].join('\n'),
  );
  stack = await startStack({
    env: {
      ...STARS_STACK_ENV,
      ADMIN_IDS: String(OPERATOR),
      BOT_TOKENS_SECRET: SECRET,
      WELCOME_STARS: '5',
      BOT_TEMPLATE: template,
    },
    beforeBot: (emulator) => {
      shop = emulator.addBot({ username: 'forge_bot', first_name: 'Forge' });
      operator = emulator.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      annInMain = emulator.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
      annInShop = shop.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

/** /wallet: the balance and the packs offered. */
async function wallet(user: ScriptedUser): Promise<{ balance: number; packs: string[] }> {
  const after = stack.emulator.seq();
  await user.sendCommand('wallet');
  const answer = await user.waitForMessage(/Your wallet:/, { after });
  const balance = Number(/Your wallet: ⭐\u00a0([\d,]+)/.exec(answer.text ?? '')![1]!.replace(/,/g, ''));
  const packs = answer.buttons.map((b) => b.text).filter((t) => /^➕ ⭐/.test(t));
  return { balance, packs };
}

describe('BOT_TEMPLATE: what an added bot starts from', () => {
  it('an added bot speaks in the template’s brand and gives its welcome Stars; the main bot keeps its own', async () => {
    await operator.sendCommand('bot_add', shop.token);
    await operator.waitForMessage(/@forge_bot is live/, { timeoutMs: 30_000 });

    await annInShop.sendCommand('start');
    const inShop = await annInShop.waitForMessage(/Hi, Ann!/, { timeoutMs: 30_000 });
    expect(inShop.text).toContain('Pixel Forge');
    await annInMain.sendCommand('start');
    const inMain = await annInMain.waitForMessage(/Hi, Ann!/);
    expect(inMain.text).toContain('AI Studio');
    expect(inMain.text).not.toContain('Pixel Forge');

    expect(await wallet(annInShop)).toEqual({ balance: 3, packs: ['➕ ⭐\u00a030', '➕ ⭐\u00a060'] });
    expect(await wallet(annInMain)).toEqual({
      balance: 5,
      packs: ['➕ ⭐\u00a050', '➕ ⭐\u00a0100', '➕ ⭐\u00a0250', '➕ ⭐\u00a0500'],
    });
  }, 90_000);

  it('a model costs the template’s price in the added bot, the environment’s in the main bot', async () => {
    expect(confirmPrice(await pricedTextImage(annInShop, 'A forge at dawn'))).toBe('⭐\u00a010');
    expect(confirmPrice(await pricedTextImage(annInMain, 'A forge at dawn'))).toBe('⭐\u00a04');
  }, 90_000);

  it('after a restart the added bot starts from the template again', async () => {
    await stack.restartBot();
    const after = stack.emulator.seq();
    await annInShop.sendCommand('help');
    const help = await annInShop.waitForMessage(/how it works/, { after, timeoutMs: 30_000 });
    expect(help.text).toContain('Pixel Forge: how it works');
    expect((await wallet(annInShop)).packs).toEqual(['➕ ⭐\u00a030', '➕ ⭐\u00a060']);
  }, 120_000);
});
