import { describe, expect, it } from 'vitest';
import type { MyOrderTickets, TicketDisplayStatus } from '../../../../shared/schemas/tickets';
import { splitOrdersForTickets } from './split-orders';

const TODAY = '2026-11-26';

function order(id: string, date: string, statuses: TicketDisplayStatus[]): MyOrderTickets {
  return {
    orderId: id,
    status: 'completed',
    createdAt: '2026-11-01T12:00:00.000Z',
    totalCentavos: 10000,
    paymentMethod: 'pix',
    expiresAt: '2026-11-01T12:15:00.000Z',
    event: { id: `event-${id}`, title: `Evento ${id}`, date, startTime: '20:00', endTime: null, location: 'Local', imageUrl: null },
    tickets: statuses.map((displayStatus, n) => ({
      id: `${id}-${n}`,
      ticketTypeName: 'Pista',
      holderName: null,
      code: null,
      displayStatus,
      checkedInAt: null,
    })),
  };
}

describe('splitOrdersForTickets', () => {
  it('keeps the given order (newest purchase first) in both parts', () => {
    const orders = [order('new', '2026-12-20', ['valid']), order('old', '2026-12-01', ['valid']), order('past', '2026-10-01', ['expired'])];
    const { upcoming, history } = splitOrdersForTickets(orders, TODAY);
    expect(upcoming.map((o) => o.orderId)).toEqual(['new', 'old']);
    expect(history.map((o) => o.orderId)).toEqual(['past']);
  });

  it('moves a fully refunded or cancelled order of an upcoming event to the history', () => {
    const { upcoming, history } = splitOrdersForTickets([order('refunded', '2026-12-20', ['refunded', 'refunded']), order('cancelled', TODAY, ['cancelled'])], TODAY);
    expect(upcoming).toEqual([]);
    expect(history.map((o) => o.orderId)).toEqual(['refunded', 'cancelled']);
  });

  it('splits a partly refunded order: the tickets that count stay upcoming, the refunded one goes to the history', () => {
    const { upcoming, history } = splitOrdersForTickets([order('partial', '2026-12-20', ['valid', 'refunded', 'used'])], TODAY);
    expect(upcoming[0].tickets.map((t) => t.id)).toEqual(['partial-0', 'partial-2']);
    expect(history[0].tickets.map((t) => t.id)).toEqual(['partial-1']);
  });
});
