/**
 * The picture of the home carousel's first slide (Next Level). The carousel shows it first and
 * the server preloads it with the home page's HTML, so both read it from here.
 */
export const HOME_HERO_IMAGE = '/images/events/next-level-festival.svg';
