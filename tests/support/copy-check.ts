// The product's words as a Brazilian reads them: the rules the copy check applies to each page's
// text and to each CSV export. Each function answers the problems it finds, each with the words
// around it, so a failure names what to fix.

/** The stored category values, in English, a person must never read (the brand's name is shown). */
const ENGLISH_CATEGORIES = /\b(Next Level Events|AyYo Events|KXP Events)\b/g;

/** 'Restam 1' (the singular is 'Resta 1'). */
const REMAINING_ONE = /\bRestam 1(?!\d|[.,]\d)/g;

/** A letter of any alphabet. */
const LETTER = /\p{L}/u;

/** The words around `index` in `text`, on one line. */
function around(text: string, index: number, length: number): string {
  return text
    .slice(Math.max(0, index - 30), index + length + 30)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether the run of 4 or more digits at `index` in `text` is a number a person reads as a
 * quantity or an amount, so it needs the thousands separator ('1.234', 'R$ 1.234,56'). Not such a
 * number: a year (1900 to 2099, unless an amount 'R$ 2000'); a part of a code, a date, an address
 * or a name (next to a letter, '#', '/', '_', '@', '-' between digits, '.' inside a word, ':' of a
 * time, or after ',' as decimals); a CEP ('88301-000', or after 'CEP'); a phone ('99123-4567');
 * card's last digits ('•••• 4242', '**** 4242', 'final 4242'); a street number ('Rua Hercílio
 * Luz, 1500', 'nº 1500'); a number starting with 0 ('0001').
 * CPFs ('529.982.247-25') and times ('23:59') have no run of 4 digits.
 */
function needsSeparator(text: string, index: number, digits: string): boolean {
  const before = text.slice(0, index);
  const prev = text[index - 1] ?? '';
  const next = text[index + digits.length] ?? '';
  const afterNext = text[index + digits.length + 1] ?? '';
  if (digits.startsWith('0')) return false;
  if (LETTER.test(prev) || LETTER.test(next)) return false;
  if ('#/_@.:,+-'.includes(prev) && prev !== '') return false;
  if (next === '/' || next === '_' || next === '@') return false;
  if ((next === '-' || next === '.' || next === ':') && /[\p{L}\d]/u.test(afterNext)) return false;
  if (/(?:[•*]+\s?|\bfinal\s|\bCEP:?\s)$/iu.test(before)) return false;
  if (/(?:\p{L},\s|\bn[º°]\s?)$/u.test(before)) return false;
  const isAmount = /R\$\s?$/.test(before);
  if (!isAmount && digits.length === 4 && Number(digits) >= 1900 && Number(digits) <= 2099) return false;
  return true;
}

/**
 * The problems of a page's text (document.body.innerText): an English category value, 'Restam 1',
 * and a number of 4 or more digits without the thousands separator in running text
 * (needsSeparator). [] when the text reads right.
 */
export function pageTextProblems(text: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(ENGLISH_CATEGORIES))
    problems.push(`categoria em inglês '${m[0]}': “${around(text, m.index, m[0].length)}”`);
  for (const m of text.matchAll(REMAINING_ONE))
    problems.push(`'Restam 1' (o singular é 'Resta 1'): “${around(text, m.index, m[0].length)}”`);
  for (const m of text.matchAll(/\d{4,}/g)) {
    if (needsSeparator(text, m.index, m[0])) problems.push(`número sem separador de milhar: “${around(text, m.index, m[0].length)}”`);
  }
  return problems;
}

/** A CSV file's text as lines of cells: ';' between cells, '"' around a cell that holds one, CRLF or LF between lines. */
export function readCsv(text: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) lines.push([...cells, cell]);
  return lines;
}

/** Status and reason codes the server stores, which a CSV must show in words. */
const MACHINE_WORDS = new Set([
  'pending',
  'completed',
  'cancelled',
  'canceled',
  'refunded',
  'expired',
  'failed',
  'valid',
  'used',
  'approved',
  'rejected',
  'processed',
  'requested',
  'transferred',
  'card',
  'pix',
  'cash',
  'courtesy',
  'true',
  'false',
  'null',
  'undefined',
]);

/** English words a header would start with had it not been written in Portuguese. */
const ENGLISH_HEADER =
  /^(name|e-?mail address|status|date|time|type|ticket|order|amount|price|created|updated|paid|reason|holder|buyer|gate|device|result|mode|quantity|channel|payment|id|event|session|sector|lot|fee|discount|refund)\b/i;

/** Whether a cell is a code rather than words: snake_case ('already_inside'), camelCase ('boxOffice') or a stored status ('pending'). */
export function isMachineCode(cell: string): boolean {
  const value = cell.trim();
  return /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(value) || /^[a-z]+[A-Z][A-Za-z]*$/.test(value) || MACHINE_WORDS.has(value);
}

/** Whether a header cell reads in Portuguese: not empty, not a code, not an English word. */
export function isPortugueseHeader(cell: string): boolean {
  const value = cell.trim();
  return value !== '' && !isMachineCode(value) && !ENGLISH_HEADER.test(value);
}

/**
 * The dates of a cell not written dd/mm/aaaa: ISO ('2026-11-27'), a two-digit year ('27/11/26'),
 * a day or month of one digit ('7/11/2026'), a month after the 12th ('11/27/2026', month first).
 */
export function badDates(cell: string): string[] {
  const bad: string[] = [];
  for (const m of cell.matchAll(/\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?/g)) bad.push(m[0]);
  for (const m of cell.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{2,4})(?![\d/])/g)) {
    const [whole, day, month, year] = m;
    if (day.length !== 2 || month.length !== 2 || year.length !== 4 || Number(month) > 12 || Number(day) > 31) bad.push(whole);
  }
  return bad;
}

/**
 * The problems of a CSV export, from its bytes: no UTF-8 BOM; a header cell (of the first line)
 * not in Portuguese; a cell holding a machine code; a date not dd/mm/aaaa; an English category or
 * 'Restam 1' in any cell. [] when it reads right. Amounts ('1234,56', a number Excel sums) are not
 * checked for thousands separators.
 */
export function csvProblems(bytes: Uint8Array, { headerLines = [0] }: { headerLines?: number[] } = {}): string[] {
  const problems: string[] = [];
  if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) problems.push('sem BOM UTF-8 (o Excel lê “SituaÃ§Ã£o”)');
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const lines = readCsv(text);
  for (const index of headerLines) {
    for (const cell of lines[index] ?? []) if (!isPortugueseHeader(cell)) problems.push(`cabeçalho fora do português: '${cell}'`);
  }
  lines.forEach((cells, row) =>
    cells.forEach((cell, column) => {
      const where = `linha ${row + 1}, coluna ${column + 1}`;
      if (isMachineCode(cell)) problems.push(`código em vez de palavras (${where}): '${cell}'`);
      for (const date of badDates(cell)) problems.push(`data fora de dd/mm/aaaa (${where}): '${date}'`);
      for (const m of cell.matchAll(ENGLISH_CATEGORIES)) problems.push(`categoria em inglês (${where}): '${m[0]}'`);
      if (cell.search(REMAINING_ONE) >= 0) problems.push(`'Restam 1' (${where}): '${cell}'`);
    }),
  );
  return problems;
}
