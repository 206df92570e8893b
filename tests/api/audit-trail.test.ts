import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { auditPseudonym } from '../../src/server/services/audit/record-audit';
import { auditEntries, brands } from '../../src/server/db/schema';
import { auditActions, type AuditAction } from '../../src/shared/audit-actions';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { openDoorNow } from '../support/door';
import { boxOfficeOperatorAt, deviceBlock, reserveBlockFor, type BoxOfficeOperator } from '../support/box-office';

type Person = { userId: string; email: string; cookie: string };
type AuditRow = typeof auditEntries.$inferSelect;

let server: TestServer;
let admin: Person;
let fan: Person;

beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
  admin = await server.signUpAs(['admin'], `admin-${randomUUID().slice(0, 8)}@exemplo.com.br`);
  fan = await server.signUpAs();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: Person | null, payload?: object) {
  return server.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, payload });
}
const post = (url: string, who: Person | null, payload: object = {}) => call('POST', url, who, payload);

/** The id of the newest audit row (0 for none): rows after it were written by what follows. */
async function lastAuditId(): Promise<number> {
  const [row] = await server.deps.db.select({ id: auditEntries.id }).from(auditEntries).orderBy(desc(auditEntries.id)).limit(1);
  return row?.id ?? 0;
}

/** Runs `perform` and answers the audit rows it wrote, all actions. */
async function rowsWritten(perform: () => Promise<unknown>): Promise<AuditRow[]> {
  const mark = await lastAuditId();
  await perform();
  return server.deps.db.select().from(auditEntries).where(gt(auditEntries.id, mark)).orderBy(auditEntries.id);
}

/** Runs `perform` and answers the one audit row of `action` it wrote (fails unless exactly one). */
async function oneRow(action: AuditAction, perform: () => Promise<unknown>): Promise<AuditRow> {
  const rows = (await rowsWritten(perform)).filter((row) => row.action === action);
  expect(rows, `audit rows of ${action}`).toHaveLength(1);
  return rows[0];
}

/** What a row must say: who acted (a person through a request, or the system) and about what. */
function expectRow(
  row: AuditRow,
  expected: {
    actor: Person | 'system';
    objectType: string;
    objectId: string;
    eventId?: string | null;
    orderId?: string | null;
    subjectUserId?: string | null;
    changes?: Record<string, unknown>;
  },
) {
  if (expected.actor === 'system') {
    expect([row.actorId, row.actorLabel, row.ip, row.requestId]).toEqual([null, 'Sistema', null, null]);
  } else {
    expect(row.actorId).toBe(expected.actor.userId);
    expect(row.actorLabel).toBe('Pessoa Teste');
    expect(row.ip).toBe('127.0.0.1');
    expect(row.requestId).toEqual(expect.any(String));
  }
  expect([row.objectType, row.objectId]).toEqual([expected.objectType, expected.objectId]);
  if (expected.eventId !== undefined) expect(row.eventId).toBe(expected.eventId);
  if (expected.orderId !== undefined) expect(row.orderId).toBe(expected.orderId);
  if (expected.subjectUserId !== undefined) expect(row.subjectUserId).toBe(expected.subjectUserId);
  if (expected.changes) expect(row.changes).toEqual(expected.changes);
}

/** A new event with one sector 'Pista' of `remaining` units at R$ 80,00. */
async function newEvent(options: { remaining?: number; priceCentavos?: number; startsAt?: Date } = {}) {
  const { event, sectors } = await createEvent(
    server,
    [{ name: 'Pista', priceCentavos: options.priceCentavos ?? 8000, remaining: options.remaining ?? 50 }],
    { title: `Show ${randomUUID().slice(0, 6)}`, startsAt: options.startsAt },
  );
  return { event, type: sectors[0] };
}

/** `who` places an order of `quantity` units (PIX, pending); its id. */
async function placeOrder(who: Person, eventId: string, sectorId: string, quantity = 2): Promise<string> {
  const placed = await post('/api/orders', who, {
    eventId,
    items: [{ sectorId, quantity }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().id as string;
}

/** `who` buys `quantity` units paid with the sandbox's simulated PIX; the order's id. */
async function paidOrder(who: Person, eventId: string, sectorId: string, quantity = 2): Promise<string> {
  const orderId = await placeOrder(who, eventId, sectorId, quantity);
  const paid = await post(`/api/orders/${orderId}/simulate-pix-payment`, who);
  expect(paid.json().status).toBe('completed');
  return orderId;
}

/** A paid order of `fan` with a refund request; its ids. */
async function refundRequested() {
  const { event, type } = await newEvent();
  const orderId = await paidOrder(fan, event.id, type.id);
  const requested = await post('/api/refunds', fan, { orderId, reason: 'Não vou conseguir ir ao show' });
  expect(requested.statusCode).toBe(201);
  return { eventId: event.id, orderId, refundId: requested.json().id as string };
}

/** A box-office operator with an open drawer (R$ 100,00 float) at a new event, a block of `size` units and its device's seller. */
async function boxOffice(size = 4) {
  const { event, type } = await newEvent();
  const op = await boxOfficeOperatorAt(server, event.id, 10000);
  const reserved = await reserveBlockFor(server, op, event.id, type.id, size);
  expect(reserved.statusCode).toBe(201);
  const block = reserved.json() as { id: string; codes: string[] };
  return { event, type, op, block, sell: deviceBlock(op, block) };
}

/** A box-office cash sale of one unit by `op`: its order id. */
async function cashSale(op: BoxOfficeOperator, sell: ReturnType<typeof deviceBlock>): Promise<string> {
  const sold = await post('/api/box-office/sales', op, sell({ full: 1 }, { method: 'cash', cashTenderedCentavos: 10000 }));
  expect(sold.statusCode, sold.body).toBe(200);
  return sold.json().orderId as string;
}

/** An event whose door is open now, a promoter and a guest list of it owned by the promoter (free until 2 h from now). */
async function guestList() {
  const { event, type } = await newEvent();
  await openDoorNow(server, event.id);
  const promoter = await server.signUpAs(['promoter']);
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  const created = await post(`/api/admin/events/${event.id}/guest-lists`, admin, {
    name: 'Lista do DJ',
    ownerEmail: promoter.email,
    sectorId: type.id,
    quota: 10,
    freeUntil: minutes(120),
    afterKind: 'price',
    afterPriceCentavos: 4000,
    closesAt: minutes(240),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { event, type, promoter, listId: created.json().id as string };
}

/** `who` adds a name to a list: the new entry's id. */
async function addGuest(who: Person, listId: string, name = 'João Pedro Alves', cpf = '529.982.247-25'): Promise<string> {
  const added = await post(`/api/guest-lists/${listId}/entries`, who, { name, cpf });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().id as string;
}

/** A form body for the event's create and edit (eventInputSchema), one sector of one lot. */
function eventBody(overrides: Record<string, unknown> = {}) {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + 20 * 86_400_000));
  return {
    title: 'Noite do Histórico',
    category: 'Next Level Events',
    description: 'Uma noite de teste.',
    date,
    startTime: '20:00',
    endTime: '23:30',
    location: 'Casa de Testes',
    fullAddress: 'Rua dos Testes, 100 - Centro',
    city: 'Itajaí',
    capacity: null,
    imageUrl: null,
    isPublished: false,
    meiaEntrada: false,
    maxTicketsPerCpf: null,
    sectors: [{ name: 'Pista', description: null, priceCentavos: 8000, remaining: 100 }],
    ...overrides,
  };
}

/** The admin creates an event through the form: its detail (sectors with their lots' ids). */
async function eventViaForm(overrides: Record<string, unknown> = {}) {
  const created = await post('/api/admin/events', admin, eventBody(overrides));
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; sectors: { id: string; name: string; lots: { id: string }[] }[] };
}

const couponBody = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  discountType: 'percentage',
  discountValue: 10,
  maxUses: 50,
  ...overrides,
});

/**
 * One case per action code: performs the action through the HTTP API as the role that does it and
 * checks its one audit row. A code of src/shared/audit-actions.ts without a case fails below.
 */
const cases: Partial<Record<AuditAction, () => Promise<void>>> = {
  // Money
  'order.paid': async () => {
    const { event, type } = await newEvent();
    const orderId = await placeOrder(fan, event.id, type.id, 2);
    const row = await oneRow('order.paid', () => post(`/api/orders/${orderId}/simulate-pix-payment`, fan));
    expectRow(row, {
      actor: 'system',
      objectType: 'order',
      objectId: orderId,
      eventId: event.id,
      orderId,
      subjectUserId: fan.userId,
      changes: { totalCentavos: 16000, paymentMethod: 'pix', ticketCount: 2 },
    });
  },
  'order.cancelled': async () => {
    const { event, type } = await newEvent();
    const orderId = await placeOrder(fan, event.id, type.id, 1);
    const row = await oneRow('order.cancelled', () => post(`/api/orders/${orderId}/cancel`, fan));
    expectRow(row, {
      actor: fan,
      objectType: 'order',
      objectId: orderId,
      eventId: event.id,
      orderId,
      subjectUserId: fan.userId,
      changes: { status: { before: 'pending', after: 'cancelled' }, totalCentavos: 8000 },
    });
  },
  'refund.requested': async () => {
    const { event, type } = await newEvent();
    const orderId = await paidOrder(fan, event.id, type.id);
    let refundId = '';
    const row = await oneRow('refund.requested', async () => {
      const requested = await post('/api/refunds', fan, { orderId, reason: 'Não vou conseguir ir ao show' });
      expect(requested.statusCode).toBe(201);
      refundId = requested.json().id;
    });
    expectRow(row, {
      actor: fan,
      objectType: 'refund',
      objectId: refundId,
      eventId: event.id,
      orderId,
      subjectUserId: fan.userId,
      changes: { amountCentavos: 16000, ticketCount: 2 },
    });
  },
  'refund.withdrawal': async () => {
    const { event, type } = await newEvent();
    const orderId = await paidOrder(fan, event.id, type.id, 1);
    let refundId = '';
    const row = await oneRow('refund.withdrawal', async () => {
      const withdrawn = await post('/api/refunds/withdraw', fan, { orderId });
      expect(withdrawn.statusCode, withdrawn.body).toBe(201);
      refundId = withdrawn.json().id;
    });
    expectRow(row, {
      actor: fan,
      objectType: 'refund',
      objectId: refundId,
      eventId: event.id,
      orderId,
      subjectUserId: fan.userId,
      changes: { amountCentavos: 8000, ticketCount: 1 },
    });
  },
  'refund.approved': async () => {
    const { eventId, orderId, refundId } = await refundRequested();
    const row = await oneRow('refund.approved', () => post(`/api/admin/refunds/${refundId}/approve`, admin, { adminNotes: 'Ok' }));
    expectRow(row, {
      actor: admin,
      objectType: 'refund',
      objectId: refundId,
      eventId,
      orderId,
      subjectUserId: fan.userId,
      changes: { status: { before: 'pending', after: 'approved' }, amountCentavos: 16000, ticketCount: 2, adminNotes: 'Ok' },
    });
  },
  'refund.rejected': async () => {
    const { eventId, orderId, refundId } = await refundRequested();
    const row = await oneRow('refund.rejected', () => post(`/api/admin/refunds/${refundId}/reject`, admin, {}));
    expectRow(row, {
      actor: admin,
      objectType: 'refund',
      objectId: refundId,
      eventId,
      orderId,
      subjectUserId: fan.userId,
      changes: { status: { before: 'pending', after: 'rejected' }, amountCentavos: 16000, ticketCount: 2 },
    });
  },
  'refund.paid': async () => {
    // The sandbox pays back at once after the approval: the system records it.
    const { eventId, orderId, refundId } = await refundRequested();
    const row = await oneRow('refund.paid', () => post(`/api/admin/refunds/${refundId}/approve`, admin, {}));
    expectRow(row, {
      actor: 'system',
      objectType: 'refund',
      objectId: refundId,
      eventId,
      orderId,
      subjectUserId: fan.userId,
      changes: { status: { before: 'approved', after: 'processed' }, amountCentavos: 16000 },
    });
  },
  // Box office
  'drawer.opened': async () => {
    const { event } = await newEvent();
    const op = await server.signUpAs(['box_office']);
    let drawerId = '';
    const row = await oneRow('drawer.opened', async () => {
      const opened = await post('/api/box-office/drawers', op, {
        eventId: event.id,
        floatCentavos: 15000,
        deviceId: `aparelho-${randomUUID()}`,
      });
      expect(opened.statusCode).toBe(200);
      drawerId = opened.json().id;
    });
    expectRow(row, { actor: op, objectType: 'drawer', objectId: drawerId, eventId: event.id, changes: { floatCentavos: 15000 } });
  },
  'drawer.movement': async () => {
    const { event } = await newEvent();
    const op = await boxOfficeOperatorAt(server, event.id, 10000);
    const payload = { kind: 'withdrawal', amountCentavos: 2500, note: 'Sangria', nonce: randomUUID() };
    const row = await oneRow('drawer.movement', async () => {
      expect((await post(`/api/box-office/drawers/${op.drawerId}/movements`, op, payload)).statusCode).toBe(200);
      // The same movement sent again is recorded once, and so is its audit row.
      expect((await post(`/api/box-office/drawers/${op.drawerId}/movements`, op, payload)).statusCode).toBe(200);
    });
    expectRow(row, {
      actor: op,
      objectType: 'drawer',
      objectId: op.drawerId,
      eventId: event.id,
      changes: { kind: 'withdrawal', amountCentavos: 2500, note: 'Sangria' },
    });
  },
  'drawer.closed': async () => {
    const { event } = await newEvent();
    const op = await boxOfficeOperatorAt(server, event.id, 10000);
    const row = await oneRow('drawer.closed', () => post(`/api/box-office/drawers/${op.drawerId}/close`, op, { countedCentavos: 9000 }));
    expectRow(row, {
      actor: op,
      objectType: 'drawer',
      objectId: op.drawerId,
      eventId: event.id,
      changes: { countedCentavos: 9000, expectedCentavos: 10000, differenceCentavos: -1000 },
    });
  },
  'block.reserved': async () => {
    const { event, type } = await newEvent();
    const op = await boxOfficeOperatorAt(server, event.id, 10000);
    let blockId = '';
    const row = await oneRow('block.reserved', async () => {
      const reserved = await reserveBlockFor(server, op, event.id, type.id, 3);
      expect(reserved.statusCode).toBe(201);
      blockId = reserved.json().id;
    });
    expectRow(row, { actor: op, objectType: 'block', objectId: blockId, eventId: event.id });
    expect(row.changes).toMatchObject({ sectorId: type.id, drawerId: op.drawerId, size: 3, meiaUnits: 0 });
  },
  'block.returned': async () => {
    const { event, op, block, sell } = await boxOffice(4);
    await cashSale(op, sell);
    const row = await oneRow('block.returned', () => post(`/api/box-office/blocks/${block.id}/return`, op));
    expectRow(row, {
      actor: op,
      objectType: 'block',
      objectId: block.id,
      eventId: event.id,
      changes: { size: 4, soldUnits: 1, returnedUnits: 3 },
    });
  },
  'box_office.sale': async () => {
    const { event, op, sell } = await boxOffice(4);
    let orderId = '';
    const rows = await rowsWritten(async () => {
      orderId = await cashSale(op, sell);
    });
    // Cash at the window is the operator's sale only: no 'order.paid' by the system.
    expect(rows.map((r) => r.action)).toEqual(['box_office.sale']);
    const [row] = rows;
    expectRow(row, {
      actor: op,
      objectType: 'order',
      objectId: orderId,
      eventId: event.id,
      orderId,
      changes: { totalCentavos: 8000, paymentMethod: 'cash', ticketCount: 1, meiaCount: 0, courtesyCount: 0 },
    });
  },
  'door_sector.saved': async () => {
    const { event, type } = await newEvent();
    const row = await oneRow('door_sector.saved', async () => {
      const saved = await call('PUT', `/api/admin/box-office/sectors/${type.id}`, admin, { doorPriceCentavos: 10000, doorQuota: 20 });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expectRow(row, {
      actor: admin,
      objectType: 'ticket_type',
      objectId: type.id,
      eventId: event.id,
      changes: { name: 'Pista', doorPriceCentavos: { before: null, after: 10000 }, doorQuota: { before: null, after: 20 } },
    });
    // A price below zero is refused and leaves no row.
    const refused = await rowsWritten(async () => {
      const negative = await call('PUT', `/api/admin/box-office/sectors/${type.id}`, admin, { doorPriceCentavos: -1, doorQuota: 20 });
      expect(negative.statusCode).toBe(400);
    });
    expect(refused).toEqual([]);
  },
  'box_office.refund': async () => {
    const { event, op, sell } = await boxOffice(4);
    const orderId = await cashSale(op, sell);
    const row = await oneRow('box_office.refund', () => post(`/api/box-office/sales/${orderId}/refund`, op));
    expectRow(row, {
      actor: op,
      objectType: 'order',
      objectId: orderId,
      eventId: event.id,
      orderId,
      changes: { status: { before: 'completed', after: 'refunded' }, amountCentavos: 8000, paymentMethod: 'cash', ticketCount: 1 },
    });
  },
  // Events and the sale
  'event.created': async () => {
    let eventId = '';
    const row = await oneRow('event.created', async () => {
      eventId = (await eventViaForm()).id;
    });
    expectRow(row, { actor: admin, objectType: 'event', objectId: eventId, eventId });
    expect(row.changes).toMatchObject({
      title: { before: null, after: 'Noite do Histórico' },
      startTime: { before: null, after: '20:00' },
      isPublished: { before: null, after: false },
      sectors: [{ name: 'Pista', change: 'added', lots: [{ change: 'added', fields: { priceCentavos: { before: null, after: 8000 } } }] }],
    });
  },
  'event.updated': async () => {
    const created = await eventViaForm();
    const [pista] = created.sectors;
    const body = eventBody({
      title: 'Noite do Histórico II',
      location: 'Galpão Novo',
      sectors: [{ id: pista.id, name: 'Pista', lots: [{ id: pista.lots[0].id, priceCentavos: 8000, remaining: 100 }] }],
    });
    const rows = await rowsWritten(async () => {
      expect((await call('PUT', `/api/admin/events/${created.id}`, admin, body)).statusCode).toBe(200);
    });
    // Only the event's fields changed: no row for the sectors.
    expect(rows.map((r) => r.action)).toEqual(['event.updated']);
    expectRow(rows[0], {
      actor: admin,
      objectType: 'event',
      objectId: created.id,
      eventId: created.id,
      changes: {
        title: { before: 'Noite do Histórico', after: 'Noite do Histórico II' },
        location: { before: 'Casa de Testes', after: 'Galpão Novo' },
      },
    });
  },
  'sectors.saved': async () => {
    const created = await eventViaForm();
    const [pista] = created.sectors;
    const lotId = pista.lots[0].id;
    const body = eventBody({ sectors: [{ id: pista.id, name: 'Pista', lots: [{ id: lotId, priceCentavos: 9500, remaining: 100 }] }] });
    const rows = await rowsWritten(() => call('PUT', `/api/admin/events/${created.id}`, admin, body));
    expect(rows.map((r) => r.action)).toEqual(['sectors.saved']);
    expectRow(rows[0], {
      actor: admin,
      objectType: 'event',
      objectId: created.id,
      eventId: created.id,
      changes: {
        sectors: [
          {
            sectorId: pista.id,
            name: 'Pista',
            change: 'changed',
            fields: {},
            lots: [{ lotId, change: 'changed', fields: { priceCentavos: { before: 8000, after: 9500 } } }],
          },
        ],
      },
    });
  },
  'sessions.saved': async () => {
    const created = await eventViaForm();
    const day = eventBody().date;
    const session = { name: 'Sábado', date: day, startTime: '20:00', endTime: '23:30', capacity: null };
    const row = await oneRow('sessions.saved', async () => {
      const saved = await call('PUT', `/api/admin/events/${created.id}/sessions`, admin, {
        sessions: [session],
        exitScans: true,
        sectors: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expectRow(row, { actor: admin, objectType: 'event', objectId: created.id, eventId: created.id });
    expect(row.changes).toMatchObject({
      exitScans: { before: false, after: true },
      sessions: { before: [], after: [{ name: 'Sábado', date: day, startTime: '20:00' }] },
    });
  },
  'ticket_type.deleted': async () => {
    const created = await eventViaForm({
      sectors: [
        { name: 'Pista', description: null, priceCentavos: 8000, remaining: 100 },
        { name: 'Camarote', description: null, priceCentavos: 20000, remaining: 10 },
      ],
    });
    const camarote = created.sectors.find((t) => t.name === 'Camarote')!;
    const row = await oneRow('ticket_type.deleted', () => call('DELETE', `/api/admin/events/${created.id}/sectors/${camarote.id}`, admin));
    expectRow(row, { actor: admin, objectType: 'ticket_type', objectId: camarote.id, eventId: created.id, changes: { name: 'Camarote' } });
  },
  'event.cancelled': async () => {
    const { event, type } = await newEvent();
    const orderId = await paidOrder(fan, event.id, type.id, 2);
    const rows = await rowsWritten(async () => {
      const cancelled = await post(`/api/admin/events/${event.id}/cancel`, admin, { reason: 'Chuva forte' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });
    const row = rows.filter((r) => r.action === 'event.cancelled');
    expect(row).toHaveLength(1);
    expectRow(row[0], {
      actor: admin,
      objectType: 'event',
      objectId: event.id,
      eventId: event.id,
      changes: { reason: 'Chuva forte', refundedOrders: 1, refundCentavos: 16000, releasedOrders: 0, voidedTickets: 2 },
    });
    expect(orderId).toEqual(expect.any(String));
  },
  'event.deleted': async () => {
    const created = await eventViaForm();
    const row = await oneRow('event.deleted', () => call('DELETE', `/api/admin/events/${created.id}`, admin));
    expectRow(row, {
      actor: admin,
      objectType: 'event',
      objectId: created.id,
      eventId: created.id,
      changes: { title: 'Noite do Histórico' },
    });
  },
  'coupon.created': async () => {
    const code = `AUD${randomUUID().slice(0, 6).toUpperCase()}`;
    let couponId = '';
    const row = await oneRow('coupon.created', async () => {
      const created = await post('/api/admin/coupons', admin, couponBody(code));
      expect(created.statusCode, created.body).toBe(201);
      couponId = created.json().id;
    });
    expectRow(row, { actor: admin, objectType: 'coupon', objectId: couponId, eventId: null });
    expect(row.changes).toMatchObject({
      code: { before: null, after: code },
      discountType: { before: null, after: 'percentage' },
      discountValue: { before: null, after: 10 },
      maxUses: { before: null, after: 50 },
    });
  },
  'coupon.updated': async () => {
    const code = `AUD${randomUUID().slice(0, 6).toUpperCase()}`;
    const couponId = (await post('/api/admin/coupons', admin, couponBody(code))).json().id as string;
    const row = await oneRow('coupon.updated', async () => {
      const updated = await call('PUT', `/api/admin/coupons/${couponId}`, admin, couponBody(code, { discountValue: 15 }));
      expect(updated.statusCode, updated.body).toBe(200);
    });
    expectRow(row, { actor: admin, objectType: 'coupon', objectId: couponId, changes: { discountValue: { before: 10, after: 15 } } });
    const toggled = await oneRow('coupon.updated', () => call('PATCH', `/api/admin/coupons/${couponId}`, admin, { isActive: false }));
    expectRow(toggled, { actor: admin, objectType: 'coupon', objectId: couponId, changes: { isActive: { before: true, after: false } } });
  },
  'coupon.deleted': async () => {
    const code = `AUD${randomUUID().slice(0, 6).toUpperCase()}`;
    const couponId = (await post('/api/admin/coupons', admin, couponBody(code))).json().id as string;
    const row = await oneRow('coupon.deleted', () => call('DELETE', `/api/admin/coupons/${couponId}`, admin));
    expectRow(row, {
      actor: admin,
      objectType: 'coupon',
      objectId: couponId,
      changes: { code, discountType: 'percentage', discountValue: 10 },
    });
  },
  'courtesy.issued': async () => {
    const { event, type } = await newEvent();
    const row = await oneRow('courtesy.issued', async () => {
      const issued = await post(`/api/admin/events/${event.id}/courtesies`, admin, {
        sectorId: type.id,
        recipients: [{ name: 'Clara Convidada', email: fan.email }],
      });
      expect(issued.statusCode, issued.body).toBe(201);
    });
    expectRow(row, {
      actor: admin,
      objectType: 'order',
      eventId: event.id,
      objectId: row.orderId!,
      subjectUserId: fan.userId,
      changes: { sectorId: type.id, recipientName: 'Clara Convidada', ticketCount: 1 },
    });
  },
  'courtesy_quota.set': async () => {
    const { event } = await newEvent();
    const operator = await server.signUpAs(['box_office']);
    const row = await oneRow('courtesy_quota.set', async () => {
      const saved = await call('PUT', `/api/admin/events/${event.id}/courtesy-quotas`, admin, { email: operator.email, quota: 5 });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expectRow(row, {
      actor: admin,
      objectType: 'user',
      objectId: operator.userId,
      eventId: event.id,
      subjectUserId: operator.userId,
      changes: { quota: { before: null, after: 5 } },
    });
  },
  'waiting_room.configured': async () => {
    const { event } = await newEvent();
    const opensAt = new Date(Date.now() + 86_400_000).toISOString();
    const onSaleAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const room = { enabled: true, opensAt, onSaleAt, ratePerMinute: 300, maxInside: 200 };
    const row = await oneRow('waiting_room.configured', async () => {
      const saved = await call('PUT', `/api/admin/events/${event.id}/waiting-room`, admin, room);
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expectRow(row, {
      actor: admin,
      objectType: 'waiting_room',
      objectId: event.id,
      eventId: event.id,
      changes: {
        enabled: { before: null, after: true },
        opens_at: { before: null, after: opensAt },
        on_sale_at: { before: null, after: onSaleAt },
        rate_per_minute: { before: null, after: 300 },
        max_inside: { before: null, after: 200 },
      },
    });
    const paused = await oneRow('waiting_room.configured', () =>
      post(`/api/admin/events/${event.id}/waiting-room/pause`, admin, { paused: true }),
    );
    expectRow(paused, {
      actor: admin,
      objectType: 'waiting_room',
      objectId: event.id,
      changes: { paused: { before: false, after: true } },
    });
  },
  // Staff
  'staff.granted': async () => {
    const person = await server.signUpAs();
    const row = await oneRow('staff.granted', async () => {
      expect((await post('/api/admin/staff', admin, { email: person.email, role: 'validator' })).statusCode).toBe(201);
      // Given again, nothing changes and nothing more is recorded.
      expect((await post('/api/admin/staff', admin, { email: person.email, role: 'validator' })).statusCode).toBe(201);
    });
    expectRow(row, {
      actor: admin,
      objectType: 'user',
      objectId: person.userId,
      subjectUserId: person.userId,
      changes: { role: 'validator' },
    });
  },
  'staff.revoked': async () => {
    const person = await server.signUpAs(['box_office']);
    const row = await oneRow('staff.revoked', async () => {
      expect((await call('DELETE', `/api/admin/staff/${person.userId}/roles/box_office`, admin)).statusCode).toBe(204);
    });
    expectRow(row, {
      actor: admin,
      objectType: 'user',
      objectId: person.userId,
      subjectUserId: person.userId,
      changes: { role: 'box_office' },
    });
  },
  // Tickets
  'ticket.transferred': async () => {
    const { event, type } = await newEvent();
    const sender = await server.signUpAs();
    const orderId = await paidOrder(sender, event.id, type.id, 1);
    const [ticket] = await queryRows<{ id: string }>(server.deps.db, sql`SELECT id FROM tickets WHERE order_id = ${orderId}::uuid`);
    const receiver = await server.signUpAs();
    const sent = await post(`/api/tickets/${ticket.id}/transfers`, sender, { toName: 'Beatriz Souza', toEmail: receiver.email });
    expect(sent.statusCode, sent.body).toBe(201);
    const transferId = sent.json().id as string;
    const row = await oneRow('ticket.transferred', async () => {
      const accepted = await post('/api/transfers/accept', receiver, { transferId });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });
    expectRow(row, {
      actor: receiver,
      objectType: 'ticket',
      objectId: ticket.id,
      eventId: event.id,
      orderId,
      subjectUserId: sender.userId,
      changes: {
        transferId,
        userId: { before: sender.userId, after: receiver.userId },
        holderName: { before: null, after: 'Beatriz Souza' },
        holderCpf: { before: null, after: null },
      },
    });
  },
  'ticket.holder_changed': async () => {
    const { event, type } = await newEvent();
    const orderId = await paidOrder(fan, event.id, type.id, 1);
    const [ticket] = await queryRows<{ id: string; holder_name: string | null }>(
      server.deps.db,
      sql`SELECT id, holder_name FROM tickets WHERE order_id = ${orderId}::uuid`,
    );
    const row = await oneRow('ticket.holder_changed', async () => {
      const edited = await call('PUT', `/api/tickets/${ticket.id}/holder`, fan, { holderName: 'Carla Dias', holderCpf: '529.982.247-25' });
      expect(edited.statusCode, edited.body).toBe(200);
    });
    expectRow(row, {
      actor: fan,
      objectType: 'ticket',
      objectId: ticket.id,
      eventId: event.id,
      orderId,
      subjectUserId: fan.userId,
      changes: {
        holderName: { before: ticket.holder_name, after: 'Carla Dias' },
        holderCpf: { before: null, after: '***.***.247-25' },
      },
    });
  },
  // Content
  'brand.updated': async () => {
    const [before] = await server.deps.db.select().from(brands).where(eq(brands.slug, 'kxp'));
    const input = {
      name: before.name,
      tagline: 'Coreia em Itajaí',
      description: 'Cultura coreana no litoral.',
      coverUrl: null,
      logoUrl: null,
    };
    const row = await oneRow('brand.updated', async () => {
      const saved = await call('PUT', '/api/admin/brands/kxp', admin, {
        ...input,
        coverUrl: before.coverUrl,
        logoUrl: before.logoUrl,
        figures: before.figures,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expectRow(row, {
      actor: admin,
      objectType: 'brand',
      objectId: 'kxp',
      changes: {
        tagline: { before: before.tagline, after: 'Coreia em Itajaí' },
        description: { before: before.description, after: 'Cultura coreana no litoral.' },
      },
    });
  },
  'content.changed': async () => {
    let newsId = '';
    const created = await oneRow('content.changed', async () => {
      const made = await post('/api/admin/news', admin, { title: 'Line-up anunciado', preview: 'Confira.', category: 'Eventos' });
      expect(made.statusCode, made.body).toBe(201);
      newsId = made.json().id;
    });
    expectRow(created, { actor: admin, objectType: 'news', objectId: newsId });
    expect(created.changes).toMatchObject({ operation: 'created', title: { before: null, after: 'Line-up anunciado' } });
    const published = await oneRow('content.changed', () => call('PATCH', `/api/admin/news/${newsId}`, admin, { published: true }));
    expectRow(published, {
      actor: admin,
      objectType: 'news',
      objectId: newsId,
      changes: { operation: 'updated', published: { before: false, after: true } },
    });
    const deleted = await oneRow('content.changed', () => call('DELETE', `/api/admin/news/${newsId}`, admin));
    expectRow(deleted, { actor: admin, objectType: 'news', objectId: newsId });
    expect(deleted.changes).toMatchObject({ operation: 'deleted', title: { before: 'Line-up anunciado', after: null } });
  },
  // Door and guest lists
  'door.manual_admission': async () => {
    const { event, type } = await newEvent();
    const orderId = await paidOrder(fan, event.id, type.id, 1);
    await openDoorNow(server, event.id);
    const validator = await server.signUpAs(['validator']);
    const [ticket] = await queryRows<{ id: string }>(server.deps.db, sql`SELECT id FROM tickets WHERE order_id = ${orderId}::uuid`);
    const admit = () => post('/api/door/manual-check-in', validator, { eventId: event.id, ticketId: ticket.id, gate: 'Bilheteria' });
    const row = await oneRow('door.manual_admission', async () => {
      expect((await admit()).json()).toMatchObject({ accepted: true });
      // A second admission is refused 'already_used': no row for it.
      expect((await admit()).json()).toMatchObject({ accepted: false, reason: 'already_used' });
    });
    expectRow(row, {
      actor: validator,
      objectType: 'ticket',
      objectId: ticket.id,
      eventId: event.id,
      orderId,
      subjectUserId: fan.userId,
      changes: { gate: 'Bilheteria', direction: 'in' },
    });
  },
  'guest_list.created': async () => {
    const { event, type } = await newEvent();
    const promoter = await server.signUpAs(['promoter']);
    const freeUntil = new Date(Date.now() + 60 * 60_000).toISOString();
    const closesAt = new Date(Date.now() + 240 * 60_000).toISOString();
    let listId = '';
    const row = await oneRow('guest_list.created', async () => {
      const created = await post(`/api/admin/events/${event.id}/guest-lists`, admin, {
        name: 'Lista VIP',
        ownerEmail: promoter.email,
        sectorId: type.id,
        quota: 5,
        freeUntil,
        afterKind: 'free',
        closesAt,
      });
      expect(created.statusCode, created.body).toBe(201);
      listId = created.json().id;
    });
    expectRow(row, {
      actor: admin,
      objectType: 'guest_list',
      objectId: listId,
      eventId: event.id,
      changes: {
        name: 'Lista VIP',
        ownerId: promoter.userId,
        sectorId: type.id,
        quota: 5,
        freeUntil,
        afterKind: 'free',
        afterPriceCentavos: null,
        closesAt,
      },
    });
  },
  'guest.added': async () => {
    const { event, promoter, listId } = await guestList();
    let entryId = '';
    const row = await oneRow('guest.added', async () => {
      entryId = await addGuest(promoter, listId);
    });
    expectRow(row, {
      actor: promoter,
      objectType: 'guest_entry',
      objectId: entryId,
      eventId: event.id,
      changes: { listId, name: 'João Pedro Alves', cpf: '***.***.247-25', source: 'owner' },
    });
    // An import is one row with its counts.
    const imported = await oneRow('guest.added', () =>
      post(`/api/guest-lists/${listId}/import`, promoter, {
        csv: 'nome,email,cpf\nMaria Souza,,\nCarlos Lima,,\nRepetido,,529.982.247-25',
      }),
    );
    expectRow(imported, {
      actor: promoter,
      objectType: 'guest_list',
      objectId: listId,
      eventId: event.id,
      changes: { listId, source: 'csv', added: 2, refused: 1 },
    });
  },
  'guest.removed': async () => {
    const { event, promoter, listId } = await guestList();
    const entryId = await addGuest(promoter, listId);
    const row = await oneRow('guest.removed', async () => {
      expect((await call('DELETE', `/api/guest-lists/${listId}/entries/${entryId}`, promoter)).statusCode).toBe(204);
    });
    expectRow(row, {
      actor: promoter,
      objectType: 'guest_entry',
      objectId: entryId,
      eventId: event.id,
      changes: { listId, name: 'João Pedro Alves', cpf: '***.***.247-25' },
    });
  },
  'guest.admitted': async () => {
    const { event, promoter, listId } = await guestList();
    const entryId = await addGuest(promoter, listId);
    const validator = await server.signUpAs(['validator']);
    let ticketId = '';
    const row = await oneRow('guest.admitted', async () => {
      const admitted = await post(`/api/door/guest-entries/${entryId}/admit`, validator, { eventId: event.id });
      expect(admitted.json()).toMatchObject({ accepted: true, chargedCentavos: 0 });
      ticketId = admitted.json().ticketId;
    });
    expectRow(row, {
      actor: validator,
      objectType: 'guest_entry',
      objectId: entryId,
      eventId: event.id,
      changes: { listId, name: 'João Pedro Alves', ticketId, chargedCentavos: 0 },
    });
    expect(row.orderId).toEqual(expect.any(String));
  },
};

describe('the audit trail records every action once, by its actor, in its transaction', () => {
  it.each(auditActions.map((action) => [action]))('%s', async (action) => {
    const perform = cases[action];
    expect(perform, `no case for the action code '${action}'`).toBeDefined();
    await perform!();
  });
});

describe('a refused action leaves no audit row', () => {
  it('money: deciding a refund already decided, or cancelling a paid order', async () => {
    const { refundId } = await refundRequested();
    expect((await post(`/api/admin/refunds/${refundId}/reject`, admin, {})).statusCode).toBe(200);
    const { event, type } = await newEvent();
    const orderId = await paidOrder(fan, event.id, type.id, 1);
    const rows = await rowsWritten(async () => {
      expect((await post(`/api/admin/refunds/${refundId}/approve`, admin, {})).statusCode).toBe(409);
      expect((await post(`/api/orders/${orderId}/cancel`, fan)).statusCode).toBe(409);
    });
    expect(rows).toEqual([]);
  });
});

describe('a refused box-office action leaves no audit row', () => {
  it('closing a drawer already closed, a movement on it, a block returned twice, a sale refunded twice', async () => {
    const { op, block, sell } = await boxOffice(2);
    const orderId = await cashSale(op, sell);
    expect((await post(`/api/box-office/sales/${orderId}/refund`, op)).statusCode).toBe(200);
    expect((await post(`/api/box-office/blocks/${block.id}/return`, op)).statusCode).toBe(200);
    expect((await post(`/api/box-office/drawers/${op.drawerId}/close`, op, { countedCentavos: 10000 })).statusCode).toBe(200);
    const rows = await rowsWritten(async () => {
      expect((await post(`/api/box-office/drawers/${op.drawerId}/close`, op, { countedCentavos: 10000 })).statusCode).toBe(409);
      const movement = { kind: 'supply', amountCentavos: 1000, nonce: randomUUID() };
      expect((await post(`/api/box-office/drawers/${op.drawerId}/movements`, op, movement)).statusCode).toBe(409);
      expect((await post(`/api/box-office/blocks/${block.id}/return`, op)).statusCode).toBe(409);
      expect((await post(`/api/box-office/sales/${orderId}/refund`, op)).statusCode).toBe(409);
    });
    expect(rows).toEqual([]);
  });
});

describe('a refused door or guest-list action leaves no audit row', () => {
  it('a name added twice with one CPF, removed after it got in, let in twice, or a list on a sector of another event', async () => {
    const { event, promoter, listId } = await guestList();
    const entryId = await addGuest(promoter, listId);
    const validator = await server.signUpAs(['validator']);
    expect((await post(`/api/door/guest-entries/${entryId}/admit`, validator, { eventId: event.id })).statusCode).toBe(200);
    const other = await newEvent();
    const rows = await rowsWritten(async () => {
      expect((await post(`/api/guest-lists/${listId}/entries`, promoter, { name: 'Outro Nome', cpf: '529.982.247-25' })).statusCode).toBe(
        409,
      );
      expect((await call('DELETE', `/api/guest-lists/${listId}/entries/${entryId}`, promoter)).statusCode).toBe(409);
      expect((await post(`/api/door/guest-entries/${entryId}/admit`, validator, { eventId: event.id })).statusCode).toBe(409);
      const elsewhere = await post(`/api/admin/events/${event.id}/guest-lists`, admin, {
        name: 'Lista errada',
        ownerEmail: promoter.email,
        sectorId: other.type.id,
        quota: 5,
        freeUntil: new Date(Date.now() + 60 * 60_000).toISOString(),
        afterKind: 'free',
        closesAt: new Date(Date.now() + 240 * 60_000).toISOString(),
      });
      expect(elsewhere.statusCode).toBe(400);
    });
    expect(rows).toEqual([]);
  });
});

describe('a refused back-office action leaves no audit row', () => {
  it("a lot with sales repriced (the event's own change in the same form is rolled back too), a price below zero, a coupon code taken, the last admin removed, a second cancellation", async () => {
    const created = await eventViaForm({ isPublished: true });
    const [pista] = created.sectors;
    await paidOrder(fan, created.id, pista.id, 1);
    const code = `AUD${randomUUID().slice(0, 6).toUpperCase()}`;
    expect((await post('/api/admin/coupons', admin, couponBody(code))).statusCode).toBe(201);
    const lot = (price: number) => [
      { id: pista.id, name: 'Pista', lots: [{ id: pista.lots[0].id, priceCentavos: price, remaining: 100 }] },
    ];
    const rows = await rowsWritten(async () => {
      // 'event.updated' is written before the lots are saved; the refusal of the lot rolls it back.
      const repriced = await call(
        'PUT',
        `/api/admin/events/${created.id}`,
        admin,
        eventBody({ isPublished: true, title: 'Outro', sectors: lot(9900) }),
      );
      expect(repriced.json()).toMatchObject({ code: 'lot_has_sales' });
      expect(
        (await call('PUT', `/api/admin/events/${created.id}`, admin, eventBody({ isPublished: true, sectors: lot(-100) }))).statusCode,
      ).toBe(400);
      expect((await post('/api/admin/coupons', admin, couponBody(code))).statusCode).toBe(409);
      expect((await call('DELETE', `/api/admin/staff/${admin.userId}/roles/admin`, admin)).statusCode).toBe(409);
      expect((await post(`/api/admin/events/${created.id}/cancel`, admin, { reason: 'Chuva' })).statusCode).toBe(200);
      expect((await post(`/api/admin/events/${created.id}/cancel`, admin, { reason: 'Chuva' })).statusCode).toBe(409);
    });
    expect(rows.map((r) => r.action).filter((a) => a !== 'refund.paid')).toEqual(['event.cancelled']);
    const [event] = await queryRows<{ title: string }>(server.deps.db, sql`SELECT title FROM events WHERE id = ${created.id}::uuid`);
    expect(event.title).toBe('Noite do Histórico');
  });
});

describe("a deleted account's audit rows", () => {
  it('stay, with the account replaced by its pseudonym wherever it acted or was concerned, and the actor shown as "Conta removida"', async () => {
    const leaving = await server.signUpAs();
    const { event, type } = await newEvent();
    const orderId = await paidOrder(leaving, event.id, type.id, 2);
    const requested = await post('/api/refunds', leaving, { orderId, reason: 'Mudança de planos' });
    expect(requested.statusCode).toBe(201);
    expect((await post(`/api/admin/refunds/${requested.json().id}/reject`, admin, {})).statusCode).toBe(200);
    expect((await post('/api/admin/staff', admin, { email: leaving.email, role: 'validator' })).statusCode).toBe(201);
    const mine = sql`actor_id = ${leaving.userId} OR subject_user_id = ${leaving.userId} OR object_id = ${leaving.userId}`;
    const before = await queryRows<{ id: number; action: string; actor_id: string | null }>(
      server.deps.db,
      sql`SELECT id, action, actor_id FROM audit_entries WHERE ${mine} ORDER BY id`,
    );
    expect(before.map((r) => r.action)).toEqual(['order.paid', 'refund.requested', 'refund.rejected', 'staff.granted']);

    expect((await call('DELETE', '/api/me', leaving)).statusCode).toBe(200);

    const pseudonym = auditPseudonym(server.deps.ticketSigningKey, leaving.userId);
    expect(pseudonym).toMatch(/^removido:[\w-]{22}$/);
    const after = await server.deps.db
      .select()
      .from(auditEntries)
      .where(
        inArray(
          auditEntries.id,
          before.map((r) => r.id),
        ),
      )
      .orderBy(auditEntries.id);
    expect(after.map((r) => [r.action, r.actorId, r.actorLabel, r.subjectUserId])).toEqual([
      ['order.paid', null, 'Sistema', pseudonym],
      ['refund.requested', pseudonym, 'Conta removida', pseudonym],
      ['refund.rejected', admin.userId, 'Pessoa Teste', pseudonym],
      ['staff.granted', admin.userId, 'Pessoa Teste', pseudonym],
    ]);
    expect(after[3].objectId).toBe(pseudonym);
    // The amounts stay; the account's id and e-mail are nowhere in the trail any more.
    expect(after[1].changes).toEqual({ amountCentavos: 16000, ticketCount: 2 });
    const traces = await queryRows<{ id: number }>(
      server.deps.db,
      sql`SELECT id FROM audit_entries WHERE ${mine} OR strpos(changes::text, ${leaving.userId}) > 0 OR strpos(changes::text, ${leaving.email}) > 0`,
    );
    expect(traces).toEqual([]);
    // Another person's pseudonym would differ: the hash is of the account's id.
    expect(auditPseudonym(server.deps.ticketSigningKey, fan.userId)).not.toBe(pseudonym);
  });
});
