import { issueCourtesiesSchema } from '../../../../../shared/schemas/admin-events';

export interface CourtesyRecipient {
  name: string;
  email: string;
}

export interface CourtesyCsvResult {
  /** Lines with something on them, the header left out. */
  linesRead: number;
  recipients: CourtesyRecipient[];
  /** Lines refused, with their number in the file (1 = first line) and why. */
  refused: { line: number; reason: string }[];
}

const recipientSchema = issueCourtesiesSchema.shape.recipients.element;
const HEADER = /^\s*"?nome"?\s*[,;]\s*"?e-?mail"?\s*$/i;

/** The fields of one CSV line: comma or semicolon (Excel in Brazil), double quotes around a field that holds one. */
function splitCsvLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let current = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (isQuoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        current += char;
      }
    } else if (char === '"') {
      isQuoted = true;
    } else if (char === separator) {
      fields.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  fields.push(current);
  return fields.map((field) => field.trim());
}

/**
 * Reads a courtesy list, one 'nome,email' per line (';' also taken; a first line 'nome,email' is
 * a header; blank lines are skipped). Each line is checked with the server's own rules; a line
 * that fails, or repeats an e-mail of an earlier line, is refused with its line number.
 */
export function parseCourtesyCsv(text: string): CourtesyCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const result: CourtesyCsvResult = { linesRead: 0, recipients: [], refused: [] };
  const lineOfEmail = new Map<string, number>();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (index === 0 && HEADER.test(raw)) return;
    result.linesRead += 1;
    const separator = raw.includes(';') && !raw.includes(',') ? ';' : ',';
    const fields = splitCsvLine(raw, separator);
    if (fields.length !== 2) {
      result.refused.push({ line, reason: 'use o formato nome,email' });
      return;
    }
    const parsed = recipientSchema.safeParse({ name: fields[0], email: fields[1] });
    if (!parsed.success) {
      result.refused.push({ line, reason: parsed.error.issues[0]?.message ?? 'linha inválida' });
      return;
    }
    const earlier = lineOfEmail.get(parsed.data.email);
    if (earlier !== undefined) {
      result.refused.push({ line, reason: `e-mail repetido (linha ${earlier})` });
      return;
    }
    lineOfEmail.set(parsed.data.email, line);
    result.recipients.push(parsed.data);
  });
  return result;
}
