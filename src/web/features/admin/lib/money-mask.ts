import { centavosToReaisInput } from '../../../../shared/schemas/admin-events';
import { parseReaisToCentavos } from '../../../../shared/money';

/** Largest amount the money field takes: 11 digits, R$ 999.999.999,99. */
const MAX_DIGITS = 11;

/**
 * What the money field shows after a keystroke, as Brazilian bank apps do: the digits typed fill
 * from the right, the last two being centavos, so 6, 0, 0, 0 reads '60,00' and '60' reads '0,60'.
 * Anything but digits is ignored; no digits left gives '' (blank).
 */
export function maskReaisDigits(text: string): string {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_DIGITS);
  if (digits === '') return '';
  return centavosToReaisInput(Number(digits));
}

/**
 * What the money field shows for pasted text: an amount written as reais ('60' -> '60,00',
 * 'R$ 1.234,56', '80,5') is taken as such; anything else falls back to the digits.
 */
export function maskPastedReais(text: string): string {
  const centavos = parseReaisToCentavos(text);
  if (centavos !== null && String(centavos).length <= MAX_DIGITS) return centavosToReaisInput(centavos);
  return maskReaisDigits(text);
}
