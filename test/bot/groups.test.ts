/**
 * The bot in groups (issue 42), in-process: added to a group it says what it does there, by
 * GROUPS (off: explains and leaves; allowlist: waits for an admin of the bot; on: shows how to ask);
 * /group by an admin of the bot turns a group on or off and caps it, audited, and anyone else's
 * /group is ignored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';

const ADMIN = { id: 1, language_code: 'en', first_name: 'Ada' };
const MEMBER = { id: 40, language_code: 'ru', first_name: 'Ivan' };
const GROUP = { id: -100_777, type: 'supergroup' as const, title: 'Friends' };

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

async function start(groups: string) {
  harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN.id), GROUPS: groups } });
}

/** `by` adds the bot to the group (or removes it). */
function membership(by: typeof ADMIN, joined: boolean) {
  const status = (s: string) => ({ status: s, user: { id: 123, is_bot: true, first_name: 'Bot' } });
  return harness.send({
    my_chat_member: {
      chat: GROUP,
      from: { id: by.id, is_bot: false, first_name: by.first_name, language_code: by.language_code },
      date: 1,
      old_chat_member: status(joined ? 'left' : 'member'),
      new_chat_member: status(joined ? 'member' : 'left'),
    },
  } as never);
}

/** `text` sent in the group by `from`. */
function inGroup(from: typeof ADMIN, text: string) {
  const { message } = textMessage(from, text);
  return harness.send({ message: { ...message, chat: GROUP } } as never);
}

const toGroup = () => harness.calls.filter((c) => c.payload.chat_id === GROUP.id);
const lastToGroup = () =>
  String(
    toGroup()
      .filter((c) => c.method === 'sendMessage')
      .at(-1)?.payload.text,
  );

describe('added to a group', () => {
  it('GROUPS=off: explains in the language of whoever added it, and leaves', async () => {
    await start('off');
    await membership(MEMBER, true);
    expect(lastToGroup()).toContain('работает только в личных чатах, поэтому выходит из группы');
    expect(toGroup().map((c) => c.method)).toEqual(['sendMessage', 'leaveChat']);
    expect((await harness.services.groups.status(GROUP.id)).group?.member).toBe(true);
    await membership(MEMBER, false);
    expect((await harness.services.groups.status(GROUP.id)).group?.member).toBe(false);
  });

  it('GROUPS=allowlist: waits for an admin of the bot, who turns it on with /group on', async () => {
    await start('allowlist');
    await membership(MEMBER, true);
    expect(lastToGroup()).toContain('когда админ AI Studio включит их командой /group');
    expect((await harness.services.groups.verdict(GROUP.id)).kind).toBe('closed');

    await inGroup(MEMBER, '/group on');
    expect(toGroup().filter((c) => c.method === 'sendMessage')).toHaveLength(1);
    expect((await harness.services.groups.verdict(GROUP.id)).kind).toBe('closed');

    await inGroup(ADMIN, '/group on');
    expect(lastToGroup()).toBe('✅ Generations are on in this group.');
    expect((await harness.services.groups.verdict(GROUP.id)).kind).toBe('open');
    await inGroup(ADMIN, '/group');
    expect(lastToGroup()).toContain('✅ Generations are on here.\nToday: 0 generations\nNo daily cap.');
  });

  it('GROUPS=on: shows how to ask; an admin caps it and turns it off, each audited', async () => {
    await start('on');
    await membership(ADMIN, true);
    expect(lastToGroup()).toContain('<code>/generate@');
    expect((await harness.services.groups.verdict(GROUP.id)).kind).toBe('open');

    await inGroup(ADMIN, '/group cap 0');
    expect(lastToGroup()).toBe(
      'Write a number from 1 to 10,000: <code>/group cap 20</code>, or <code>/group cap off</code>.',
    );
    await inGroup(ADMIN, '/group cap 2');
    expect(lastToGroup()).toBe("✅ This group's daily cap: 2.");
    await inGroup(ADMIN, '/group off');
    expect((await harness.services.groups.verdict(GROUP.id)).kind).toBe('closed');
    await inGroup(ADMIN, '/group cap off');
    const audit = await harness.database.query<{ action: string; details_json: unknown }>`
      select action, details_json from audit_log order by id`;
    expect(audit.map((a) => a.action)).toEqual(['group_cap_set', 'group_disabled', 'group_cap_set']);
  });
});
