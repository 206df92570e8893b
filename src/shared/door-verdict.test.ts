import { describe, expect, it } from 'vitest';
import { describeVerdict, refusalMessage } from './door-verdict';
import { type DoorRefusal, REFUSAL_REASONS } from './schemas/tickets';

// 15/03/2025: the door opens at 16:00 in São Paulo (19:00 UTC); the first entry was at 21:14.
const opensAt = '2025-03-15T19:00:00.000Z';
const firstEntry = '2025-03-16T00:14:00.000Z';
const sameDay = new Date('2025-03-15T15:00:00Z');
const dayBefore = new Date('2025-03-14T15:00:00Z');

const refused = (reason: DoorRefusal['reason'], facts: Partial<DoorRefusal> = {}) =>
  ({
    accepted: false,
    reason,
    eventTitle: null,
    checkedInAt: null,
    checkedInGate: null,
    opensAt: null,
    isEventCancelled: false,
    ...facts,
  }) as const;

describe('describeVerdict', () => {
  it('shows an admission as green VÁLIDO', () => {
    expect(describeVerdict({ accepted: true })).toEqual({ tone: 'valid', title: 'VÁLIDO', detail: null, note: null });
  });

  it('shows an early ticket as amber AINDA NÃO ABRIU, with the time alone on the day and the ticket still valid', () => {
    expect(describeVerdict(refused('too_early', { opensAt }), sameDay)).toEqual({
      tone: 'early',
      title: 'AINDA NÃO ABRIU',
      detail: 'Entrada a partir de 16:00',
      note: 'O ingresso continua válido',
    });
    expect(describeVerdict(refused('too_early', { opensAt }), dayBefore).detail).toBe('Entrada a partir de 15/03 às 16:00');
  });

  it('shows a used ticket as red JÁ UTILIZADO with the time and gate of the first entry', () => {
    const view = describeVerdict(refused('already_used', { checkedInAt: firstEntry, checkedInGate: 'Portão 2' }));
    expect(view).toMatchObject({ tone: 'used', title: 'JÁ UTILIZADO', detail: 'Ingresso já utilizado em 15/03/2025 às 21:14 no Portão 2' });
    expect(describeVerdict(refused('already_used', { checkedInAt: firstEntry, checkedInGate: 'Entrada VIP' })).detail).toMatch(
      /às 21:14 na Entrada VIP$/,
    );
    expect(describeVerdict(refused('already_used', { checkedInAt: firstEntry, checkedInGate: 'Entrada principal' })).detail).toMatch(
      /às 21:14$/,
    );
    expect(describeVerdict(refused('already_used', { checkedInAt: firstEntry })).detail).toMatch(/às 21:14$/);
    // The same night, the time says it all; the day after, the date comes back.
    const sameNight = new Date(new Date(firstEntry).getTime() + 40 * 60_000);
    expect(describeVerdict(refused('already_used', { checkedInAt: firstEntry, checkedInGate: 'Portão 2' }), sameNight).detail).toBe(
      'Ingresso já utilizado às 21:14 no Portão 2',
    );
    const nextDay = new Date(new Date(firstEntry).getTime() + 26 * 3_600_000);
    expect(describeVerdict(refused('already_used', { checkedInAt: firstEntry }), nextDay).detail).toBe(
      'Ingresso já utilizado em 15/03/2025 às 21:14',
    );
  });

  it('shows every other refusal as red INVÁLIDO with its reason', () => {
    const cases: [DoorRefusal['reason'], Partial<DoorRefusal>, string][] = [
      ['unknown_code', {}, 'Código não reconhecido'],
      ['refunded', {}, 'Ingresso reembolsado'],
      ['cancelled', { isEventCancelled: true }, 'Evento cancelado pelo organizador'],
      ['cancelled', {}, 'Ingresso cancelado'],
      ['other_event', { eventTitle: 'Baile do Havaí' }, 'Ingresso de outro evento: Baile do Havaí'],
      ['event_over', {}, 'Evento encerrado'],
      ['not_paid', {}, 'Pagamento não confirmado para este ingresso'],
    ];
    for (const [reason, facts, detail] of cases) {
      expect(describeVerdict(refused(reason, facts), sameDay)).toEqual({ tone: 'invalid', title: 'INVÁLIDO', detail, note: null });
    }
  });

  it("reads a transferred ticket's old code as INVÁLIDO · Ingresso transferido, saying which code admits", () => {
    expect(describeVerdict(refused('transferred'))).toEqual({
      tone: 'invalid',
      title: 'INVÁLIDO',
      detail: 'Ingresso transferido',
      note: 'Este código foi trocado: vale só o QR code de quem recebeu o ingresso',
    });
  });

  it("reads a well-formed code missing from the device's list as amber CONFIRA, to check online or by the document", () => {
    expect(describeVerdict(refused('not_on_list'))).toEqual({
      tone: 'early',
      title: 'CONFIRA',
      detail: 'Não está na lista deste aparelho',
      note: 'Confira online ou pelo documento',
    });
  });

  it('shows an exit in its own tone, never the green of an entry', () => {
    expect(describeVerdict({ accepted: true, direction: 'out', checkedInAt: '2025-03-16T02:15:00.000Z' })).toMatchObject({
      tone: 'exit',
      title: 'SAIU às 23:15',
    });
    expect(describeVerdict({ accepted: true, isReentry: true })).toMatchObject({ tone: 'valid', title: 'VOLTOU' });
  });

  it('asks to read again a scan whose id was already used, without calling the ticket invalid', () => {
    expect(describeVerdict(refused('nonce_reused'))).toMatchObject({ tone: 'early', title: 'LEIA DE NOVO' });
  });

  it('never says liberada on a refusal', () => {
    for (const reason of REFUSAL_REASONS) {
      const view = describeVerdict(refused(reason, { opensAt, checkedInAt: firstEntry, eventTitle: 'Outro' }), sameDay);
      expect(`${view.title} ${view.detail} ${view.note}`).not.toMatch(/liberad/i);
      expect(view.detail).toBe(refusalMessage(reason, { opensAt, checkedInAt: firstEntry, eventTitle: 'Outro' }, sameDay));
    }
  });
});
