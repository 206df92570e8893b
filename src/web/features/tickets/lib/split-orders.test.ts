import { describe, expect, it } from 'vitest';
import type { MyOrderTickets, TicketDisplayStatus } from '../../../../shared/schemas/tickets';
import { splitOrdersForTickets } from './split-orders';

// 00:30 on 2026-11-26 in São Paulo, when the night of the 25th may still be on.
const NOW = new Date('2026-11-26T03:30:00.000Z');
const TODAY = '2026-11-26';

function order(
  id: string,
  date: string,
  statuses: TicketDisplayStatus[],
  times: { startTime: string; endTime: string | null } = { startTime: '20:00', endTime: null },
): MyOrderTickets {
  return {
    orderId: id,
    status: 'completed',
    isBuyer: true,
    createdAt: '2026-11-01T12:00:00.000Z',
    totalCentavos: 10000,
    paymentMethod: 'pix',
    expiresAt: '2026-11-01T12:15:00.000Z',
    event: {
      id: `event-${id}`,
      title: `Evento ${id}`,
      date,
      ...times,
      location: 'Local',
      imageUrl: null,
      ageRating: null,
      minorsAccompanied: false,
    },
    tickets: statuses.map((displayStatus, n) => ({
      id: `${id}-${n}`,
      sectorName: 'Pista',
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
    const { upcoming, history } = splitOrdersForTickets(orders, NOW);
    expect(upcoming.map((o) => o.orderId)).toEqual(['new', 'old']);
    expect(history.map((o) => o.orderId)).toEqual(['past']);
  });

  it('moves a fully refunded or cancelled order of an upcoming event to the history', () => {
    const { upcoming, history } = splitOrdersForTickets(
      [order('refunded', '2026-12-20', ['refunded', 'refunded']), order('cancelled', TODAY, ['cancelled'])],
      NOW,
    );
    expect(upcoming).toEqual([]);
    expect(history.map((o) => o.orderId)).toEqual(['refunded', 'cancelled']);
  });

  it('splits a partly refunded order: the tickets that count stay upcoming, the refunded one goes to the history', () => {
    const { upcoming, history } = splitOrdersForTickets([order('partial', '2026-12-20', ['valid', 'refunded', 'used'])], NOW);
    expect(upcoming[0].tickets.map((t) => t.id)).toEqual(['partial-0', 'partial-2']);
    expect(history[0].tickets.map((t) => t.id)).toEqual(['partial-1']);
  });

  it('keeps a ticket transferred away with its order among the upcoming events, beside the ones that count', () => {
    const { upcoming, history } = splitOrdersForTickets([order('gave', '2026-12-20', ['valid', 'transferred'])], NOW);
    expect(upcoming[0].tickets.map((t) => t.displayStatus)).toEqual(['valid', 'transferred']);
    expect(history).toEqual([]);
  });

  it('keeps a night that began yesterday at 23:00 upcoming at 00:30, and an evening that ended yesterday in the history', () => {
    const night = order('night', '2026-11-25', ['valid'], { startTime: '23:00', endTime: null });
    const evening = order('evening', '2026-11-25', ['expired'], { startTime: '18:00', endTime: '22:00' });
    const { upcoming, history } = splitOrdersForTickets([night, evening], NOW);
    expect(upcoming.map((o) => o.orderId)).toEqual(['night']);
    expect(history.map((o) => o.orderId)).toEqual(['evening']);
    expect(splitOrdersForTickets([night], new Date('2026-11-26T08:00:00.000Z')).history.map((o) => o.orderId)).toEqual(['night']);
  });
});
