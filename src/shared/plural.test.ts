import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it('uses the singular for one and the plural for zero and many', () => {
    expect(plural(1, 'ingresso', 'ingressos')).toBe('1 ingresso');
    expect(plural(2, 'ingresso', 'ingressos')).toBe('2 ingressos');
    expect(plural(0, 'ingresso', 'ingressos')).toBe('0 ingressos');
  });

  it('writes thousands with a dot', () => {
    expect(plural(1234, 'seguidor', 'seguidores')).toBe('1.234 seguidores');
  });

  it('gives the word alone', () => {
    expect(pluralWord(1, 'vendido', 'vendidos')).toBe('vendido');
    expect(pluralWord(3, 'vendido', 'vendidos')).toBe('vendidos');
  });
});
