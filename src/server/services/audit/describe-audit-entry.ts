import { auditActionLabels } from '../../../shared/audit-actions';
import { categoryLabel } from '../../../shared/brands';
import { concessionLabel } from '../../../shared/concessions';
import { formatInstant } from '../../../shared/dates';
import { formatCentavos } from '../../../shared/money';
import type { AuditChange } from '../../../shared/schemas/admin-audit';
import { refundOriginLabel } from '../../../shared/schemas/admin-refunds';
import { discountTypeLabel } from '../../../shared/schemas/admin-content';
import { refundStatusLabel } from '../../../shared/schemas/refunds';
import { staffRoleLabel } from '../../../shared/schemas/staff';
import { paymentMethodLabel } from '../../../shared/statuses';

// How 'Histórico' words an entry (docs/screens.md 'Histórico'): the screen and the CSV show
// labels, never the codes the trail stores. Pure: the caller looks names up.

/** The kind of each object in words; an unknown kind reads 'Registro'. */
const objectTypeLabels: Readonly<Record<string, string>> = {
  event: 'Evento',
  sector: 'Setor',
  ticket_type: 'Setor',
  lot: 'Lote',
  session: 'Sessão',
  coupon: 'Cupom',
  courtesy: 'Cortesia',
  order: 'Pedido',
  refund: 'Reembolso',
  ticket: 'Ingresso',
  transfer: 'Transferência',
  drawer: 'Caixa',
  cash_drawer: 'Caixa',
  drawer_movement: 'Movimento de caixa',
  block: 'Bloco',
  check_in: 'Entrada',
  guest_list: 'Lista',
  guest: 'Nome da lista',
  guest_entry: 'Nome da lista',
  user: 'Pessoa',
  staff: 'Equipe',
  staff_invitation: 'Convite',
  brand: 'Marca',
  news: 'Notícia',
  banner: 'Banner',
  waiting_room: 'Sala de espera',
};

/** 'Lote' for 'lot'; 'Registro' for a kind this list does not know. */
export function objectTypeLabel(objectType: string): string {
  return objectTypeLabels[objectType] ?? 'Registro';
}

/** The action's label; 'Ação registrada' for a code no longer in src/shared/audit-actions.ts. */
export function actionLabel(action: string): string {
  return (auditActionLabels as Readonly<Record<string, string>>)[action] ?? 'Ação registrada';
}

/** The words of each recorded field; a field not here is read from its name ('maxPerOrder' -> 'Max per order'). */
const fieldLabels: Readonly<Record<string, string>> = {
  status: 'Situação',
  amountCentavos: 'Valor',
  amountCents: 'Valor',
  totalCentavos: 'Total',
  priceCentavos: 'Preço',
  unitPriceCentavos: 'Preço',
  floatCentavos: 'Troco inicial',
  countedCentavos: 'Contado',
  expectedCentavos: 'Esperado',
  differenceCentavos: 'Diferença',
  cashCentavos: 'Dinheiro',
  feeCentavos: 'Taxa',
  discountCentavos: 'Desconto',
  ticketCount: 'Ingressos',
  quantity: 'Quantidade',
  remaining: 'Restantes',
  capacity: 'Capacidade',
  adminNotes: 'Observações',
  reason: 'Motivo',
  name: 'Nome',
  title: 'Título',
  email: 'E-mail',
  role: 'Função',
  roles: 'Funções',
  date: 'Data',
  startTime: 'Início',
  endTime: 'Término',
  startsAt: 'Início',
  endsAt: 'Fim',
  location: 'Local',
  city: 'Cidade',
  address: 'Endereço',
  description: 'Descrição',
  isPublished: 'Publicado',
  isActive: 'Ativo',
  code: 'Código',
  discountType: 'Tipo de desconto',
  discountValue: 'Desconto',
  maxUses: 'Usos máximos',
  validFrom: 'Válido de',
  validUntil: 'Válido até',
  position: 'Posição',
  kind: 'Tipo',
  paymentMethod: 'Pagamento',
  method: 'Pagamento',
  origin: 'Origem',
  holderName: 'Titular',
  holderCpf: 'CPF do titular',
  toEmail: 'Para',
  fromEmail: 'De',
  gate: 'Portão',
  note: 'Observação',
  notes: 'Observações',
  concession: 'Meia-entrada',
  count: 'Quantidade',
  tickets: 'Ingressos',
  units: 'Unidades',
  maxTicketsPerOrder: 'Limite por pedido',
  maxTicketsPerCpf: 'Limite por CPF',
  serviceFeeBasisPoints: 'Taxa de serviço',
  feeAbsorbed: 'Taxa absorvida',
  cancelledAt: 'Cancelado em',
  closedAt: 'Fechado em',
  openedAt: 'Aberto em',
  salesStartAt: 'Início das vendas',
  salesEndAt: 'Fim das vendas',
  direction: 'Sentido',
  size: 'Ingressos',
  meiaUnits: 'Meias reservadas',
  meiaCount: 'Meias',
  courtesyCount: 'Cortesias',
  soldOffline: 'Vendida sem internet',
  soldAt: 'Vendida em',
  chargedCentavos: 'Cobrado',
  cpf: 'CPF',
  source: 'Origem',
  lots: 'Lotes',
  returnedUnits: 'Devolvidos',
  usedUnits: 'Vendidos',
  entries: 'Nomes',
  imported: 'Importados',
  fullAddress: 'Endereço',
  imageUrl: 'Imagem',
  category: 'Marca',
  meiaEntrada: 'Meia-entrada',
  serviceFeeMinCentavos: 'Taxa mínima',
  serviceFeeMaxCentavos: 'Taxa máxima',
  serviceFeeRefundable: 'Taxa reembolsável',
  serviceFeeAbsorbed: 'Taxa absorvida',
  nominal: 'Ingresso nominal',
  rotatingQr: 'QR rotativo',
  transferAllowed: 'Transferência permitida',
  transferDeadlineHours: 'Prazo de transferência (horas)',
  hiddenWithoutCode: 'Só com código de acesso',
  refundedOrders: 'Pedidos reembolsados',
  refundCentavos: 'Reembolsado',
  releasedOrders: 'Pedidos liberados',
  voidedTickets: 'Ingressos cancelados',
  sectors: 'Setores',
  operation: 'Operação',
  enabled: 'Ativa',
  paused: 'Pausada',
  opens_at: 'Abre em',
  on_sale_at: 'Venda abre em',
  rate_per_minute: 'Entradas por minuto',
  max_inside: 'Máximo ao mesmo tempo',
  invited: 'Convite enviado',
  publishedAt: 'Publicado em',
  isHidden: 'Oculto',
  url: 'Link',
};

/** Stored codes a value may hold, in words (statuses, methods, roles, kinds). */
const valueWords: Readonly<Record<string, string>> = {
  ...refundStatusLabel,
  ...paymentMethodLabel,
  ...staffRoleLabel,
  ...discountTypeLabel,
  ...concessionLabel,
  request: refundOriginLabel.request,
  event_cancelled: refundOriginLabel.event_cancelled,
  late_payment: refundOriginLabel.late_payment,
  duplicate_payment: refundOriginLabel.duplicate_payment,
  completed: 'Pago',
  expired: 'Expirado',
  failed: 'Falhou',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  valid: 'Válido',
  withdrawal: 'Sangria',
  supply: 'Suprimento',
  open: 'Aberto',
  closed: 'Fechado',
  user: 'Pessoa',
  in: 'Entrada',
  out: 'Saída',
  owner: 'Dono da lista',
  created: 'Criado',
  updated: 'Editado',
  deleted: 'Excluído',
  published: 'Publicado',
  hidden: 'Oculto',
  admin_panel: 'Painel',
};

/** Ids of other rows ('sectorId', 'drawerId'): kept in the record, never shown as words. */
function isIdField(field: string): boolean {
  return field === 'id' || /Id$/.test(field);
}

/** Fields holding money in centavos whatever their name says. */
const moneyFields = new Set(['amount', 'price', 'total', 'discountValueCentavos']);
/** Fields stored in basis points (1/100 of a percent). */
const basisPointFields = /BasisPoints$|Bps$/;

/** 'maxPerOrder' or 'max_per_order' as words: 'Max per order'. */
function fieldFromName(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Campo';
}

/** The label of a recorded field. */
export function fieldLabel(field: string): string {
  return fieldLabels[field] ?? fieldFromName(field);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A recorded value in words: centavos ('…Centavos', '…Cents') as 'R$ 1.234,56', basis points as
 * '10 %', true/false 'Sim'/'Não', null '—', an ISO instant as São Paulo 'dd/mm/aaaa às HH:mm', a
 * day as 'dd/mm/aaaa', a stored code by its word, a list joined with ', ', an object as its
 * fields in words.
 */
export function valueInWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') {
    if ((/Centavos$|Cents$/.test(field) || moneyFields.has(field)) && Number.isSafeInteger(value)) return formatCentavos(value);
    if (basisPointFields.test(field)) return `${(value / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} %`;
    return value.toLocaleString('pt-BR');
  }
  if (typeof value === 'string') {
    if (field === 'category') return categoryLabel(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatInstant(value).replace(' às ', ' ');
    const day = ISO_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    return valueWords[value] ?? value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => valueInWords(field, item)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !isIdField(key))
      .map(([key, inner]) => `${fieldLabel(key)}: ${valueInWords(key, inner)}`)
      .join('; ');
  }
  return String(value);
}

function isFieldChange(value: unknown): value is { before: unknown; after: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'before' in value && 'after' in value;
}

/** Facts that name the object rather than tell what changed: shown as its name, not as a change. */
export const NAME_FIELDS = ['objectLabel', 'label'] as const;

/** One lot of a save of sectors (services/catalog/save-sectors.ts sectorChanges). */
interface RecordedLot {
  lotId?: string;
  change?: 'added' | 'changed' | 'removed';
  fields?: Record<string, unknown>;
}
/** One sector of a save of sectors: its name, how it changed, its fields and lots touched. */
interface RecordedSector {
  name?: string;
  change?: 'added' | 'changed' | 'removed';
  fields?: Record<string, unknown>;
  lots?: RecordedLot[];
}

/** What a save of sectors needs besides the record: each lot's position, by id, for lots still there. */
export interface DescribeContext {
  lotPositions?: ReadonlyMap<string, number>;
}

/** The lot ids a `changes` of a save of sectors names (for DescribeContext.lotPositions). */
export function recordedLotIds(changes: Record<string, unknown>): string[] {
  const sectors = Array.isArray(changes.sectors) ? (changes.sectors as RecordedSector[]) : [];
  return sectors.flatMap((s) =>
    Array.isArray(s.lots) ? s.lots.map((l) => l.lotId).filter((id): id is string => typeof id === 'string') : [],
  );
}

function afterOf(value: unknown): unknown {
  return isFieldChange(value) ? (value.after ?? value.before) : value;
}

/**
 * A save of sectors and lots in words, one line per thing touched: 'Pista 1º lote: R$ 80,00 →
 * R$ 90,00' for a price, 'Pista 1º lote · Quantidade: 100 → 150' for another field, 'Pista:
 * Setor criado' / 'Setor removido', 'Pista 2º lote: Lote criado (R$ 90,00, 100)'.
 */
function sectorsInWords(sectors: RecordedSector[], context: DescribeContext): AuditChange[] {
  const words: AuditChange[] = [];
  for (const sector of sectors) {
    const name = typeof sector.name === 'string' && sector.name ? sector.name : 'Setor';
    if (sector.change === 'added') words.push({ label: name, before: null, after: 'Setor criado' });
    if (sector.change === 'removed') words.push({ label: name, before: null, after: 'Setor removido' });
    if (sector.change === 'changed') {
      for (const change of changesInWords(sector.fields ?? {})) words.push({ ...change, label: `${name} · ${change.label}` });
    }
    for (const lot of sector.lots ?? []) {
      const fields = lot.fields ?? {};
      const recorded = afterOf(fields.position);
      const position = (lot.lotId && context.lotPositions?.get(lot.lotId)) || (typeof recorded === 'number' ? recorded : null);
      const lotName = position ? `${name} ${position}º lote` : `${name} · lote`;
      if (lot.change === 'added' || lot.change === 'removed') {
        const facts = [
          valueInWords('priceCentavos', afterOf(fields.priceCentavos)),
          `${valueInWords('quantity', afterOf(fields.quantity))} ingressos`,
        ];
        words.push({
          label: lotName,
          before: null,
          after: `${lot.change === 'added' ? 'Lote criado' : 'Lote removido'} (${facts.join(', ')})`,
        });
        continue;
      }
      for (const [field, value] of Object.entries(fields)) {
        if (!isFieldChange(value) || field === 'position') continue;
        const label = field === 'priceCentavos' ? lotName : `${lotName} · ${fieldLabel(field)}`;
        words.push({ label, before: valueInWords(field, value.before), after: valueInWords(field, value.after) });
      }
    }
  }
  return words;
}

/**
 * The recorded `changes` of an entry in words, in their recorded order: a touched field
 * `{ before, after }` as { label, before, after }, a fact as { label, before: null, after }.
 * NAME_FIELDS are left out (the object's name shows them), and so are ids of other rows. A save of
 * sectors ('sectors') reads one line per sector or lot touched (sectorsInWords), its lots named by
 * `context.lotPositions`.
 */
export function changesInWords(changes: Record<string, unknown>, context: DescribeContext = {}): AuditChange[] {
  const words: AuditChange[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if ((NAME_FIELDS as readonly string[]).includes(field) || isIdField(field)) continue;
    if (field === 'sectors' && Array.isArray(value)) {
      words.push(...sectorsInWords(value as RecordedSector[], context));
      continue;
    }
    if (isFieldChange(value))
      words.push({ label: fieldLabel(field), before: valueInWords(field, value.before), after: valueInWords(field, value.after) });
    else words.push({ label: fieldLabel(field), before: null, after: valueInWords(field, value) });
  }
  return words;
}

/** One change as a line reads it: 'Preço: R$ 80,00 → R$ 90,00', or 'Valor: R$ 50,00'. */
export function changeLine(change: AuditChange): string {
  return change.before === null ? `${change.label}: ${change.after}` : `${change.label}: ${change.before} → ${change.after}`;
}
