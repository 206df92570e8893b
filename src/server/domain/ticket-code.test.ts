import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTicketCode, normalizeTicketCode, verifyTicketCode } from './ticket-code';

const key = Buffer.from('0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff', 'hex');
const otherKey = randomBytes(32);

function flip(character: string): string {
  return character === 'A' ? 'B' : 'A';
}

describe('createTicketCode', () => {
  it('makes an NL1 code of a random part and a signature in base64url', () => {
    const code = createTicketCode(key);
    expect(code).toMatch(/^NL1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}$/);
    expect(code).toHaveLength(43);
  });

  it('never repeats a code over ten thousand tickets', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => createTicketCode(key)));
    expect(codes.size).toBe(10_000);
  });

  it('refuses a signing key that is too short', () => {
    expect(() => createTicketCode(Buffer.alloc(8))).toThrow(expect.objectContaining({ code: 'internal' }));
  });
});

describe('verifyTicketCode', () => {
  it('accepts a code made with the same key', () => {
    expect(verifyTicketCode(createTicketCode(key), key)).toBe(true);
  });

  it('accepts a code with surrounding whitespace', () => {
    expect(verifyTicketCode(`  ${createTicketCode(key)}\n`, key)).toBe(true);
  });

  it('refuses a code made with another key', () => {
    expect(verifyTicketCode(createTicketCode(otherKey), key)).toBe(false);
  });

  it('refuses a code with any one character changed', () => {
    const code = createTicketCode(key);
    for (let index = 0; index < code.length; index++) {
      const tampered = code.slice(0, index) + flip(code[index]) + code.slice(index + 1);
      expect(verifyTicketCode(tampered, key)).toBe(false);
    }
  });

  it('refuses a random part spelled in a non-canonical way', () => {
    const code = createTicketCode(key);
    const randomPart = code.slice(4, 26);
    const last = randomPart[21];
    // Same bytes, different spare bits: base64url 'A' (000000) and 'B' (000001) decode alike at the end.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1];
    const forged = `NL1.${randomPart.slice(0, 21)}${sibling}${code.slice(26)}`;
    expect(Buffer.from(randomPart.slice(0, 21) + sibling, 'base64url')).toEqual(Buffer.from(randomPart, 'base64url'));
    expect(verifyTicketCode(forged, key)).toBe(false);
  });

  it('refuses malformed codes without throwing', () => {
    const code = createTicketCode(key);
    const malformed = [
      '',
      'NL1.',
      code.slice(0, -1),
      `${code}A`,
      code.replace('NL1.', 'NL2.'),
      code.replace('NL1.', 'nl1.'),
      code.replace(/\.(?=[^.]*$)/, ':'),
      `${code.slice(0, 10)} ${code.slice(11)}`,
      `${code.slice(0, -1)}=`,
      '00020126580014br.gov.bcb.pix',
      'abc-123-PISTA',
    ];
    for (const text of malformed) expect(verifyTicketCode(text, key)).toBe(false);
    expect(verifyTicketCode(null as unknown as string, key)).toBe(false);
    expect(verifyTicketCode(code, Buffer.alloc(0))).toBe(false);
  });
});

describe('normalizeTicketCode', () => {
  it('trims surrounding whitespace', () => {
    expect(normalizeTicketCode('  NL1.abc.def \n')).toBe('NL1.abc.def');
  });
});
