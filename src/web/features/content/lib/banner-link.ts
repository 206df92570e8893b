export type BannerLinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Where a banner's link goes: a path inside the app ('/events/kxp') or an absolute http(s)
 * address. Anything else (javascript:, protocol-relative '//host', blank) gives no link, so a
 * banner can never run script or leave the app unnoticed.
 */
export function bannerLinkTarget(linkUrl: string | null): BannerLinkTarget | null {
  const url = linkUrl?.trim();
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return { kind: 'internal', to: url };
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return { kind: 'external', href: parsed.href };
  } catch {
    // not an absolute address
  }
  return null;
}
