/**
 * A picture's path on this site ('/uploads/events/x.webp', '/images/hero.jpg'): a plain path of
 * letters, digits, '/', '_', '.' and '-', never '//host'. Nothing that could close an HTML
 * attribute or a CSS url() (quotes, '<', '>', parentheses, spaces, backslashes).
 */
export function isSiteImagePath(text: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9/_.-]*$/.test(text);
}

/**
 * Whether a picture address is one the app can show (events, brands, avatars): a plain path of
 * this site (isSiteImagePath) or an http(s) URL.
 */
export function isImageAddress(text: string): boolean {
  if (text.startsWith('/')) return isSiteImagePath(text);
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
