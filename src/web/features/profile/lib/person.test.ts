import { describe, expect, it } from 'vitest';
import { formatAccountDate, formatRating, initialsOf } from './person';

describe('initialsOf', () => {
  it('takes the first and last names’ initials', () => {
    expect(initialsOf('Ana Maria Souza')).toBe('AS');
    expect(initialsOf('  ana ')).toBe('A');
  });
  it('uses the first letter of an e-mail and a mark for nothing', () => {
    expect(initialsOf('bruna@exemplo.com.br')).toBe('B');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});

describe('formatRating', () => {
  it('writes one decimal with a comma, or a dash without a rating', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(3)).toBe('3,0');
    expect(formatRating(null)).toBe('—');
  });
});

describe('formatAccountDate', () => {
  it('writes the São Paulo day in pt-BR', () => {
    expect(formatAccountDate('2025-03-15T02:00:00.000Z')).toBe('14 de março de 2025');
    expect(formatAccountDate('2025-07-10T15:00:00.000Z')).toBe('10 de julho de 2025');
  });
  it('says it is not available without a valid date', () => {
    expect(formatAccountDate(null)).toBe('Não disponível');
    expect(formatAccountDate('ontem')).toBe('Não disponível');
  });
});
