import { describe, expect, it } from 'vitest';
import { SecretBox, WrongSecretError } from '../../src/lib/secret-box.js';

const SECRET = 'a'.repeat(16) + 'b'.repeat(16);
const TOKEN = '7000001:AAE-real-looking_token-value';

describe('SecretBox', () => {
  it('opens what it sealed, and never shows the value in the sealed form', () => {
    const box = new SecretBox(SECRET);
    const sealed = box.seal(TOKEN);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('AAE');
    expect(box.open(sealed)).toBe(TOKEN);
    // A fresh IV each time: equal tokens do not look equal at rest.
    expect(box.seal(TOKEN)).not.toBe(sealed);
  });

  it('refuses another secret and any altered byte, without echoing the value', () => {
    const sealed = new SecretBox(SECRET).seal(TOKEN);
    const other = new SecretBox('c'.repeat(32));
    expect(() => other.open(sealed)).toThrow(WrongSecretError);
    try {
      other.open(sealed);
    } catch (err) {
      expect(String(err)).not.toContain(TOKEN);
    }
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const altered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => new SecretBox(SECRET).open(altered)).toThrow(WrongSecretError);
    expect(() => new SecretBox(SECRET).open('not sealed')).toThrow(WrongSecretError);
  });

  it('refuses a secret too short to be a key', () => {
    expect(() => new SecretBox('short')).toThrow(/at least 32/);
  });
});
