import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretsOf } from '../src/config.js';

const TOKEN = '123456:SECRET-token-value';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

describe('config', () => {
  it('applies defaults and runs in sandbox mode without an API key', () => {
    const config = loadConfig({ BOT_TOKEN: TOKEN });
    expect(config.reseller).toBeNull();
    expect(config.mode).toEqual({ kind: 'polling' });
    expect(config.databasePath).toBe('./data/bot.sqlite');
    expect(config.defaultLocale).toBe('en');
    expect(config.telegram.apiRoot).toBe('https://api.telegram.org');
    expect(config.adminIds).toEqual([]);
  });

  it('parses admin ids, locale, polling bounds and the upstream', () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      ADMIN_IDS: '42, 7',
      DEFAULT_LOCALE: 'ru',
      ORDER_POLL_MIN_MS: '1000',
      ORDER_POLL_MAX_MS: '5000',
      RESELLER_API_URL: 'https://api.example.com/api/v1/',
      RESELLER_API_KEY: 'rk_live_secret',
    });
    expect(config.adminIds).toEqual([42, 7]);
    expect(config.defaultLocale).toBe('ru');
    expect(config.orderPolling).toEqual({ minMs: 1000, maxMs: 5000 });
    expect(config.reseller).toEqual({ url: 'https://api.example.com/api/v1', apiKey: 'rk_live_secret' });
    expect(secretsOf(config)).toEqual([TOKEN, 'rk_live_secret']);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ ADMIN_IDS: '42,abc', DEFAULT_LOCALE: 'de', LOG_LEVEL: 'loud' });
    expect(problems.join('\n')).toMatch(/^BOT_TOKEN is required/m);
    expect(problems.join('\n')).toMatch(/^ADMIN_IDS /m);
    expect(problems.join('\n')).toMatch(/^DEFAULT_LOCALE /m);
    expect(problems.join('\n')).toMatch(/^LOG_LEVEL /m);
  });

  it('requires the webhook settings in webhook mode', () => {
    const problems = problemsOf({ BOT_TOKEN: TOKEN, BOT_MODE: 'webhook' });
    expect(problems).toEqual(['WEBHOOK_URL is required', 'WEBHOOK_SECRET is required']);
  });

  it('never echoes a secret value in its messages', () => {
    const error = (() => {
      try {
        loadConfig({ BOT_TOKEN: 'not a token but secret-xyz', RESELLER_API_KEY: 'key-secret-abc' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toContain('BOT_TOKEN');
    expect(error?.message).toContain('RESELLER_API_URL is required when RESELLER_API_KEY is set');
    expect(error?.message).not.toContain('secret-xyz');
    expect(error?.message).not.toContain('key-secret-abc');
  });

  it('rejects a poll minimum above the maximum', () => {
    expect(problemsOf({ BOT_TOKEN: TOKEN, ORDER_POLL_MIN_MS: '9000', ORDER_POLL_MAX_MS: '100' })).toEqual([
      'ORDER_POLL_MIN_MS must not exceed ORDER_POLL_MAX_MS',
    ]);
  });
});
