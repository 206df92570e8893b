/**
 * A count with its word in the right number, as pt-BR writes it: `plural(1, 'ingresso',
 * 'ingressos')` -> '1 ingresso', `plural(2, ...)` -> '2 ingressos', `plural(0, ...)` -> '0 ingressos'
 * (zero takes the plural in Portuguese). Counts get the thousands dot: '1.234 seguidores'.
 */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${count.toLocaleString('pt-BR')} ${pluralWord(count, singular, pluralForm)}`;
}

/** The word alone, for a count shown apart: 'ingresso' for 1 (or -1), else 'ingressos'. */
export function pluralWord(count: number, singular: string, pluralForm: string): string {
  return Math.abs(count) === 1 ? singular : pluralForm;
}
