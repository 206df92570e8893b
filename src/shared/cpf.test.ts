import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf, onlyDigits } from './cpf';

describe('onlyDigits', () => {
  it('keeps only the digits', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits('+55 (11) 99999-9999')).toBe('5511999999999');
    expect(onlyDigits('abc')).toBe('');
  });
});

describe('isValidCpf', () => {
  it('accepts a CPF with right check digits, masked or bare', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 529.982.247-25 ')).toBe(true);
    expect(isValidCpf('280.012.389-38')).toBe(true);
  });

  it('refuses a CPF with a wrong check digit', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('123.456.789-00')).toBe(false);
  });

  it('refuses a CPF made of one repeated digit', () => {
    for (let digit = 0; digit <= 9; digit++) {
      const repeated = String(digit).repeat(11);
      expect(isValidCpf(repeated)).toBe(false);
      expect(isValidCpf(formatCpf(repeated))).toBe(false);
    }
  });

  it('refuses too few or too many digits', () => {
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('refuses letters and other characters mixed in', () => {
    expect(isValidCpf('529.982.247-25a')).toBe(false);
    expect(isValidCpf('529/982/247/25')).toBe(false);
  });
});

describe('formatCpf', () => {
  it('masks the digits progressively as they are typed', () => {
    expect(formatCpf('')).toBe('');
    expect(formatCpf('5')).toBe('5');
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('529982')).toBe('529.982');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('re-masks text that is already masked or has stray characters', () => {
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('529.98a2')).toBe('529.982');
  });

  it('stops at eleven digits', () => {
    expect(formatCpf('529982247251234')).toBe('529.982.247-25');
  });
});
