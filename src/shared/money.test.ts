import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import {
  MAX_INSTALLMENTS,
  formatCentavos,
  formatInstallmentLabel,
  parseReaisToCentavos,
  splitInstallments,
  formatInstallments,
} from './money';

describe('formatCentavos', () => {
  it('formats centavos as reais with a normal space after R$', () => {
    expect(formatCentavos(8000)).toBe('R$ 80,00');
    expect(formatCentavos(123456)).toBe('R$ 1.234,56');
    expect(formatCentavos(0)).toBe('R$ 0,00');
    expect(formatCentavos(5)).toBe('R$ 0,05');
    expect(formatCentavos(100000000)).toBe('R$ 1.000.000,00');
  });

  it('never leaves a non-breaking space in the text', () => {
    expect(formatCentavos(123456)).not.toMatch(/[\u00a0\u202f]/);
  });

  it('shows a negative amount with a leading minus', () => {
    expect(formatCentavos(-100)).toBe('-R$ 1,00');
  });

  it('refuses fractional centavos', () => {
    expect(() => formatCentavos(10.5)).toThrow(DomainError);
    expect(() => formatCentavos(Number.NaN)).toThrow(DomainError);
  });
});

describe('parseReaisToCentavos', () => {
  it('reads whole reais', () => {
    expect(parseReaisToCentavos('80')).toBe(8000);
    expect(parseReaisToCentavos('0')).toBe(0);
  });

  it('reads one or two decimals after a comma', () => {
    expect(parseReaisToCentavos('80,5')).toBe(8050);
    expect(parseReaisToCentavos('80,50')).toBe(8050);
    expect(parseReaisToCentavos('0,01')).toBe(1);
  });

  it('reads thousands separated by dots', () => {
    expect(parseReaisToCentavos('1.234,56')).toBe(123456);
    expect(parseReaisToCentavos('1.234.567')).toBe(123456700);
    expect(parseReaisToCentavos('1234,56')).toBe(123456);
  });

  it('accepts the R$ prefix and surrounding spaces, non-breaking ones included', () => {
    expect(parseReaisToCentavos('R$ 12,00')).toBe(1200);
    expect(parseReaisToCentavos('R$12')).toBe(1200);
    expect(parseReaisToCentavos('  R$\u00a01.234,56 ')).toBe(123456);
  });

  it('reads back what formatCentavos writes', () => {
    for (const centavos of [0, 1, 99, 8000, 123456, 987654321]) {
      expect(parseReaisToCentavos(formatCentavos(centavos))).toBe(centavos);
    }
  });

  it('returns null for negative, empty or malformed text', () => {
    for (const text of ['', '  ', '-5', '-R$ 5,00', 'abc', '12,345', '80.50', '1.23,00', '1,2,3', ',50', 'R$', '12a', '1.2345']) {
      expect(parseReaisToCentavos(text)).toBeNull();
    }
  });

  it('returns null for amounts too large to count exactly', () => {
    expect(parseReaisToCentavos('99999999999999999')).toBeNull();
  });
});

describe('formatInstallments', () => {
  it('reads an uneven split as the first plus the rest', () => {
    expect(formatInstallments(26000, 6)).toBe('6x sem juros (1x R$ 43,35 + 5x R$ 43,33)');
    expect(formatInstallments(26000, 4)).toBe('4x de R$ 65,00 sem juros');
    expect(formatInstallments(26000, 1)).toBe('1x de R$ 260,00');
  });
});

describe('splitInstallments', () => {
  it('splits an even total into equal instalments', () => {
    expect(splitInstallments(60000, 6)).toEqual([10000, 10000, 10000, 10000, 10000, 10000]);
  });

  it('gives the remainder to the first instalment', () => {
    expect(splitInstallments(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitInstallments(10001, 3)).toEqual([3335, 3333, 3333]);
    expect(splitInstallments(26000, 6)).toEqual([4335, 4333, 4333, 4333, 4333, 4333]);
    expect(splitInstallments(5, 6)).toEqual([5, 0, 0, 0, 0, 0]);
  });

  it('always adds up exactly to the total', () => {
    for (let total = 0; total < 2000; total += 7) {
      for (let count = 1; count <= MAX_INSTALLMENTS; count++) {
        const parts = splitInstallments(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(parts.slice(1).every((part) => part === parts[parts.length - 1])).toBe(true);
        expect(parts[0] - parts[1 % count]).toBeLessThan(count);
      }
    }
  });

  it('refuses an instalment count outside 1 to 6', () => {
    for (const count of [0, 7, -1, 1.5, Number.NaN]) {
      expect(() => splitInstallments(10000, count)).toThrow(expect.objectContaining({ code: 'installments_invalid' }));
    }
  });

  it('refuses a negative or fractional total', () => {
    expect(() => splitInstallments(-1, 1)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    expect(() => splitInstallments(10.5, 1)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});

describe('formatInstallmentLabel', () => {
  it('names the first instalment apart when the split is uneven, so the amounts add up', () => {
    expect(formatInstallmentLabel(10000, 3)).toBe('3x sem juros (1x R$ 33,34 + 2x R$ 33,33)');
  });

  it('labels a single payment as 1x', () => {
    expect(formatInstallmentLabel(10000, 1)).toBe('1x de R$ 100,00 sem juros');
  });

  it('labels six instalments of a large total', () => {
    expect(formatInstallmentLabel(123456, 6)).toBe('6x de R$ 205,76 sem juros');
  });

  it('exports six as the most instalments', () => {
    expect(MAX_INSTALLMENTS).toBe(6);
  });
});
