import { onlyDigits } from './cpf';

/** Check digit of a CNPJ prefix (12 or 13 digits): weights 2..9 from the right, modulo 11. */
function cnpjCheckDigit(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    sum += Number(digits[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * Whether a text is a CNPJ with right check digits (Receita Federal, IN RFB 2.119/2022 annex
 * XV: two modulo 11 digits, weights 2 to 9 from the right), written bare ('12345678000195') or
 * with the mask '12.345.678/0001-95'. Numbers of one repeated digit other than zero are refused;
 * '00.000.000/0000-00' passes (the demo's stand-in, obviously no company's). Never throws.
 */
export function isValidCnpj(text: string): boolean {
  if (!/^[\d./\-\s]*$/.test(text)) return false;
  const digits = onlyDigits(text);
  if (digits.length !== 14 || /^([1-9])\1{13}$/.test(digits)) return false;
  const first = cnpjCheckDigit(digits.slice(0, 12));
  const second = cnpjCheckDigit(digits.slice(0, 12) + String(first));
  return digits.endsWith(`${first}${second}`);
}

/** '12345678000195' (or already masked) -> '12.345.678/0001-95'; expects 14 digits. */
export function formatCnpj(text: string): string {
  const d = onlyDigits(text);
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12, 14)}`;
}
