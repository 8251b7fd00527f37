/**
 * The extension a result URL's path names (result URLs often have none), for the delivery's plan
 * and the customers' gallery.
 */

/** The extension of the URL's last path segment ("png"), if it has one. */
export function urlExtension(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const last = path.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  if (dot <= 0 || dot === last.length - 1) return undefined;
  const ext = last.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(ext) ? ext : undefined;
}
