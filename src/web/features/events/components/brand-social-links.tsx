import type { ReactNode, SVGProps } from 'react';
import { Globe } from 'lucide-react';
import { brandLinkName, type BrandLinkNetwork } from '../../../../shared/brand-links';
import type { Brand } from '../../../../shared/schemas/brands';
import type { BrandSlug } from '../../../../shared/schemas/events';
import { cn } from '../../../lib/cn';

// The networks' marks, drawn here on lucide's 24 px grid and 2 px stroke so they sit beside its
// icons; lucide has no brand marks, and nothing is fetched at runtime.
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      {...props}
    >
      {children}
    </svg>
  );
}

const InstagramIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
    <circle cx="12" cy="12" r="4.25" />
    <circle cx="17.4" cy="6.6" r="1.1" fill="currentColor" stroke="none" />
  </Icon>
);

const TikTokIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M13.5 3v11.75a3.75 3.75 0 1 1-3.75-3.75" />
    <path d="M13.5 3c.4 2.6 2.2 4.4 5 4.75" />
  </Icon>
);

const YouTubeIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="5" width="20" height="14" rx="4" />
    <path d="M10 9.25v5.5l4.75-2.75z" fill="currentColor" />
  </Icon>
);

const SpotifyIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M7 9.6c3.4-1 7.2-.7 10.2 1" />
    <path d="M7.6 12.9c2.8-.8 5.6-.5 8 .8" />
    <path d="M8.2 16c2.2-.6 4.2-.4 6 .6" />
  </Icon>
);

const XIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 4l11.7 16H20L8.3 4z" />
    <path d="M20 4l-6.6 7.4M10.6 12.6 4 20" />
  </Icon>
);

const FacebookIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M15.5 8H14a2.5 2.5 0 0 0-2.5 2.5V22" />
    <path d="M8.5 13h6" />
  </Icon>
);

const icons: Record<BrandLinkNetwork, (props: IconProps) => ReactNode> = {
  instagram: InstagramIcon,
  tiktok: TikTokIcon,
  youtube: YouTubeIcon,
  spotify: SpotifyIcon,
  x: XIcon,
  facebook: FacebookIcon,
  website: (props) => <Globe aria-hidden {...props} />,
};

// The brand's own colour on white: the same 4.6:1 or more its white text has on it.
const accentText: Record<BrandSlug, string> = {
  'next-level': 'text-brand-next-level',
  'ay-yo': 'text-brand-ay-yo',
  kxp: 'text-brand-kxp',
};

/**
 * A brand's social links on its page, in the order saved in 'Marcas' (docs/rules/content.md
 * 'Brand pages'): round white buttons with the network's mark in the brand's colour, each named
 * 'Instagram da Next Level' and opening in a new tab; nothing when the brand has no link. Only
 * https addresses are shown (the server keeps no other).
 */
export function BrandSocialLinks({ brand, brandName, links }: { brand: BrandSlug; brandName: string; links: Brand['socialLinks'] }) {
  const shown = links.filter((link) => link.url.startsWith('https://') && link.network in icons);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={`Redes sociais da ${brandName}`} className="mt-5 flex flex-wrap gap-2">
      {shown.map((link) => {
        const NetworkIcon = icons[link.network];
        const name = brandLinkName(link.network, brandName);
        return (
          <li key={link.network}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={name}
              title={name}
              className={cn(
                'inline-flex size-11 items-center justify-center rounded-full bg-white shadow-md transition hover:bg-white/90',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                accentText[brand],
              )}
            >
              <NetworkIcon className="size-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
