import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { toE164 } from '../../shared/phone';

// A WhatsApp number receives messages only once its owner proved to hold it, by typing a code
// sent to it: otherwise a mistyped or someone else's number would receive purchases, ticket
// transfers and event names, personal data handed to a third party (LGPD, Lei 13.709/2018 art. 6,
// purpose and security; art. 46). The code message itself is the one thing sent before that.

/** Digits of a confirmation code. */
const WHATSAPP_CODE_DIGITS = 6;
/** How long a code is valid after it is sent, in ms (10 minutes). */
export const WHATSAPP_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries a code takes; past them it is spent and a new one must be asked for. */
export const WHATSAPP_CODE_MAX_ATTEMPTS = 5;
/** At most one code per this many ms per user (60 s), so nobody floods a number with codes. */
const WHATSAPP_CODE_RESEND_MS = 60_000;

/** A new code: WHATSAPP_CODE_DIGITS decimal digits from the CSPRNG (crypto.randomInt, uniform), leading zeros kept ('004217'). */
export function newWhatsappCode(): string {
  return String(randomInt(0, 10 ** WHATSAPP_CODE_DIGITS)).padStart(WHATSAPP_CODE_DIGITS, '0');
}

/**
 * What is stored in place of a code: HMAC-SHA-256, under a key derived from `signingKey`, of the
 * user id, the number (E.164) and the code, base64url. Bound to the user and the number, so a
 * code sent to one number never confirms another; one-way, so the stored row never reveals it.
 */
export function whatsappCodeHash(signingKey: Buffer, userId: string, numberE164: string, code: string): string {
  const key = createHmac('sha256', signingKey).update('whatsapp-code v1').digest();
  return createHmac('sha256', key).update(`${userId}\n${numberE164}\n${code}`).digest('base64url');
}

/** Whether `code` is the one whose hash (whatsappCodeHash) is `storedHash`, compared in constant time. */
export function isWhatsappCodeMatch(signingKey: Buffer, userId: string, numberE164: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash);
  const given = Buffer.from(whatsappCodeHash(signingKey, userId, numberE164, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The pt-BR WhatsApp message that carries a code. */
export function whatsappCodeMessage(code: string): string {
  const minutes = WHATSAPP_CODE_TTL_MS / 60_000;
  return `Seu código de confirmação do WhatsApp é ${code}. Ele vale por ${minutes} minutos.\n\nSe você não pediu este código, ignore esta mensagem.`;
}

/** The columns of `user_notification_settings` the WhatsApp rules read. Instants are UTC. */
export interface WhatsappSettings {
  whatsappNotifications: boolean;
  /** E.164, '+5547991234567'; null: none. */
  whatsappNumber: string | null;
  /** The number confirmed by a code (E.164); null: none. */
  whatsappVerifiedNumber: string | null;
  whatsappVerifiedAt: Date | null;
}

/** Whether the saved number is the one confirmed by a code (a number changed since is not). */
export function isWhatsappConfirmed(
  settings: Pick<WhatsappSettings, 'whatsappNumber' | 'whatsappVerifiedNumber' | 'whatsappVerifiedAt'>,
): boolean {
  if (!settings.whatsappNumber || !settings.whatsappVerifiedNumber || !settings.whatsappVerifiedAt) return false;
  const number = toE164(settings.whatsappNumber);
  return number !== null && number === toE164(settings.whatsappVerifiedNumber);
}

/**
 * The one rule deciding where a WhatsApp message (a notice: purchase, transfer, reminder, brand
 * news) may go: the saved number in E.164 when WhatsApp is switched on and that very number was
 * confirmed by a code (isWhatsappConfirmed); otherwise null, and nothing is sent. Never throws.
 * Only the confirmation code itself goes to a number not confirmed yet.
 */
export function whatsappRecipient(settings: WhatsappSettings | null | undefined): string | null {
  if (!settings?.whatsappNotifications || !settings.whatsappNumber) return null;
  if (!isWhatsappConfirmed(settings)) return null;
  return toE164(settings.whatsappNumber);
}

/** The pending code of a number, as stored. Instants are UTC. */
export interface PendingWhatsappCode {
  /** Null while the code is on its way (asked for, the send job has not run yet). */
  hash: string | null;
  /** Null: no code asked for (or the last one was used or dropped). */
  expiresAt: Date | null;
  /** Wrong tries so far. */
  attempts: number;
}

/**
 * What a typed code is worth against the pending one, checked in this order:
 * 'none' (no code asked for), 'exhausted' (WHATSAPP_CODE_MAX_ATTEMPTS wrong tries already),
 * 'expired' (`now` at or past its expiry), 'on_its_way' (not sent yet), then 'right' or 'wrong'
 * as `matches(hash)` says. Only 'wrong' is to be counted as a try.
 */
export function judgeWhatsappCode(
  pending: PendingWhatsappCode,
  matches: (storedHash: string) => boolean,
  now: Date,
): 'none' | 'exhausted' | 'expired' | 'on_its_way' | 'right' | 'wrong' {
  if (!pending.expiresAt) return 'none';
  if (pending.attempts >= WHATSAPP_CODE_MAX_ATTEMPTS) return 'exhausted';
  if (now.getTime() >= pending.expiresAt.getTime()) return 'expired';
  if (!pending.hash) return 'on_its_way';
  return matches(pending.hash) ? 'right' : 'wrong';
}

/** Whether a code usable now is pending (asked for, not expired, tries left; sent or on its way). */
export function hasUsableWhatsappCode(pending: Omit<PendingWhatsappCode, 'hash'>, now: Date): boolean {
  return pending.expiresAt !== null && now.getTime() < pending.expiresAt.getTime() && pending.attempts < WHATSAPP_CODE_MAX_ATTEMPTS;
}

/** How long, in ms, before another code may be asked for after one asked at `lastRequestedAt` (null: never); 0: now. */
export function whatsappCodeWaitMs(lastRequestedAt: Date | null, now: Date): number {
  if (!lastRequestedAt) return 0;
  return Math.max(0, lastRequestedAt.getTime() + WHATSAPP_CODE_RESEND_MS - now.getTime());
}
