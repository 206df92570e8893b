import { describe, expect, it } from 'vitest';
import { canonicalJson, idempotencyRequestHash, idempotencyScope } from './idempotency';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and writes no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it('leaves out undefined members, as JSON.stringify does, and writes undefined in an array as null', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('writes strings, numbers and dates as JSON.stringify does', () => {
    expect(canonicalJson({ s: 'ação "x"', n: 1.5, d: new Date('2026-11-27T12:00:00.000Z') })).toBe(
      '{"d":"2026-11-27T12:00:00.000Z","n":1.5,"s":"ação \\"x\\""}',
    );
  });
});

describe('idempotencyRequestHash', () => {
  const body = { eventId: 'e1', items: [{ sectorId: 't1', quantity: 2 }], paymentMethod: 'pix' };

  it('is the same SHA-256 for the same body in another key order', () => {
    const reordered = { paymentMethod: 'pix', items: [{ quantity: 2, sectorId: 't1' }], eventId: 'e1' };
    const hash = idempotencyRequestHash(body, {});
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(idempotencyRequestHash(reordered, {})).toBe(hash);
  });

  it('differs for another body, another order of an array, or other route params', () => {
    const hash = idempotencyRequestHash(body, { id: 'a' });
    expect(idempotencyRequestHash({ ...body, paymentMethod: 'card' }, { id: 'a' })).not.toBe(hash);
    expect(idempotencyRequestHash({ ...body, items: [...body.items, { sectorId: 't2', quantity: 1 }] }, { id: 'a' })).not.toBe(hash);
    expect(idempotencyRequestHash(body, { id: 'b' })).not.toBe(hash);
  });

  it('treats a missing body as null, not as an empty object', () => {
    expect(idempotencyRequestHash(undefined, {})).toBe(idempotencyRequestHash(null, {}));
    expect(idempotencyRequestHash(undefined, {})).not.toBe(idempotencyRequestHash({}, {}));
  });
});

describe('idempotencyScope', () => {
  it('is the account id when signed in, else a keyed hash of the address that does not show it', () => {
    expect(idempotencyScope('user-1', '203.0.113.7', 'segredo')).toBe('user-1');
    const anonymous = idempotencyScope(null, '203.0.113.7', 'segredo');
    expect(anonymous).toMatch(/^anon:[0-9a-f]{32}$/);
    expect(anonymous).not.toContain('203.0.113.7');
    expect(idempotencyScope(null, '203.0.113.7', 'outro segredo')).not.toBe(anonymous);
    expect(idempotencyScope(null, '203.0.113.8', 'segredo')).not.toBe(anonymous);
  });
});
