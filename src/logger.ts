/**
 * The application logger. Secrets are removed from every serialized line, whatever field or
 * nested error message carries them: redacting by path alone would miss a token inside a URL.
 */
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';
import { redactSecrets } from './lib/redact.js';

export type { Logger };

export function createLogger(opts: {
  level: LevelWithSilent;
  secrets: readonly string[];
  destination?: DestinationStream;
}): Logger {
  const secrets = [...opts.secrets];
  return pino(
    {
      level: opts.level,
      redact: {
        paths: ['*.apiKey', '*.token', '*.authorization', 'headers.authorization'],
        censor: '[REDACTED]',
      },
      hooks: {
        streamWrite: (line) => redactSecrets(line, secrets),
      },
    },
    opts.destination ?? pino.destination(1),
  );
}
