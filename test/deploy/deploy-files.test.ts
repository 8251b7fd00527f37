/**
 * deploy/compose.yaml and deploy/Caddyfile as written (no docker here: their text is read). Every
 * replica gets every variable, none can start without the upstream key, and Caddy balances over
 * the replicas with an active /readyz check on each.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const compose = read('deploy/compose.yaml');
const caddyfile = read('deploy/Caddyfile').replace(/^\s*#.*$/gm, '');

/** Top-level services and their indented blocks. */
function services(): Map<string, string> {
  const body = compose.split(/^services:\n/m)[1]!.split(/^\S/m)[0]!;
  const out = new Map<string, string>();
  for (const block of body.split(/^(?= {2}[\w-]+:\n)/m)) {
    const name = /^ {2}([\w-]+):/.exec(block)?.[1];
    if (name) out.set(name, block);
  }
  return out;
}

/** The bot's settings every replica merges (the `x-bot: &bot` block). */
const botBlock = compose.split(/^x-bot: &bot\n/m)[1]!.split(/^\S/m)[0]!;
const replicas = [...services()].filter(([, block]) => block.includes('<<: *bot')).map(([name]) => name);

/** Every variable the bot reads: the keys of the config schema. */
const configVariables = [
  ...new Set([...read('src/config.ts').matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!)),
];

describe('deploy/compose.yaml', () => {
  it('runs at least two replicas, each with every variable of deploy/.env', () => {
    expect(replicas.length).toBeGreaterThanOrEqual(2);
    expect(botBlock).toMatch(/^ {2}env_file:\n {4}- \.env$/m);
    for (const name of replicas) expect(services().get(name)).toMatch(new RegExp(`hostname: ${name}\\b`));
  });

  it('refuses to start without the upstream key (two replicas must never each run a sandbox)', () => {
    expect(botBlock).toMatch(/RESELLER_API_KEY: \$\{RESELLER_API_KEY:\?[^}]+\}/);
    expect(botBlock).toMatch(/RESELLER_API_URL: \$\{RESELLER_API_URL:\?[^}]+\}/);
    expect(botBlock).not.toMatch(/RESELLER_API_KEY: \$\{RESELLER_API_KEY:-/);
  });

  it("the replicas' send budgets add up to at most Telegram's 30 messages a second", () => {
    /** A variable of the block's own `environment:` map, as written. */
    const setting = (block: string, name: string) =>
      new RegExp(`^ {4,6}${name}: "?([^"\\n]*)"?$`, 'm').exec(block)?.[1];
    const TELEGRAM_PER_BOT = 30;
    const rates = replicas.map((name) => {
      const own = services().get(name)!;
      // `<<: *bot` merges shallowly: a replica with an environment of its own has none of x-bot's.
      const value = /^ {4}environment:/m.test(own)
        ? setting(own, 'TELEGRAM_SEND_RATE')
        : setting(botBlock, 'TELEGRAM_SEND_RATE');
      // Unset means the default, the whole 30, for each replica.
      expect(value, `${name} sets TELEGRAM_SEND_RATE`).toMatch(/^\d+$/);
      return Number(value);
    });
    expect(rates.every((rate) => rate > 0)).toBe(true);
    expect(rates.reduce((sum, rate) => sum + rate, 0)).toBeLessThanOrEqual(TELEGRAM_PER_BOT);
  });

  it('every variable the bot reads is documented in .env.example, so env_file can carry it', () => {
    expect(configVariables.length).toBeGreaterThan(40);
    const documented = read('.env.example');
    const missing = configVariables.filter((name) => !new RegExp(`^(# ?)?${name}=`, 'm').test(documented));
    expect(missing).toEqual([]);
  });
});

describe('the compose command', () => {
  it('is the same in the README and in the compose file, and rebuilds the image', () => {
    const commands = (text: string) => [
      ...new Set([...text.matchAll(/docker compose [^`\n]+/g)].map((m) => m[0].trim())),
    ];
    const documented = commands(read('README.md'));
    expect(documented).toHaveLength(1);
    expect(commands(compose)).toEqual(documented);
    expect(documented[0]).toMatch(/ up -d --build$/);
  });
});

describe('deploy/Caddyfile', () => {
  const proxy = /reverse_proxy ([^{\n]+)\{([^}]*)\}/.exec(caddyfile);

  it('balances the webhook across every replica, listed by name', () => {
    expect(proxy).not.toBeNull();
    const upstreams = proxy![1]!.trim().split(/\s+/);
    expect(upstreams.sort()).toEqual(replicas.map((name) => `${name}:8080`).sort());
    expect(proxy![2]).toMatch(/lb_policy round_robin/);
  });

  it('checks each replica on /readyz (active checks: not a dynamic upstream, which Caddy never checks)', () => {
    expect(proxy![2]).toMatch(/health_uri \/readyz/);
    expect(proxy![2]).toMatch(/health_interval \d+s/);
    expect(caddyfile).not.toMatch(/\bdynamic\b/);
  });
});
