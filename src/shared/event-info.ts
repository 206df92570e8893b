// What the sale page tells a buyer about the event besides dates and prices (docs/rules/events.md
// 'What the sale page shows'): its age rating ('Classificação indicativa', Estatuto da Criança e do
// Adolescente, Lei 8.069/1990 arts. 74-75, and Portaria MJSP 502/2021), whether minors may enter
// with a parent or guardian, the venue's accessibility resources (Lei 13.146/2015 art. 44, Decreto
// 9.404/2018) and the organizer's policy lines. Declared once: the back office's form, the API's
// validation, the event page, the checkout and the ticket read it.

/** The official age ratings, youngest first: 'L' (livre, for everyone) and the ages 10 to 18. */
export const ageRatings = ['L', '10', '12', '14', '16', '18'] as const;
export type AgeRating = (typeof ageRatings)[number];

/** Whether a value is one of the official ratings ('L', '10', '12', '14', '16', '18'). */
export function isAgeRating(value: unknown): value is AgeRating {
  return typeof value === 'string' && (ageRatings as readonly string[]).includes(value);
}

/** A stored rating as the type, null when absent or not an official one. */
export function ageRatingOf(value: string | null | undefined): AgeRating | null {
  return isAgeRating(value) ? value : null;
}

/** A rating as the badge and the form's select name it: 'Livre', '14 anos'. */
export function ageRatingLabel(rating: AgeRating): string {
  return rating === 'L' ? 'Livre' : `${rating} anos`;
}

/** The badge's accessible name: 'Classificação indicativa: 14 anos'. */
export function ageRatingAccessibleLabel(rating: AgeRating): string {
  return `Classificação indicativa: ${ageRatingLabel(rating)}`;
}

/**
 * The rating's sentence as the Ministério da Justiça's guide words it (Portaria MJSP 502/2021):
 * 'Livre para todos os públicos', 'Não recomendado para menores de 14 anos'.
 */
export function ageRatingDescription(rating: AgeRating): string {
  return rating === 'L' ? 'Livre para todos os públicos' : `Não recomendado para menores de ${rating} anos`;
}

/**
 * The entry rule for younger people when the organizer lets them in accompanied (ECA art. 75
 * sole paragraph): 'Menores de 14 anos somente acompanhados dos pais ou responsável legal'. Null
 * for 'L' (nobody is below a free rating) and when minors are not let in accompanied.
 */
export function minorsRule(rating: AgeRating | null, minorsAccompanied: boolean): string | null {
  if (rating === null || rating === 'L' || !minorsAccompanied) return null;
  return `Menores de ${rating} anos somente acompanhados dos pais ou responsável legal`;
}

/**
 * The badge's colours, those of the official symbols (green, blue, yellow, orange, red, black),
 * darkened where white text would not reach a 4.5:1 contrast, and with dark text on yellow and
 * orange. CSS hex colours.
 */
export const ageRatingColors: Readonly<Record<AgeRating, { background: string; text: string }>> = {
  L: { background: '#007a3d', text: '#ffffff' },
  '10': { background: '#0d6eae', text: '#ffffff' },
  '12': { background: '#f8c411', text: '#1d1815' },
  '14': { background: '#e67824', text: '#1d1815' },
  '16': { background: '#d02224', text: '#ffffff' },
  '18': { background: '#1d1815', text: '#ffffff' },
};

/** The venue's accessibility resources an organizer may tick, in the order the page lists them. */
export const accessibilityResources = [
  'step_free_access',
  'accessible_restroom',
  'wheelchair_area',
  'libras_interpreter',
  'audio_description',
  'accessible_parking',
  'captions',
  'assistance_animals',
] as const;
export type AccessibilityResource = (typeof accessibilityResources)[number];

/** Each resource's pt-BR label, as the form's checkbox and the event page show it. */
export const accessibilityResourceLabel: Readonly<Record<AccessibilityResource, string>> = {
  step_free_access: 'Acesso sem degraus (rampa ou elevador)',
  accessible_restroom: 'Banheiro acessível',
  wheelchair_area: 'Área reservada para pessoas em cadeira de rodas e com mobilidade reduzida',
  libras_interpreter: 'Intérprete de Libras',
  audio_description: 'Audiodescrição',
  accessible_parking: 'Estacionamento com vagas para pessoas com deficiência',
  captions: 'Legendas',
  assistance_animals: 'Entrada de cão-guia e animais de assistência',
};

/** Whether a value is one of the listed resources. */
export function isAccessibilityResource(value: unknown): value is AccessibilityResource {
  return typeof value === 'string' && (accessibilityResources as readonly string[]).includes(value);
}

/** The given resources once each, in the list's order (unknown ids dropped). Pure. */
export function sortAccessibilityResources(resources: readonly string[]): AccessibilityResource[] {
  return accessibilityResources.filter((resource) => resources.includes(resource));
}

/** The accessibility an event informs: resource ids and who to ask (a phone, an e-mail, a name), or null. */
export interface EventAccessibility {
  resources: AccessibilityResource[];
  contact: string | null;
}

/**
 * The accessibility block the event page shows, or null when nothing was informed (no resource
 * and no contact): then the page shows no 'Acessibilidade' section. Pure.
 */
export function informedAccessibility(
  accessibility: { resources: readonly string[]; contact: string | null } | null,
): EventAccessibility | null {
  if (!accessibility) return null;
  const resources = sortAccessibilityResources(accessibility.resources);
  const contact = accessibility.contact?.trim() || null;
  return resources.length === 0 && contact === null ? null : { resources, contact };
}

/** Policy lines the form offers as a quick add. */
export const suggestedPolicies = ['Água potável gratuita'] as const;

/** Most policy lines an event may have, and the longest line. */
export const MAX_POLICIES = 20;
export const MAX_POLICY_LENGTH = 200;

/** Policy lines from a textarea, one per line: trimmed, blank lines and repeats dropped, in order. Pure. */
export function policyLines(text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  return [...new Set(lines.filter((line) => line !== ''))];
}
