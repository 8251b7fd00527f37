/** Telegram answers that a handler expects and must not treat as failures. */
import { GrammyError } from 'grammy';

/** An edit to the text and buttons the message already has (a double tap, a refresh with no news). */
export function isNotModified(err: unknown): boolean {
  return err instanceof GrammyError && /message is not modified/i.test(err.description);
}

/** Awaits an edit; "message is not modified" counts as done, anything else is thrown. */
export async function editIgnoringNotModified(edit: Promise<unknown>): Promise<void> {
  try {
    await edit;
  } catch (err) {
    if (!isNotModified(err)) throw err;
  }
}
