import { z } from 'zod';
import '../zod-locale';
import { concessionDocumentLabel, concessions } from '../concessions';
import { paymentMethods } from '../statuses';
import { isValidCpf, onlyDigits } from '../cpf';

/** The largest block a device reserves at once, and the most units one box-office sale takes. */
export const MAX_BLOCK_SIZE = 200;
export const MAX_BOX_OFFICE_SALE_UNITS = 20;
/** Sales one sync carries. */
export const MAX_SYNC_SALES = 200;

const deviceId = z.string().trim().min(8).max(100);
const nonce = z.string().trim().min(8, 'Identificador da venda inválido').max(100);
/** The most one amount of the box office may be (a float, a sale, a movement, a count): R$ 1.000.000,00. */
export const MAX_BOX_OFFICE_AMOUNT_CENTAVOS = 100_000_000;
const centavos = z.number().int('Valor em centavos inválido').max(MAX_BOX_OFFICE_AMOUNT_CENTAVOS, 'O valor máximo é R$ 1.000.000,00.');

/** Body of POST /api/box-office/drawers: open the operator's cash drawer for an event with a float. */
export const openDrawerSchema = z.object({
  eventId: z.uuid(),
  floatCentavos: centavos.min(0, 'O fundo de troco não pode ser negativo.'),
  deviceId,
});
export type OpenDrawerInput = z.infer<typeof openDrawerSchema>;

/** Body of POST /api/box-office/drawers/:id/movements: a withdrawal ('Sangria') or a supply ('Suprimento'). */
export const drawerMovementSchema = z.object({
  kind: z.enum(['withdrawal', 'supply']),
  amountCentavos: centavos.min(1, 'Informe um valor maior que zero.'),
  note: z.string().trim().max(200).optional(),
  nonce: nonce.optional(),
});
export type DrawerMovementInput = z.infer<typeof drawerMovementSchema>;

/** Body of POST /api/box-office/drawers/:id/close: what the operator counted (the rule refuses a negative count with its own message). */
export const closeDrawerSchema = z.object({ countedCentavos: centavos });
export type CloseDrawerInput = z.infer<typeof closeDrawerSchema>;

/** Body of POST /api/box-office/blocks: reserve `size` units of a sector for this device. */
export const reserveBlockSchema = z.object({
  eventId: z.uuid(),
  sectorId: z.uuid(),
  drawerId: z.uuid(),
  deviceId,
  size: z
    .number()
    .int()
    .min(1, 'Reserve pelo menos 1 ingresso.')
    .max(MAX_BLOCK_SIZE, `Reserve no máximo ${MAX_BLOCK_SIZE} ingressos por bloco.`),
});
export type ReserveBlockInput = z.infer<typeof reserveBlockSchema>;

/** A meia-entrada unit sold at the box office: its category, holder and document (Lei 12.933/2013). */
export const boxOfficeMeiaSchema = z
  .object({
    concession: z.enum(concessions),
    name: z.string().trim().min(1, 'Informe o nome de quem vai usar a meia-entrada').max(120, 'Nome muito longo'),
    cpf: z
      .string()
      .trim()
      .min(1, 'Informe o CPF de quem vai usar a meia-entrada')
      .refine((v) => isValidCpf(v), 'CPF inválido')
      .transform(onlyDigits),
    documentNumber: z.string().trim().max(40, 'Número do documento muito longo').optional(),
    birthDate: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data de nascimento')
      .optional(),
  })
  .superRefine((meia, ctx) => {
    if (concessionDocumentLabel[meia.concession] && !meia.documentNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['documentNumber'],
        message: `Informe o ${concessionDocumentLabel[meia.concession]!.toLowerCase()}`,
      });
    }
    if (meia.concession === 'senior' && !meia.birthDate)
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'Informe a data de nascimento' });
  });
export type BoxOfficeMeia = z.infer<typeof boxOfficeMeiaSchema>;

/** How a box-office sale is paid. */
export const boxOfficePaymentSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('cash'), cashTenderedCentavos: centavos.min(0) }),
  z.object({
    method: z.literal('card_machine'),
    cardNsu: z.string().trim().min(1, 'Informe o NSU do comprovante').max(40),
    cardBrand: z.string().trim().min(1, 'Informe a bandeira do cartão').max(40),
  }),
  z.object({ method: z.literal('pix') }),
]);
export type BoxOfficePayment = z.infer<typeof boxOfficePaymentSchema>;

/**
 * A sale a device made before the meia-entrada units were called `meia` named them `half`; a
 * device still running that page, or syncing a queue it kept offline, sends them so, and they are
 * read as `meia` (docs/rules/box-office.md 'Offline sales'): nothing sold at the door is lost to
 * a renamed field.
 */
function legacyMeiaKey(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('half' in value) || 'meia' in value) return value;
  const { half, ...rest } = value as Record<string, unknown>;
  return { ...rest, meia: half };
}

/**
 * One sale from a block, as the device made it (online or offline): `nonce` the device's own id
 * of the sale (a replayed sync records it once), `full` units at the door price, one `meia` per
 * meia-entrada unit, `courtesy` units (only with a courtesy quota), `codes` the block's codes the
 * device gave the units, in that order (full, then meia, then courtesy; none for PIX, whose
 * tickets are issued when the payment is confirmed), `soldAt` the device's UTC instant, `admit`
 * whether the buyers went in at once.
 */
export const boxOfficeSaleSchema = z.preprocess(
  legacyMeiaKey,
  z.object({
    nonce,
    blockId: z.uuid(),
    drawerId: z.uuid(),
    deviceId,
    full: z.number().int().min(0).max(MAX_BOX_OFFICE_SALE_UNITS),
    meia: z.array(boxOfficeMeiaSchema).max(MAX_BOX_OFFICE_SALE_UNITS),
    courtesy: z.number().int().min(0).max(MAX_BOX_OFFICE_SALE_UNITS),
    codes: z.array(z.string().trim().max(100)).max(MAX_BOX_OFFICE_SALE_UNITS * 3),
    payment: boxOfficePaymentSchema,
    buyerName: z.string().trim().max(120).optional(),
    buyerEmail: z.union([z.literal(''), z.email('E-mail inválido')]).optional(),
    soldAt: z.iso.datetime(),
    admit: z.boolean(),
  }),
);
export type BoxOfficeSaleInput = z.infer<typeof boxOfficeSaleSchema>;

/** Body of POST /api/box-office/sync: the sales a device made, oldest first. */
export const boxOfficeSyncSchema = z.object({
  sales: z
    .array(boxOfficeSaleSchema)
    .min(1, 'Envie ao menos uma venda')
    .max(MAX_SYNC_SALES, `Envie no máximo ${MAX_SYNC_SALES} vendas por sincronização`),
});

/** A ticket sold at the box office, as the device shows it. */
export const boxOfficeTicketSchema = z.object({
  id: z.string(),
  code: z.string(),
  sectorName: z.string(),
  holderName: z.string().nullable(),
  concession: z.enum(concessions).nullable(),
  checkedInAt: z.string().nullable(),
});
export type BoxOfficeTicket = z.infer<typeof boxOfficeTicketSchema>;

/** What recording one sale did. 'replayed': that nonce was recorded before (nothing new); 'conflict': refused, kept in the back office. */
export const boxOfficeSaleResultSchema = z.object({
  nonce: z.string(),
  outcome: z.enum(['recorded', 'replayed', 'conflict']),
  orderId: z.string().nullable(),
  status: z.enum(['completed', 'pending']).nullable(),
  totalCentavos: z.number(),
  changeCentavos: z.number().nullable(),
  tickets: z.array(boxOfficeTicketSchema),
  /** A PIX sale: the BR Code ('copia e cola') the buyer pays; the QR shows it. */
  pixCode: z.string().nullable(),
  /** Whether the operator may confirm the PIX by hand ('Pagamento recebido': only the sandbox provider). */
  canConfirmPix: z.boolean(),
  /** A conflict's error code and pt-BR message. */
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type BoxOfficeSaleResult = z.infer<typeof boxOfficeSaleResultSchema>;

/** Answer of POST /api/box-office/sync: one result per sale sent, in order. */
export const boxOfficeSyncResultSchema = z.object({ results: z.array(boxOfficeSaleResultSchema) });
export type BoxOfficeSyncResult = z.infer<typeof boxOfficeSyncResultSchema>;

/** A lot a block's units came from, with its units' full price in centavos (shared/block-pricing.ts BlockLotPrice). */
export const blockLotPriceSchema = z.object({ lotId: z.string(), quantity: z.number(), priceCentavos: z.number() });

/** A block as the device keeps it. Instants UTC ISO. */
export const boxOfficeBlockSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  sectorId: z.string(),
  sectorName: z.string(),
  drawerId: z.string().nullable(),
  size: z.number(),
  used: z.number(),
  /** The full price of its first unit (centavos); each unit's is in `lots`. */
  unitPriceCentavos: z.number(),
  /** The lots its units came from, in order, each with its units' full price (shared/block-pricing.ts prices a sale with them). */
  lots: z.array(blockLotPriceSchema),
  /** Units kept for meia-entrada only (taken from the reserve when it was reserved), and meias sold from it. */
  meiaUnits: z.number(),
  meiaSold: z.number(),
  codes: z.array(z.string()),
  returnedAt: z.string().nullable(),
});
export type BoxOfficeBlock = z.infer<typeof boxOfficeBlockSchema>;

/** A cash drawer; amounts in centavos; `expectedCentavos` is live while open, stored at the close. Instants UTC ISO. */
export const cashDrawerViewSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  operatorName: z.string(),
  deviceId: z.string().nullable(),
  floatCentavos: z.number(),
  cashSalesCentavos: z.number(),
  cashRefundsCentavos: z.number(),
  withdrawalsCentavos: z.number(),
  suppliesCentavos: z.number(),
  cardMachineCentavos: z.number(),
  pixCentavos: z.number(),
  expectedCentavos: z.number(),
  countedCentavos: z.number().nullable(),
  differenceCentavos: z.number().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Synced sales of this drawer refused as conflicts. */
  conflicts: z.number(),
});
export type CashDrawerView = z.infer<typeof cashDrawerViewSchema>;

/** Answer of GET /api/box-office/events/:id/state: the operator's open drawer there (null: none) and this device's open blocks. */
export const boxOfficeEventStateSchema = z.object({ drawer: cashDrawerViewSchema.nullable(), blocks: z.array(boxOfficeBlockSchema) });
export type BoxOfficeEventState = z.infer<typeof boxOfficeEventStateSchema>;

/** Answer of GET /api/admin/box-office/drawers: every drawer (of an event, when asked), newest first. */
export const cashDrawerListSchema = z.object({ drawers: z.array(cashDrawerViewSchema) });
export type CashDrawerList = z.infer<typeof cashDrawerListSchema>;

/** An event the box office may sell for, with its sectors and their door prices (centavos). */
export const boxOfficeEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  location: z.string(),
  meiaEntrada: z.boolean(),
  /** The event's door window (UTC ISO 8601): the box office admits from `doorOpensAt`, and sells nothing after `doorClosesAt`. */
  doorOpensAt: z.string(),
  doorClosesAt: z.string(),
  /** How many courtesies the operator may still issue here (null: no quota, so none at the box office). */
  courtesiesLeft: z.number().nullable(),
  sectors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      doorPriceCentavos: z.number().nullable(),
      currentPriceCentavos: z.number().nullable(),
      remaining: z.number(),
    }),
  ),
});
export type BoxOfficeEvent = z.infer<typeof boxOfficeEventSchema>;

/** Answer of GET /api/box-office/events. */
export const boxOfficeEventListSchema = z.object({ events: z.array(boxOfficeEventSchema) });
export type BoxOfficeEventList = z.infer<typeof boxOfficeEventListSchema>;

/** A sector as the back office sets it for the box office: prices in centavos, quota in units. */
export const doorSectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The online price now (the lot on sale); null when no lot is on sale. */
  onlinePriceCentavos: z.number().nullable(),
  /** The box office's price; null: the online price. */
  doorPriceCentavos: z.number().nullable(),
  /** At most this many units held in box-office blocks at once; null: no limit. */
  doorQuota: z.number().nullable(),
  /** Units the box office's blocks hold now (sold from them or not, returned ones excluded). */
  heldAtDoor: z.number(),
  remaining: z.number(),
});
export type DoorSector = z.infer<typeof doorSectorSchema>;

/** Answer of GET /api/admin/box-office/events/:id/sectors. */
export const doorSectorListSchema = z.object({ sectors: z.array(doorSectorSchema) });
export type DoorSectorList = z.infer<typeof doorSectorListSchema>;

/** The most units a sector's box-office quota may be. */
export const MAX_DOOR_QUOTA = 1_000_000;

/**
 * Body of PUT /api/admin/box-office/sectors/:id: the door price in centavos (null: the online
 * price; at most MAX_BOX_OFFICE_AMOUNT_CENTAVOS) and the box office's quota in units (null: none;
 * at most MAX_DOOR_QUOTA).
 */
export const saveDoorSectorSchema = z.object({
  doorPriceCentavos: z
    .number()
    .int('Valor em centavos inválido')
    .min(0, 'O preço não pode ser negativo.')
    .max(MAX_BOX_OFFICE_AMOUNT_CENTAVOS, 'O preço máximo é R$ 1.000.000,00.')
    .nullable(),
  doorQuota: z
    .number()
    .int('A cota deve ser um número inteiro.')
    .min(0, 'A cota não pode ser negativa.')
    .max(MAX_DOOR_QUOTA, 'A cota máxima é de 1.000.000 ingressos.')
    .nullable(),
});
export type SaveDoorSectorInput = z.infer<typeof saveDoorSectorSchema>;

/** A sale taken in a drawer, as the box office lists it (GET /api/box-office/drawers/:id/sales). */
export const drawerSaleSchema = z.object({
  orderId: z.string(),
  /** UTC ISO instant of the sale (the device's time for an offline sale). */
  createdAt: z.string(),
  paymentMethod: z.enum(paymentMethods),
  totalCentavos: z.number(),
  status: z.string(),
  units: z.number(),
  /** Completed and no ticket admitted yet: 'Devolver' refunds it at the box office. */
  canRefund: z.boolean(),
});
export type DrawerSale = z.infer<typeof drawerSaleSchema>;

/** Answer of GET /api/box-office/drawers/:id/sales: newest first, at most 100. */
export const drawerSaleListSchema = z.object({ sales: z.array(drawerSaleSchema) });
export type DrawerSaleList = z.infer<typeof drawerSaleListSchema>;

/** A box-office sale refused at a sync, as the back office lists it. Instants UTC ISO. */
export const boxOfficeConflictSchema = z.object({
  id: z.string(),
  eventTitle: z.string(),
  drawerId: z.string().nullable(),
  deviceNonce: z.string(),
  /** The refusal's error code and pt-BR message. */
  code: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type BoxOfficeConflict = z.infer<typeof boxOfficeConflictSchema>;

/** Answer of GET /api/admin/box-office/conflicts: newest first, at most 200. */
export const boxOfficeConflictListSchema = z.object({ conflicts: z.array(boxOfficeConflictSchema) });
export type BoxOfficeConflictList = z.infer<typeof boxOfficeConflictListSchema>;
