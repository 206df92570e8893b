/** Where a click on a notification goes: a page of the app, another site, or nowhere. */
export type ActionTarget = { path: string } | { href: string } | null;

/**
 * Reads a notification's action_url: a path or address of this site becomes the app's path
 * ('/tickets?x=1#y'), an http(s) address of another site stays an address, and anything else
 * (javascript:, garbage) leads nowhere.
 */
export function resolveActionUrl(actionUrl: string, origin: string): ActionTarget {
  let url: URL;
  try {
    url = new URL(actionUrl, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin !== new URL(origin).origin) return { href: url.href };
  return { path: `${url.pathname}${url.search}${url.hash}` };
}
