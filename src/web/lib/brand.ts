import type { BrandSlug } from '../../shared/schemas/events';
import { brandNames } from '../../shared/brands';

interface BrandStyle {
  name: string;
  /** Solid brand background; white text on it passes AA (4.6:1 or more). */
  solid: string;
  /** Gradient for image placeholders, white text stays AA on both ends. */
  gradient: string;
}

export const brandStyles: Record<BrandSlug, BrandStyle> = {
  'next-level': {
    name: brandNames['next-level'],
    solid: 'bg-brand-next-level',
    gradient: 'bg-linear-to-br from-brand-next-level to-brand-ay-yo',
  },
  'ay-yo': { name: brandNames['ay-yo'], solid: 'bg-brand-ay-yo', gradient: 'bg-linear-to-br from-brand-ay-yo to-brand-next-level' },
  kxp: { name: brandNames.kxp, solid: 'bg-brand-kxp', gradient: 'bg-linear-to-br from-brand-kxp to-brand-next-level' },
};

export const brandOrder: BrandSlug[] = ['next-level', 'ay-yo', 'kxp'];

/** The followed brands after following or unfollowing `brand`, in the brands' order. */
export function toggleFollowedBrand(followed: readonly BrandSlug[], brand: BrandSlug): BrandSlug[] {
  const isFollowed = followed.includes(brand);
  return brandOrder.filter((slug) => (slug === brand ? !isFollowed : followed.includes(slug)));
}

const neutral: BrandStyle = {
  name: 'Evento',
  solid: 'bg-brand-next-level',
  gradient: 'bg-linear-to-br from-brand-next-level to-brand-kxp',
};

export function brandStyle(slug: BrandSlug | null): BrandStyle {
  return slug ? brandStyles[slug] : neutral;
}
