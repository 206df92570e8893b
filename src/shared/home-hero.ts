/**
 * The picture of the home carousel's first slide (Next Level). The carousel shows it first and
 * the server preloads it with the home page's HTML, so both read it from here.
 */
export const HOME_HERO_IMAGE = '/images/events/next-level-festival.svg';

/** One claim of a brand's home slide: '50+' over 'Eventos'. */
export interface BrandFigure {
  value: string;
  label: string;
}

/**
 * docs/screens.md 'Home': the claims of every slide when a brand has not set its own
 * (`brands.figures` null). A brand edits its own in the back office ('Marcas').
 */
export const DEFAULT_BRAND_FIGURES: readonly BrandFigure[] = [
  { value: '50+', label: 'Eventos' },
  { value: '15+', label: 'Cidades' },
  { value: '100k+', label: 'Participantes' },
];

/** The figures a brand's slide shows: its own, or the defaults when it has none (docs/rules/content.md 'Brand figures'). */
export function brandFiguresOrDefault(figures: readonly BrandFigure[] | null | undefined): readonly BrandFigure[] {
  return figures && figures.length > 0 ? figures : DEFAULT_BRAND_FIGURES;
}
