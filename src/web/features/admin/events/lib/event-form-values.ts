import {
  centavosToReaisInput,
  DEFAULT_MAX_TICKETS_PER_CPF,
  DEFAULT_MAX_TICKETS_PER_ORDER,
  DEFAULT_TICKET_TYPE,
  DEFAULT_TRANSFER_DEADLINE_HOURS,
  type AdminEventDetail,
  type EventFormValues,
} from '../../../../../shared/schemas/admin-events';
import { plural } from '../../../../../shared/plural';

export type SectorFormValues = EventFormValues['sectors'][number];
export type LotFormValues = SectorFormValues['lots'][number];

/** A lot row 'Adicionar lote' adds: no price yet, 100 units, no dates. */
export const newLotRow = (): LotFormValues => ({
  price: '',
  remaining: String(DEFAULT_TICKET_TYPE.remaining),
  startsAt: '',
  endsAt: '',
});

/** A sector row 'Adicionar setor' adds: one lot, on sale as long as the event, not a pre-sale. */
export const newSectorRow = (name = ''): SectorFormValues => ({
  name,
  description: '',
  lots: [newLotRow()],
  salesStartAt: '',
  salesEndAt: '',
  hiddenWithoutCode: false,
});

/** The name of the lot at `index` of its sector: '1º lote', '2º lote'. */
export const lotName = (index: number) => `${index + 1}º lote`;

/** Basis points as the percentage field shows them: 1000 -> '10', 750 -> '7,5', 0 -> ''. */
export function basisPointsToPercentInput(basisPoints: number): string {
  if (basisPoints === 0) return '';
  const whole = Math.floor(basisPoints / 100);
  const decimals = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return decimals ? `${whole},${decimals}` : String(whole);
}

const limitInput = (limit: number | null) => (limit === null ? '' : String(limit));

/**
 * The create form before anything is typed: a draft the organizer publishes on purpose, one
 * 'Ingresso Geral' sector with one lot of 100 (docs/rules/events.md 'Creating and editing events'), the default limits per order
 * and per CPF (docs/rules/sale.md 'Limits per order and per CPF') and no service fee.
 */
export function emptyEventForm(): EventFormValues {
  return {
    title: '',
    category: '',
    description: '',
    date: '',
    startTime: '',
    endTime: '',
    location: '',
    fullAddress: '',
    city: '',
    capacity: '',
    imageUrl: '',
    isPublished: false,
    sectors: [newSectorRow(DEFAULT_TICKET_TYPE.name)],
    maxTicketsPerOrder: String(DEFAULT_MAX_TICKETS_PER_ORDER),
    maxTicketsPerCpf: String(DEFAULT_MAX_TICKETS_PER_CPF),
    serviceFeePercent: '',
    serviceFeeMin: '',
    serviceFeeMax: '',
    serviceFeeAbsorbed: false,
    serviceFeeRefundable: false,
    nominal: false,
    rotatingQr: false,
    transferAllowed: true,
    transferDeadlineHours: String(DEFAULT_TRANSFER_DEADLINE_HOURS),
    ageRating: '',
    minorsAccompanied: false,
    accessibilityResources: [],
    accessibilityContact: '',
    policies: '',
  };
}

/** The edit form filled with a saved event; each lot remembers the stock it was loaded with. */
export function eventToFormValues(event: AdminEventDetail): EventFormValues {
  return {
    title: event.title,
    category: event.category,
    description: event.description,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime ?? '',
    location: event.location,
    fullAddress: event.fullAddress ?? '',
    city: event.city ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    imageUrl: event.imageUrl ?? '',
    isPublished: event.isPublished,
    sectors: event.sectors.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description ?? '',
      lots: type.lots.map((lot) => ({
        id: lot.id,
        price: centavosToReaisInput(lot.priceCentavos),
        remaining: String(lot.remaining),
        previousRemaining: lot.remaining,
        startsAt: lot.startsAt ?? '',
        endsAt: lot.endsAt ?? '',
      })),
      salesStartAt: type.salesStartAt ?? '',
      salesEndAt: type.salesEndAt ?? '',
      hiddenWithoutCode: type.hiddenWithoutCode,
    })),
    maxTicketsPerOrder: limitInput(event.maxTicketsPerOrder),
    maxTicketsPerCpf: limitInput(event.maxTicketsPerCpf),
    serviceFeePercent: basisPointsToPercentInput(event.serviceFeeBasisPoints),
    serviceFeeMin: event.serviceFeeMinCentavos === null ? '' : centavosToReaisInput(event.serviceFeeMinCentavos),
    serviceFeeMax: event.serviceFeeMaxCentavos === null ? '' : centavosToReaisInput(event.serviceFeeMaxCentavos),
    serviceFeeAbsorbed: event.serviceFeeAbsorbed,
    serviceFeeRefundable: event.serviceFeeRefundable,
    nominal: event.nominal,
    rotatingQr: event.rotatingQr,
    transferAllowed: event.transferAllowed,
    transferDeadlineHours: String(event.transferDeadlineHours),
    ageRating: event.ageRating ?? '',
    minorsAccompanied: event.minorsAccompanied,
    accessibilityResources: event.accessibility?.resources ?? [],
    accessibilityContact: event.accessibility?.contact ?? '',
    policies: event.policies.join('\n'),
  };
}

/** What the form needs to know of a saved sector: sales, the meia-entrada reserve and each lot's counts. */
export interface SavedSectorInfo {
  soldCount: number;
  hasOrders: boolean;
  meiaReserve: number;
  meiaTaken: number;
  lots: Record<string, { sold: number; held: number; remaining: number }>;
}

export function savedSectorsOf(event: AdminEventDetail): Record<string, SavedSectorInfo> {
  return Object.fromEntries(
    event.sectors.map((type) => [
      type.id,
      {
        soldCount: type.soldCount,
        hasOrders: type.hasOrders,
        meiaReserve: type.meiaReserve,
        meiaTaken: type.meiaTaken,
        lots: Object.fromEntries(type.lots.map((lot) => [lot.id, { sold: lot.sold, held: lot.held, remaining: lot.remaining }])),
      },
    ]),
  );
}

/** Whether paid or waiting orders exist: then the server keeps the service fee as it is. */
export const hasSales = (event: AdminEventDetail) => event.sectors.some((type) => type.lots.some((lot) => lot.sold + lot.held > 0));

/** 'N vendidos · N reservados · N restantes' for a lot or a sector, counts with the thousands dot ('14.998 restantes'). */
export function formatLotCounts({ sold, held, remaining }: { sold: number; held: number; remaining: number }): string {
  return [plural(sold, 'vendido', 'vendidos'), plural(held, 'reservado', 'reservados'), plural(remaining, 'restante', 'restantes')].join(
    ' · ',
  );
}

/** 'Meia-entrada: 12 de 40 vendidas (reserva de 40%)'; counts with the thousands dot ('1.234 de 6.000'). */
export function formatMeiaReserve({ meiaTaken, meiaReserve }: { meiaTaken: number; meiaReserve: number }): string {
  return `Meia-entrada: ${meiaTaken.toLocaleString('pt-BR')} de ${meiaReserve.toLocaleString('pt-BR')} vendidas (reserva de 40%)`;
}
