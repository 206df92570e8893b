import { createHmac } from 'node:crypto';
import { Secret } from 'otpauth';

/**
 * A ticket's rotating-QR secret (shared/rotating-qr.ts), base32: HMAC-SHA256 of its code under the
 * product's ticket signing key, first 20 bytes (RFC 4226's recommended length). Derived, never
 * stored: a ticket that gets a new code (a transfer) gets a new secret, and the old holder's app
 * stops making valid codes.
 */
export function rotationSecretOf(signingKey: Buffer, code: string): string {
  const bytes = createHmac('sha256', signingKey).update(`rotating-qr v1:${code}`).digest().subarray(0, 20);
  return new Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer }).base32;
}
