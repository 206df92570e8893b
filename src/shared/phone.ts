import { getAreaCodeInfo } from '@brazilian-utils/brazilian-utils/get-area-code-info';
import { onlyDigits } from './cpf';

// The national number (DDD + subscriber) of a text, without a +55 / 55 country code.
function nationalDigits(text: string): string {
  const digits = onlyDigits(text);
  const hasCountryCode = text.trim().startsWith('+') || digits.length === 12 || digits.length === 13;
  return hasCountryCode && digits.startsWith('55') ? digits.slice(2) : digits;
}

/**
 * Whether a text is a Brazilian phone number someone can be reached on: a DDD in use (11 to 99,
 * as allocated by Anatel, e.g. 11, 21, 61; not 20 or 23), then either a mobile number of nine
 * digits starting with 9, or a landline of eight digits starting with 2 to 5 (Anatel's Plano
 * Geral de Numeração, Resolução 749/2022). A +55 (or 55) country code, spaces, parentheses,
 * dots and hyphens are allowed; any other character is not. Never throws.
 */
export function isValidBrazilianPhone(text: string): boolean {
  if (!/^\s*\+?[\d\s().-]*$/.test(text)) return false;
  if (text.trim().startsWith('+') && !onlyDigits(text).startsWith('55')) return false;
  const digits = nationalDigits(text);
  if (digits.length !== 10 && digits.length !== 11) return false;
  if (getAreaCodeInfo(digits.slice(0, 2)) === null) return false;
  const subscriber = digits.slice(2);
  return subscriber.length === 9 ? subscriber.startsWith('9') : /^[2-5]/.test(subscriber);
}

/**
 * Masks a Brazilian phone number as it is typed, '(11) 99999-9999' (docs/rules/sale.md 'Checkout'
 * placeholder); up to ten digits it reads as a landline '(11) 3333-4444', the eleventh digit
 * moves the hyphen. A leading +55 country code is dropped. Keeps at most eleven digits.
 */
export function formatPhone(text: string): string {
  const digits = nationalDigits(text).slice(0, 11);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const ddd = `(${digits.slice(0, 2)}) `;
  const subscriber = digits.slice(2);
  if (subscriber.length <= 4) return ddd + subscriber;
  const split = subscriber.length === 9 ? 5 : 4;
  return `${ddd}${subscriber.slice(0, split)}-${subscriber.slice(split)}`;
}

/**
 * A valid Brazilian phone number in E.164, '+5511999990000' (ITU-T E.164: '+', country code
 * 55, then the national number), the form WhatsApp and the database use. Returns null when
 * isValidBrazilianPhone says no. Never throws.
 */
export function toE164(text: string): string | null {
  if (!isValidBrazilianPhone(text)) return null;
  return `+55${nationalDigits(text)}`;
}
