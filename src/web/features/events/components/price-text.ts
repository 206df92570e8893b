import type { EventSummary } from '../../../../shared/schemas/events';
import { formatCentavos } from '../../../../shared/money';

/**
 * Card price line (docs/rules/events.md 'Card prices'): 'Vendas encerradas' for a cancelled event (its card is badged
 * 'Evento cancelado'), 'Esgotado', 'Gratuito' or 'A partir de R$ 80,00'; null without ticket types.
 */
export function eventPriceText(event: Pick<EventSummary, 'isSoldOut' | 'lowestPriceCentavos'> & { isCancelled?: boolean }): string | null {
  if (event.isCancelled) return 'Vendas encerradas';
  if (event.isSoldOut) return 'Esgotado';
  if (event.lowestPriceCentavos === null) return null;
  if (event.lowestPriceCentavos === 0) return 'Gratuito';
  return `A partir de ${formatCentavos(event.lowestPriceCentavos)}`;
}

/** A ticket type's price: 'Gratuito' for 0, otherwise 'R$ 80,00'. */
export function ticketPriceText(priceCentavos: number): string {
  return priceCentavos === 0 ? 'Gratuito' : formatCentavos(priceCentavos);
}
