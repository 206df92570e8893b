import type { BrandSlug } from './schemas/events';

// The brands' categories and names, without the forms' schemas: the public pages read a brand's
// name from here.

/** Category choices of the create form (docs/rules/events.md 'Creating and editing events') and the brand each one belongs to. */
export const eventCategories = ['AyYo Events', 'KXP Events', 'Next Level Events'] as const;
export type EventCategory = (typeof eventCategories)[number];

export const brandOfCategory: Readonly<Record<EventCategory, BrandSlug>> = {
  'AyYo Events': 'ay-yo',
  'KXP Events': 'kxp',
  'Next Level Events': 'next-level',
};

/** The name a person reads for each brand ('Next Level', 'AY-YO', 'KXP'), as its page and logo spell it. */
export const brandNames: Readonly<Record<BrandSlug, string>> = {
  'next-level': 'Next Level',
  'ay-yo': 'AY-YO',
  kxp: 'KXP',
};

/**
 * What a person reads for an event's stored category: the brand's name for one of the form's
 * categories ('AyYo Events' -> 'AY-YO'), any other (older) category as stored. The stored value
 * stays the category; only its reading changes (docs/rules/events.md 'Creating and editing events').
 */
export function categoryLabel(category: string): string {
  const brand = brandOfCategory[category as EventCategory] as BrandSlug | undefined;
  return brand ? brandNames[brand] : category;
}
