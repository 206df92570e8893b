import { describe, expect, it } from 'vitest';
import { parseCourtesyCsv } from './courtesy-csv';

describe('reading a courtesy list', () => {
  it('reads nome,email lines, skipping the header and blank lines', () => {
    const result = parseCourtesyCsv('nome,email\nAna Souza,ana@exemplo.com.br\n\nBruno Lima , BRUNO@exemplo.com.br\r\n');
    expect(result.linesRead).toBe(2);
    expect(result.recipients).toEqual([
      { name: 'Ana Souza', email: 'ana@exemplo.com.br' },
      { name: 'Bruno Lima', email: 'bruno@exemplo.com.br' },
    ]);
    expect(result.refused).toEqual([]);
  });

  it('takes semicolons and quoted names with a comma', () => {
    const result = parseCourtesyCsv('Carla Dias;carla@exemplo.com.br\n"Souza, Davi",davi@exemplo.com.br');
    expect(result.recipients.map((r) => r.name)).toEqual(['Carla Dias', 'Souza, Davi']);
  });

  it('refuses bad lines with their line numbers', () => {
    const result = parseCourtesyCsv('Ana,ana@exemplo.com.br\nsem email\nBeto,beto@\n,x@exemplo.com.br\nAna de novo,ana@exemplo.com.br');
    expect(result.linesRead).toBe(5);
    expect(result.recipients).toHaveLength(1);
    expect(result.refused).toEqual([
      { line: 2, reason: 'use o formato nome,email' },
      { line: 3, reason: 'E-mail inválido' },
      { line: 4, reason: 'Informe o nome de quem recebe a cortesia' },
      { line: 5, reason: 'e-mail repetido (linha 1)' },
    ]);
  });
});
