import { describe, expect, it } from 'vitest';
import { formatPhone, isValidBrazilianPhone } from './phone';

describe('isValidBrazilianPhone', () => {
  it('accepts a mobile number with a DDD, masked or bare', () => {
    expect(isValidBrazilianPhone('(11) 99999-9999')).toBe(true);
    expect(isValidBrazilianPhone('11987654321')).toBe(true);
    expect(isValidBrazilianPhone('47 98888-7777')).toBe(true);
  });

  it('accepts a landline number with a DDD', () => {
    expect(isValidBrazilianPhone('(11) 3333-4444')).toBe(true);
    expect(isValidBrazilianPhone('2133334444')).toBe(true);
  });

  it('accepts the +55 country code', () => {
    expect(isValidBrazilianPhone('+55 11 99999-9999')).toBe(true);
    expect(isValidBrazilianPhone('+55 (21) 3333-4444')).toBe(true);
    expect(isValidBrazilianPhone('5511999999999')).toBe(true);
  });

  it('refuses an eleven-digit number whose subscriber part does not start with 9', () => {
    expect(isValidBrazilianPhone('(11) 89999-9999')).toBe(false);
  });

  it('refuses a ten-digit number that is not a landline', () => {
    expect(isValidBrazilianPhone('(11) 9999-9999')).toBe(false);
    expect(isValidBrazilianPhone('(11) 1234-5678')).toBe(false);
  });

  it('refuses a DDD that is not in use', () => {
    expect(isValidBrazilianPhone('(10) 99999-9999')).toBe(false);
    expect(isValidBrazilianPhone('(20) 99999-9999')).toBe(false);
    expect(isValidBrazilianPhone('(01) 3333-4444')).toBe(false);
  });

  it('refuses too few or too many digits, letters and other country codes', () => {
    expect(isValidBrazilianPhone('99999-9999')).toBe(false);
    expect(isValidBrazilianPhone('(11) 99999-99999')).toBe(false);
    expect(isValidBrazilianPhone('(11) 9999a-9999')).toBe(false);
    expect(isValidBrazilianPhone('+1 415 555 2671')).toBe(false);
    expect(isValidBrazilianPhone('')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('masks the digits progressively as they are typed', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('11')).toBe('(11');
    expect(formatPhone('119')).toBe('(11) 9');
    expect(formatPhone('119999')).toBe('(11) 9999');
    expect(formatPhone('1199999')).toBe('(11) 9999-9');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('11999999999')).toBe('(11) 99999-9999');
  });

  it('re-masks masked text and drops the +55 country code', () => {
    expect(formatPhone('(11) 99999-9999')).toBe('(11) 99999-9999');
    expect(formatPhone('+55 11 99999-9999')).toBe('(11) 99999-9999');
  });

  it('stops at eleven digits', () => {
    expect(formatPhone('119999999991234')).toBe('(11) 99999-9999');
  });
});
