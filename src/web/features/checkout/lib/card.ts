import { onlyDigits } from '../../../../shared/cpf';

export type CardBrand = 'visa' | 'mastercard' | 'elo';

export const cardBrands: { id: CardBrand; label: string }[] = [
  { id: 'visa', label: 'Visa' },
  { id: 'mastercard', label: 'Mastercard' },
  { id: 'elo', label: 'Elo' },
];

/** Card number as typed, grouped in fours: '4242424242424242' -> '4242 4242 4242 4242' (19 digits at most). */
export function formatCardNumber(text: string): string {
  return onlyDigits(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Validity as typed, 'MM/AA': '1' -> '1', '12' -> '12', '123' -> '12/3'; a leading 2-9 becomes '0X'. */
export function formatExpiry(text: string): string {
  let digits = onlyDigits(text).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

// Elo BINs (published by Elo; some start with 4 or 5, so they are checked before Visa and Mastercard).
const eloRanges: [number, number][] = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];

/** The brand a card number belongs to, from its first digits; null while unknown. */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = onlyDigits(number);
  if (digits.length >= 6) {
    const bin = Number(digits.slice(0, 6));
    if (eloRanges.some(([from, to]) => bin >= from && bin <= to)) return 'elo';
  }
  if (/^4/.test(digits)) return 'visa';
  const four = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}
