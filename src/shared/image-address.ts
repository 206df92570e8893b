/**
 * Whether a picture address is one the app can show (events, brands, avatars): a path of this site
 * ('/uploads/…', '/images/…', never '//host' nor with spaces or backslashes) or an http(s) URL.
 */
export function isImageAddress(text: string): boolean {
  if (text.startsWith('/')) return !text.startsWith('//') && !/[\s\\]/.test(text);
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
