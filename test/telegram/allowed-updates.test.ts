/**
 * The update types a bot asks Telegram for: guest messages only where GUEST_MODE is on (issue 42),
 * so a bot whose reseller left guest mode off is never summoned into a chat it would not answer.
 */
import { describe, expect, it } from 'vitest';
import { allowedUpdates } from '../../src/telegram/allowed-updates.js';

describe('allowedUpdates', () => {
  it('names guest_message only with guest mode on, and everything else either way', () => {
    const off = allowedUpdates({ guestMode: false });
    const on = allowedUpdates({ guestMode: true });
    expect(off).not.toContain('guest_message');
    expect(on).toEqual([...off, 'guest_message']);
    expect(off).toEqual(
      expect.arrayContaining(['message', 'callback_query', 'my_chat_member', 'subscription']),
    );
  });
});
