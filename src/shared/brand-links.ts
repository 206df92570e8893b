// A brand's social links: the networks a brand page offers, the hosts each one's address must be
// on, and the check of one address, run by the back office's form and by the server alike
// (docs/rules/content.md 'Brand pages').

/** The networks a brand can link to, in the order the back office's form lists them. */
export const brandLinkNetworks = ['instagram', 'tiktok', 'youtube', 'spotify', 'x', 'facebook', 'website'] as const;
export type BrandLinkNetwork = (typeof brandLinkNetworks)[number];

/** Most links a brand keeps: one per network. */
export const BRAND_LINKS_MAX = brandLinkNetworks.length;
/** Longest address kept, in characters. */
export const BRAND_LINK_URL_MAX = 300;

export interface BrandLinkNetworkInfo {
  /** What a person reads: 'Instagram', 'Site'. */
  label: string;
  /** The hosts its address must be on (lower case); null: any public host (the brand's own site). */
  hosts: readonly string[] | null;
  /** The form's placeholder, an address of that network. */
  placeholder: string;
  /** How the error message shows an address of that network: 'https://instagram.com/...'. */
  example: string;
}

export const brandLinkNetworkInfo: Readonly<Record<BrandLinkNetwork, BrandLinkNetworkInfo>> = {
  instagram: {
    label: 'Instagram',
    hosts: ['instagram.com', 'www.instagram.com'],
    placeholder: 'https://instagram.com/sua-marca',
    example: 'https://instagram.com/...',
  },
  tiktok: {
    label: 'TikTok',
    hosts: ['tiktok.com', 'www.tiktok.com'],
    placeholder: 'https://tiktok.com/@sua-marca',
    example: 'https://tiktok.com/@...',
  },
  youtube: {
    label: 'YouTube',
    hosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be'],
    placeholder: 'https://youtube.com/@sua-marca',
    example: 'https://youtube.com/@...',
  },
  spotify: {
    label: 'Spotify',
    hosts: ['open.spotify.com'],
    placeholder: 'https://open.spotify.com/user/...',
    example: 'https://open.spotify.com/...',
  },
  x: {
    label: 'X',
    hosts: ['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com'],
    placeholder: 'https://x.com/sua-marca',
    example: 'https://x.com/...',
  },
  facebook: {
    label: 'Facebook',
    hosts: ['facebook.com', 'www.facebook.com', 'm.facebook.com'],
    placeholder: 'https://facebook.com/sua-marca',
    example: 'https://facebook.com/...',
  },
  website: { label: 'Site', hosts: null, placeholder: 'https://sua-marca.com.br', example: 'https://...' },
};

/** Why an address is refused for its network. */
export type BrandLinkProblem = 'too_long' | 'not_address' | 'not_https' | 'credentials' | 'wrong_host' | 'no_profile';

export type BrandLinkCheck = { ok: true; url: string } | { ok: false; problem: BrandLinkProblem };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Whether `hostname` (lower case, as URL gives it) can be a brand's own public site: a name with a dot, not an IP or a local name. */
function isPublicHostName(hostname: string): boolean {
  if (hostname.startsWith('[') || IPV4.test(hostname)) return false;
  if (!hostname.includes('.') || hostname.endsWith('.')) return false;
  return !hostname.endsWith('.local') && !hostname.endsWith('.localhost');
}

/**
 * Checks one address `url` for `network` and gives it back as its normalised https address
 * (URL's href: host in lower case). In order: at most BRAND_LINK_URL_MAX characters once trimmed
 * ('too_long'); an absolute address ('not_address'); https only ('not_https'); no user name or
 * password in it ('credentials'); on one of the network's hosts, on the default port — for the
 * brand's own site, any public host name ('wrong_host'); and, on a network, a path to the
 * profile, not just the network's home page ('no_profile'). Pure; throws nothing
 * (docs/rules/content.md 'Brand pages').
 */
export function checkBrandLink(network: BrandLinkNetwork, url: string): BrandLinkCheck {
  const value = url.trim();
  if (value.length > BRAND_LINK_URL_MAX) return { ok: false, problem: 'too_long' };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { ok: false, problem: 'not_address' };
  }
  if (parsed.protocol !== 'https:') return { ok: false, problem: 'not_https' };
  if (parsed.username !== '' || parsed.password !== '') return { ok: false, problem: 'credentials' };
  const { hosts } = brandLinkNetworkInfo[network];
  const hostAllowed = hosts ? hosts.includes(parsed.hostname) : isPublicHostName(parsed.hostname);
  if (parsed.port !== '' || !hostAllowed) return { ok: false, problem: 'wrong_host' };
  if (hosts && parsed.pathname.replace(/\/+$/, '') === '') return { ok: false, problem: 'no_profile' };
  return { ok: true, url: parsed.href };
}

/**
 * The pt-BR message for an address refused by checkBrandLink: 'Informe um endereço do Instagram
 * (https://instagram.com/...)' for any problem but its length.
 */
export function brandLinkMessage(network: BrandLinkNetwork, problem: BrandLinkProblem): string {
  if (problem === 'too_long') return `O endereço deve ter no máximo ${BRAND_LINK_URL_MAX} caracteres`;
  const { label, example } = brandLinkNetworkInfo[network];
  return network === 'website' ? `Informe o endereço do site (${example})` : `Informe um endereço do ${label} (${example})`;
}

/** The message for a second address of the same network: 'Use um só endereço do Instagram'. */
export function duplicateBrandLinkMessage(network: BrandLinkNetwork): string {
  return network === 'website' ? 'Use um só endereço de site' : `Use um só endereço do ${brandLinkNetworkInfo[network].label}`;
}

/** A link's accessible name on the brand page: 'Instagram da Next Level', 'Site da KXP'. */
export function brandLinkName(network: BrandLinkNetwork, brandName: string): string {
  return `${brandLinkNetworkInfo[network].label} da ${brandName}`;
}
