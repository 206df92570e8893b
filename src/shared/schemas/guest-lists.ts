import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { checkInResultSchema } from './tickets';
import { isValidCpf, onlyDigits } from '../cpf';

/** What a list charges after its free time: nothing, a price, or a percent off a reference price. */
export const guestListAfterKinds = ['free', 'price', 'discount'] as const;
export type GuestListAfterKind = (typeof guestListAfterKinds)[number];

/** Where a name came from: typed by the owner, a CSV file, or the guest through the list's link. */
export const guestEntrySources = ['owner', 'csv', 'link'] as const;
export type GuestEntrySource = (typeof guestEntrySources)[number];

/** How the door charges a list name past the free time: 'Dinheiro' or 'Maquininha'. */
export const guestPaymentMethods = ['cash', 'card_machine'] as const;

/** Most rows one CSV import reads. */
export const MAX_GUEST_CSV_ROWS = 2000;

const nameSchema = text().trim().min(1, 'Informe o nome').max(120, 'Nome muito longo');
const emailSchema = text()
  .trim()
  .min(1, 'Informe o e-mail')
  .max(200)
  .pipe(z.email('E-mail inválido'))
  .transform((v) => v.toLowerCase());
const cpfSchema = text()
  .trim()
  .min(1, 'Informe o CPF')
  .refine((v) => isValidCpf(v), 'CPF inválido')
  .transform(onlyDigits);

/** A name the owner adds by hand ('Nome na lista'): name required, e-mail and CPF when known. */
export const addGuestEntrySchema = z.object({
  name: nameSchema,
  email: text()
    .trim()
    .max(200)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'E-mail inválido')
    .transform((v) => v.toLowerCase())
    .optional(),
  cpf: text()
    .trim()
    .refine((v) => v === '' || isValidCpf(v), 'CPF inválido')
    .transform(onlyDigits)
    .optional(),
});
export type AddGuestEntryInput = z.input<typeof addGuestEntrySchema>;

/** A guest signing up through the list's link: name, e-mail and CPF, all required. */
export const guestSignUpSchema = z.object({ name: nameSchema, email: emailSchema, cpf: cpfSchema });
export type GuestSignUpInput = z.input<typeof guestSignUpSchema>;

/** A CSV file's text (columns nome,email,cpf; the header line optional). */
export const importGuestCsvSchema = z.object({ csv: text().min(1, 'Escolha um arquivo CSV').max(500_000, 'Arquivo muito grande') });

/** The back office creating a list for an event: owner (by e-mail), sector, quota, rule, closing time (UTC instants, ISO 8601). */
export const createGuestListSchema = z
  .object({
    name: text().trim().min(1, 'Informe o nome da lista').max(80, 'Nome muito longo'),
    ownerEmail: text()
      .trim()
      .min(1, 'Informe o e-mail do responsável')
      .pipe(z.email('E-mail inválido'))
      .transform((v) => v.toLowerCase()),
    sectorId: z.uuid('Escolha o setor'),
    quota: z.coerce
      .number()
      .int('Informe um número inteiro')
      .min(1, 'O limite deve ser de pelo menos 1 nome')
      .max(10_000, 'Limite muito alto'),
    freeUntil: z.iso.datetime({ offset: true, message: 'Informe o horário' }),
    afterKind: z.enum(guestListAfterKinds),
    afterPriceCentavos: z.coerce.number().int().min(1, 'Informe o valor').max(10_000_000).nullable().optional(),
    discountPercent: z.coerce.number().int().min(1, 'De 1 a 100%').max(100, 'De 1 a 100%').nullable().optional(),
    closesAt: z.iso.datetime({ offset: true, message: 'Informe quando a lista encerra' }),
  })
  .superRefine((v, ctx) => {
    if (v.afterKind !== 'free' && !v.afterPriceCentavos) {
      ctx.addIssue({
        code: 'custom',
        path: ['afterPriceCentavos'],
        message: v.afterKind === 'price' ? 'Informe o valor depois do horário' : 'Informe o preço de referência',
      });
    }
    if (v.afterKind === 'discount' && !v.discountPercent)
      ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: 'Informe o desconto' });
  });
export type CreateGuestListInput = z.input<typeof createGuestListSchema>;

/** The door admitting a list name: how it paid when the rule charges (ignored when free). */
export const admitGuestEntrySchema = z.object({
  eventId: z.uuid(),
  paymentMethod: z.enum(guestPaymentMethods).optional(),
  gate: text().trim().max(60).optional(),
  deviceId: text().trim().max(100).nullable().optional(),
});

export const guestSearchSchema = z.object({ q: text().trim().min(2, 'Digite ao menos 2 letras').max(120) });

/** The rule as the screens show it; instants UTC (ISO 8601), money in centavos. */
export const guestListRuleViewSchema = z.object({
  freeUntil: z.string(),
  afterKind: z.enum(guestListAfterKinds),
  afterPriceCentavos: z.number().nullable(),
  discountPercent: z.number().nullable(),
  /** 'Grátis até 00:30, depois R$ 40,00' (times in America/Sao_Paulo). */
  label: z.string(),
});
export type GuestListRuleView = z.infer<typeof guestListRuleViewSchema>;

/** A list as its owner and the back office see it. */
export const guestListViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  event: z.object({ id: z.string(), title: z.string(), date: z.string(), startTime: z.string() }),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  sectorName: z.string(),
  quota: z.number(),
  entriesCount: z.number(),
  admittedCount: z.number(),
  closesAt: z.string(),
  isClosed: z.boolean(),
  /** The list's link token (/lista/<token>). */
  token: z.string(),
  rule: guestListRuleViewSchema,
});
export type GuestListView = z.infer<typeof guestListViewSchema>;

/** Answer of GET /api/guest-lists and GET /api/admin/events/:id/guest-lists. */
export const guestListListSchema = z.object({ lists: z.array(guestListViewSchema) });
export type GuestListList = z.infer<typeof guestListListSchema>;

/** A name on a list; instants UTC (ISO 8601). */
export const guestEntryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** CPF digits, or null. */
  cpf: z.string().nullable(),
  source: z.enum(guestEntrySources),
  admittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GuestEntryView = z.infer<typeof guestEntryViewSchema>;

/** A list with its names, in the order they were added (GET /api/guest-lists/:id). */
export const guestListDetailSchema = guestListViewSchema.extend({ entries: z.array(guestEntryViewSchema) });
export type GuestListDetail = z.infer<typeof guestListDetailSchema>;

/** The public page of a list's link. */
export const guestListLinkViewSchema = z.object({
  name: z.string(),
  event: z.object({ title: z.string(), date: z.string(), startTime: z.string(), location: z.string() }),
  ruleLabel: z.string(),
  isClosed: z.boolean(),
  isFull: z.boolean(),
  closesAt: z.string(),
});
export type GuestListLinkView = z.infer<typeof guestListLinkViewSchema>;

/** Answer of POST /api/guest-list-links/:token/entries: the name as it went on the list. */
export const guestSignedUpSchema = z.object({ name: z.string() });
export type GuestSignedUp = z.infer<typeof guestSignedUpSchema>;

/** A CSV import: names added, and the refused rows with their line number and pt-BR reason. */
export const guestImportResultSchema = z.object({
  added: z.number(),
  refused: z.array(z.object({ line: z.number(), reason: z.string() })),
});
export type GuestImportResult = z.infer<typeof guestImportResultSchema>;

/** A list name found at the door. */
export const doorGuestEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The CPF with its first six digits hidden ('***.***.247-25'), or null. */
  cpfMasked: z.string().nullable(),
  listName: z.string(),
  ownerName: z.string(),
  ruleLabel: z.string(),
  /** What the door charges if admitted now, in centavos (0: free). */
  chargeCentavos: z.number(),
  admittedAt: z.string().nullable(),
});
export type DoorGuestEntry = z.infer<typeof doorGuestEntrySchema>;

/** Answer of GET /api/door/events/:id/guest-search: the names found, not yet admitted first. */
export const doorGuestSearchSchema = z.object({ entries: z.array(doorGuestEntrySchema) });
export type DoorGuestSearch = z.infer<typeof doorGuestSearchSchema>;

/** What admitting a list name did: the door's verdict on the ticket issued for it, and what was charged. */
export const guestAdmissionSchema = z.object({
  entryId: z.string(),
  ticketId: z.string(),
  accepted: z.boolean(),
  /** The pt-BR line the door shows ('Entrada liberada', or the refusal). */
  message: z.string(),
  chargedCentavos: z.number(),
  admittedAt: z.string().nullable(),
  /** The door's verdict on the ticket issued for the name, as a scan's: the door screen's card shows it. */
  verdict: checkInResultSchema.optional(),
});
export type GuestAdmission = z.infer<typeof guestAdmissionSchema>;
