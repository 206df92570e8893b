import type { FastifyReply } from 'fastify';

// A cell as Excel reads it: quoted when it holds the separator, a quote or a line break; a
// leading = + - @ (a formula, from a buyer-typed name) is neutralised with an apostrophe.
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Centavos as a pt-BR decimal Excel reads as a number: 123456 -> '1234,56'. */
export function decimalReais(centavos: number): string {
  return `${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
}

/**
 * Lines of cells as a CSV file that Excel in pt-BR opens in columns: UTF-8 with a byte order
 * mark, ';' between cells, CRLF between lines, formulas neutralised.
 */
export function toCsv(lines: string[][]): string {
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** A CSV file name, '<prefix>-<event title in ASCII, hyphenated>.csv'. */
export function csvFileName(prefix: string, title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${prefix}-${slug || 'evento'}.csv`;
}

/**
 * Sends a CSV export (a file toCsv wrote: UTF-8 with its BOM) as a download: 'text/csv;
 * charset=utf-8', 'attachment; filename="<fileName>"' (csvFileName: ASCII), never cached (it
 * holds buyers' data). Every CSV export of the back office goes out through here.
 */
export function sendCsv(reply: FastifyReply, { csv, fileName }: { csv: string; fileName: string }): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`);
}
