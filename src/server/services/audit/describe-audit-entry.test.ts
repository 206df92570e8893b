import { describe, expect, it } from 'vitest';
import { actionLabel, changeLine, changesInWords, fieldLabel, objectTypeLabel, valueInWords } from './describe-audit-entry';

describe('changesInWords', () => {
  it('reads a touched field as before → after and a fact as its value, in the recorded order', () => {
    const words = changesInWords({ priceCentavos: { before: 8000, after: 9000 }, amountCentavos: 5000, ticketCount: 2 });
    expect(words).toEqual([
      { label: 'Preço', before: 'R$ 80,00', after: 'R$ 90,00' },
      { label: 'Valor', before: null, after: 'R$ 50,00' },
      { label: 'Ingressos', before: null, after: '2' },
    ]);
    expect(words.map(changeLine)).toEqual(['Preço: R$ 80,00 → R$ 90,00', 'Valor: R$ 50,00', 'Ingressos: 2']);
  });

  it('shows stored codes, booleans, instants and days in words, and leaves ids of other rows out', () => {
    const words = changesInWords({
      status: { before: 'pending', after: 'approved' },
      paymentMethod: 'card_machine',
      role: 'box_office',
      isPublished: { before: false, after: true },
      soldAt: '2026-11-10T17:32:00.000Z',
      date: { before: '2026-12-01', after: null },
      drawerId: '8c1f0e7a-1111-4222-8333-944455556666',
      lots: [{ lotId: 'x', quantity: 3, priceCentavos: 6000 }],
    }).map(changeLine);
    expect(words).toEqual([
      'Situação: Pendente → Aprovado',
      'Pagamento: Maquininha',
      'Função: Bilheteria',
      'Publicado: Não → Sim',
      'Vendida em: 10/11/2026 14:32',
      'Data: 01/12/2026 → —',
      'Lotes: Quantidade: 3; Preço: R$ 60,00',
    ]);
  });

  it('keeps a name recorded for the object out of the changes', () => {
    expect(changesInWords({ objectLabel: 'Pista 1º lote', quantity: { before: 100, after: 1500 } }).map(changeLine)).toEqual([
      'Quantidade: 100 → 1.500',
    ]);
  });
});

describe('labels', () => {
  it('names actions, kinds and fields in pt-BR, with a word for what it does not know', () => {
    expect(actionLabel('drawer.closed')).toBe('Caixa fechado');
    expect(actionLabel('something.old')).toBe('Ação registrada');
    expect(objectTypeLabel('lot')).toBe('Lote');
    expect(objectTypeLabel('gadget')).toBe('Registro');
    expect(fieldLabel('countedCentavos')).toBe('Contado');
    expect(valueInWords('serviceFeeBasisPoints', 1050)).toBe('10,5 %');
    expect(valueInWords('note', '')).toBe('—');
  });
});

describe('a save of sectors and lots', () => {
  it('reads one line per sector or lot touched, lots named by their position', () => {
    const sectors = [
      {
        sectorId: 's1',
        name: 'Pista',
        change: 'changed',
        fields: { name: { before: 'Pista Comum', after: 'Pista' } },
        lots: [
          {
            lotId: 'l1',
            change: 'changed',
            fields: { priceCentavos: { before: 8000, after: 9000 }, quantity: { before: 100, after: 150 } },
          },
          {
            lotId: 'l2',
            change: 'added',
            fields: {
              position: { before: null, after: 2 },
              priceCentavos: { before: null, after: 11000 },
              quantity: { before: null, after: 50 },
            },
          },
        ],
      },
      { sectorId: 's2', name: 'Camarote', change: 'removed', fields: {}, lots: [] },
    ];
    const lines = changesInWords({ sectors }, { lotPositions: new Map([['l1', 1]]) }).map(changeLine);
    expect(lines).toEqual([
      'Pista · Nome: Pista Comum → Pista',
      'Pista 1º lote: R$ 80,00 → R$ 90,00',
      'Pista 1º lote · Quantidade: 100 → 150',
      'Pista 2º lote: Lote criado (R$ 110,00, 50 ingressos)',
      'Camarote: Setor removido',
    ]);
  });
});
