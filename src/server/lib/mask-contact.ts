import { isValidBrazilianPhone, toE164 } from '../../shared/phone';

// What logs may say about a person's address and number: enough to tell two apart while
// debugging, not enough to reach them (LGPD art. 6 III, necessity; art. 46, security measures).

/**
 * An e-mail address masked for a log: its first character, '***', and the domain
 * ('ana@exemplo.com.br' -> 'a***@exemplo.com.br'). A text without '@' becomes '***'. Never throws.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.trim()[0]}***${email.slice(at).trim()}`;
}

/**
 * A phone number masked for a log. A Brazilian number (src/shared/phone.ts) keeps its country
 * code, DDD, first digit and last four: '(47) 99123-4567' or '+5547991234567' ->
 * '+55 47 9****-4567', a landline '+55 47 3***-4444'. Any other text keeps its last four digits
 * and every other digit becomes '*'. Never throws.
 */
export function maskPhone(phone: string): string {
  const e164 = isValidBrazilianPhone(phone) ? toE164(phone) : null;
  if (e164) {
    const ddd = e164.slice(3, 5);
    const subscriber = e164.slice(5);
    return `+55 ${ddd} ${subscriber[0]}${'*'.repeat(subscriber.length - 5)}-${subscriber.slice(-4)}`;
  }
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (digit) => (++seen > digits - 4 ? digit : '*'));
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
// A run of 10 to 13 digits with the separators a phone is written with, not part of a longer
// word or id (a UUID's last group, a ticket code); only a valid Brazilian number is masked.
const PHONE = /(?<![\w-])\+?\(?\d[\d\s().-]{8,18}\d(?![\w-])/g;

/**
 * A text (a request address, a recipient) with every e-mail address and every Brazilian phone
 * number in it masked by maskEmail and maskPhone; the rest unchanged. Never throws.
 */
export function maskContacts(text: string): string {
  return text.replace(EMAIL, maskEmail).replace(PHONE, (match) => (isValidBrazilianPhone(match) ? maskPhone(match) : match));
}
