import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay, text } from './fields';
import { parseReaisToCentavos } from '../money';
import { brandSlugs } from './events';
import { eventCategories } from '../brands';
import { isImageAddress } from '../image-address';
import {
  accessibilityResources,
  ageRatings,
  MAX_POLICIES,
  MAX_POLICY_LENGTH,
  minorsRule,
  policyLines,
  sortAccessibilityResources,
  type AgeRating,
} from '../event-info';

// Shapes of the back office's events and ticket types (docs/screens.md 'Admin area', docs/rules/events.md 'Creating and editing events' and
// 'Edit event', 7 'Admin', 8). The browser form (eventFormSchema) and the API (eventInputSchema)
// are built from the same field rules, so both refuse the same input with the same pt-BR message.

export { brandNames, brandOfCategory, categoryLabel, eventCategories, type EventCategory } from '../brands';

/** Cities offered by the form (docs/rules/events.md 'Creating and editing events'); any other city is typed in. */
export const cityChoices = ['São Paulo', 'Rio de Janeiro', 'Itajaí'] as const;

/** Default of the first ticket type of a new event (docs/rules/events.md 'Creating and editing events'). */
export const DEFAULT_TICKET_TYPE = { name: 'Ingresso Geral', remaining: 100 } as const;

/** Most ticket types one event may have. */
export const MAX_TICKET_TYPES = 20;
/** Highest ticket price the back office takes: R$ 1.000.000,00, in centavos. */
const MAX_TICKET_PRICE_CENTAVOS = 100_000_000;
/** Highest stock or capacity the back office takes. */
const MAX_STOCK = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Images

/** Largest image upload: 5 MB (docs/rules/accounts-and-data.md 'Profile picture', 5*1024*1024 bytes). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Image types an upload may be (docs/rules/accounts-and-data.md 'Profile picture'; the same rule for event images). */
export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Folders under /uploads an admin may upload to. */
export const uploadFolders = ['events', 'news', 'banners', 'brands'] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/** Toast texts of a refused image, checked in the browser before sending (docs/rules/accounts-and-data.md 'Profile picture'). */
export const imageRefusal = {
  type: { title: 'Formato inválido', description: 'Por favor, selecione uma imagem JPG, PNG ou WebP.' },
  size: { title: 'Arquivo muito grande', description: 'A imagem deve ter no máximo 5MB.' },
} as const;

/** POST /api/admin/uploads/:folder answer: the public path of the stored image. */
export const uploadImageResponseSchema = z.object({ url: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Field rules shared by the form and the API

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const requiredText = (missing: string, max: number, tooLong: string) => text(missing).trim().min(1, missing).max(max, tooLong);

/** Optional text: trimmed; blank or absent becomes null. */
const optionalText = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** Transfers close this many hours before the start unless the organizer says otherwise (docs/rules/transfers.md 'Transfers': default 24 h). */
export const DEFAULT_TRANSFER_DEADLINE_HOURS = 24;
/** The longest transfer deadline an organizer may set: 30 days before the start. */
export const MAX_TRANSFER_DEADLINE_HOURS = 720;
const TRANSFER_HOURS_MESSAGE = `Informe de 0 a ${MAX_TRANSFER_DEADLINE_HOURS} horas`;

const eventFields = {
  title: requiredText('Título do evento é obrigatório', 200, 'O título deve ter no máximo 200 caracteres'),
  category: text('Marca é obrigatória')
    .trim()
    .min(1, 'Marca é obrigatória')
    .refine((value) => (eventCategories as readonly string[]).includes(value), 'Marca inválida'),
  description: text()
    .trim()
    .max(5000, 'A descrição deve ter no máximo 5000 caracteres')
    .nullish()
    .transform((value) => value ?? ''),
  date: text('Data do evento é obrigatória').trim().min(1, 'Data do evento é obrigatória').refine(isCalendarDay, 'Data inválida'),
  startTime: text('Horário de início é obrigatório')
    .trim()
    .min(1, 'Horário de início é obrigatório')
    .regex(TIME_PATTERN, 'Horário inválido'),
  endTime: text('Horário inválido')
    .trim()
    .refine((value) => value === '' || TIME_PATTERN.test(value), 'Horário inválido')
    .nullish()
    .transform((value) => (value ? value : null)),
  location: requiredText('Local do evento é obrigatório', 200, 'O local deve ter no máximo 200 caracteres'),
  fullAddress: optionalText(300, 'O endereço deve ter no máximo 300 caracteres'),
  city: optionalText(80, 'A cidade deve ter no máximo 80 caracteres'),
  imageUrl: text('Imagem inválida')
    .trim()
    .max(500, 'Endereço da imagem muito longo')
    .refine((value) => value === '' || isImageAddress(value), 'Imagem inválida')
    .nullish()
    .transform((value) => (value ? value : null)),
  isPublished: z.boolean('Situação inválida').default(true),
};

const sectorFields = {
  /** Present for a ticket type that already exists (edit); absent for a new one. */
  id: z.uuid('Tipo de ingresso inválido').optional(),
  name: requiredText('Nome do ingresso é obrigatório', 100, 'O nome deve ter no máximo 100 caracteres'),
  description: optionalText(500, 'A descrição deve ter no máximo 500 caracteres'),
};

const PRICE_MESSAGE = 'Preço deve ser um valor válido';
const REMAINING_MESSAGE = 'Quantidade deve ser um número inteiro de 0 a 1.000.000';
const CAPACITY_MESSAGE = 'Capacidade deve ser um número inteiro maior que zero';

function noRepeatedIds(types: { id?: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  types.forEach((type, index) => {
    if (!type.id) return;
    if (seen.has(type.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Tipo de ingresso repetido' });
    seen.add(type.id);
  });
}

// ---------------------------------------------------------------------------------------------
// API

const INSTANT_MESSAGE = 'Data e hora inválidas';
/** An instant as the API takes it: ISO 8601 (UTC or with offset); blank or absent = no bound. */
const optionalInstant = text(INSTANT_MESSAGE)
  .trim()
  .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), INSTANT_MESSAGE)
  .nullish()
  .transform((value) => (value ? new Date(value).toISOString() : null));

/** Most lots one sector may have. */
export const MAX_LOTS = 10;

/**
 * One lot of a sector (docs/rules/sale.md 'Sectors and lots'). Price in centavos; `remaining`
 * the units it has left to sell (a new lot: its quantity); `previousRemaining` what the admin saw
 * when the form loaded, so the stock moves by the difference and sales made meanwhile are kept.
 * Its position is its place in the list (1º, 2º...).
 */
const lotInputSchema = z
  .object({
    id: z.uuid('Lote inválido').optional(),
    priceCentavos: z.number(PRICE_MESSAGE).int(PRICE_MESSAGE).min(0, PRICE_MESSAGE).max(MAX_TICKET_PRICE_CENTAVOS, 'Preço muito alto'),
    remaining: z.number(REMAINING_MESSAGE).int(REMAINING_MESSAGE).min(0, REMAINING_MESSAGE).max(MAX_STOCK, REMAINING_MESSAGE),
    previousRemaining: z.number().int().min(0).max(MAX_STOCK).optional(),
    startsAt: optionalInstant,
    endsAt: optionalInstant,
  })
  .refine((lot) => !lot.startsAt || !lot.endsAt || lot.startsAt < lot.endsAt, {
    message: 'O fim do lote deve ser depois do início',
    path: ['endsAt'],
  });
export type LotInput = z.infer<typeof lotInputSchema>;

/**
 * One sector ('ticket type') in POST /api/admin/events and PUT /api/admin/events/:id, with its
 * lots in order, its sales window and whether it is a pre-sale hidden until a code unlocks it. A
 * body without `lots` gives one lot as `priceCentavos` and `remaining` (and `previousRemaining`)
 * of the sector itself: its first lot.
 */
const sectorInputSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object' || 'lots' in raw) return raw;
    const { priceCentavos, remaining, previousRemaining, ...sector } = raw as Record<string, unknown>;
    return { ...sector, lots: [{ priceCentavos, remaining, previousRemaining }] };
  },
  z
    .object({
      ...sectorFields,
      lots: z
        .array(lotInputSchema, 'Adicione pelo menos um lote')
        .min(1, 'Adicione pelo menos um lote')
        .max(MAX_LOTS, `Um setor pode ter no máximo ${MAX_LOTS} lotes`),
      salesStartAt: optionalInstant,
      salesEndAt: optionalInstant,
      hiddenWithoutCode: z.boolean().default(false),
    })
    .refine((t) => !t.salesStartAt || !t.salesEndAt || t.salesStartAt < t.salesEndAt, {
      message: 'O fim das vendas deve ser depois do início',
      path: ['salesEndAt'],
    }),
);
export type SectorInput = z.infer<typeof sectorInputSchema>;

const LIMIT_MESSAGE = 'Limite deve ser um número inteiro de 1 a 100';
const optionalLimit = (byDefault: number) =>
  z.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).nullable().default(byDefault);
const FEE_MESSAGE = 'Taxa deve ser de 0% a 100%';
const FEE_BOUND_MESSAGE = 'Valor da taxa inválido';

const AGE_RATING_MESSAGE = 'Classificação indicativa inválida: use L (livre), 10, 12, 14, 16 ou 18';
const MINORS_MESSAGE = 'Menores acompanhados só se aplica a uma classificação indicativa de 10 a 18 anos';
const POLICY_LENGTH_MESSAGE = `Cada política deve ter no máximo ${MAX_POLICY_LENGTH} caracteres`;
const POLICIES_MESSAGE = `Informe no máximo ${MAX_POLICIES} políticas`;
const ACCESSIBILITY_CONTACT_MESSAGE = 'O contato de acessibilidade deve ter no máximo 200 caracteres';

/**
 * What the sale page shows of the event besides dates and prices (docs/rules/events.md 'What the
 * sale page shows'): the age rating (null: not informed) and whether younger people enter with a
 * parent or guardian (only with a rating of 10 to 18), the accessibility resources (ids of
 * shared/event-info.ts, in its order) with a contact, null when neither is informed, and the policy
 * lines (trimmed, blank and repeated lines dropped).
 */
const eventInfoFields = {
  ageRating: z.enum(ageRatings, AGE_RATING_MESSAGE).nullable().default(null),
  minorsAccompanied: z.boolean('Menores acompanhados inválido').default(false),
  accessibility: z
    .object(
      {
        resources: z
          .array(z.enum(accessibilityResources, 'Recurso de acessibilidade inválido'), 'Recursos de acessibilidade inválidos')
          .max(accessibilityResources.length, 'Recursos de acessibilidade inválidos'),
        contact: optionalText(200, ACCESSIBILITY_CONTACT_MESSAGE),
      },
      'Acessibilidade inválida',
    )
    .nullable()
    .default(null)
    .transform((value) => {
      if (!value) return null;
      const resources = sortAccessibilityResources(value.resources);
      return resources.length === 0 && value.contact === null ? null : { resources, contact: value.contact };
    }),
  policies: z
    .array(text('Política inválida').trim().max(MAX_POLICY_LENGTH, POLICY_LENGTH_MESSAGE), 'Políticas inválidas')
    .max(MAX_POLICIES, POLICIES_MESSAGE)
    .default([])
    .transform((lines) => policyLines(lines.join('\n'))),
};

/** Minors accompanied means something only below an age rating (10 to 18), never for 'Livre' or none. */
function minorsNeedAnAge(e: { ageRating: AgeRating | null; minorsAccompanied: boolean }): boolean {
  return !e.minorsAccompanied || minorsRule(e.ageRating, true) !== null;
}

/** Default limits of a new event (docs/rules/sale.md 'Limits per order and per CPF'): 6 per order, 4 per CPF. */
export const DEFAULT_MAX_TICKETS_PER_ORDER = 6;
export const DEFAULT_MAX_TICKETS_PER_CPF = 4;

/**
 * Body of POST /api/admin/events and PUT /api/admin/events/:id (
 * docs/rules/events.md 'Creating and editing events'). Date 'yyyy-MM-dd' and times 'HH:mm' in America/Sao_Paulo; capacity null = unlimited;
 * at least one ticket type. On PUT, types with an id are changed, types without one are added;
 * types left out are kept (they are removed one by one, with DELETE).
 */
export const eventInputSchema = z
  .object({
    ...eventFields,
    capacity: z
      .number(CAPACITY_MESSAGE)
      .int(CAPACITY_MESSAGE)
      .positive(CAPACITY_MESSAGE)
      .max(MAX_STOCK, CAPACITY_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    sectors: z
      .array(sectorInputSchema, 'Adicione pelo menos um tipo de ingresso')
      .min(1, 'Adicione pelo menos um tipo de ingresso')
      .max(MAX_TICKET_TYPES, `Um evento pode ter no máximo ${MAX_TICKET_TYPES} tipos de ingresso`)
      .superRefine(noRepeatedIds),
    /** The meia-entrada law's 40 % reserve (on by default: it applies to every paid cultural event). */
    meiaEntrada: z.boolean().default(true),
    maxTicketsPerOrder: optionalLimit(DEFAULT_MAX_TICKETS_PER_ORDER),
    maxTicketsPerCpf: optionalLimit(DEFAULT_MAX_TICKETS_PER_CPF),
    /** The service fee in basis points of each ticket's price (1000 = 10 %), its bounds per ticket in centavos, and who pays it. */
    serviceFeeBasisPoints: z.number(FEE_MESSAGE).int(FEE_MESSAGE).min(0, FEE_MESSAGE).max(10_000, FEE_MESSAGE).default(0),
    serviceFeeMinCentavos: z
      .number(FEE_BOUND_MESSAGE)
      .int(FEE_BOUND_MESSAGE)
      .min(0, FEE_BOUND_MESSAGE)
      .max(MAX_TICKET_PRICE_CENTAVOS)
      .nullable()
      .default(null),
    serviceFeeMaxCentavos: z
      .number(FEE_BOUND_MESSAGE)
      .int(FEE_BOUND_MESSAGE)
      .min(0, FEE_BOUND_MESSAGE)
      .max(MAX_TICKET_PRICE_CENTAVOS)
      .nullable()
      .default(null),
    serviceFeeAbsorbed: z.boolean().default(false),
    /** The fee also goes back on refunds past the 7-day withdrawal (it always does on a withdrawal and on a cancellation). */
    serviceFeeRefundable: z.boolean().default(false),
    /** Tickets are nominal: each holder's CPF is asked (docs/rules/transfers.md 'Named tickets'). */
    nominal: z.boolean().default(false),
    /** The QR of its tickets rotates every 30 s (docs/rules/door.md 'Rotating QR'): screenshots do not get in. */
    rotatingQr: z.boolean().default(false),
    /** Buyers may transfer tickets, until `transferDeadlineHours` (0 to 720) before the start. */
    transferAllowed: z.boolean().default(true),
    transferDeadlineHours: z
      .number(TRANSFER_HOURS_MESSAGE)
      .int(TRANSFER_HOURS_MESSAGE)
      .min(0, TRANSFER_HOURS_MESSAGE)
      .max(MAX_TRANSFER_DEADLINE_HOURS, TRANSFER_HOURS_MESSAGE)
      .default(DEFAULT_TRANSFER_DEADLINE_HOURS),
    ...eventInfoFields,
  })
  .refine(
    (e) => e.serviceFeeMinCentavos === null || e.serviceFeeMaxCentavos === null || e.serviceFeeMinCentavos <= e.serviceFeeMaxCentavos,
    {
      message: 'A taxa máxima deve ser maior ou igual à mínima',
      path: ['serviceFeeMaxCentavos'],
    },
  )
  .refine(minorsNeedAnAge, { message: MINORS_MESSAGE, path: ['minorsAccompanied'] });
export type EventInput = z.infer<typeof eventInputSchema>;
export type EventInputBody = z.input<typeof eventInputSchema>;

/** Query of GET /api/admin/events: search on title or location. */
/**
 * The events list's filter by state, each event in exactly one: 'published' (on sale, upcoming),
 * 'draft' (not published, not cancelled), 'cancelled', 'past' (published, its day gone).
 */
export const adminEventFilters = ['published', 'draft', 'cancelled', 'past'] as const;
export type AdminEventFilter = (typeof adminEventFilters)[number];
/** The list's order: newest created first (default), by event date soonest first, or latest first. */
export const adminEventSorts = ['created', 'date', '-date'] as const;
export type AdminEventSort = (typeof adminEventSorts)[number];

export const listAdminEventsQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  brand: z.enum(brandSlugs, 'Marca inválida').optional(),
  status: z.enum(adminEventFilters, 'Situação inválida: use published, draft, cancelled ou past').optional(),
  sort: z.enum(adminEventSorts, 'Ordem inválida: use created, date ou -date').optional(),
});
export type ListAdminEventsQuery = z.infer<typeof listAdminEventsQuerySchema>;

/** 'active' (Ativo) until the event is over in São Paulo (dates.ts isEventPast), then 'finished'. */
export const adminEventStatuses = ['active', 'finished'] as const;
export type AdminEventStatus = (typeof adminEventStatuses)[number];

/**
 * The organizer's money of paid sales, in centavos, as a producer reconciles it:
 * gross - refunds - absorbed fees = net. Service fees charged to buyers are the ticketing's and
 * stay out of the net (server/domain/sales-money.ts settleSalesMoney).
 */
export const salesMoneySchema = z.object({
  /** 'Vendas brutas': what buyers paid for tickets of paid orders (refunded later or not), net of discounts, without fees. */
  grossCentavos: z.number(),
  /** 'Descontos': the coupons' discounts on those orders, already out of the gross. */
  discountCentavos: z.number(),
  /** 'Reembolsos': ticket money paid back by approved refunds (the fee they paid back apart). */
  refundsCentavos: z.number(),
  /** 'Taxas absorvidas': service fees the organizer absorbs on the tickets that stay sold. */
  absorbedFeesCentavos: z.number(),
  /** 'Líquido': gross - refunds - absorbed fees, the organizer's. */
  netCentavos: z.number(),
  /** 'Taxas de serviço' charged to buyers and kept (charged less paid back). */
  feesCentavos: z.number(),
  /** Service fees charged to buyers and paid back with their refunds. */
  refundedFeesCentavos: z.number(),
});
export type SalesMoney = z.infer<typeof salesMoneySchema>;

/** One row of GET /api/admin/events (newest first). Money in centavos; instants UTC ISO 8601. */
export const adminEventSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** 'yyyy-MM-dd' and 'HH:mm:ss' in America/Sao_Paulo. */
  date: z.string(),
  startTime: z.string(),
  location: z.string(),
  city: z.string().nullable(),
  category: z.string(),
  brandSlug: z.enum(brandSlugs).nullable(),
  imageUrl: z.string().nullable(),
  isPublished: z.boolean(),
  status: z.enum(adminEventStatuses),
  /** UTC instant (ISO 8601) the organizer cancelled the event; null while it goes ahead. */
  cancelledAt: z.string().nullable(),
  /** Units of completed orders. */
  ticketsSold: z.number(),
  /** Units its lots ever put on sale (sold + held + remaining); none left of some offered: sold out. */
  ticketsOffered: z.number(),
  isSoldOut: z.boolean(),
  /** 'Vendas brutas': `money.grossCentavos`, the tickets' money of paid orders net of discounts, without fees. */
  revenueCentavos: z.number(),
  /** Its sales from gross to net, the same figures as the event page, the borderô and the dashboard. */
  money: salesMoneySchema,
  createdAt: z.string(),
});
export type AdminEventSummary = z.infer<typeof adminEventSummarySchema>;

/** GET /api/admin/events */
export const listAdminEventsResponseSchema = z.object({ events: z.array(adminEventSummarySchema) });
export type ListAdminEventsResponse = z.infer<typeof listAdminEventsResponseSchema>;

/** A lot as the back office shows it: its sales so far. Instants UTC ISO 8601. */
export const adminLotSchema = z.object({
  id: z.string(),
  /** '1º lote'. */
  name: z.string(),
  position: z.number(),
  priceCentavos: z.number(),
  quantity: z.number(),
  remaining: z.number(),
  /** Units of paid orders, and of orders waiting for payment. */
  sold: z.number(),
  held: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type AdminLot = z.infer<typeof adminLotSchema>;

/** A ticket type (sector) as the edit form shows it. `priceCentavos` and `remaining` are its first lot's. */
export const adminSectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceCentavos: z.number(),
  remaining: z.number(),
  lots: z.array(adminLotSchema),
  salesStartAt: z.string().nullable(),
  salesEndAt: z.string().nullable(),
  hiddenWithoutCode: z.boolean(),
  /** The meia-entrada reserve (40 % of its stock) and the half-price units held or sold against it. */
  meiaReserve: z.number(),
  meiaTaken: z.number(),
  /** Units of completed orders. */
  soldCount: z.number(),
  /** Whether any order (of any status) has this type: then it cannot be removed. */
  hasOrders: z.boolean(),
});
export type AdminSector = z.infer<typeof adminSectorSchema>;

/** GET /api/admin/events/:id, drafts included (also the answer of its POST and PUT). Times 'HH:mm'. */
export const adminEventDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  location: z.string(),
  fullAddress: z.string().nullable(),
  city: z.string().nullable(),
  capacity: z.number().nullable(),
  category: z.string(),
  brandSlug: z.enum(brandSlugs).nullable(),
  imageUrl: z.string().nullable(),
  isPublished: z.boolean(),
  status: z.enum(adminEventStatuses),
  /** UTC instant (ISO 8601) the organizer cancelled the event; null while it goes ahead. */
  cancelledAt: z.string().nullable(),
  /** Orders of any status: an event with none may be deleted, one with orders only cancelled. */
  orderCount: z.number(),
  sectors: z.array(adminSectorSchema),
  meiaEntrada: z.boolean(),
  maxTicketsPerOrder: z.number().nullable(),
  maxTicketsPerCpf: z.number().nullable(),
  serviceFeeBasisPoints: z.number(),
  serviceFeeMinCentavos: z.number().nullable(),
  serviceFeeMaxCentavos: z.number().nullable(),
  serviceFeeAbsorbed: z.boolean(),
  serviceFeeRefundable: z.boolean(),
  nominal: z.boolean(),
  rotatingQr: z.boolean(),
  transferAllowed: z.boolean(),
  /** Hours before the start when transfers close. */
  transferDeadlineHours: z.number(),
  /** docs/rules/events.md 'What the sale page shows': age rating ('L', '10' ... '18') or null, minors accompanied, accessibility or null, policy lines. */
  ageRating: z.enum(ageRatings).nullable(),
  minorsAccompanied: z.boolean(),
  accessibility: z.object({ resources: z.array(z.enum(accessibilityResources)), contact: z.string().nullable() }).nullable(),
  policies: z.array(z.string()),
  /** The money of its paid orders: gross, refunds, absorbed fees and net, fees charged to buyers apart. */
  money: salesMoneySchema,
});
export type AdminEventDetail = z.infer<typeof adminEventDetailSchema>;

/** Answer of DELETE /api/admin/events/:id/sectors/:sectorId: the id of the sector removed. */
export const deletedSectorSchema = z.object({ id: z.string() });
export type DeletedSector = z.infer<typeof deletedSectorSchema>;

/**
 * Body of POST /api/admin/events/:id/courtesies: courtesy tickets ('Cortesias') of one sector for
 * each recipient (typed one at a time, or read from a CSV of 'nome,email' lines in the browser).
 * They take units of the sector's stock and the event's capacity, cost nothing and carry no fee.
 */
export const issueCourtesiesSchema = z.object({
  sectorId: z.uuid('Escolha o setor'),
  recipients: z
    .array(
      z.object({
        name: requiredText('Informe o nome de quem recebe a cortesia', 120, 'Nome muito longo'),
        email: text('Informe o e-mail').trim().toLowerCase().pipe(z.email('E-mail inválido')),
      }),
      'Informe quem recebe a cortesia',
    )
    .min(1, 'Informe quem recebe a cortesia')
    .max(500, 'No máximo 500 cortesias por vez'),
});
export type IssueCourtesiesInput = z.infer<typeof issueCourtesiesSchema>;

/** Answer of POST /api/admin/events/:id/courtesies. */
export const issueCourtesiesResultSchema = z.object({
  /** Courtesies issued (one ticket each). */
  issued: z.number(),
  /** Of those, recipients without an account yet: they got an invitation e-mail; the ticket shows in 'Meus ingressos' once they sign up with that e-mail. */
  invited: z.number(),
});
export type IssueCourtesiesResult = z.infer<typeof issueCourtesiesResultSchema>;

/** One courtesy of GET /api/admin/events/:id/courtesies (newest first). Instants UTC ISO 8601. */
export const adminCourtesySchema = z.object({
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  sectorName: z.string(),
  /** The staff member who issued it. */
  issuedBy: z.string().nullable(),
  issuedAt: z.string(),
  /** Whether it reached an account ('Meus ingressos'); false while the recipient has not signed up. */
  claimed: z.boolean(),
  /** 'valid', 'used', 'cancelled' ... as the ticket shows it. */
  ticketStatus: z.string(),
});
export type AdminCourtesy = z.infer<typeof adminCourtesySchema>;

/** GET /api/admin/events/:id/courtesies */
export const listCourtesiesResponseSchema = z.object({ courtesies: z.array(adminCourtesySchema) });
export type ListCourtesiesResponse = z.infer<typeof listCourtesiesResponseSchema>;

/** Body of POST /api/admin/events/:id/cancel: the reason the buyers are told. */
export const cancelEventSchema = z.object({
  reason: text().trim().min(1, 'Informe o motivo do cancelamento').max(500, 'O motivo deve ter no máximo 500 caracteres'),
});
export type CancelEventInput = z.infer<typeof cancelEventSchema>;

/** Answer of POST /api/admin/events/:id/cancel. */
export const cancelEventResultSchema = z.object({
  /** UTC instant, ISO 8601. */
  cancelledAt: z.string(),
  /** Paid orders whose refund was started. */
  refundedOrders: z.number(),
  /** Unpaid orders whose hold was released. */
  releasedOrders: z.number(),
});
export type CancelEventResult = z.infer<typeof cancelEventResultSchema>;

/** One completed order of an event (docs/rules/events.md 'Creating and editing events': the buyers list). */
export const eventBuyerSchema = z.object({
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Digits only, as stored. */
  phone: z.string(),
  /** Units bought. */
  tickets: z.number(),
  amountCentavos: z.number(),
  /** When it was paid (UTC ISO 8601). */
  paidAt: z.string(),
});
export type EventBuyer = z.infer<typeof eventBuyerSchema>;

/** GET /api/admin/events/:id/buyers */
export const listEventBuyersResponseSchema = z.object({ buyers: z.array(eventBuyerSchema) });
export type ListEventBuyersResponse = z.infer<typeof listEventBuyersResponseSchema>;

/**
 * One CPF of GET /api/admin/events/:id/cpf-sales ('Vendas por CPF'): the tickets it holds for
 * the event, counted as the limit per CPF counts them (a meia-entrada for its holder's CPF, any
 * other ticket for the buyer's), in paid and pending orders.
 */
export const cpfSalesSchema = z.object({
  /** Eleven digits, as stored; shown '000.000.000-00'. */
  cpf: z.string(),
  /** The name given with this CPF most recently: as buyer when it bought, otherwise as a meia-entrada holder. */
  name: z.string(),
  /** Tickets of paid orders, and of orders waiting for payment. */
  paidTickets: z.number(),
  pendingTickets: z.number(),
  /** Orders (paid or pending) in which it holds tickets. */
  orders: z.number(),
});
export type CpfSales = z.infer<typeof cpfSalesSchema>;

/** GET /api/admin/events/:id/cpf-sales: every CPF holding tickets of the event, most tickets first. */
export const cpfSalesReportSchema = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    date: z.string(),
    startTime: z.string(),
    maxTicketsPerCpf: z.number().nullable(),
  }),
  cpfs: z.array(cpfSalesSchema),
  /** Tickets of orders without a CPF (courtesies, buyers whose account was deleted), outside the list. */
  withoutCpf: z.object({ paidTickets: z.number(), pendingTickets: z.number(), orders: z.number() }),
});
export type CpfSalesReport = z.infer<typeof cpfSalesReportSchema>;

// ---------------------------------------------------------------------------------------------
// Browser form

/** Whether a price text of the form's money field ('1.234,56') is a price the back office takes. */
function isFormPrice(text: string): boolean {
  const centavos = parseReaisToCentavos(text);
  return centavos !== null && centavos <= MAX_TICKET_PRICE_CENTAVOS;
}

const stockText = text(REMAINING_MESSAGE)
  .trim()
  .refine((value) => /^\d{1,7}$/.test(value) && Number(value) <= MAX_STOCK, REMAINING_MESSAGE);

/** A limit as typed: '' = no limit, else a whole number 1..100. */
const limitText = text(LIMIT_MESSAGE)
  .trim()
  .refine((value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100), LIMIT_MESSAGE);

/** An optional amount of the money field: '' = none. */
const optionalReaisText = (message: string) =>
  text(message)
    .trim()
    .refine((value) => value === '' || isFormPrice(value), message);

/**
 * A percentage as typed in Brazil ('10', '7,5', '12,25'; a dot is taken as the comma) in basis
 * points (1000 = 10 %); null when malformed, with more than two decimals or above 100 %.
 */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:[,.](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/**
 * One lot row of the form: the price as the money field shows it ('80,00'), the units left to sell
 * as typed, start and end as UTC instants ('' = no bound; the field converts São Paulo time).
 */
const lotFormSchema = z
  .object({
    id: z.uuid('Lote inválido').optional(),
    price: text(PRICE_MESSAGE).refine(isFormPrice, PRICE_MESSAGE),
    remaining: stockText,
    previousRemaining: z.number().int().min(0).optional(),
    startsAt: optionalInstant,
    endsAt: optionalInstant,
  })
  .refine((lot) => !lot.startsAt || !lot.endsAt || lot.startsAt < lot.endsAt, {
    message: 'O fim do lote deve ser depois do início',
    path: ['endsAt'],
  });

/** One sector of the form: its lots in order, its sales window and the pre-sale switch. */
const sectorFormSchema = z
  .object({
    ...sectorFields,
    lots: z.array(lotFormSchema).min(1, 'Adicione pelo menos um lote').max(MAX_LOTS, `Um setor pode ter no máximo ${MAX_LOTS} lotes`),
    salesStartAt: optionalInstant,
    salesEndAt: optionalInstant,
    hiddenWithoutCode: z.boolean(),
  })
  .refine((t) => !t.salesStartAt || !t.salesEndAt || t.salesStartAt < t.salesEndAt, {
    message: 'O fim das vendas deve ser depois do início',
    path: ['salesEndAt'],
  });

/** The create / edit form: the API's rules over what the inputs hold (text, switches and instants). */
export const eventFormSchema = z
  .object({
    ...eventFields,
    capacity: text(CAPACITY_MESSAGE)
      .trim()
      .refine((value) => value === '' || (/^\d{1,7}$/.test(value) && Number(value) > 0 && Number(value) <= MAX_STOCK), CAPACITY_MESSAGE),
    sectors: z
      .array(sectorFormSchema)
      .min(1, 'Adicione pelo menos um setor')
      .max(MAX_TICKET_TYPES, `Um evento pode ter no máximo ${MAX_TICKET_TYPES} setores`)
      .superRefine(noRepeatedIds),
    maxTicketsPerOrder: limitText,
    maxTicketsPerCpf: limitText,
    /** Percentage as typed ('10', '7,5'); '' = no fee. */
    serviceFeePercent: text(FEE_MESSAGE)
      .trim()
      .refine((value) => value === '' || percentToBasisPoints(value) !== null, FEE_MESSAGE),
    serviceFeeMin: optionalReaisText(FEE_BOUND_MESSAGE),
    serviceFeeMax: optionalReaisText(FEE_BOUND_MESSAGE),
    serviceFeeAbsorbed: z.boolean(),
    serviceFeeRefundable: z.boolean(),
    nominal: z.boolean(),
    rotatingQr: z.boolean(),
    transferAllowed: z.boolean(),
    /** Hours as typed; '' = the default (24). */
    transferDeadlineHours: text(TRANSFER_HOURS_MESSAGE)
      .trim()
      .refine((value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) <= MAX_TRANSFER_DEADLINE_HOURS), TRANSFER_HOURS_MESSAGE),
    /** The rating's select: '' = not informed. */
    ageRating: z.union([z.enum(ageRatings, AGE_RATING_MESSAGE), z.literal('')], AGE_RATING_MESSAGE),
    minorsAccompanied: z.boolean(),
    accessibilityResources: z.array(z.enum(accessibilityResources, 'Recurso de acessibilidade inválido')),
    accessibilityContact: text(ACCESSIBILITY_CONTACT_MESSAGE).trim().max(200, ACCESSIBILITY_CONTACT_MESSAGE),
    /** The policy lines as typed, one per line. */
    policies: text('Políticas inválidas')
      .refine((value) => policyLines(value).every((line) => line.length <= MAX_POLICY_LENGTH), POLICY_LENGTH_MESSAGE)
      .refine((value) => policyLines(value).length <= MAX_POLICIES, POLICIES_MESSAGE),
  })
  .refine(
    (e) =>
      e.serviceFeeMin === '' || e.serviceFeeMax === '' || parseReaisToCentavos(e.serviceFeeMin)! <= parseReaisToCentavos(e.serviceFeeMax)!,
    { message: 'A taxa máxima deve ser maior ou igual à mínima', path: ['serviceFeeMax'] },
  );
export type EventFormValues = z.input<typeof eventFormSchema>;
export type EventFormOutput = z.output<typeof eventFormSchema>;

const optionalCentavos = (text: string) => (text === '' ? null : parseReaisToCentavos(text)!);
const optionalLimitValue = (text: string) => (text === '' ? null : Number(text));

/** The API body for what the form validated: reais text to centavos, percent to basis points, blanks to null. */
export function toEventInput(values: EventFormOutput): EventInputBody {
  const {
    serviceFeePercent,
    serviceFeeMin,
    serviceFeeMax,
    maxTicketsPerOrder,
    maxTicketsPerCpf,
    ageRating,
    minorsAccompanied,
    accessibilityResources: resources,
    accessibilityContact,
    policies,
    ...event
  } = values;
  const rating = ageRating === '' ? null : ageRating;
  return {
    ...event,
    ageRating: rating,
    // The checkbox may stay ticked after the rating changed to 'Livre' or none: then it means nothing.
    minorsAccompanied: minorsRule(rating, minorsAccompanied) !== null,
    accessibility: resources.length === 0 && accessibilityContact === '' ? null : { resources, contact: accessibilityContact || null },
    policies: policyLines(policies),
    capacity: values.capacity === '' ? null : Number(values.capacity),
    transferDeadlineHours: values.transferDeadlineHours === '' ? DEFAULT_TRANSFER_DEADLINE_HOURS : Number(values.transferDeadlineHours),
    maxTicketsPerOrder: optionalLimitValue(maxTicketsPerOrder),
    maxTicketsPerCpf: optionalLimitValue(maxTicketsPerCpf),
    serviceFeeBasisPoints: serviceFeePercent === '' ? 0 : percentToBasisPoints(serviceFeePercent)!,
    serviceFeeMinCentavos: optionalCentavos(serviceFeeMin),
    serviceFeeMaxCentavos: optionalCentavos(serviceFeeMax),
    sectors: values.sectors.map(({ lots, ...type }) => ({
      ...type,
      lots: lots.map(({ price, remaining, ...lot }) => ({
        ...lot,
        priceCentavos: parseReaisToCentavos(price)!,
        remaining: Number(remaining),
      })),
    })),
  };
}

// Server field -> form field, where the form holds another unit (reais, percent).
const formFieldByServerField: Readonly<Record<string, string>> = {
  serviceFeeBasisPoints: 'serviceFeePercent',
  'accessibility.contact': 'accessibilityContact',
  'accessibility.resources': 'accessibilityResources',
  serviceFeeMinCentavos: 'serviceFeeMin',
  serviceFeeMaxCentavos: 'serviceFeeMax',
};

/** The form field a server error's `details.field` names ('sectors.1.lots.0.priceCentavos' -> '….price'). */
export function formFieldOfServerField(field: unknown): string | null {
  if (typeof field !== 'string' || field === '') return null;
  const listField = field.replace(/^(policies|accessibility\.resources)\.\d+$/, '$1');
  return formFieldByServerField[listField] ?? listField.replace(/\.priceCentavos$/, '.price');
}

/** Centavos as the money field shows them, without 'R$': 8000 -> '80,00', 123456 -> '1.234,56'. */
export function centavosToReaisInput(centavos: number): string {
  const reais = String(Math.floor(centavos / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${String(centavos % 100).padStart(2, '0')}`;
}

/** One ticket of an event as the back office's attendee list shows it. Instants UTC ISO 8601. */
export const eventAttendeeSchema = z.object({
  ticketId: z.string(),
  holderName: z.string().nullable(),
  sectorName: z.string(),
  orderId: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  /** 'valid' (not in yet), 'used' (got in), 'refunded', 'cancelled'. */
  status: z.enum(['valid', 'used', 'refunded', 'cancelled']),
  checkedInAt: z.string().nullable(),
  /** The gate of the accepted entry, e.g. 'Entrada principal'. */
  gate: z.string().nullable(),
  /** Its last accepted transfer: who held it before and when (UTC ISO) it changed hands; null when never transferred. */
  transferredFrom: z.object({ name: z.string(), at: z.string() }).nullable(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

/** GET /api/admin/events/:id/attendees */
export const listEventAttendeesResponseSchema = z.object({
  attendees: z.array(eventAttendeeSchema),
  /** Scans flagged as conflicts: one ticket admitted offline by two devices. */
  conflicts: z.number(),
});
export type ListEventAttendeesResponse = z.infer<typeof listEventAttendeesResponseSchema>;

/** Body of PUT /api/admin/events/:id/courtesy-quotas: an administrator's courtesy quota for the event; null removes it. */
export const setCourtesyQuotaSchema = z.object({
  email: text('Informe o e-mail').trim().toLowerCase().pipe(z.email('E-mail inválido')),
  quota: z
    .number('Informe a cota')
    .int('A cota deve ser um número inteiro')
    .min(0, 'A cota não pode ser negativa')
    .max(100_000, 'Cota grande demais')
    .nullable(),
});
export type SetCourtesyQuotaInput = z.infer<typeof setCourtesyQuotaSchema>;

/** One staff member's courtesy quota for an event: at most `quota`, `used` already issued. */
export const courtesyQuotaSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  quota: z.number(),
  used: z.number(),
});
export type CourtesyQuota = z.infer<typeof courtesyQuotaSchema>;

/** Answer of GET and PUT /api/admin/events/:id/courtesy-quotas. */
export const courtesyQuotasResponseSchema = z.object({ quotas: z.array(courtesyQuotaSchema) });
export type CourtesyQuotasResponse = z.infer<typeof courtesyQuotasResponseSchema>;
