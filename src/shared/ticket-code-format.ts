// The shape of a ticket code as createTicketCode writes it (server/domain/ticket-code.ts):
// 'NL1.' + 22 base64url characters (16 random bytes) + '.' + 16 base64url characters (12 bytes
// of the HMAC signature). The device has no signing key, so it checks the shape only.
const CODE_SHAPE = /^NL1\.[A-Za-z0-9_-]{21}[AQgw]\.[A-Za-z0-9_-]{16}$/;

/**
 * Whether `code` (surrounding whitespace tolerated) has the exact shape of a ticket code, the
 * random part in its canonical base64url spelling (the 22nd character carries 4 spare bits, so
 * only 'A', 'Q', 'g' or 'w' end it). It says nothing of the signature: the door offline reads a
 * well-formed code missing from its list as one to confirm online (docs/rules/door.md 'The offline
 * door'), and anything else as a code no ticket carries.
 */
export function isWellFormedTicketCode(code: string): boolean {
  return CODE_SHAPE.test(code.trim());
}
