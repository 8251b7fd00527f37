import { describe, expect, it } from 'vitest';
import { describeLogLine } from '../../scripts/playground-log.js';

describe('the bot log in the playground', () => {
  it('warnings and errors become one short line; the error message kept, the JSON not', () => {
    const warn = JSON.stringify({
      level: 40,
      time: 1,
      component: 'delivery',
      msg: 'could not send result files',
    });
    expect(describeLogLine(warn)).toBe('⚠️ bot warning: could not send result files');
    const error = JSON.stringify({
      level: 50,
      msg: 'poll failed',
      err: { message: 'ECONNRESET\nmore detail', stack: 'at x' },
    });
    expect(describeLogLine(error)).toBe('❌ bot error: poll failed (ECONNRESET)');
  });

  it('info and debug lines stay out of the conversation', () => {
    expect(describeLogLine(JSON.stringify({ level: 30, msg: 'bot started' }))).toBeUndefined();
    expect(describeLogLine(JSON.stringify({ level: 20, msg: 'poll' }))).toBeUndefined();
    expect(describeLogLine('')).toBeUndefined();
  });

  it('a line that is not the logger’s (a crash) is shown as it is', () => {
    expect(describeLogLine('Fatal: BOT_TOKEN was rejected by Telegram')).toBe(
      '❗ bot: Fatal: BOT_TOKEN was rejected by Telegram',
    );
  });
});
