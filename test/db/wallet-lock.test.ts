/**
 * The lock that serialises spending from one wallet: a customer of two bots has two wallets, so two
 * locks; the main bot's key is the one it had before there were more bots (an upgrade runs old and
 * new replicas side by side, and they must still wait for each other).
 */
import { describe, expect, it } from 'vitest';
import { BotScope, MAIN_BOT_ID } from '../../src/db/bot-scope.js';
import { walletLock } from '../../src/db/repositories/wallet-ledger.js';

describe('walletLock', () => {
  it('is one lock per wallet: the same customer in two bots has two', () => {
    const main = new BotScope(MAIN_BOT_ID);
    const second = new BotScope(2);
    expect(walletLock(main, 42)).not.toBe(walletLock(second, 42));
    expect(walletLock(second, 42)).not.toBe(walletLock(second, 43));
    expect(walletLock(second, 42)).toBe(walletLock(new BotScope(2), 42));
  });

  it('keeps the main bot’s key as it was before there were more bots', () => {
    expect(walletLock(new BotScope(MAIN_BOT_ID), 42)).toBe('wallet:42');
  });
});
