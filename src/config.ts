/**
 * Configuration from the environment, validated once at start-up.
 *
 * Every problem is collected and reported together, by variable name, and no value is echoed
 * back, so a mistyped secret never lands in a log.
 */
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const idList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v || v.trim() === '') return [] as number[];
    const parts = v.split(',').map((p) => p.trim());
    const ids: number[] = [];
    for (const part of parts) {
      if (!/^\d{1,15}$/.test(part)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a comma-separated list of numeric Telegram user ids',
        });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    return ids;
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const baseSchema = z.object({
  BOT_TOKEN: z
    .string({ message: 'is required (get one from @BotFather)' })
    .regex(/^\d+:[\w-]+$/, 'does not look like a bot token (expected "123456:ABC...")'),
  TELEGRAM_API_ROOT: z.url({ message: 'must be a URL' }).default('https://api.telegram.org'),
  TELEGRAM_LOCAL_FILES: booleanFromEnv,
  RESELLER_API_URL: z.url({ message: 'must be a URL ending with /api/v1' }).optional(),
  RESELLER_API_KEY: z.string().min(1).optional(),
  DATABASE_PATH: z.string().min(1).default('./data/bot.sqlite'),
  ADMIN_IDS: idList,
  DEFAULT_LOCALE: z.enum(['en', 'ru'], { message: 'must be "en" or "ru"' }).default('en'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  ORDER_POLL_MIN_MS: positiveInt(2_000),
  ORDER_POLL_MAX_MS: positiveInt(30_000),
  /** Simulator knobs for sandbox mode (no RESELLER_API_KEY). */
  SANDBOX_ORDER_MS: positiveInt(3_000),
});

const pollingSchema = baseSchema.extend({
  BOT_MODE: z.literal('polling').default('polling'),
});
const webhookSchema = baseSchema.extend({
  BOT_MODE: z.literal('webhook'),
  WEBHOOK_URL: z.url({ message: 'must be the public https URL Telegram should call' }),
  WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, 'may contain only A-Z, a-z, 0-9, _ and -'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
});

const envSchema = z
  .discriminatedUnion('BOT_MODE', [pollingSchema, webhookSchema], {
    message: 'must be "polling" or "webhook"',
  })
  .superRefine((env, ctx) => {
    if (env.ORDER_POLL_MIN_MS > env.ORDER_POLL_MAX_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORDER_POLL_MIN_MS'],
        message: 'must not exceed ORDER_POLL_MAX_MS',
      });
    }
  });

/** Rules across variables that must be reported even when other variables are invalid too. */
function crossVariableProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.RESELLER_API_KEY && !env.RESELLER_API_URL) {
    problems.push('RESELLER_API_URL is required when RESELLER_API_KEY is set');
  }
  return problems;
}

type Env = z.infer<typeof envSchema>;

export interface Config {
  botToken: string;
  telegram: { apiRoot: string; localFiles: boolean };
  /** `null` means sandbox mode: the simulator runs in-process and nothing costs money. */
  reseller: { url: string; apiKey: string } | null;
  databasePath: string;
  adminIds: number[];
  defaultLocale: 'en' | 'ru';
  logLevel: Env['LOG_LEVEL'];
  mode: { kind: 'polling' } | { kind: 'webhook'; url: string; secret: string; port: number };
  orderPolling: { minMs: number; maxMs: number };
  sandbox: { orderStageMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Blank values count as unset, as in most .env files. */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== '') out[k] = v.trim();
  return out;
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env0 = withoutBlanks(rawEnv);
  const parsed = envSchema.safeParse(env0);
  const crossProblems = crossVariableProblems(env0);
  if (!parsed.success || crossProblems.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const problems = issues.map((issue) => {
      const name = issue.path.length > 0 ? issue.path.join('.') : 'BOT_MODE';
      // Only our own messages: zod's defaults can quote the received value, which may be a secret.
      const message =
        issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
      return `${name} ${message}`;
    });
    throw new ConfigError([...problems, ...crossProblems]);
  }
  const env = parsed.data!;
  return {
    botToken: env.BOT_TOKEN,
    telegram: { apiRoot: env.TELEGRAM_API_ROOT.replace(/\/+$/, ''), localFiles: env.TELEGRAM_LOCAL_FILES },
    reseller:
      env.RESELLER_API_KEY && env.RESELLER_API_URL
        ? { url: env.RESELLER_API_URL.replace(/\/+$/, ''), apiKey: env.RESELLER_API_KEY }
        : null,
    databasePath: env.DATABASE_PATH,
    adminIds: env.ADMIN_IDS,
    defaultLocale: env.DEFAULT_LOCALE,
    logLevel: env.LOG_LEVEL,
    mode:
      env.BOT_MODE === 'webhook'
        ? { kind: 'webhook', url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET, port: env.PORT }
        : { kind: 'polling' },
    orderPolling: { minMs: env.ORDER_POLL_MIN_MS, maxMs: env.ORDER_POLL_MAX_MS },
    sandbox: { orderStageMs: env.SANDBOX_ORDER_MS },
  };
}

/** The values that must never appear in logs, errors or messages. */
export function secretsOf(config: Config): string[] {
  const secrets = [config.botToken];
  if (config.reseller) secrets.push(config.reseller.apiKey);
  if (config.mode.kind === 'webhook') secrets.push(config.mode.secret);
  return secrets;
}
