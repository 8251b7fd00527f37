/**
 * The application logger. Secrets are removed from every serialized line, whatever field or
 * nested error message carries them: redacting by path alone would miss a token inside a URL.
 *
 * One key per line: pino appends a child's bindings to its parent's as they are, so a component's
 * child inside another's (delivery inside the order notifier) or a field logged again beside a
 * binding would write the key twice. Each line keeps the innermost value.
 *
 * Readable lines on a terminal (pino-pretty), one JSON object per line otherwise (files, log
 * collectors, containers).
 */
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import { redactSecrets } from './lib/redact.js';

export type { Logger };

/** The line with each key once (the last value wins, as JSON.parse keeps it). */
function withoutDuplicateKeys(line: string): string {
  try {
    return `${JSON.stringify(JSON.parse(line))}\n`;
  } catch {
    return line;
  }
}

export function createLogger(opts: {
  level: LevelWithSilent;
  secrets: readonly string[];
  destination?: DestinationStream;
  /** Human-readable lines (default: when stdout is a terminal). */
  pretty?: boolean;
}): Logger {
  const secrets = [...opts.secrets];
  const readable = opts.pretty ?? (!opts.destination && process.stdout.isTTY === true);
  const destination = readable
    ? pretty({
        destination: opts.destination ?? 1,
        colorize: !opts.destination && process.stdout.isTTY === true,
        // Written at once: the last lines before an exit are the ones that say why.
        sync: true,
        ignore: 'pid,hostname',
        translateTime: 'SYS:HH:MM:ss.l',
      })
    : (opts.destination ?? pino.destination(1));
  return pino(
    {
      level: opts.level,
      redact: {
        paths: ['*.apiKey', '*.token', '*.authorization', 'headers.authorization'],
        censor: '[REDACTED]',
      },
      hooks: {
        streamWrite: (line) => redactSecrets(withoutDuplicateKeys(line), secrets),
      },
    },
    destination,
  );
}
