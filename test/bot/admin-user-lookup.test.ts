/** /user with a query that is neither an id nor a @username: the format is explained, not "never messaged". */
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';

const ADMIN = { id: 1, language_code: 'en' };
const USAGE = 'Usage: <code>/user 123456789</code> or <code>/user @username</code>';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const lastText = (h: InProcessBot) =>
  String(h.calls.findLast((c) => c.method === 'sendMessage' && c.payload.chat_id === ADMIN.id)?.payload.text);

describe('/user <query>', () => {
  it('a query of neither form gets the usage', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN.id) } });
    await harness.send(textMessage(ADMIN, '/user john smith'));
    expect(lastText(harness)).toBe(USAGE);
  });

  it('a well-formed query nobody matches is told as such', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN.id) } });
    await harness.send(textMessage(ADMIN, '/user @nobody_here'));
    expect(lastText(harness)).toBe('@nobody_here has never messaged this bot.');
  });
});
