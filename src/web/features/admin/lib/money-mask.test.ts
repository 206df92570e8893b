import { describe, expect, it } from 'vitest';
import { maskPastedReais, maskReaisDigits } from './money-mask';

describe('the money field mask', () => {
  it('fills the digits from the right, as bank apps do', () => {
    expect(['6', '60', '600', '6000'].map(maskReaisDigits)).toEqual(['0,06', '0,60', '6,00', '60,00']);
  });

  it('keeps reading digits after the comma it wrote, and groups thousands', () => {
    expect(maskReaisDigits('60,000')).toBe('600,00');
    expect(maskReaisDigits('1.234,567')).toBe('12.345,67');
    expect(maskReaisDigits('80,0')).toBe('8,00');
  });

  it('ignores signs and letters, and turns no digits into a blank', () => {
    expect(maskReaisDigits('-5')).toBe('0,05');
    expect(maskReaisDigits('abc')).toBe('');
    expect(maskReaisDigits('0')).toBe('0,00');
  });

  it('takes a pasted amount as reais', () => {
    expect(maskPastedReais('60')).toBe('60,00');
    expect(maskPastedReais('R$ 1.234,56')).toBe('1.234,56');
    expect(maskPastedReais('80,5')).toBe('80,50');
    expect(maskPastedReais('12.50')).toBe('12,50');
  });
});
