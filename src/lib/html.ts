/** Escapes text for Telegram's HTML parse mode: only &, < and > are special there. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Our HTML texts as plain text, for the places Telegram shows no markup (callback alerts, invoice
 * titles and descriptions), cut to `max` characters with an ellipsis.
 */
export function htmlToPlainText(html: string, max: number): string {
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
