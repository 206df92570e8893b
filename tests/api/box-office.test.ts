import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import {
  boxOfficeBlocks,
  boxOfficeConflicts,
  boxOfficeSectors,
  checkIns,
  courtesyQuotas,
  drawerMovements,
  orders,
  sectors,
  tickets,
} from '../../src/server/db/schema';
import { saveDoorSector } from '../../src/server/services/box-office/door-sectors';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { boxOfficeOperatorAt, deviceBlock, reserveBlockFor, student, type BoxOfficeOperator } from '../support/box-office';
import { checkHoldingsLedger } from '../support/invariants';
import { systemActor } from '../../src/server/services/audit/record-audit';

let server: TestServer;
let admin: { userId: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer({ poolSize: 20 });
  admin = await server.signUpAs(['admin']);
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

const operatorAt = (eventId: string, floatCentavos?: number) => boxOfficeOperatorAt(server, eventId, floatCentavos);
const reserve = (op: BoxOfficeOperator, eventId: string, sectorId: string, size: number) =>
  reserveBlockFor(server, op, eventId, sectorId, size);

describe('box-office sales from blocks', () => {
  it('sells offline from two devices whose blocks never oversell the sector, and records each sale once however often it is synced', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 6000, remaining: 5 }], { meiaEntrada: true });
    await server.deps.db.update(sectors).set({ doorPriceCentavos: 8000 }).where(eq(sectors.id, pista.id));
    const ana = await operatorAt(event.id);
    const bruno = await operatorAt(event.id);

    const blockA = await reserve(ana, event.id, pista.id, 3);
    expect(blockA.statusCode).toBe(201);
    expect(blockA.json()).toMatchObject({ size: 3, used: 0, unitPriceCentavos: 8000 });
    expect(blockA.json().codes).toHaveLength(3);
    const blockB = await reserve(bruno, event.id, pista.id, 2);
    expect(blockB.statusCode).toBe(201);
    // 10 days out the meia-entrada reserve holds (40 % of 5: 2 units): Bruno's 2 units are kept for meia only.
    expect(blockA.json()).toMatchObject({ meiaUnits: 0 });
    expect(blockB.json()).toMatchObject({ meiaUnits: 2 });
    // The sector gave all it had to the two blocks: nothing more for a third block, nor online.
    const third = await reserve(ana, event.id, pista.id, 1);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('ticket_type_sold_out');
    const online = await call('POST', '/api/orders', (await server.signUpAs()).cookie, {
      eventId: event.id,
      items: [{ sectorId: pista.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(online.statusCode).toBe(409);

    // Both devices sell without network, then sync.
    const sellA = deviceBlock(ana, blockA.json());
    const salesA = [
      sellA({ full: 2 }, { method: 'cash', cashTenderedCentavos: 20000 }),
      sellA({ meia: [student('529.982.247-25')] }, { method: 'card_machine', cardNsu: '123456', cardBrand: 'Visa' }),
    ];
    const sellB = deviceBlock(bruno, blockB.json());
    const salesB = [sellB({ meia: [student('111.444.777-35', 'Bia Estudante')] }), sellB({ full: 1 })];

    const [syncA, syncB] = await Promise.all([
      call('POST', '/api/box-office/sync', ana.cookie, { sales: salesA }),
      call('POST', '/api/box-office/sync', bruno.cookie, { sales: salesB }),
    ]);
    expect(syncA.statusCode).toBe(200);
    const resultsA = syncA.json().results;
    expect(resultsA.map((r: { outcome: string }) => r.outcome)).toEqual(['recorded', 'recorded']);
    expect(resultsA[0]).toMatchObject({ status: 'completed', totalCentavos: 16000, changeCentavos: 4000 });
    expect(resultsA[1]).toMatchObject({ status: 'completed', totalCentavos: 4000 });
    expect(resultsA[1].tickets[0]).toMatchObject({ holderName: 'Caio Estudante', concession: 'student' });
    // The tickets carry the codes the device showed offline.
    expect(resultsA.flatMap((r: { tickets: { code: string }[] }) => r.tickets.map((t) => t.code)).sort()).toEqual(
      [...blockA.json().codes].sort(),
    );
    // Bruno's full-price unit would come out of the meia reserve: a recorded conflict with a pt-BR message.
    const resultsB = syncB.json().results;
    expect(resultsB[0]).toMatchObject({ outcome: 'recorded', totalCentavos: 4000 });
    expect(resultsB[1]).toMatchObject({
      outcome: 'conflict',
      code: 'full_price_sold_out',
      message: 'Restam só ingressos da cota de meia-entrada neste setor',
    });

    // The same syncs again, twice at once: nothing new.
    const replays = await Promise.all([
      call('POST', '/api/box-office/sync', ana.cookie, { sales: salesA }),
      call('POST', '/api/box-office/sync', ana.cookie, { sales: salesA }),
      call('POST', '/api/box-office/sync', bruno.cookie, { sales: salesB }),
    ]);
    for (const replay of replays.slice(0, 2))
      expect(replay.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['replayed', 'replayed']);
    // Another operator sending Ana's nonces sees none of her tickets.
    const stranger = await call('POST', '/api/box-office/sync', bruno.cookie, { sales: [salesA[0]] });
    expect(stranger.json().results[0]).toMatchObject({ outcome: 'conflict', tickets: [] });

    expect(replays[2].json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['replayed', 'conflict']);

    const sold = await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(sold).toHaveLength(3);
    expect(sold.every((o) => o.channel === 'box_office' && o.status === 'completed')).toBe(true);
    const issued = await server.deps.db.select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(issued).toHaveLength(4);
    const conflicts = await server.deps.db.select().from(boxOfficeConflicts).where(eq(boxOfficeConflicts.eventId, event.id));
    expect(conflicts).toHaveLength(1);
    const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, pista.id));
    expect(sector.remaining).toBe(0);
    // The reserve counts Ana's meia and the 2 units Bruno's block keeps for meia (his meia is one of them).
    expect(sector.meiaTaken).toBe(3);
    const blocks = await server.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.eventId, event.id));
    expect(blocks.map((b) => [b.size, b.used, b.meiaSold]).sort()).toEqual([
      [2, 1, 1],
      [3, 3, 1],
    ]);
    const [card] = sold.filter((o) => o.paymentMethod === 'card_machine');
    expect(card).toMatchObject({ cardNsu: '123456', cardBrand: 'Visa' });

    // The tickets appear in the event's lists as 'Bilheteria', with their channel and payment in the CSV.
    const attendees = await call('GET', `/api/admin/events/${event.id}/attendees`, admin.cookie);
    expect(attendees.json().attendees).toHaveLength(4);
    expect(attendees.json().attendees.every((a: { buyerName: string }) => a.buyerName === 'Bilheteria')).toBe(true);
    const csv = await call('GET', `/api/admin/events/${event.id}/attendees.csv`, admin.cookie);
    expect(csv.body).toContain('Bilheteria');
    expect(csv.body).toContain('Maquininha');
    expect(csv.body).toContain('Dinheiro');
  });

  it('never passes a block, not even with two sales of its last unit synced at once', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 1)).json();
    const first = { ...deviceBlock(op, block)({ full: 1 }) };
    const second = { ...first, nonce: randomUUID() };
    const results = await Promise.all([first, second].map((sale) => call('POST', '/api/box-office/sync', op.cookie, { sales: [sale] })));
    const outcomes = results.map((r) => r.json().results[0].outcome).sort();
    expect(outcomes).toEqual(['conflict', 'recorded']);
    const [row] = await server.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.id, block.id));
    expect(row.used).toBe(1);
  });

  it('refuses, as recorded conflicts, a code that is not of the block, a meia CPF already used, a courtesy without quota, and admits at once when asked', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }], { meiaEntrada: true, startsAt: inAnHour() });
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 10)).json();
    const sell = deviceBlock(op, block);
    const forged = { ...sell({ full: 1 }), codes: ['NL1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA'] };
    const meia = sell({ meia: [student('111.444.777-35', 'Lia')] }, { method: 'cash', cashTenderedCentavos: 2500 }, true);
    const meiaAgain = sell({ meia: [student('111.444.777-35', 'Lia')] });
    const courtesy = sell({ courtesy: 1 });
    const response = await call('POST', '/api/box-office/sync', op.cookie, { sales: [forged, meia, meiaAgain, courtesy] });
    const results = response.json().results;
    expect(results.map((r: { outcome: string; code: string | null }) => r.code ?? r.outcome)).toEqual([
      'block_code_invalid',
      'recorded',
      'meia_cpf_repeated',
      'box_office_courtesy_not_allowed',
    ]);
    expect(results[1].changeCentavos).toBe(0);
    // Admitted at once at the box office's gate.
    const [admitted] = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, results[1].tickets[0].id));
    expect(admitted).toMatchObject({ accepted: true, location: 'Bilheteria', manual: true });

    // With a quota of 1, one courtesy passes and a second is refused.
    await server.deps.db.insert(courtesyQuotas).values({ eventId: event.id, userId: op.userId, quota: 1, used: 0 });
    const granted = await call('POST', '/api/box-office/sync', op.cookie, { sales: [sell({ courtesy: 1 }), sell({ courtesy: 1 })] });
    expect(granted.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['recorded', 'conflict']);
    expect(granted.json().results[0].totalCentavos).toBe(0);
  });

  it('returns the unsold units of a block once, and refuses a sale synced after the return', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 4)).json();
    const sell = deviceBlock(op, block);
    await call('POST', '/api/box-office/sync', op.cookie, { sales: [sell({ full: 1 })] });
    const returned = await call('POST', `/api/box-office/blocks/${block.id}/return`, op.cookie);
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({ used: 1 });
    const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, pista.id));
    expect(sector.remaining).toBe(9);
    const again = await call('POST', `/api/box-office/blocks/${block.id}/return`, op.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este bloco de ingressos já foi devolvido.');
    const late = await call('POST', '/api/box-office/sync', op.cookie, { sales: [sell({ full: 1 })] });
    expect(late.json().results[0]).toMatchObject({ outcome: 'conflict', code: 'block_returned' });
  });

  it('shows a PIX BR Code and lets the operator confirm it in the sandbox, issuing the tickets', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], { startsAt: inAnHour() });
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 2)).json();
    const sale = { ...deviceBlock(op, block)({ full: 2 }, { method: 'pix' }), codes: [] };
    const placed = await call('POST', '/api/box-office/sales', op.cookie, sale);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ status: 'pending', canConfirmPix: true, tickets: [] });
    expect(placed.json().pixCode).toMatch(/^000201/);
    const confirmed = await call('POST', `/api/box-office/sales/${placed.json().orderId}/confirm-pix`, op.cookie, { admit: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('completed');
    expect(confirmed.json().tickets).toHaveLength(2);
    expect(confirmed.json().tickets.every((t: { checkedInAt: string | null }) => t.checkedInAt)).toBe(true);
    // PIX needs the network: a synced PIX sale is a conflict.
    const offline = await call('POST', '/api/box-office/sync', op.cookie, { sales: [{ ...sale, nonce: randomUUID() }] });
    expect(offline.json().results[0].code).toBe('box_office_sale_offline_pix');
  });

  it('sells at the door price the back office set, within the box office quota of the sector', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }]);
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/box-office/sectors/${pista.id}`,
      headers: { cookie: admin.cookie },
      payload: { doorPriceCentavos: 7000, doorQuota: 3 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ onlinePriceCentavos: 5000, doorPriceCentavos: 7000, doorQuota: 3, heldAtDoor: 0 });
    const op = await operatorAt(event.id);
    const first = await reserve(op, event.id, pista.id, 2);
    expect(first.json().unitPriceCentavos).toBe(7000);
    const beyond = await reserve(op, event.id, pista.id, 2);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toBe('A cota da bilheteria para este setor não comporta este bloco.');
    // A unit sold stays counted; the returned one frees the quota.
    await call('POST', '/api/box-office/sync', op.cookie, { sales: [deviceBlock(op, first.json())({ full: 1 })] });
    await call('POST', `/api/box-office/blocks/${first.json().id}/return`, op.cookie);
    expect((await reserve(op, event.id, pista.id, 2)).statusCode).toBe(201);
    // The device's own blocks only: another device of the same operator never hands out their codes.
    const mine = await call('GET', `/api/box-office/events/${event.id}/state?deviceId=${op.deviceId}`, op.cookie);
    expect(mine.json()).toMatchObject({ drawer: { id: op.drawerId }, blocks: [{ size: 2, used: 0 }] });
    const other = await call('GET', `/api/box-office/events/${event.id}/state?deviceId=outro-aparelho-1`, op.cookie);
    expect(other.json().blocks).toEqual([]);
    const sectors = await call('GET', `/api/admin/box-office/events/${event.id}/sectors`, admin.cookie);
    expect(sectors.json().sectors[0]).toMatchObject({ heldAtDoor: 3, doorQuota: 3 });
  });

  it("keeps blocks within the event's capacity, shared with the other sectors", async () => {
    const {
      event,
      sectors: [pista, vip],
    } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 5000, remaining: 20 },
      { name: 'VIP', priceCentavos: 9000, remaining: 20 },
    ]);
    await server.deps.db.execute(sql`UPDATE events SET capacity = 5 WHERE id = ${event.id}::uuid`);
    const op = await operatorAt(event.id);
    expect((await reserve(op, event.id, pista.id, 3)).statusCode).toBe(201);
    const beyond = await reserve(op, event.id, vip.id, 3);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().code).toBe('event_sold_out');
    expect((await reserve(op, event.id, vip.id, 2)).statusCode).toBe(201);
    // Online, nothing is left either.
    const online = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: (await server.signUpAs()).cookie },
      payload: { eventId: event.id, items: [{ sectorId: pista.id, quantity: 1 }], buyer, paymentMethod: 'pix' },
    });
    expect(online.json().code).toBe('event_sold_out');
  });

  it("files a refused sync only under the operator's own drawer and block, never under another operator's", async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const ana = await operatorAt(event.id);
    const bruno = await operatorAt(event.id);
    const anaBlock = (await reserve(ana, event.id, pista.id, 2)).json();
    const brunoBlock = (await reserve(bruno, event.id, pista.id, 2)).json();
    // Bruno's own block, Ana's drawer: refused, filed under his block with no drawer.
    const intoAnasDrawer = { ...deviceBlock(bruno, brunoBlock)({ full: 1 }), drawerId: ana.drawerId };
    // Ana's block and drawer: refused, filed nowhere.
    const allAnas = { ...deviceBlock(ana, anaBlock)({ full: 1 }), deviceId: bruno.deviceId };
    const synced = await call('POST', '/api/box-office/sync', bruno.cookie, { sales: [intoAnasDrawer, allAnas] });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().results.map((r: { outcome: string; code: string }) => [r.outcome, r.code])).toEqual([
      ['conflict', 'drawer_not_found'],
      ['conflict', 'block_not_found'],
    ]);
    const filed = await server.deps.db.select().from(boxOfficeConflicts).where(eq(boxOfficeConflicts.eventId, event.id));
    expect(filed.map((c) => ({ nonce: c.deviceNonce, blockId: c.blockId, drawerId: c.drawerId }))).toEqual([
      { nonce: intoAnasDrawer.nonce, blockId: brunoBlock.id, drawerId: null },
    ]);
    expect((await call('GET', `/api/box-office/drawers/${ana.drawerId}`, ana.cookie)).json().conflicts).toBe(0);
    const [anasRow] = await server.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.id, anaBlock.id));
    expect(anasRow.used).toBe(0);
  });

  it('records a sale dated before its drawer was opened as a conflict with the reason in pt-BR, and takes one a few minutes early as a clock running behind', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const op = await operatorAt(event.id);
    const block = (await reserve(op, event.id, pista.id, 3)).json();
    const sell = deviceBlock(op, block);
    const past = { ...sell({ full: 1 }, { method: 'cash', cashTenderedCentavos: 5000 }, true), soldAt: '2001-03-10T15:00:00.000Z' };
    const early = { ...sell({ full: 1 }), soldAt: new Date(Date.now() - 4 * 60_000).toISOString() };
    const results = (await call('POST', '/api/box-office/sync', op.cookie, { sales: [past, early] })).json().results;
    expect(results[0]).toMatchObject({ outcome: 'conflict', code: 'drawer_not_open', orderId: null });
    expect(results[0].message).toMatch(
      /^A hora desta venda no aparelho \(10\/03\/2001 às 12:00\) é anterior à abertura do caixa \(\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\): confira a data e a hora do aparelho\.$/,
    );
    expect(results[1].outcome).toBe('recorded');
    // Nothing of the old sale reached the drawer, the block or the orders.
    expect(await server.deps.db.select().from(orders).where(eq(orders.deviceNonce, past.nonce))).toEqual([]);
    const [row] = await server.deps.db.select().from(boxOfficeBlocks).where(eq(boxOfficeBlocks.id, block.id));
    expect(row.used).toBe(1);
    const drawer = (await call('GET', `/api/box-office/drawers/${op.drawerId}`, op.cookie)).json();
    expect(drawer).toMatchObject({ cashSalesCentavos: 5000, conflicts: 1 });
  });

  it('is for box-office staff and admins only', async () => {
    const buyerCookie = (await server.signUpAs()).cookie;
    expect((await call('GET', '/api/box-office/events', buyerCookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/box-office/events', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/box-office/drawers', (await server.signUpAs(['box_office'])).cookie)).statusCode).toBe(403);
  });
});

describe('the cash drawer', () => {
  it('keeps a drawer whole through two maximal supplies, and refuses an amount past R$ 1.000.000,00 with a 400 that changes nothing', async () => {
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const op = await operatorAt(event.id, 10000);
    const move = (amountCentavos: number) =>
      call('POST', `/api/box-office/drawers/${op.drawerId}/movements`, op.cookie, {
        kind: 'supply',
        amountCentavos,
        note: 'Suprimento',
        nonce: randomUUID(),
      });
    const past = await move(2 ** 31);
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('O valor máximo é R$ 1.000.000,00.');
    expect((await move(100_000_001)).statusCode).toBe(400);
    expect((await move(100_000_000)).statusCode).toBe(200);
    expect((await move(100_000_000)).statusCode).toBe(200);
    const drawer = await call('GET', `/api/box-office/drawers/${op.drawerId}`, op.cookie);
    expect(drawer.statusCode).toBe(200);
    expect(drawer.json()).toMatchObject({ suppliesCentavos: 200_000_000, expectedCentavos: 200_010_000 });
    const closed = await call('POST', `/api/box-office/drawers/${op.drawerId}/close`, op.cookie, { countedCentavos: 100_000_000 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ expectedCentavos: 200_010_000, countedCentavos: 100_000_000, differenceCentavos: -100_010_000 });
  });

  it("records a movement whose nonce another drawer used, and still records each drawer's own nonce once", async () => {
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const ana = await operatorAt(event.id, 10000);
    const bruno = await operatorAt(event.id, 10000);
    const nonce = randomUUID();
    const sangria = (op: BoxOfficeOperator) =>
      call('POST', `/api/box-office/drawers/${op.drawerId}/movements`, op.cookie, {
        kind: 'withdrawal',
        amountCentavos: 2500,
        note: 'Sangria',
        nonce,
      });
    expect((await sangria(ana)).json()).toMatchObject({ withdrawalsCentavos: 2500 });
    const brunos = await sangria(bruno);
    expect(brunos.statusCode).toBe(200);
    expect(brunos.json()).toMatchObject({ withdrawalsCentavos: 2500, expectedCentavos: 7500 });
    // Sent again, each is recorded once.
    expect((await sangria(bruno)).json()).toMatchObject({ withdrawalsCentavos: 2500 });
    expect((await sangria(ana)).json()).toMatchObject({ withdrawalsCentavos: 2500 });
    const rows = await server.deps.db.select().from(drawerMovements).where(eq(drawerMovements.nonce, nonce));
    expect(rows.map((r) => r.drawerId).sort()).toEqual([ana.drawerId, bruno.drawerId].sort());
  });

  it('closes with the expected amount after cash sales, a refund and a withdrawal, once, and the back office shows its difference', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], { title: 'Caixa Certo' });
    const op = await operatorAt(event.id, 10000);
    const block = (await reserve(op, event.id, pista.id, 6)).json();
    const sell = deviceBlock(op, block);
    const sales = [
      sell({ full: 2 }, { method: 'cash', cashTenderedCentavos: 12000 }),
      sell({ full: 1 }, { method: 'cash', cashTenderedCentavos: 5000 }),
      sell({ full: 1 }, { method: 'card_machine', cardNsu: '998877', cardBrand: 'Mastercard' }),
    ];
    const synced = (await call('POST', '/api/box-office/sync', op.cookie, { sales })).json().results;
    expect(synced[0].changeCentavos).toBe(2000);

    const refunded = await call('POST', `/api/box-office/sales/${synced[1].orderId}/refund`, op.cookie);
    expect(refunded.statusCode).toBe(200);
    const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, pista.id));
    expect(sector.remaining).toBe(10 - 6 + 1);
    const withdrawal = await call('POST', `/api/box-office/drawers/${op.drawerId}/movements`, op.cookie, {
      kind: 'withdrawal',
      amountCentavos: 3000,
      note: 'Sangria para o cofre',
      nonce: randomUUID(),
    });
    expect(withdrawal.statusCode).toBe(200);
    // float 100,00 + cash 150,00 − refund 50,00 − withdrawal 30,00 = 170,00; the card machine's 50,00 is not cash.
    expect(withdrawal.json()).toMatchObject({
      expectedCentavos: 17000,
      cashSalesCentavos: 15000,
      cashRefundsCentavos: 5000,
      withdrawalsCentavos: 3000,
      cardMachineCentavos: 5000,
    });

    const negative = await call('POST', `/api/box-office/drawers/${op.drawerId}/close`, op.cookie, { countedCentavos: -100 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Informe o valor contado no caixa: zero ou mais.');
    const closed = await call('POST', `/api/box-office/drawers/${op.drawerId}/close`, op.cookie, { countedCentavos: 16500 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ expectedCentavos: 17000, countedCentavos: 16500, differenceCentavos: -500 });
    const twice = await call('POST', `/api/box-office/drawers/${op.drawerId}/close`, op.cookie, { countedCentavos: 17000 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este caixa já foi fechado.');
    const [stored] = await queryRows<{ expected_centavos: number; counted_centavos: number }>(
      server.deps.db,
      sql`SELECT expected_centavos, counted_centavos FROM cash_drawers WHERE id = ${op.drawerId}::uuid`,
    );
    expect(stored).toMatchObject({ expected_centavos: 17000, counted_centavos: 16500 });

    const listed = await call('GET', `/api/admin/box-office/drawers?eventId=${event.id}`, admin.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().drawers).toEqual([
      expect.objectContaining({
        id: op.drawerId,
        eventTitle: 'Caixa Certo',
        operatorName: 'Pessoa Teste',
        expectedCentavos: 17000,
        countedCentavos: 16500,
        differenceCentavos: -500,
      }),
    ]);
    // A withdrawal or sale into a closed drawer is refused.
    const after = await call('POST', `/api/box-office/drawers/${op.drawerId}/movements`, op.cookie, {
      kind: 'withdrawal',
      amountCentavos: 100,
    });
    expect(after.json().code).toBe('drawer_closed');
  });
});

describe("a sector's door price and quota", () => {
  it('refuses a price past R$ 1.000.000,00 and a quota past 1.000.000 with a 400 that changes nothing', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }]);
    const save = (payload: object) => call('PUT', `/api/admin/box-office/sectors/${pista.id}`, admin.cookie, payload);
    expect((await save({ doorPriceCentavos: 6000, doorQuota: 5 })).statusCode).toBe(200);
    const price = await save({ doorPriceCentavos: 2 ** 31, doorQuota: 5 });
    expect(price.statusCode).toBe(400);
    expect(price.body).toContain('O preço máximo é R$ 1.000.000,00.');
    expect((await save({ doorPriceCentavos: 100_000_001, doorQuota: 5 })).statusCode).toBe(400);
    const quota = await save({ doorPriceCentavos: 7000, doorQuota: 2 ** 31 });
    expect(quota.statusCode).toBe(400);
    expect(quota.body).toContain('A cota máxima é de 1.000.000 ingressos.');
    expect((await save({ doorPriceCentavos: 7000, doorQuota: 1_000_001 })).statusCode).toBe(400);
    const sectors = (await call('GET', `/api/admin/box-office/events/${event.id}/sectors`, admin.cookie)).json().sectors;
    expect(sectors[0]).toMatchObject({ doorPriceCentavos: 6000, doorQuota: 5 });
    expect((await save({ doorPriceCentavos: 100_000_000, doorQuota: 1_000_000 })).json()).toMatchObject({
      doorPriceCentavos: 100_000_000,
      doorQuota: 1_000_000,
    });
  });

  it('saves the price and the quota together: a quota the database refuses leaves the price as it was', async () => {
    const {
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }]);
    await saveDoorSector(server.deps.db, pista.id, { doorPriceCentavos: 6000, doorQuota: 5 }, systemActor);
    await expect(saveDoorSector(server.deps.db, pista.id, { doorPriceCentavos: 9000, doorQuota: 2 ** 31 }, systemActor)).rejects.toThrow();
    const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, pista.id));
    expect(sector.doorPriceCentavos).toBe(6000);
    const [quota] = await server.deps.db.select().from(boxOfficeSectors).where(eq(boxOfficeSectors.sectorId, pista.id));
    expect(quota.doorQuota).toBe(5);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});

/** An instant an hour from now: an event starting then has its door open already. */
function inAnHour(): Date {
  return new Date(Date.now() + 3_600_000);
}
