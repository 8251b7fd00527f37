/** Cuts to at most `max` characters (code points, so an emoji is never split), ending with "…" when cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * Whether a text has anything a reader can see: white space, zero-width and other invisible format
 * characters, and combining marks on their own do not count ("\u200b", "\u3000", "   \n").
 */
export function hasVisibleText(text: string): boolean {
  return text.replace(/[\p{White_Space}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}]/gu, '').length > 0;
}
