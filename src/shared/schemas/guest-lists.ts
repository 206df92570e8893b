import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
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
    ticketTypeId: z.uuid('Escolha o setor'),
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
export interface GuestListRuleView {
  freeUntil: string;
  afterKind: GuestListAfterKind;
  afterPriceCentavos: number | null;
  discountPercent: number | null;
  /** 'Grátis até 00:30, depois R$ 40,00' (times in America/Sao_Paulo). */
  label: string;
}

/** A list as its owner and the back office see it. */
export interface GuestListView {
  id: string;
  name: string;
  event: { id: string; title: string; date: string; startTime: string };
  owner: { id: string; name: string; email: string };
  ticketTypeName: string;
  quota: number;
  entriesCount: number;
  admittedCount: number;
  closesAt: string;
  isClosed: boolean;
  token: string;
  rule: GuestListRuleView;
}

export interface GuestEntryView {
  id: string;
  name: string;
  email: string | null;
  /** CPF digits, or null. */
  cpf: string | null;
  source: GuestEntrySource;
  admittedAt: string | null;
  createdAt: string;
}

export interface GuestListDetail extends GuestListView {
  entries: GuestEntryView[];
}

/** The public page of a list's link. */
export interface GuestListLinkView {
  name: string;
  event: { title: string; date: string; startTime: string; location: string };
  ruleLabel: string;
  isClosed: boolean;
  isFull: boolean;
  closesAt: string;
}

/** A CSV import: names added, and the refused rows with their line number and pt-BR reason. */
export interface GuestImportResult {
  added: number;
  refused: { line: number; reason: string }[];
}

/** A list name found at the door. */
export interface DoorGuestEntry {
  id: string;
  name: string;
  /** The CPF with its first six digits hidden ('***.***.247-25'), or null. */
  cpfMasked: string | null;
  listName: string;
  ownerName: string;
  ruleLabel: string;
  /** What the door charges if admitted now, in centavos (0: free). */
  chargeCentavos: number;
  admittedAt: string | null;
}

/** What admitting a list name did: the door's verdict on the ticket issued for it, and what was charged. */
export interface GuestAdmission {
  entryId: string;
  ticketId: string;
  accepted: boolean;
  /** The pt-BR line the door shows ('Entrada liberada', or the refusal). */
  message: string;
  chargedCentavos: number;
  admittedAt: string | null;
}
