import { describe, expect, it } from 'vitest';
import { describePlaygroundDotenv, playgroundEnvFrom } from '../../scripts/playground-env.js';

const FILE = [
  'BOT_TOKEN=123:secret-token',
  'RESELLER_API_KEY=rk_live_secret',
  'DATABASE_URL=postgres://bot:pw@db/prod',
  'BILLING=stars',
  'STARS_PER_USD=80',
  'BRAND_NAME=PixelShop',
  'BRAND_TEXTS_DIR=',
  '# a comment',
].join('\n');

describe("what the playground takes from the repository's .env", () => {
  it('only how the bot looks; prices only with --billing stars; blank lines set nothing', () => {
    expect(playgroundEnvFrom(FILE, 'off', '/repo/.env')).toEqual({
      path: '/repo/.env',
      taken: { BRAND_NAME: 'PixelShop' },
      ignored: ['BOT_TOKEN', 'RESELLER_API_KEY', 'DATABASE_URL', 'BILLING', 'STARS_PER_USD'],
    });
    expect(playgroundEnvFrom(FILE, 'stars', '/repo/.env').taken).toEqual({
      STARS_PER_USD: '80',
      BRAND_NAME: 'PixelShop',
    });
  });

  it('names what it took and what it left out, never a value; says nothing without a file', () => {
    const lines = describePlaygroundDotenv(playgroundEnvFrom(FILE, 'off', '/repo/.env')).join('\n');
    expect(lines).toMatch(/^From \/repo\/\.env: BRAND_NAME\.$/m);
    expect(lines).toMatch(
      /Not used here .*: BOT_TOKEN, RESELLER_API_KEY, DATABASE_URL, BILLING, STARS_PER_USD\./,
    );
    for (const value of ['secret-token', 'rk_live_secret', 'pw@db', 'PixelShop'])
      expect(lines).not.toContain(value);
    expect(describePlaygroundDotenv(playgroundEnvFrom(undefined, 'off'))).toEqual([]);
  });
});
