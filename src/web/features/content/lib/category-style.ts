// Brand colours for the brand names a news category may carry; white text on each passes AA.
const brandPatterns: Array<[RegExp, string]> = [
  [/next\s*-?level/i, 'bg-brand-next-level'],
  [/ay-?yo|k-?pop/i, 'bg-brand-ay-yo'],
  [/kxp|corean|korea/i, 'bg-brand-kxp'],
];

/** Background class of a news category chip: the brand's colour, or the neutral dark one. */
export function categoryChipClass(category: string): string {
  return brandPatterns.find(([pattern]) => pattern.test(category))?.[1] ?? 'bg-zinc-700';
}
