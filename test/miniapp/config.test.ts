/** PUBLIC_URL, HTTP_PORT and MINIAPP_AUTH_MAX_AGE: when the Mini App is on, where, and why not. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const base = { BOT_TOKEN: '123:TEST' };

describe('Mini App config', () => {
  it('is on at PUBLIC_URL/miniapp/ when polling with an HTTP port (HTTP_PORT or METRICS_PORT)', () => {
    const c = loadConfig({ ...base, PUBLIC_URL: 'https://bot.example.com/some/path', HTTP_PORT: '9100' });
    expect(c.miniApp).toEqual({
      url: 'https://bot.example.com/miniapp/',
      off: null,
      authMaxAgeSeconds: 3600,
    });
    expect(c.metricsPort).toBe(9100);
    expect(
      loadConfig({ ...base, PUBLIC_URL: 'https://b.example', METRICS_PORT: '9200', HTTP_PORT: '9100' })
        .metricsPort,
    ).toBe(9200);
  });

  it('defaults to WEBHOOK_URL’s origin in webhook mode', () => {
    const c = loadConfig({
      ...base,
      BOT_MODE: 'webhook',
      WEBHOOK_URL: 'https://hooks.example.com/telegram',
      WEBHOOK_SECRET: 'abc',
      MINIAPP_AUTH_MAX_AGE: '600',
    });
    expect(c.miniApp).toEqual({
      url: 'https://hooks.example.com/miniapp/',
      off: null,
      authMaxAgeSeconds: 600,
    });
  });

  it('is off, saying why, without PUBLIC_URL or without a port to serve it on', () => {
    expect(loadConfig({ ...base, METRICS_PORT: '9100' }).miniApp.off).toBe('no_public_url');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://bot.example.com' }).miniApp.off).toBe('no_http_port');
  });

  it('refuses a PUBLIC_URL that is not https (Telegram opens only https pages)', () => {
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'http://bot.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...base, MINIAPP_AUTH_MAX_AGE: '0' })).toThrow(/MINIAPP_AUTH_MAX_AGE/);
  });
});
