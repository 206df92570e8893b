import { describe, expect, it } from 'vitest';
import { borderoSettingsSchema, formatBasisPoints, percentToBasisPoints } from './bordero';

describe('percentToBasisPoints', () => {
  it('reads a share typed in percent, pt-BR', () => {
    expect(percentToBasisPoints('25')).toBe(2500);
    expect(percentToBasisPoints('12,5')).toBe(1250);
    expect(percentToBasisPoints(' 33,33 % ')).toBe(3333);
    expect(percentToBasisPoints('100')).toBe(10000);
    expect(percentToBasisPoints('0')).toBe(0);
  });

  it('refuses more than 100, three decimals and text', () => {
    expect(percentToBasisPoints('100,01')).toBeNull();
    expect(percentToBasisPoints('120')).toBeNull();
    expect(percentToBasisPoints('1,234')).toBeNull();
    expect(percentToBasisPoints('vinte')).toBeNull();
    expect(percentToBasisPoints('')).toBeNull();
  });
});

describe('formatBasisPoints', () => {
  it('writes basis points as a pt-BR percentage', () => {
    expect(formatBasisPoints(2500)).toBe('25%');
    expect(formatBasisPoints(1250)).toBe('12,5%');
    expect(formatBasisPoints(3333)).toBe('33,33%');
    expect(formatBasisPoints(1)).toBe('0,01%');
  });
});

describe('borderoSettingsSchema', () => {
  it('takes 10 % or 15 % and co-producers summing to at most 100 %', () => {
    expect(
      borderoSettingsSchema.safeParse({ ecadBasisPoints: 1500, coProducers: [{ name: 'Casa Azul', shareBasisPoints: 10000 }] }).success,
    ).toBe(true);
    const rate = borderoSettingsSchema.safeParse({ ecadBasisPoints: 1200 });
    expect(rate.error?.issues[0].message).toBe('Escolha 10% ou 15% para o ECAD.');
    const over = borderoSettingsSchema.safeParse({
      coProducers: [
        { name: 'Casa Azul', shareBasisPoints: 5000 },
        { name: 'Som', shareBasisPoints: 5001 },
      ],
    });
    expect(over.error?.issues[0].message).toBe('A soma das participações dos coprodutores não pode passar de 100%.');
  });
});
