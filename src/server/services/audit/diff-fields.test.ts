import { describe, expect, it } from 'vitest';
import { diffFields } from './diff-fields';
import { maskCpf } from './record-audit';

describe('diffFields', () => {
  it('keeps only the fields whose value changed, with before and after', () => {
    const before = { title: 'Show', city: 'Itajaí', capacity: 100 };
    const after = { title: 'Show novo', city: 'Itajaí', capacity: 120 };
    expect(diffFields(before, after, ['title', 'city', 'capacity'])).toEqual({
      title: { before: 'Show', after: 'Show novo' },
      capacity: { before: 100, after: 120 },
    });
  });

  it('ignores fields not listed, even when they changed', () => {
    expect(diffFields({ a: 1, secret: 'x' }, { a: 1, secret: 'y' }, ['a'])).toEqual({});
  });

  it('compares dates by instant and stores them as ISO strings', () => {
    const at = new Date('2026-05-01T23:00:00.000Z');
    expect(diffFields({ at }, { at: new Date(at.getTime()) }, ['at'])).toEqual({});
    expect(diffFields({ at }, { at: new Date('2026-05-02T23:00:00.000Z') }, ['at'])).toEqual({
      at: { before: '2026-05-01T23:00:00.000Z', after: '2026-05-02T23:00:00.000Z' },
    });
  });

  it('reads undefined as null and a missing before as a creation', () => {
    expect(diffFields<{ note?: string | null }>({ note: null }, { note: undefined }, ['note'])).toEqual({});
    expect(diffFields<{ code: string; note: string | null }>(null, { code: 'VIP10', note: null }, ['code', 'note'])).toEqual({
      code: { before: null, after: 'VIP10' },
    });
  });

  it('compares arrays and objects by content', () => {
    expect(diffFields({ ids: ['a', 'b'] }, { ids: ['a', 'b'] }, ['ids'])).toEqual({});
    expect(diffFields({ ids: ['a'] }, { ids: ['a', 'b'] }, ['ids'])).toEqual({ ids: { before: ['a'], after: ['a', 'b'] } });
  });
});

describe('maskCpf', () => {
  it('hides the first six digits of a CPF, with or without punctuation', () => {
    expect(maskCpf('529.982.247-25')).toBe('***.***.247-25');
    expect(maskCpf('52998224725')).toBe('***.***.247-25');
    expect(maskCpf('123')).toBe('***');
    expect(maskCpf(null)).toBeNull();
    expect(maskCpf('')).toBeNull();
  });
});
