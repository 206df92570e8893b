import { describe, expect, it } from 'vitest';
import { foldedContainsPattern, foldText } from './fold-text';

describe('foldText', () => {
  it('folds case, accents, spaces, hyphens, dashes, apostrophes and dots', () => {
    for (const text of ['kpop', 'k pop', 'K-Pop', 'k-pop', 'K–POP', ' K . Pop ']) expect(foldText(text), text).toBe('kpop');
    expect(foldText('São Paulo')).toBe('saopaulo');
    expect(foldText("D'Ávila")).toBe('davila');
    expect(foldText('Itajaí')).toBe('itajai');
  });

  it('escapes the LIKE wildcards of the search', () => {
    expect(foldedContainsPattern('100%')).toBe('%100\\%%');
    expect(foldedContainsPattern('a_b')).toBe('%a\\_b%');
  });
});
