import type { EventDetail, SectorView } from '../../../../shared/schemas/events';
import { formatNotificationDate } from '../../../../shared/dates';

/** A lot with this many units left or fewer shows 'Restam N' ('Resta 1'). */
export const FEW_LEFT = 50;

export type SaleBadgeTone = 'danger' | 'warning' | 'muted';

/** Whether the sector offers 'Inteira' and 'Meia-entrada' apart (a free sector has no half price). */
export const offersMeia = (type: SectorView) => type.meiaAvailable > 0 && type.priceCentavos > 0;

/** 'Resta 1', 'Restam 12', 'Restam 1.250': units left in the lot on sale. */
function unitsLeftText(units: number): string {
  return units === 1 ? 'Resta 1' : `Restam ${units.toLocaleString('pt-BR')}`;
}

/**
 * Units left in the lot, saying when they are only the meia-entrada reserve (full price sold
 * out: 'Resta 1, só meia-entrada'), so a full-price fan is not promised a ticket they cannot buy.
 */
export function leftInLotText(type: SectorView, units: number): string {
  return offersMeia(type) && type.fullAvailable <= 0 ? `${unitsLeftText(units)}, só meia-entrada` : unitsLeftText(units);
}

/**
 * The one state a sector's card shows under its name, from the server's `status`
 * (shared/schemas/events.ts sectorStatusValues; docs/rules/sale.md 'Selling the Brazilian way'):
 * 'Esgotado' when every lot is sold; 'Esgotando' when every lot is gone but orders waiting for
 * payment hold the last units (they may come back); 'Vendas encerradas'; 'Vendas abrem em …'; on
 * sale, 'Restam N' only when the current lot has FEW_LEFT units or fewer, else nothing. Never two
 * of them at once.
 */
export function sectorSaleBadge(type: SectorView): { text: string; tone: SaleBadgeTone } | null {
  switch (type.status) {
    case 'sold_out':
      return { text: 'Esgotado', tone: 'danger' };
    case 'selling_out':
      return { text: 'Esgotando', tone: 'warning' };
    case 'closed':
      return { text: 'Vendas encerradas', tone: 'muted' };
    case 'not_open':
      return { text: type.opensAt ? `Vendas abrem em ${formatNotificationDate(type.opensAt)}` : 'Vendas ainda não abertas', tone: 'muted' };
    case 'on_sale':
      return type.lotRemaining !== null && type.lotRemaining <= FEW_LEFT
        ? { text: leftInLotText(type, type.lotRemaining), tone: 'warning' }
        : null;
  }
}

/**
 * Whether the card lists the lots already ended ('1º lote · R$ 50,00 · Esgotado'): only while the
 * sector still has a lot to sell or to open, so how the price went is told; once every lot is gone
 * (sold, held or closed) its one badge says it all, and 'Esgotado' lines never sit beside 'Esgotando'.
 */
export function listsEndedLots(type: SectorView): boolean {
  return type.status === 'on_sale' || type.status === 'not_open';
}

/**
 * The sold-out word of the event page's price line, for an event with nothing left (`isSoldOut`):
 * 'Esgotando' when some sector's last units are held by orders waiting for payment (as that
 * sector's badge says), else 'Esgotado'; null for an event not sold out.
 */
export function eventSoldOutWord(event: Pick<EventDetail, 'isSoldOut' | 'sectors'>): 'Esgotado' | 'Esgotando' | null {
  if (!event.isSoldOut) return null;
  return event.sectors.some((type) => type.status === 'selling_out') ? 'Esgotando' : 'Esgotado';
}
