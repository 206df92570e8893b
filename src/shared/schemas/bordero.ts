import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { rawBodySchema } from './api-error';
import { orderChannels, type OrderChannel } from '../statuses';

// The borderô of an event (docs/rules/bordero.md 'Borderô'): its sales per session x sector x
// lot x kind x channel, the totals from gross to net, the meia-entrada against the reserve, the
// entries per hour and gate, the ECAD estimate with the set list, the net split among
// co-producers and the NFS-e text. Money in integer centavos.

/**
 * The ECAD rates an organizer picks per event, in basis points of the ticket receipts net of
 * refunds (domain/bordero.ts ecadBaseCentavos): 10 % (live music) or 15 % (recorded).
 */
export const ecadBasisPointsChoices = [1000, 1500] as const;
export type EcadBasisPoints = (typeof ecadBasisPointsChoices)[number];

/** What the ECAD estimate is taken on, in the words the borderô's screen, PDF and CSV all show. */
export const ECAD_BASE_LABEL = 'Base: bilheteria líquida de reembolsos';

/** Most co-producers one event's borderô names. */
export const MAX_CO_PRODUCERS = 20;
/** Longest set list, in characters. */
export const MAX_SET_LIST_LENGTH = 20_000;

/** The borderô's name of each order channel. */
export const borderoChannelLabel: Readonly<Record<OrderChannel, string>> = {
  online: 'Online',
  box_office: 'Bilheteria',
  guest_list: 'Lista',
};

/** What a unit was sold as: full price, half price (its category in the label) or a courtesy. */
export const borderoKinds = ['inteira', 'meia', 'cortesia'] as const;
export type BorderoKind = (typeof borderoKinds)[number];

/** A co-producer's name, as the borderô's form and the API check it. */
export const coProducerNameSchema = text({ message: 'Informe o nome do coprodutor.' })
  .trim()
  .min(2, 'Informe o nome do coprodutor.')
  .max(120, 'O nome pode ter até 120 caracteres.');

/** The refusal of co-producers' shares adding up past 100 %. */
export const CO_PRODUCERS_OVER_MESSAGE = 'A soma das participações dos coprodutores não pode passar de 100%.';
/** The refusal of a set list past MAX_SET_LIST_LENGTH. */
export const SET_LIST_TOO_LONG_MESSAGE = 'O repertório pode ter até 20.000 caracteres.';

const coProducerSchema = z.object({
  name: coProducerNameSchema,
  shareBasisPoints: z
    .number({ message: 'Informe a participação do coprodutor.' })
    .int('A participação tem no máximo duas casas decimais.')
    .min(1, 'A participação deve ser maior que 0%.')
    .max(10000, 'A participação não pode passar de 100%.'),
});

/**
 * PATCH /api/admin/events/:id/bordero: the ECAD rate, the set list and the co-producers with
 * their share of the net in basis points (10000 = 100 %), summing to at most 10000 (the rest is
 * the organizer's). Each field optional; what is sent replaces what was stored.
 */
export const borderoSettingsSchema = z.object({
  ecadBasisPoints: z
    .number({ message: 'Escolha 10% ou 15% para o ECAD.' })
    .refine((value) => (ecadBasisPointsChoices as readonly number[]).includes(value), 'Escolha 10% ou 15% para o ECAD.')
    .optional(),
  setList: text({ message: 'O repertório deve ser um texto.' }).max(MAX_SET_LIST_LENGTH, SET_LIST_TOO_LONG_MESSAGE).optional(),
  coProducers: z
    .array(coProducerSchema, { message: 'Informe os coprodutores.' })
    .max(MAX_CO_PRODUCERS, 'Até 20 coprodutores.')
    .refine((list) => list.reduce((sum, c) => sum + c.shareBasisPoints, 0) <= 10000, CO_PRODUCERS_OVER_MESSAGE)
    .optional(),
});
export type BorderoSettings = z.infer<typeof borderoSettingsSchema>;

/**
 * A share typed in percent, pt-BR ('25', '12,5', '33,33'), as basis points (2500, 1250, 3333);
 * null when it is not a number from 0 to 100 with at most two decimals.
 */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:[,.](\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value <= 10000 ? value : null;
}

/** Basis points as a pt-BR percentage: 3333 -> '33,33%', 2500 -> '25%'. */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const cents = basisPoints % 100;
  return cents === 0 ? `${whole}%` : `${whole},${String(cents).padStart(2, '0').replace(/0$/, '')}%`;
}

/** The money of one line of the borderô, or of all of them (server/domain/bordero.ts settleBorderoLines). */
export const borderoMoneySchema = z.object({
  /** Units sold (refunded later or not), courtesies included. */
  units: z.number(),
  /** Units whose refund was approved. */
  refundedUnits: z.number(),
  /** The units' prices before discounts ('Valor de tabela'). */
  listCentavos: z.number(),
  /** Coupons' discounts ('Descontos'). */
  discountCentavos: z.number(),
  /** 'Vendas brutas': list - discounts, as the event page's gross (docs/rules/money.md 'The figures'). */
  grossCentavos: z.number(),
  /** 'Reembolsos': ticket money paid back. */
  refundsCentavos: z.number(),
  /** Service fees charged to buyers and kept ('Taxas de serviço'), the ticketing's, apart from the net. */
  feesCentavos: z.number(),
  /** Service fees charged and paid back with refunds. */
  refundedFeesCentavos: z.number(),
  /** Service fees the organizer absorbs on the units that stay sold ('Taxas absorvidas'). */
  absorbedFeesCentavos: z.number(),
  /** 'Líquido' = gross - refunds - absorbed fees. */
  netCentavos: z.number(),
  /** Courtesies at face value (the lot's price), outside the gross. */
  courtesyFaceCentavos: z.number(),
});
export type BorderoMoney = z.infer<typeof borderoMoneySchema>;

/** One line: a session x sector x lot x kind x channel with its money. */
export const borderoLineSchema = z.object({
  session: z.string(),
  sector: z.string(),
  lot: z.string(),
  kind: z.enum(borderoKinds),
  /** 'Inteira', 'Meia-entrada (Estudante)', 'Cortesia'. */
  kindLabel: z.string(),
  channel: z.enum(orderChannels),
  channelLabel: z.string(),
  money: borderoMoneySchema,
});
export type BorderoLine = z.infer<typeof borderoLineSchema>;

/** A subtotal of the lines by one dimension (channel or kind). */
export const borderoSubtotalSchema = z.object({ label: z.string(), money: borderoMoneySchema });
export type BorderoSubtotal = z.infer<typeof borderoSubtotalSchema>;

/** A sector's meia-entrada against its 40 % reserve. */
export const borderoMeiaSchema = z.object({
  sector: z.string(),
  stock: z.number(),
  reserve: z.number(),
  meiaSold: z.number(),
  seniorSold: z.number(),
  reserveLeft: z.number(),
  reserveUsedPercent: z.number(),
});
export type BorderoMeia = z.infer<typeof borderoMeiaSchema>;

/** Accepted entries of one hour (São Paulo) at one gate. */
export const borderoEntriesSchema = z.object({
  /** The hour's start, ISO 8601 UTC. */
  hourStart: z.string(),
  /** '28/11/2026 às 21h'. */
  hourLabel: z.string(),
  gate: z.string(),
  entries: z.number(),
});
export type BorderoEntries = z.infer<typeof borderoEntriesSchema>;

/** One part of the net: a co-producer's, or the organizer's (the rest). */
export const borderoShareSchema = z.object({
  name: z.string(),
  shareBasisPoints: z.number(),
  amountCentavos: z.number(),
  isOrganizer: z.boolean(),
});
export type BorderoShare = z.infer<typeof borderoShareSchema>;

/** GET /api/admin/events/:id/bordero, and the answer of its PATCH. */
export const borderoViewSchema = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    date: z.string(),
    startTime: z.string(),
    venue: z.string(),
    city: z.string().nullable(),
    meiaEntrada: z.boolean(),
    cancelled: z.boolean(),
  }),
  /** When it was read, ISO 8601 UTC. */
  generatedAt: z.string(),
  lines: z.array(borderoLineSchema),
  totals: borderoMoneySchema,
  byChannel: z.array(borderoSubtotalSchema),
  byKind: z.array(borderoSubtotalSchema),
  meia: z.array(borderoMeiaSchema),
  entries: z.array(borderoEntriesSchema),
  entriesTotal: z.number(),
  /** The estimate and its base (ticket receipts net of refunds, fees excluded: domain/bordero.ts ecadBaseCentavos), in centavos. */
  ecad: z.object({ basisPoints: z.number(), baseCentavos: z.number(), estimateCentavos: z.number(), setList: z.string() }),
  coProducers: z.array(z.object({ name: z.string(), shareBasisPoints: z.number() })),
  split: z.array(borderoShareSchema),
  nfseText: z.string(),
});
export type Bordero = z.infer<typeof borderoViewSchema>;

/**
 * The 200 of GET /api/admin/events/:id/bordero.pdf: the PDF's bytes, a body Fastify sends as it
 * is (as rawBodySchema's text bodies), never serialized.
 */
export const borderoPdfBodySchema = rawBodySchema.or(z.custom<Uint8Array>((body) => body instanceof Uint8Array));
