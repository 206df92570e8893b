import PDFDocument from 'pdfkit';
import { formatEventDateShort, formatInstant } from '../../../shared/dates';
import { formatCentavos } from '../../../shared/money';
import { ECAD_BASE_LABEL, formatBasisPoints, type Bordero, type BorderoMoney } from '../../../shared/schemas/bordero';
import { csvFileName } from '../../lib/csv';
import type { BorderoCompany } from './bordero';

// The page: A4 landscape, 1.27 cm margins, Helvetica (one of the PDF's 14 standard fonts, so no
// font file ships with it; its encoding, WinAnsi, holds every letter of Portuguese).
const MARGIN = 36;
const PAGE = { width: 841.89, height: 595.28 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;

// The letters beyond Latin-1 that WinAnsi encodes; anything else a person typed (an emoji in the
// set list) is drawn as '?' rather than as a wrong glyph.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) => [...text].map((c) => (c.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(c) ? c : '?')).join('');

type Align = 'left' | 'right';
interface Column {
  title: string;
  width: number;
  align?: Align;
}

/**
 * The borderô as a PDF (A4 landscape, made with pdfkit): the event, when it was read, the totals
 * from list price to net with the fees apart and the ECAD estimate, the lines (session, sector,
 * lot, kind, channel, units and money), the subtotals per channel and per kind, the meia-entrada
 * against the reserve, the entries per hour and gate, the ECAD estimate with the set list, the
 * split of the net among co-producers and the NFS-e text. Amounts as 'R$ 1.234,56'. Under the
 * title, who issues it (`company`: name, CNPJ and e-mail); at the end, the lines the producer and
 * the venue sign, as a paper borderô is settled. Returns the file's bytes and its name
 * ('bordero-<event>.pdf').
 */
export async function borderoPdf(bordero: Bordero, company: BorderoCompany): Promise<{ pdf: Buffer; fileName: string }> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Borderô - ${printable(bordero.event.title)}`, Author: 'Next Level Ingressos', Subject: 'Borderô do evento' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const money = formatCentavos;
  let y = MARGIN;
  const ensure = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const heading = (text: string) => {
    ensure(40);
    y += 8;
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('#111111')
      .text(printable(text), MARGIN, y, { width: CONTENT_WIDTH, lineBreak: false });
    y += 18;
  };
  const table = (columns: Column[], rows: string[][], options: { boldLast?: boolean } = {}) => {
    const scale = CONTENT_WIDTH / columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => Math.min(c.width * scale, c.width * 1.6));
    const row = (cells: string[], bold: boolean, isHeader = false) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      const height = Math.max(12, ...cells.map((cell, i) => doc.heightOfString(printable(cell), { width: widths[i] - 4 }) + 3));
      if (!isHeader && y + height > BOTTOM) {
        // A table that goes on to the next page repeats its header there.
        ensure(PAGE.height);
        row(
          columns.map((c) => c.title),
          true,
          true,
        );
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      }
      ensure(height);
      let x = MARGIN;
      cells.forEach((cell, i) => {
        doc.fillColor('#111111').text(printable(cell), x + 2, y + 2, { width: widths[i] - 4, align: columns[i].align ?? 'left' });
        x += widths[i];
      });
      y += height;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + widths.reduce((s, w) => s + w, 0), y)
        .lineWidth(0.3)
        .strokeColor('#bbbbbb')
        .stroke();
    };
    row(
      columns.map((c) => c.title),
      true,
      true,
    );
    rows.forEach((cells, i) => row(cells, options.boldLast === true && i === rows.length - 1));
    y += 6;
  };
  const paragraph = (text: string) => {
    doc.font('Helvetica').fontSize(9).fillColor('#111111');
    for (const line of printable(text).split('\n')) {
      const height = doc.heightOfString(line || ' ', { width: CONTENT_WIDTH });
      ensure(height);
      doc.text(line || ' ', MARGIN, y, { width: CONTENT_WIDTH });
      y += height + 1;
    }
    y += 4;
  };

  // Title
  const { event, totals } = bordero;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#111111')
    .text(printable(`Borderô - ${event.title}`), MARGIN, y, { width: CONTENT_WIDTH });
  y = doc.y + 4;
  const where = event.city ? `${event.venue}, ${event.city}` : event.venue;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      printable(`${formatEventDateShort(event.date)} às ${event.startTime} · ${where}${event.cancelled ? ' · Evento cancelado' : ''}`),
      MARGIN,
      y,
    );
  y = doc.y + 2;
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text(`Gerado em ${formatInstant(bordero.generatedAt)} (horário de Brasília)`, MARGIN, y);
  y = doc.y + 2;
  doc.text(printable(`Emitido por ${company.name} · CNPJ ${company.cnpj} · ${company.email}`), MARGIN, y);
  y = doc.y + 6;

  heading('Resumo');
  const sold = totals.units - totals.refundedUnits;
  table(
    [
      { title: 'Item', width: 300 },
      { title: 'Valor', width: 120, align: 'right' },
    ],
    [
      ['Ingressos emitidos (cortesias incluídas)', String(totals.units)],
      ['Ingressos reembolsados', String(totals.refundedUnits)],
      ['Ingressos válidos', String(sold)],
      ['Valor de tabela', money(totals.listCentavos)],
      ['Descontos', money(totals.discountCentavos)],
      ['Vendas brutas', money(totals.grossCentavos)],
      ['Reembolsos', money(totals.refundsCentavos)],
      ['Taxas absorvidas pelo organizador', money(totals.absorbedFeesCentavos)],
      ['Líquido', money(totals.netCentavos)],
      ['Taxas de serviço cobradas dos compradores (fora do líquido)', money(totals.feesCentavos)],
      ['Taxas de serviço devolvidas', money(totals.refundedFeesCentavos)],
      ['Cortesias a valor de face (fora do bruto)', money(totals.courtesyFaceCentavos)],
      [`Estimativa ECAD (${formatBasisPoints(bordero.ecad.basisPoints)})`, money(bordero.ecad.estimateCentavos)],
      [ECAD_BASE_LABEL, money(bordero.ecad.baseCentavos)],
    ],
  );

  const moneyColumns: Column[] = [
    { title: 'Qtd.', width: 34, align: 'right' },
    { title: 'Reemb.', width: 38, align: 'right' },
    { title: 'Tabela', width: 62, align: 'right' },
    { title: 'Descontos', width: 56, align: 'right' },
    { title: 'Vendas brutas', width: 62, align: 'right' },
    { title: 'Reembolsos', width: 60, align: 'right' },
    { title: 'Taxas', width: 54, align: 'right' },
    { title: 'Absorvidas', width: 56, align: 'right' },
    { title: 'Líquido', width: 62, align: 'right' },
    { title: 'Cortesias (face)', width: 62, align: 'right' },
  ];
  const moneyCells = (m: BorderoMoney) => [
    String(m.units),
    String(m.refundedUnits),
    money(m.listCentavos),
    money(m.discountCentavos),
    money(m.grossCentavos),
    money(m.refundsCentavos),
    money(m.feesCentavos),
    money(m.absorbedFeesCentavos),
    money(m.netCentavos),
    money(m.courtesyFaceCentavos),
  ];

  heading('Vendas por sessão, setor, lote, tipo e canal');
  table(
    [
      { title: 'Sessão', width: 62 },
      { title: 'Setor', width: 70 },
      { title: 'Lote', width: 40 },
      { title: 'Tipo', width: 78 },
      { title: 'Canal', width: 52 },
      ...moneyColumns,
    ],
    [
      ...bordero.lines.map((l) => [l.session, l.sector, l.lot, l.kindLabel, l.channelLabel, ...moneyCells(l.money)]),
      ['Total', '', '', '', '', ...moneyCells(totals)],
    ],
    { boldLast: true },
  );

  heading('Por canal');
  table(
    [{ title: 'Canal', width: 120 }, ...moneyColumns],
    bordero.byChannel.map((s) => [s.label, ...moneyCells(s.money)]),
  );
  heading('Por tipo');
  table(
    [{ title: 'Tipo', width: 120 }, ...moneyColumns],
    bordero.byKind.map((s) => [s.label, ...moneyCells(s.money)]),
  );

  heading('Meia-entrada e a reserva de 40%');
  table(
    [
      { title: 'Setor', width: 160 },
      { title: 'Estoque', width: 60, align: 'right' },
      { title: 'Reserva (40%)', width: 70, align: 'right' },
      { title: 'Meias vendidas', width: 70, align: 'right' },
      { title: 'Reserva restante', width: 80, align: 'right' },
      { title: 'Reserva usada', width: 70, align: 'right' },
      { title: 'Pessoa idosa (fora da reserva)', width: 120, align: 'right' },
    ],
    bordero.meia.map((m) => [
      m.sector,
      String(m.stock),
      String(m.reserve),
      String(m.meiaSold),
      String(m.reserveLeft),
      `${m.reserveUsedPercent}%`,
      String(m.seniorSold),
    ]),
  );

  heading('Entradas por hora e portão');
  table(
    [
      { title: 'Hora', width: 160 },
      { title: 'Portão', width: 160 },
      { title: 'Entradas', width: 80, align: 'right' },
    ],
    [...bordero.entries.map((e) => [e.hourLabel, e.gate, String(e.entries)]), ['Total', '', String(bordero.entriesTotal)]],
    { boldLast: true },
  );

  heading(`ECAD: estimativa de ${formatBasisPoints(bordero.ecad.basisPoints)}: ${money(bordero.ecad.estimateCentavos)}`);
  paragraph(`${ECAD_BASE_LABEL}: ${money(bordero.ecad.baseCentavos)}`);
  paragraph(bordero.ecad.setList.trim() ? `Repertório:\n${bordero.ecad.setList.trim()}` : 'Repertório: não informado.');

  heading('Divisão do líquido entre coprodutores');
  table(
    [
      { title: 'Parte', width: 240 },
      { title: 'Participação', width: 90, align: 'right' },
      { title: 'Valor', width: 110, align: 'right' },
    ],
    [
      ...bordero.split.map((s) => [s.name, formatBasisPoints(s.shareBasisPoints), money(s.amountCentavos)]),
      ['Líquido', '100%', money(totals.netCentavos)],
    ],
    { boldLast: true },
  );

  heading('Texto da NFS-e');
  paragraph(bordero.nfseText);

  // The signatures that settle the night: the producer's and the venue's, side by side.
  heading('Conferência e assinaturas');
  ensure(90);
  y += 44;
  const meia = (CONTENT_WIDTH - 40) / 2;
  for (const [i, who] of ['Produtor(a)', 'Casa / local do evento'].entries()) {
    const x = MARGIN + i * (meia + 40);
    doc
      .moveTo(x, y)
      .lineTo(x + meia, y)
      .lineWidth(0.6)
      .strokeColor('#111111')
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#111111')
      .text(printable(`Assinatura: ${who}`), x, y + 4, { width: meia })
      .text('Nome, CPF ou CNPJ e data', x, y + 16, { width: meia });
  }
  y += 34;

  // 'Página 1 de 3' at the foot of every page, once all are laid out.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin, where pdfkit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#666666');
    doc.text(printable(`${event.title} · Página ${i - range.start + 1} de ${range.count}`), MARGIN, PAGE.height - MARGIN + 12, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), fileName: csvFileName('bordero', bordero.event.title).replace(/\.csv$/, '.pdf') };
}
