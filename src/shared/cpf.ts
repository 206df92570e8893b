import { isValidCpf as hasValidCpfCheckDigits } from '@brazilian-utils/brazilian-utils/is-valid-cpf';

/** Keeps only the digits 0-9 of a text: '529.982.247-25' -> '52998224725'. */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Whether a text is a real CPF: eleven digits, written bare or with the usual mask
 * ('000.000.000-00', spaces tolerated), whose two check digits are right under the Receita
 * Federal's modulo 11 rule (via @brazilian-utils/brazilian-utils). Numbers made of one
 * repeated digit ('111.111.111-11'), which pass the arithmetic, are refused. Never throws.
 */
export function isValidCpf(text: string): boolean {
  if (!/^[\d.\-\s]*$/.test(text)) return false;
  const digits = onlyDigits(text);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return hasValidCpfCheckDigits(digits);
}

/**
 * Masks a CPF as it is typed, '000.000.000-00' (docs/rules/sale.md 'Checkout' placeholder): keeps the
 * first eleven digits and adds each separator once the digit after it exists
 * ('5299' -> '529.9', '52998224725' -> '529.982.247-25').
 */
export function formatCpf(text: string): string {
  const digits = onlyDigits(text).slice(0, 11);
  let masked = digits.slice(0, 3);
  if (digits.length > 3) masked += `.${digits.slice(3, 6)}`;
  if (digits.length > 6) masked += `.${digits.slice(6, 9)}`;
  if (digits.length > 9) masked += `-${digits.slice(9, 11)}`;
  return masked;
}
