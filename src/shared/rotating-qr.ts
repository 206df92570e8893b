import { Secret, TOTP } from 'otpauth';

/**
 * The rotating QR of an event that turns it on (docs/rules/door.md 'Rotating QR': tickets a screenshot
 * cannot copy, as Google Wallet's rotating barcodes): the QR carries the ticket's code and a
 * 6-digit TOTP (RFC 6238, 30-second steps, otpauth) over the ticket's own secret, which only the
 * holder's app and the door (online, and offline through its list) know. A code from the current
 * step or one step either side (older than a minute is refused) is fresh.
 */

const ROTATION_STEP_SECONDS = 30;
/** Steps accepted either side of the current one (one: at most about a minute old, or a door clock a step behind). */
const ROTATION_WINDOW_STEPS = 1;
/** Between the code and its TOTP in the QR; no ticket code contains it. */
const SEPARATOR = '~';

function totp(secretBase32: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secretBase32), digits: 6, period: ROTATION_STEP_SECONDS, algorithm: 'SHA1' });
}

/** What the QR shows at `now`: 'NL1.<code>~123456'. */
export function rotatingQrPayload(code: string, secretBase32: string, now: Date = new Date()): string {
  return `${code}${SEPARATOR}${totp(secretBase32).generate({ timestamp: now.getTime() })}`;
}

/** The code and the TOTP of what a door read (a plain code has none). */
export function splitQrPayload(text: string): { code: string; otp: string | null } {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf(SEPARATOR);
  if (at < 0) return { code: trimmed, otp: null };
  return { code: trimmed.slice(0, at), otp: trimmed.slice(at + 1) };
}

/** Whether a TOTP read at `now` is fresh for the secret; a missing or malformed one is 'expired'. */
export function rotatingQrFreshness(secretBase32: string, otp: string | null, now: Date = new Date()): 'fresh' | 'expired' {
  if (!otp || !/^\d{6}$/.test(otp)) return 'expired';
  const delta = totp(secretBase32).validate({ token: otp, timestamp: now.getTime(), window: ROTATION_WINDOW_STEPS });
  return delta === null ? 'expired' : 'fresh';
}

/** Milliseconds until the code shown changes. */
export function msUntilNextStep(now: Date = new Date()): number {
  const step = ROTATION_STEP_SECONDS * 1000;
  return step - (now.getTime() % step);
}
