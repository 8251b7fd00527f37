/**
 * The bot's log lines as the playground shows them: its warnings and errors, one short readable
 * line each; everything below a warning stays out of the conversation.
 */
const WARN = 40;
const ERROR = 50;

/** A short line for a warning or an error; undefined for anything else. */
export function describeLogLine(line: string): string | undefined {
  if (!line.trim()) return undefined;
  let entry: { level?: unknown; msg?: unknown; err?: { message?: unknown }; [key: string]: unknown };
  try {
    entry = JSON.parse(line);
  } catch {
    // Not the logger's: a start-up failure or a crash printed as is.
    return `❗ bot: ${line}`;
  }
  if (typeof entry.level !== 'number' || entry.level < WARN) return undefined;
  const icon = entry.level >= ERROR ? '❌ bot error' : '⚠️ bot warning';
  const reason = typeof entry.err?.message === 'string' ? ` (${entry.err.message.split('\n')[0]})` : '';
  return `${icon}: ${String(entry.msg ?? '')}${reason}`;
}
