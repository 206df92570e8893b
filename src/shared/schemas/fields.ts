import { z } from 'zod';
import '../zod-locale';

/** The message for text holding a character no text column can store. */
export const INVALID_TEXT_MESSAGE = 'O texto contém caracteres inválidos.';

// C0 control characters but tab, line feed and carriage return, and DEL (PostgreSQL refuses NUL
// in text, and none of them belongs in a name, a reason or an address); and a UTF-16 surrogate
// without its pair, which has no UTF-8 form (PostgreSQL refuses it in json and text alike).
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text can be stored as typed: no control character (but tab and line breaks), no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * A text field of a request: z.string (with `message` for a missing or non-text value) that refuses
 * what the database cannot store with a pt-BR message. Chain .trim(), .min(), .max() as on z.string.
 */
export function text(message?: Parameters<typeof z.string>[0]) {
  return z.string(message).refine(isStorableText, INVALID_TEXT_MESSAGE);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'yyyy-MM-dd' (2025-02-30 and 2025-13-01 are refused). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}
