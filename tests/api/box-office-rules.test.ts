import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import {
  boxOfficeBlocks,
  checkIns,
  courtesyQuotas,
  events,
  orderItems,
  orders,
  ticketLots,
  tickets,
  sectors,
} from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { boxOfficeOperatorAt, deviceBlock, reserveBlockFor, student, type BoxOfficeOperator } from '../support/box-office';
import { openDoorNow, saoPauloWall, scanAtItsDoor } from '../support/door';
import { testCpf } from '../support/cpf';
import { checkHoldingsLedger } from '../support/invariants';

// The box office sells through the one sale: the lots and their prices, the meia-entrada reserve,
// one meia per CPF, the event on sale, courtesies by quota, and its admission is the door's.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ poolSize: 20 });
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

const operatorAt = (eventId: string) => boxOfficeOperatorAt(server, eventId);
const reserve = (op: BoxOfficeOperator, eventId: string, sectorId: string, size: number) =>
  reserveBlockFor(server, op, eventId, sectorId, size);

/** Gives a sector lots in order (price in centavos, units). */
async function setLots(sectorId: string, lots: { price: number; units: number }[]) {
  await server.deps.db.delete(ticketLots).where(eq(ticketLots.sectorId, sectorId));
  await server.deps.db
    .insert(ticketLots)
    .values(lots.map((l, i) => ({ sectorId, position: i + 1, priceCentavos: l.price, quantity: l.units, remaining: l.units })));
  await server.deps.db
    .update(sectors)
    .set({ remaining: lots.reduce((s, l) => s + l.units, 0) })
    .where(eq(sectors.id, sectorId));
}

describe('a box-office block sells at the prices of the lots its units came from', () => {
  it("prices a block of 5 spanning two lots at R$ 460,00 and keeps each unit's lot price on its item", async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    await setLots(pista.id, [
      { price: 8000, units: 2 },
      { price: 10000, units: 8 },
    ]);
    const op = await operatorAt(event.id);
    const block = await reserve(op, event.id, pista.id, 5);
    expect(block.statusCode).toBe(201);
    expect(block.json().lots.map((l: { quantity: number; priceCentavos: number }) => [l.quantity, l.priceCentavos])).toEqual([
      [2, 8000],
      [3, 10000],
    ]);
    const sale = deviceBlock(op, block.json())({ full: 5 }, { method: 'cash', cashTenderedCentavos: 50000 });
    const sold = await call('POST', '/api/box-office/sales', op.cookie, sale);
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toMatchObject({ outcome: 'recorded', totalCentavos: 46000, changeCentavos: 4000 });
    const items = await queryRows<{ unit_price_centavos: number; lot_price: number; quantity: number }>(
      server.deps.db,
      sql`
      SELECT i.unit_price_centavos, l.price_centavos AS lot_price, i.quantity FROM order_items i JOIN ticket_lots l ON l.id = i.lot_id
      WHERE i.order_id = ${sold.json().orderId}::uuid ORDER BY l.position`,
    );
    expect(items.map((i) => [Number(i.quantity), Number(i.unit_price_centavos), Number(i.lot_price)])).toEqual([
      [2, 8000, 8000],
      [3, 10000, 10000],
    ]);
  });
});

describe('the meia-entrada reserve holds at the box office', () => {
  it('keeps 4 of a block of all 10 units for meia 30 days out: 6 full-price, then only meias', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { meiaEntrada: true, daysAhead: 30 });
    const op = await operatorAt(event.id);
    const block = await reserve(op, event.id, pista.id, 10);
    expect(block.json()).toMatchObject({ size: 10, meiaUnits: 4 });
    const sell = deviceBlock(op, block.json());
    const results = (
      await call('POST', '/api/box-office/sync', op.cookie, {
        sales: [sell({ full: 6 }), sell({ full: 1 }), sell({ courtesy: 1 }), sell({ meia: [student(testCpf(7001))] })],
      })
    ).json().results;
    expect(results.map((r: { outcome: string; code: string | null }) => r.code ?? r.outcome)).toEqual([
      'recorded',
      'full_price_sold_out',
      'full_price_sold_out',
      'recorded',
    ]);
    expect(results[1].message).toBe('Restam só ingressos da cota de meia-entrada neste setor');
    const full = await queryRows<{ n: number }>(
      server.deps.db,
      sql`
      SELECT coalesce(sum(i.quantity), 0)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.event_id = ${event.id}::uuid AND i.concession IS NULL`,
    );
    expect(Number(full[0].n)).toBe(6);
    // Returning the block gives the 3 meia units kept and not sold back to the reserve: online sells them as meia only.
    expect((await call('POST', `/api/box-office/blocks/${block.json().id}/return`, op.cookie)).statusCode).toBe(200);
    const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, pista.id));
    expect(sector).toMatchObject({ remaining: 3, meiaTaken: 1 });
    const fan = await server.signUpAs();
    const place = (items: object[], cpf: string) =>
      call('POST', '/api/orders', fan.cookie, {
        eventId: event.id,
        items,
        buyer: { ...buyer, cpf },
        paymentMethod: 'pix',
        installments: 1,
      });
    expect((await place([{ sectorId: pista.id, quantity: 1 }], testCpf(7002))).json().code).toBe('full_price_sold_out');
    const meia = await place(
      [
        {
          sectorId: pista.id,
          quantity: 1,
          concession: 'student',
          holder: { name: 'Bia', cpf: testCpf(7003), birthDate: '2004-01-01', documentNumber: 'CIE' },
        },
      ],
      testCpf(7002),
    );
    expect(meia.statusCode).toBe(201);
  });

  it('sells a meia to one CPF once when four devices and two online orders try at the same moment', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 40 }], { meiaEntrada: true });
    const cpf = testCpf(7100);
    const devices = await Promise.all(Array.from({ length: 4 }, () => operatorAt(event.id)));
    const sales = [];
    for (const op of devices) {
      const block = await reserve(op, event.id, pista.id, 2);
      expect(block.statusCode).toBe(201);
      sales.push({ op, sale: deviceBlock(op, block.json())({ meia: [student(cpf)] }) });
    }
    const fans = await Promise.all([server.signUpAs(), server.signUpAs()]);
    const meia = {
      sectorId: pista.id,
      quantity: 1,
      concession: 'student',
      holder: { name: 'Caio Estudante', cpf, birthDate: '2004-01-01', documentNumber: 'CIE' },
    };
    const answers = await Promise.all([
      ...sales.map(({ op, sale }) => call('POST', '/api/box-office/sales', op.cookie, sale)),
      ...fans.map((fan, i) =>
        call('POST', '/api/orders', fan.cookie, {
          eventId: event.id,
          items: [meia],
          buyer: { ...buyer, cpf: testCpf(7101 + i) },
          paymentMethod: 'pix',
          installments: 1,
        }),
      ),
    ]);
    const placed = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(answers.filter((a) => a.json().code === 'meia_cpf_repeated')).toHaveLength(5);
    const [held] = await queryRows<{ n: number }>(
      server.deps.db,
      sql`
      SELECT count(*)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.event_id = ${event.id}::uuid AND i.holder_cpf = ${cpf} AND o.status IN ('pending', 'completed')`,
    );
    expect(Number(held.n)).toBe(1);
  });
});

describe('the box office sells only an event on sale', () => {
  it('refuses a block of a draft event and of an event that is over', async () => {
    const draft = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const op = await operatorAt(draft.event.id);
    await server.deps.db.update(events).set({ isPublished: false }).where(eq(events.id, draft.event.id));
    expect((await reserve(op, draft.event.id, draft.sectors[0].id, 2)).json().code).toBe('event_not_found');
  });

  it('works only the events a door may work: no drawer, block or list entry for a draft or an event whose door closed', async () => {
    const draft = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], { title: 'Rascunho da bilheteria' });
    await server.deps.db.update(events).set({ isPublished: false }).where(eq(events.id, draft.event.id));
    const over = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      daysAhead: -3,
      title: 'Encerrado da bilheteria',
    });
    const person = await server.signUpAs(['box_office']);
    for (const eventId of [draft.event.id, over.event.id]) {
      const opened = await call('POST', '/api/box-office/drawers', person.cookie, {
        eventId,
        floatCentavos: 0,
        deviceId: 'aparelho-rascunho',
      });
      expect(opened.statusCode).toBe(404);
      expect(opened.json()).toMatchObject({ code: 'event_not_found' });
    }
    const listed = (await call('GET', '/api/box-office/events', person.cookie)).json().events.map((e: { title: string }) => e.title);
    expect(listed).not.toContain('Rascunho da bilheteria');
    expect(listed).not.toContain('Encerrado da bilheteria');
    const drawers = await queryRows<{ n: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS n FROM cash_drawers WHERE event_id IN (${draft.event.id}::uuid, ${over.event.id}::uuid)`,
    );
    expect(drawers[0].n).toBe(0);
  });

  it('admits only while the door is open, sells ahead without admitting, and sells nothing once the door closed', async () => {
    // Ten days out: the door opens 4 hours before the start.
    const ahead = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const op = await operatorAt(ahead.event.id);
    const block = (await reserve(op, ahead.event.id, ahead.sectors[0].id, 4)).json();
    const sell = deviceBlock(op, block);
    const admitting = await call('POST', '/api/box-office/sales', op.cookie, sell({ full: 1 }, undefined, true));
    expect(admitting.statusCode).toBe(409);
    expect(admitting.json().code).toBe('box_office_door_closed');
    expect(admitting.json().message).toMatch(
      /^A hora desta venda no aparelho \(.+\) é anterior à abertura da portaria \(.+\): venda sem admitir a entrada/,
    );
    const synced = (await call('POST', '/api/box-office/sync', op.cookie, { sales: [sell({ full: 1 }, undefined, true)] })).json()
      .results[0];
    expect(synced).toMatchObject({ outcome: 'conflict', code: 'box_office_door_closed' });
    const advance = await call('POST', '/api/box-office/sales', op.cookie, sell({ full: 1 }));
    expect(advance.json()).toMatchObject({ outcome: 'recorded', status: 'completed' });

    // The event ended while a device was offline: what it sold after the end is a conflict.
    const tonight = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      startsAt: new Date(Date.now() + 3_600_000),
    });
    const late = await operatorAt(tonight.event.id);
    const lateBlock = (await reserve(late, tonight.event.id, tonight.sectors[0].id, 2)).json();
    const sellLate = deviceBlock(late, lateBlock);
    const entered = await call('POST', '/api/box-office/sales', late.cookie, sellLate({ full: 1 }, undefined, true));
    expect(entered.json()).toMatchObject({ outcome: 'recorded', status: 'completed' });
    expect(entered.json().tickets[0].checkedInAt).not.toBeNull();
    // Moved to have ended an hour ago (from 20:00 to 23:00 three days back), the door is closed.
    await server.deps.db
      .update(events)
      .set({ date: saoPauloWall(new Date(Date.now() - 3 * 86_400_000)).date, startTime: '20:00', endTime: '23:00' })
      .where(eq(events.id, tonight.event.id));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const after = (
      await call('POST', '/api/box-office/sync', late.cookie, { sales: [{ ...sellLate({ full: 1 }), soldAt: new Date().toISOString() }] })
    ).json().results[0];
    expect(after).toMatchObject({ outcome: 'conflict', code: 'box_office_door_closed' });
    expect(after.message).toMatch(/é posterior ao fim do evento/);
    await checkHoldingsLedger(server.deps.db);
  });

  it('records a sale synced from a block as a conflict when the sector closed before it was made', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 2)).json();
    // Sales of the sector closed an hour ago; the device's sale was made 5 minutes ago.
    await server.deps.db
      .update(sectors)
      .set({ salesEndAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sectors.id, pista.id));
    const result = (await call('POST', '/api/box-office/sync', op.cookie, { sales: [deviceBlock(op, block)({ full: 1 })] })).json()
      .results[0];
    expect(result).toMatchObject({ outcome: 'conflict', code: 'sector_closed' });
  });
});

describe('courtesies at the box office', () => {
  it("are given only within the operator's quota and read as cortesia in the borderô", async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 6000, remaining: 10 }]);
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 5)).json();
    const sell = deviceBlock(op, block);
    const without = (await call('POST', '/api/box-office/sync', op.cookie, { sales: [sell({ courtesy: 1 })] })).json().results[0];
    expect(without).toMatchObject({ outcome: 'conflict', code: 'box_office_courtesy_not_allowed' });

    const admin = await server.signUpAs(['admin']);
    const quota = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/courtesy-quotas`,
      headers: { cookie: admin.cookie },
      payload: { email: op.email, quota: 2 },
    });
    expect(quota.statusCode, quota.body).toBe(200);
    const given = (await call('POST', '/api/box-office/sync', op.cookie, { sales: [sell({ full: 1, courtesy: 2 })] })).json().results[0];
    expect(given).toMatchObject({ outcome: 'recorded', totalCentavos: 6000 });
    expect(given.tickets.map((t: { sectorName: string }) => t.sectorName).sort()).toEqual([
      'Pista',
      'Pista · Cortesia',
      'Pista · Cortesia',
    ]);
    const [row] = await server.deps.db.select().from(courtesyQuotas).where(eq(courtesyQuotas.eventId, event.id));
    expect(row.used).toBe(2);
    const over = (await call('POST', '/api/box-office/sync', op.cookie, { sales: [sell({ courtesy: 1 })] })).json().results[0];
    expect(over).toMatchObject({ outcome: 'conflict', code: 'courtesy_quota_exceeded' });

    const bordero = (await call('GET', `/api/admin/events/${event.id}/bordero`, admin.cookie)).json();
    expect(JSON.stringify(bordero)).toContain('cortesias: 2');
    // Anonymous box-office sales count for no CPF.
    const cpfSales = (await call('GET', `/api/admin/events/${event.id}/cpf-sales`, admin.cookie)).json();
    expect(cpfSales.cpfs).toEqual([]);
  });
});

describe('the box office admits through the door', () => {
  it('admits a PIX sold with "Gerar PIX e admitir" when it is paid, so its code never enters again', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    await openDoorNow(server, event.id);
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 2)).json();
    const sale = deviceBlock(op, block)({ full: 1 }, { method: 'pix' }, true);
    const placed = await call('POST', '/api/box-office/sales', op.cookie, sale);
    expect(placed.json()).toMatchObject({ status: 'pending', pixCode: expect.stringMatching(/^000201/) });
    const [order] = await server.deps.db.select().from(orders).where(eq(orders.id, placed.json().orderId));
    expect(order.admitOnPayment).toBe(true);
    // 'Pagamento recebido' (the sandbox): the payment's confirmation admits the ticket in its transaction.
    const paid = await call('POST', `/api/box-office/sales/${placed.json().orderId}/confirm-pix`, op.cookie, { admit: false });
    expect(paid.json()).toMatchObject({ status: 'completed' });
    expect(paid.json().tickets[0].checkedInAt).not.toBeNull();
    const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, placed.json().orderId));
    const entries = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket.id));
    expect(entries.map((c) => [c.accepted, c.location, c.manual])).toEqual([[true, 'Bilheteria', true]]);
    const validator = await server.signUpAs(['validator']);
    const scan = await scanAtItsDoor(server, validator.cookie, ticket.code);
    expect(scan.json()).toMatchObject({ accepted: false, reason: 'already_used' });
  });

  it('admits a cash sale in the transaction that records it', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    await openDoorNow(server, event.id);
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 2)).json();
    const sold = (
      await call(
        'POST',
        '/api/box-office/sales',
        op.cookie,
        deviceBlock(op, block)({ full: 2 }, { method: 'cash', cashTenderedCentavos: 10000 }, true),
      )
    ).json();
    expect(sold.tickets.every((t: { checkedInAt: string | null }) => t.checkedInAt !== null)).toBe(true);
    const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, sold.orderId));
    expect(issued.map((t) => t.code).sort()).toEqual([...block.codes].sort());
    const [item] = await server.deps.db.select().from(orderItems).where(eq(orderItems.orderId, sold.orderId));
    expect(item.unitFeeCentavos).toBe(0);
    const [block2] = await server.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.id, block.id));
    expect(block2.used).toBe(2);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
