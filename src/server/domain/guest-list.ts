import Papa from 'papaparse';
import { DomainError } from '../../shared/errors';
import { formatClockTime } from '../../shared/dates';
import { formatCentavos } from '../../shared/money';
import { addGuestEntrySchema, type GuestListAfterKind } from '../../shared/schemas/guest-lists';
import { assertCapacityFor, assertOnSale, type SaleEvent, type SaleSector } from './sale';

/**
 * A guest list's rule ('Lista amiga', docs/rules/guest-lists.md 'Entry rules'): free until
 * `freeUntil` (a UTC instant, shown in America/Sao_Paulo), then by `afterKind`: 'free' (free all
 * night), 'price' (`afterPriceCentavos`), or 'discount' (`discountPercent` % off the reference
 * price `afterPriceCentavos`). Money in centavos.
 */
export interface GuestListRule {
  freeUntil: Date;
  afterKind: GuestListAfterKind;
  afterPriceCentavos: number | null;
  discountPercent: number | null;
}

/**
 * What the door charges a list name admitted at `at` (UTC), in centavos: 0 before `freeUntil`
 * (the instant itself already charges: 'grátis até 00:30' means arriving at 00:30 pays); after
 * it, 0 for 'free', the price for 'price', and for 'discount' the reference price less its
 * percent, rounded to the nearest centavo (half up).
 */
export function guestCharge(rule: GuestListRule, at: Date): number {
  if (at.getTime() < rule.freeUntil.getTime()) return 0;
  if (rule.afterKind === 'price') return rule.afterPriceCentavos ?? 0;
  if (rule.afterKind === 'discount') {
    const reference = rule.afterPriceCentavos ?? 0;
    return Math.round((reference * (100 - (rule.discountPercent ?? 0))) / 100);
  }
  return 0;
}

/**
 * The rule as a person reads it, times in America/Sao_Paulo: 'Grátis até 00:30, depois
 * R$ 40,00'; 'Grátis até 00:30, depois 50% de desconto (R$ 20,00)'; 'Grátis a noite toda'.
 */
export function describeGuestListRule(rule: GuestListRule): string {
  const until = `Grátis até ${formatClockTime(rule.freeUntil)}`;
  if (rule.afterKind === 'price') return `${until}, depois ${formatCentavos(rule.afterPriceCentavos ?? 0)}`;
  if (rule.afterKind === 'discount') {
    const after = guestCharge(rule, rule.freeUntil);
    return `${until}, depois ${rule.discountPercent}% de desconto (${formatCentavos(after)})`;
  }
  return 'Grátis a noite toda';
}

/** Whether a list no longer takes names at `now` (UTC): from `closesAt` on. */
export function isGuestListClosed(list: { closesAt: Date }, now: Date): boolean {
  return now.getTime() >= list.closesAt.getTime();
}

/**
 * Whether a name may be added to `list` at `now`, checked in order: closed
 * (DomainError 'guest_list_closed', 'Lista encerrada'), then full ('guest_list_full', 'A lista
 * atingiu o limite de nomes'). The database checks the quota again (guest_lists_quota CHECK and
 * the conditional update in services/guest-lists/add-guest-entry.ts): this is the answer's wording.
 */
export function assertGuestListTakesNames(list: { closesAt: Date; quota: number; entriesCount: number }, now: Date): void {
  if (isGuestListClosed(list, now)) throw new DomainError('guest_list_closed');
  if (list.entriesCount >= list.quota) throw new DomainError('guest_list_full');
}

/**
 * The lot a new list name holds its unit from, in the list's sector `sectorId`, with the event
 * and its sectors as read locked (services/orders/sale-state.ts loadSaleState), at `now` (UTC).
 * A list name is not a sale: the limits per CPF and per account, the meia-entrada reserve, the
 * sector's sales window and the lots' dates do not apply, and its price is the list's rule, not
 * the lot's. What does apply, in order: the event as the sale asks it, drafts too, as for a
 * courtesy (domain/sale assertOnSale with `draftToo`: event_not_found, event_cancelled,
 * event_finished); the sector is the event's (ticket_type_not_found); the event's and its
 * sessions' capacities, counted as the sale counts them (domain/sale assertCapacityFor:
 * event_sold_out, session_sold_out); then the first lot by position with a unit left
 * (ticket_type_sold_out).
 */
export function pickGuestUnit(event: SaleEvent | null, sectors: SaleSector[], sectorId: string, now: Date): { lotId: string } {
  assertOnSale(event, now, { draftToo: true });
  const sector = sectors.find((s) => s.id === sectorId);
  if (!sector) throw new DomainError('ticket_type_not_found', { sectorId: sectorId });
  assertCapacityFor(event.capacity, sectors, new Map([[sectorId, 1]]), event.sessionCapacities);
  const lot = [...sector.lots].sort((a, b) => a.position - b.position).find((l) => l.remaining > 0);
  if (!lot || sector.remaining < 1) throw new DomainError('ticket_type_sold_out', { sectorId: sectorId });
  return { lotId: lot.id };
}

/** One row of a guest CSV as read: its line number in the file (1-based) and the name, e-mail and CPF, or why it was refused. */
export type GuestCsvRow =
  { line: number; ok: true; name: string; email: string | null; cpf: string | null } | { line: number; ok: false; reason: string };

const HEADER_WORDS = new Set(['nome', 'name']);

/**
 * Reads a guest CSV (columns nome,email,cpf; comma or semicolon, as a spreadsheet in pt-BR
 * saves; the header line optional, recognised by 'nome' in its first column; blank lines
 * skipped) with papaparse. Each row is checked as a name typed by hand (addGuestEntrySchema:
 * name required, e-mail and CPF valid when given) and a CPF repeated in the file is refused on
 * its second line. Refusals carry the pt-BR reason.
 */
export function readGuestCsv(text: string): GuestCsvRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  const rows: GuestCsvRow[] = [];
  const seenCpfs = new Map<string, number>();
  parsed.data.forEach((cells, index) => {
    const line = index + 1;
    const [name = '', email = '', cpf = ''] = cells.map((c) => (c ?? '').trim());
    if (cells.every((c) => (c ?? '').trim() === '')) return;
    if (index === 0 && HEADER_WORDS.has(name.toLowerCase())) return;
    const checked = addGuestEntrySchema.safeParse({ name, email, cpf });
    if (!checked.success) {
      rows.push({ line, ok: false, reason: checked.error.issues[0]?.message ?? 'Linha inválida' });
      return;
    }
    const row = { name: checked.data.name, email: checked.data.email || null, cpf: checked.data.cpf || null };
    if (row.cpf) {
      const first = seenCpfs.get(row.cpf);
      if (first !== undefined) {
        rows.push({ line, ok: false, reason: `CPF repetido (já na linha ${first})` });
        return;
      }
      seenCpfs.set(row.cpf, line);
    }
    rows.push({ line, ok: true, ...row });
  });
  return rows;
}

/** 'Já entrou às 23:40' (America/Sao_Paulo): a list name the door already admitted. */
export function alreadyAdmittedMessage(admittedAt: Date): string {
  return `Já entrou às ${formatClockTime(admittedAt)}`;
}
