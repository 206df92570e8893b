import { describe, expect, it } from 'vitest';
import { formatCnpj, isValidCnpj } from './cnpj';

describe('isValidCnpj', () => {
  it('accepts a CNPJ with right check digits, bare or masked', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('refuses a wrong check digit, a short number, letters and repeated digits', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-8')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-8a')).toBe(false);
    expect(isValidCnpj('11.111.111/1111-11')).toBe(false);
  });

  it('accepts the demo stand-in of zeros', () => {
    expect(isValidCnpj('00.000.000/0000-00')).toBe(true);
  });
});

describe('formatCnpj', () => {
  it('masks fourteen digits as 00.000.000/0000-00', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
  });
});
