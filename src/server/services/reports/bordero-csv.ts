import { ECAD_BASE_LABEL, formatBasisPoints, type Bordero, type BorderoMoney } from '../../../shared/schemas/bordero';
import { csvFileName, decimalReais, toCsv } from '../../lib/csv';
import { formatEventDateShort } from '../../../shared/dates';

/** Centavos as Excel's pt-BR decimal, negatives too: -150 -> '-1,50'. */
const reais = (centavos: number) => (centavos < 0 ? `-${decimalReais(-centavos)}` : decimalReais(centavos));

/** The money columns of a line, the totals and each subtotal, in this order. */
const MONEY_HEADER = [
  'Ingressos',
  'Reembolsados',
  'Valor de tabela (R$)',
  'Descontos (R$)',
  'Vendas brutas (R$)',
  'Reembolsos (R$)',
  'Taxas de serviço (R$)',
  'Taxas devolvidas (R$)',
  'Taxas absorvidas (R$)',
  'Líquido (R$)',
  'Cortesias a valor de face (R$)',
];

const moneyCells = (m: BorderoMoney) => [
  String(m.units),
  String(m.refundedUnits),
  reais(m.listCentavos),
  reais(m.discountCentavos),
  reais(m.grossCentavos),
  reais(m.refundsCentavos),
  reais(m.feesCentavos),
  reais(m.refundedFeesCentavos),
  reais(m.absorbedFeesCentavos),
  reais(m.netCentavos),
  reais(m.courtesyFaceCentavos),
];

/**
 * The borderô as a CSV file Excel in pt-BR opens in columns (server/lib/csv.ts toCsv: UTF-8 with
 * BOM, ';', CRLF), in sections separated by an empty line: the lines (session, sector, lot, kind,
 * channel and their money) with the total, the subtotals per channel and per kind, the meia-entrada
 * against the reserve, the entries per hour and gate, the ECAD estimate with the set list, the
 * split of the net and the NFS-e text. Amounts '1234,56', the event's date 'dd/MM/yyyy'. File name 'bordero-<event>.csv'.
 */
export function borderoCsv(bordero: Bordero): { csv: string; fileName: string } {
  const empty: string[] = [];
  const lines: string[][] = [
    ['Borderô', bordero.event.title, formatEventDateShort(bordero.event.date), bordero.event.startTime, bordero.event.venue],
    empty,
    ['Sessão', 'Setor', 'Lote', 'Tipo', 'Canal', ...MONEY_HEADER],
    ...bordero.lines.map((l) => [l.session, l.sector, l.lot, l.kindLabel, l.channelLabel, ...moneyCells(l.money)]),
    ['Total', '', '', '', '', ...moneyCells(bordero.totals)],
    empty,
    ['Canal', ...MONEY_HEADER],
    ...bordero.byChannel.map((s) => [s.label, ...moneyCells(s.money)]),
    empty,
    ['Tipo', ...MONEY_HEADER],
    ...bordero.byKind.map((s) => [s.label, ...moneyCells(s.money)]),
    empty,
    [
      'Setor',
      'Estoque',
      'Reserva de meia (40%)',
      'Meias vendidas',
      'Reserva restante',
      'Reserva usada (%)',
      'Pessoa idosa (fora da reserva)',
    ],
    ...bordero.meia.map((m) => [
      m.sector,
      String(m.stock),
      String(m.reserve),
      String(m.meiaSold),
      String(m.reserveLeft),
      String(m.reserveUsedPercent),
      String(m.seniorSold),
    ]),
    empty,
    ['Hora', 'Portão', 'Entradas'],
    ...bordero.entries.map((e) => [e.hourLabel, e.gate, String(e.entries)]),
    ['Total', '', String(bordero.entriesTotal)],
    empty,
    ['ECAD', 'Alíquota', `${ECAD_BASE_LABEL} (R$)`, 'Estimativa (R$)', 'Repertório'],
    [
      'Estimativa ECAD',
      formatBasisPoints(bordero.ecad.basisPoints),
      reais(bordero.ecad.baseCentavos),
      reais(bordero.ecad.estimateCentavos),
      bordero.ecad.setList,
    ],
    empty,
    ['Divisão do líquido', 'Participação', 'Valor (R$)'],
    ...bordero.split.map((s) => [s.name, formatBasisPoints(s.shareBasisPoints), reais(s.amountCentavos)]),
    empty,
    ['NFS-e'],
    ...bordero.nfseText.split('\n').map((line) => [line]),
  ];
  return { csv: toCsv(lines), fileName: csvFileName('bordero', bordero.event.title) };
}
