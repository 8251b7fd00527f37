/** Cuts to at most `max` characters (code points, so an emoji is never split), ending with "…" when cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
