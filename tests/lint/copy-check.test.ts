import { describe, expect, it } from 'vitest';
import { badDates, csvProblems, isMachineCode, isPortugueseHeader, pageTextProblems, readCsv } from '../support/copy-check';

// The rules of the copy check (tests/e2e/copy-check.spec.ts), on texts where the answer is known.

const csv = (text: string, bom = true) => new TextEncoder().encode(`${bom ? '\uFEFF' : ''}${text}`);

describe('page text', () => {
  it('reads right: separated numbers, years, times, dates, CEP, CPF, phone, codes and card digits', () => {
    const fine = [
      '1.234 ingressos vendidos · R$ 12.345,67 líquido',
      'Sábado, 27 de novembro de 2026 às 23:59',
      'Data 27/11/2026 · 2026-11-27 no arquivo',
      'CEP 88301-000 · CEP 88301000 · Rua Hercílio Luz, 1500 · Av. Brasil, nº 2345',
      'CPF 529.982.247-25 · CPF ***.982.247-** · (47) 99123-4567 · +5547991234567',
      'Pedido #12345678 · Pedido #a1b2c3d4 · ingresso 4f3e2a10',
      'Cartão •••• 4242 · **** 1234 · final 4242',
      'Lei 12.933/2013 · CNPJ 12.345.678/0001-90 · código 0001',
      'estreito.1234567890@exemplo.com.br · https://exemplo.com.br/evento/12345',
      'Restam 12 ingressos · Resta 1 ingresso · Restam 10',
      '1,2345 · 12:3456',
    ];
    for (const text of fine) expect(pageTextProblems(text), text).toEqual([]);
  });

  it('finds a number of 4 or more digits without the thousands separator, an amount even when it looks like a year', () => {
    expect(pageTextProblems('1234 ingressos vendidos')).toHaveLength(1);
    expect(pageTextProblems('Total R$ 1234,56')).toHaveLength(1);
    expect(pageTextProblems('R$ 2000')).toHaveLength(1);
    expect(pageTextProblems('Capacidade: 15000.')).toHaveLength(1);
    expect(pageTextProblems('Vendidos 12345 de 20000')).toHaveLength(2);
    expect(pageTextProblems('Vendidos 12345 de 20000')[0]).toContain('Vendidos 12345');
  });

  it('finds an English category and "Restam 1"', () => {
    expect(pageTextProblems('AyYo Events · Festa')).toEqual([expect.stringContaining("'AyYo Events'")]);
    expect(pageTextProblems('Next Level Events e KXP Events')).toHaveLength(2);
    expect(pageTextProblems('Restam 1 ingresso')).toHaveLength(1);
    expect(pageTextProblems('Restam 1.')).toHaveLength(1);
  });
});

describe('CSV', () => {
  it('reads cells with quotes, separators and line breaks inside', () => {
    expect(readCsv('a;"b;c";"d ""e"""\r\n"f\ng";h\r\n')).toEqual([
      ['a', 'b;c', 'd "e"'],
      ['f\ng', 'h'],
    ]);
  });

  it('tells machine codes from words', () => {
    for (const code of ['already_inside', 'offline_conflict', 'box_office', 'pending', 'completed', 'boxOffice', 'card'])
      expect(isMachineCode(code), code).toBe(true);
    for (const word of [
      'Pendente',
      'Bilheteria',
      'Conflito: ingresso já tinha entrado',
      'ana@exemplo.com.br',
      'a1b2c3d4',
      'PIX',
      'Online',
      '1234,56',
    ])
      expect(isMachineCode(word), word).toBe(false);
  });

  it('tells Portuguese headers from English ones', () => {
    for (const header of ['Titular', 'E-mail', 'Situação', 'Preço (R$)', 'CPF', 'Total', 'Pedidos'])
      expect(isPortugueseHeader(header), header).toBe(true);
    for (const header of ['Name', 'status', 'Created at', 'order_id', 'Ticket type', ''])
      expect(isPortugueseHeader(header), header).toBe(false);
  });

  it('accepts only dd/mm/aaaa dates', () => {
    expect(badDates('27/11/2026 20:00')).toEqual([]);
    expect(badDates('27/11/2026')).toEqual([]);
    expect(badDates('Lei 12.933/2013')).toEqual([]);
    expect(badDates('2026-11-27T20:00:00.000Z')).toEqual(['2026-11-27T20:00:00.000Z']);
    expect(badDates('27/11/26')).toEqual(['27/11/26']);
    expect(badDates('7/11/2026')).toEqual(['7/11/2026']);
    expect(badDates('11/27/2026')).toEqual(['11/27/2026']);
  });

  it('answers nothing for a right file, each problem for a wrong one', () => {
    expect(csvProblems(csv('Titular;Situação;Entrada\r\nÂngela;Entrou;27/11/2026 20:15\r\n'))).toEqual([]);
    const problems = csvProblems(csv('Name;Situação;Entrada\r\nÂngela;already_inside;2026-11-27\r\nBruno;AyYo Events;\r\n', false));
    expect(problems).toEqual([
      expect.stringContaining('BOM'),
      "cabeçalho fora do português: 'Name'",
      expect.stringContaining("'already_inside'"),
      expect.stringContaining("'2026-11-27'"),
      expect.stringContaining("'AyYo Events'"),
    ]);
  });
});
