import { createHmac, randomFillSync, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../shared/errors';

const PREFIX = 'NL1.';
const RANDOM_BYTES = 16;
const SIGNATURE_BYTES = 12;
/** Shortest signing key accepted, in bytes. */
const MIN_SIGNING_KEY_BYTES = 16;
// 16 bytes -> 22 base64url characters, 12 bytes -> 16, no padding.
const CODE_PATTERN = /^NL1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16})$/;

// Random bytes drawn from the system's CSPRNG a page at a time, each byte handed out once: one
// call into OpenSSL per 256 codes instead of one per code (as node:crypto's randomUUID does).
const entropy = Buffer.alloc(4096);
let entropyUsed = entropy.length;

/** `count` fresh random bytes as base64url, never handed out before (zeroed once read). */
function freshRandomBase64url(count: number): string {
  if (entropyUsed + count > entropy.length) {
    randomFillSync(entropy);
    entropyUsed = 0;
  }
  const text = entropy.toString('base64url', entropyUsed, entropyUsed + count);
  entropy.fill(0, entropyUsed, entropyUsed + count);
  entropyUsed += count;
  return text;
}

function sign(randomPart: string, signingKey: Buffer): Buffer {
  return createHmac('sha256', signingKey)
    .update(PREFIX + randomPart)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

/**
 * A new ticket code, the secret a ticket's QR carries (docs/rules/tickets.md 'Ticket codes': it
 * cannot be guessed or forged): 'NL1.' + base64url of 16 random bytes + '.' + base64url of
 * the first 12 bytes of HMAC-SHA256(signingKey, 'NL1.' + random part); 43 ASCII characters.
 * Throws DomainError('internal') when the key is shorter than 16 bytes.
 */
export function createTicketCode(signingKey: Buffer): string {
  if (signingKey.length < MIN_SIGNING_KEY_BYTES) {
    throw new DomainError('internal', { reason: 'ticket_signing_key_too_short' });
  }
  const randomPart = freshRandomBase64url(RANDOM_BYTES);
  return `${PREFIX}${randomPart}.${sign(randomPart, signingKey).toString('base64url')}`;
}

/**
 * Whether a code was made by createTicketCode with this key: exact format (surrounding
 * whitespace tolerated, nothing else), canonical base64url, and a signature compared in
 * constant time (timingSafeEqual). False for anything malformed or a key shorter than
 * 16 bytes; never throws. A true answer says the code is genuine, not that a ticket holds it.
 */
export function verifyTicketCode(code: string, signingKey: Buffer): boolean {
  try {
    if (typeof code !== 'string' || signingKey.length < MIN_SIGNING_KEY_BYTES) return false;
    const match = CODE_PATTERN.exec(normalizeTicketCode(code));
    if (!match) return false;
    const [, randomPart, signaturePart] = match;
    // The last of 22 characters carries 4 spare bits; only the canonical spelling is accepted.
    if (Buffer.from(randomPart, 'base64url').toString('base64url') !== randomPart) return false;
    const signature = Buffer.from(signaturePart, 'base64url');
    const expected = sign(randomPart, signingKey);
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  } catch {
    return false;
  }
}

/** A ticket code as typed or scanned, with surrounding whitespace removed. */
export function normalizeTicketCode(text: string): string {
  return text.trim();
}
