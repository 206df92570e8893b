import { DomainError } from './errors';

/** Most instalments a card payment may be split into (docs/rules/money-and-dates.md 'Money': 1 to 6, 'sem juros'). */
export const MAX_INSTALLMENTS = 6;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Formats integer centavos as Brazilian reais, 'R$ 1.234,56' (Intl pt-BR BRL,
 * docs/rules/money-and-dates.md 'Money'). Intl puts a non-breaking space after 'R$'; it is replaced by a
 * normal space so the text compares and copies as people type it. Negative amounts read
 * '-R$ 1,00'. Throws DomainError('validation_failed', { field: 'centavos' }) when the value
 * is not a safe integer, since money is never fractional centavos.
 */
export function formatCentavos(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) {
    throw new DomainError('validation_failed', { field: 'centavos', value: centavos });
  }
  return brl.format(centavos / 100).replace(/[\u00a0\u202f]/g, ' ');
}

// Whole part either plain digits or pt-BR thousands groups ('1.234.567'), then up to two decimals after a comma.
const REAIS_PATTERN = /^(?:R\$\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;

/**
 * Reads an amount in reais as a person types it in Brazil and returns integer centavos:
 * '80' -> 8000, '80,5' -> 8050, '1.234,56' -> 123456, 'R$ 12,00' -> 1200. The dot is only a
 * thousands separator (pt-BR), so '80.50' is not accepted. Returns null for empty, malformed,
 * negative, more than two decimals, or amounts beyond a safe integer. Never throws.
 */
export function parseReaisToCentavos(text: string): number | null {
  const cleaned = text.replace(/[\u00a0\u202f]/g, ' ').trim();
  const match = REAIS_PATTERN.exec(cleaned);
  if (!match) return null;
  const reais = Number(match[1].replace(/\./g, ''));
  const decimals = (match[2] ?? '').padEnd(2, '0');
  const centavos = reais * 100 + Number(decimals);
  return Number.isSafeInteger(centavos) ? centavos : null;
}

/**
 * Splits a total in centavos into `count` instalments that add up exactly to the total: each is
 * floor(total / count) and the first carries the remainder (docs/rules/money-and-dates.md 'Money'), so R$ 260,00
 * in 6x is 1x R$ 43,35 + 5x R$ 43,33, never 6 x R$ 43,34. Interest-free, so no amount is added
 * (docs/rules/money-and-dates.md 'Money').
 * Throws DomainError('installments_invalid') unless count is an integer 1..MAX_INSTALLMENTS,
 * and DomainError('validation_failed', { field: 'totalCentavos' }) for a negative or
 * non-integer total.
 */
export function splitInstallments(totalCentavos: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) {
    throw new DomainError('installments_invalid', { field: 'installments', value: count });
  }
  if (!Number.isSafeInteger(totalCentavos) || totalCentavos < 0) {
    throw new DomainError('validation_failed', { field: 'totalCentavos', value: totalCentavos });
  }
  const base = Math.floor(totalCentavos / count);
  const amounts = Array.from({ length: count }, () => base);
  amounts[0] += totalCentavos - base * count;
  return amounts;
}

/**
 * The pt-BR label of an instalment choice, '3x de R$ 33,34 sem juros' (1x reads
 * '1x de R$ 100,00 sem juros'). Shows the first, largest instalment of splitInstallments, so
 * the label never understates what is charged (docs/rules/money-and-dates.md 'Money': total divided by the count).
 * Throws as splitInstallments does.
 */
export function formatInstallmentLabel(totalCentavos: number, count: number): string {
  const [first, second] = splitInstallments(totalCentavos, count);
  if (count > 1 && first !== second) return formatInstallments(totalCentavos, count);
  return `${count}x de ${formatCentavos(first)} sem juros`;
}

/**
 * The instalment line a buyer reads: '1x de R$ 260,00', '4x de R$ 65,00 sem juros', or, when
 * the split is uneven, '6x sem juros (1x R$ 43,35 + 5x R$ 43,33)'. Same rule as splitInstallments.
 */
export function formatInstallments(totalCentavos: number, count: number): string {
  const amounts = splitInstallments(totalCentavos, count);
  if (count === 1) return `1x de ${formatCentavos(amounts[0])}`;
  if (amounts[0] === amounts[1]) return `${count}x de ${formatCentavos(amounts[0])} sem juros`;
  return `${count}x sem juros (1x ${formatCentavos(amounts[0])} + ${count - 1}x ${formatCentavos(amounts[1])})`;
}
