import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, orders, outbox, refunds, tickets, sectors } from '../../src/server/db/schema';
import type { PaymentProvider } from '../../src/server/payments/provider';
import { runWorkerOnce } from '../../src/server/worker';
import type { AdminRefund, AdminRefundList } from '../../src/shared/schemas/admin-refunds';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { scanAtItsDoor } from '../support/door';
import { checkHoldingsLedger } from '../support/invariants';

let server: TestServer;
let admin: { userId: string; email: string; cookie: string };
let validatorCookie: string;
let realProvider: PaymentProvider;
/** Every refund asked of the provider during a test: [paymentId, centavos, idempotency key]. */
let providerRefunds: [string, number, string | undefined][];

beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
  admin = await server.signUpAs(['admin'], `admin-${randomUUID().slice(0, 8)}@exemplo.com.br`);
  validatorCookie = (await server.signUpAs(['validator'])).cookie;
  realProvider = server.deps.payments;
});
afterAll(async () => {
  await server?.stop();
});

// Each test sees the sandbox provider, wrapped to record the refunds asked of it.
function useProvider(refund: PaymentProvider['refund'] = realProvider.refund) {
  providerRefunds = [];
  server.deps.payments = {
    ...realProvider,
    refund: (paymentId, amount, options) => {
      providerRefunds.push([paymentId, amount, options?.idempotencyKey]);
      return refund(paymentId, amount, options);
    },
  };
}
afterEach(() => {
  server.deps.payments = realProvider;
});

function post(url: string, cookie: string | null, payload: object = {}) {
  return server.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });
}

function get(url: string, cookie: string | null) {
  return server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** A buyer buys `quantity` units paid with simulated PIX, then asks for the refund of the order. */
async function paidOrderWithRefundRequest(quantity = 2, options: { request?: boolean } = {}) {
  useProvider();
  const person = await server.signUpAs();
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }], {
    title: `Show ${randomUUID().slice(0, 6)}`,
  });
  const placed = await post('/api/orders', person.cookie, {
    eventId: event.id,
    items: [{ sectorId: type.id, quantity }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(placed.statusCode).toBe(201);
  const orderId: string = placed.json().id;
  expect((await post(`/api/orders/${orderId}/simulate-pix-payment`, person.cookie)).json().status).toBe('completed');
  const codes = (await server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId))).map((t) => t.code);
  let refundId = '';
  if (options.request !== false) {
    const requested = await post('/api/refunds', person.cookie, { orderId, reason: 'Não vou conseguir ir ao show' });
    expect(requested.statusCode).toBe(201);
    refundId = requested.json().id;
  }
  return { person, event, typeId: type.id, orderId, codes, refundId };
}

async function remainingOf(typeId: string) {
  const [row] = await server.deps.db.select({ remaining: sectors.remaining }).from(sectors).where(eq(sectors.id, typeId));
  return row.remaining;
}

async function storedRefund(refundId: string) {
  const [row] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

async function orderState(orderId: string) {
  const [order] = await server.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  const ticketRows = await server.deps.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.orderId, orderId));
  return { order: order.status, tickets: ticketRows.map((t) => t.status) };
}

/** The outbox row that pays `refundId` back. */
async function refundJob(refundId: string) {
  const jobs = await server.deps.db.select().from(outbox).where(eq(outbox.kind, 'refund_payment'));
  const found = jobs.filter((j) => (j.payload as { refundId?: string }).refundId === refundId);
  expect(found).toHaveLength(1);
  return found[0];
}

function scan(code: string) {
  return scanAtItsDoor(server, validatorCookie, code);
}

describe('approving a refund', () => {
  it('pays it back, voids the tickets at the door, returns the units to stock and tells the buyer', async () => {
    const { person, typeId, orderId, codes, refundId } = await paidOrderWithRefundRequest(2);
    expect(await remainingOf(typeId)).toBe(18);

    const response = await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie, { adminNotes: '  Evento remarcado  ' });
    expect(response.statusCode).toBe(200);
    const decided: AdminRefund = response.json();
    expect(decided).toMatchObject({
      id: refundId,
      status: 'processed',
      amountCentavos: 16000,
      adminNotes: 'Evento remarcado',
      processedBy: { email: admin.email },
      buyer: { email: person.email },
      ticketCount: 2,
      hasCheckedInTicket: false,
    });
    expect(decided.providerRefundId).toMatch(/^sbx_re_/);

    const stored = await storedRefund(refundId);
    expect(stored).toMatchObject({ status: 'processed', processedBy: admin.userId, adminNotes: 'Evento remarcado' });
    expect(stored.processedAt).toBeInstanceOf(Date);
    expect(stored.providerRefundId).toBe(decided.providerRefundId);
    const [order] = await server.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(providerRefunds).toEqual([[order.paymentId, 16000, `refund:${refundId}`]]);
    expect(await orderState(orderId)).toEqual({ order: 'refunded', tickets: ['refunded', 'refunded'] });
    expect(await remainingOf(typeId)).toBe(20);

    for (const code of codes) {
      const verdict = (await scan(code)).json();
      expect(verdict).toMatchObject({ accepted: false, reason: 'refunded', message: 'Ingresso reembolsado' });
    }

    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, person.userId));
    const approved = told.find((n) => n.title === 'Reembolso aprovado');
    expect(approved).toMatchObject({ type: 'event', actionUrl: '/refund-request', read: false });
    expect(approved!.message).toContain('R$ 160,00');
    expect(approved!.message).toContain('Evento remarcado');

    // The queued retry finds it processed and does not pay twice.
    await runWorkerOnce(server.deps, new Date(Date.now() + 5 * 60_000));
    expect(providerRefunds).toHaveLength(1);
    expect((await refundJob(refundId)).doneAt).not.toBeNull();
  });

  it('refuses an order whose ticket already got in at the door, and changes nothing', async () => {
    const { typeId, orderId, codes, refundId } = await paidOrderWithRefundRequest(2);
    expect((await scan(codes[0])).json().accepted).toBe(true);

    const listed: AdminRefundList = (await get('/api/admin/refunds?status=pending', admin.cookie)).json();
    expect(listed.refunds.find((r) => r.id === refundId)?.hasCheckedInTicket).toBe(true);

    const response = await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'order_not_refundable', message: 'Este pedido não pode ser reembolsado.' });
    expect((await storedRefund(refundId)).status).toBe('pending');
    expect(await orderState(orderId)).toEqual({ order: 'completed', tickets: ['valid', 'valid'] });
    expect(await remainingOf(typeId)).toBe(18);
    expect(providerRefunds).toHaveLength(0);
    // The other ticket still admits; the admin may still reject the request.
    expect((await scan(codes[1])).json().accepted).toBe(true);
    expect((await post(`/api/admin/refunds/${refundId}/reject`, admin.cookie, { adminNotes: 'Ingresso já utilizado' })).statusCode).toBe(
      200,
    );
  });

  it('never both admits and refunds a ticket scanned while the refund is approved', async () => {
    for (let round = 0; round < 4; round++) {
      const { orderId, codes, refundId } = await paidOrderWithRefundRequest(1);
      const [scanned, approved] = await Promise.all([scan(codes[0]), post(`/api/admin/refunds/${refundId}/approve`, admin.cookie)]);
      const verdict = scanned.json();
      if (verdict.accepted) {
        expect(approved.json().code).toBe('order_not_refundable');
        expect(await orderState(orderId)).toEqual({ order: 'completed', tickets: ['valid'] });
        expect((await storedRefund(refundId)).status).toBe('pending');
      } else {
        expect(verdict.message).toBe('Ingresso reembolsado');
        expect(approved.json().status).toBe('processed');
        expect(await orderState(orderId)).toEqual({ order: 'refunded', tickets: ['refunded'] });
      }
    }
  });

  it('keeps it approved when the provider fails, and the worker pays it back later', async () => {
    const { typeId, orderId, codes, refundId } = await paidOrderWithRefundRequest(1);
    useProvider(async () => {
      throw new Error('provedor fora do ar');
    });
    const response = await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'approved', providerRefundId: null });
    expect(providerRefunds).toHaveLength(1);
    // The tickets stop admitting and the stock is back at once; only the money waits.
    expect(await orderState(orderId)).toEqual({ order: 'refunded', tickets: ['refunded'] });
    expect(await remainingOf(typeId)).toBe(20);
    expect((await scan(codes[0])).json().message).toBe('Ingresso reembolsado');

    // A worker round while the provider is still down leaves it approved and retries later.
    const later = new Date(Date.now() + 2 * 60_000);
    await runWorkerOnce(server.deps, later);
    expect((await storedRefund(refundId)).status).toBe('approved');
    const job = await refundJob(refundId);
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job.lastError).toContain('provedor fora do ar');

    useProvider();
    await runWorkerOnce(server.deps, new Date(later.getTime() + 60 * 60_000));
    const stored = await storedRefund(refundId);
    expect(stored.status).toBe('processed');
    expect(stored.providerRefundId).toMatch(/^sbx_re_/);
    expect(providerRefunds).toEqual([[expect.stringMatching(/^sbx_/), 8000, `refund:${refundId}`]]);
    const listed: AdminRefundList = (await get('/api/admin/refunds?status=processed', admin.cookie)).json();
    expect(listed.refunds.find((r) => r.id === refundId)?.status).toBe('processed');
  });
});

describe('rejecting a refund', () => {
  it('stores the notes and who decided, keeps the tickets valid and tells the buyer', async () => {
    const { person, typeId, orderId, codes, refundId } = await paidOrderWithRefundRequest(1);
    const response = await post(`/api/admin/refunds/${refundId}/reject`, admin.cookie, { adminNotes: 'Fora do prazo de reembolso' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'rejected',
      adminNotes: 'Fora do prazo de reembolso',
      processedBy: { email: admin.email },
      providerRefundId: null,
    });
    const stored = await storedRefund(refundId);
    expect(stored).toMatchObject({ status: 'rejected', processedBy: admin.userId });
    expect(stored.processedAt).toBeInstanceOf(Date);
    expect(providerRefunds).toHaveLength(0);
    expect(await orderState(orderId)).toEqual({ order: 'completed', tickets: ['valid'] });
    expect(await remainingOf(typeId)).toBe(19);
    const [told] = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.userId), eq(notifications.title, 'Reembolso recusado')));
    expect(told).toMatchObject({ type: 'event', actionUrl: '/refund-request' });
    expect(told.message).toContain('R$ 80,00');
    expect(told.message).toContain('Fora do prazo de reembolso');
    expect((await scan(codes[0])).json().accepted).toBe(true);
  });

  it('stores no notes when none or only blanks are given, and refuses notes over 1000 characters', async () => {
    const { refundId } = await paidOrderWithRefundRequest(1);
    const tooLong = await post(`/api/admin/refunds/${refundId}/reject`, admin.cookie, { adminNotes: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'validation_failed', details: { field: 'adminNotes' } });
    expect((await storedRefund(refundId)).status).toBe('pending');
    const response = await post(`/api/admin/refunds/${refundId}/reject`, admin.cookie, { adminNotes: '   ' });
    expect(response.json()).toMatchObject({ status: 'rejected', adminNotes: null });
  });
});

describe('deciding twice', () => {
  it('refuses a second decision of a refund already decided', async () => {
    const { refundId } = await paidOrderWithRefundRequest(1);
    expect((await post(`/api/admin/refunds/${refundId}/reject`, admin.cookie)).statusCode).toBe(200);
    for (const decision of ['approve', 'reject']) {
      const again = await post(`/api/admin/refunds/${refundId}/${decision}`, admin.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'refund_not_pending', message: 'Este reembolso já foi decidido.' });
    }
    expect((await storedRefund(refundId)).status).toBe('rejected');
  });

  it('lets exactly one of many concurrent decisions win, and returns the stock once', async () => {
    const { typeId, refundId } = await paidOrderWithRefundRequest(3);
    const other = await server.signUpAs(['admin']);
    const attempts = Array.from({ length: 10 }, (_, i) =>
      post(`/api/admin/refunds/${refundId}/${i % 2 ? 'reject' : 'approve'}`, i % 3 ? admin.cookie : other.cookie),
    );
    const responses = await Promise.all(attempts);
    const won = responses.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'refund_not_pending')).toBe(true);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const outcome = won[0].json().status;
    expect(await remainingOf(typeId)).toBe(outcome === 'processed' ? 20 : 17);
    expect(providerRefunds).toHaveLength(outcome === 'processed' ? 1 : 0);
  });

  it('answers 404 for an unknown or malformed refund id', async () => {
    for (const id of [randomUUID(), 'nao-e-um-id']) {
      const response = await post(`/api/admin/refunds/${id}/approve`, admin.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'refund_not_found', message: 'Reembolso não encontrado.' });
    }
  });
});

describe('listing refunds', () => {
  it('lists newest first with event, buyer, amount, reason and who decided, filtered by status', async () => {
    const first = await paidOrderWithRefundRequest(1);
    const second = await paidOrderWithRefundRequest(2);
    await post(`/api/admin/refunds/${first.refundId}/reject`, admin.cookie, { adminNotes: 'Sem justificativa' });

    const all: AdminRefundList = (await get('/api/admin/refunds', admin.cookie)).json();
    const ids = all.refunds.map((r) => r.id);
    expect(ids.indexOf(second.refundId)).toBeLessThan(ids.indexOf(first.refundId));
    expect(all.counts.all).toBe(all.counts.pending + all.counts.approved + all.counts.rejected + all.counts.processed);
    expect(all.total).toBe(all.counts.all);
    expect(all.refunds.find((r) => r.id === second.refundId)).toMatchObject({
      status: 'pending',
      amountCentavos: 16000,
      reason: 'Não vou conseguir ir ao show',
      event: { id: second.event.id, title: second.event.title },
      buyer: { name: 'Pessoa Teste', email: second.person.email },
      processedBy: null,
      processedAt: null,
      paymentMethod: 'pix',
      ticketCount: 2,
    });
    expect(all.refunds.find((r) => r.id === first.refundId)).toMatchObject({
      status: 'rejected',
      adminNotes: 'Sem justificativa',
      processedBy: { name: 'Pessoa Teste', email: admin.email },
    });

    const pending: AdminRefundList = (await get('/api/admin/refunds?status=pending', admin.cookie)).json();
    expect(pending.refunds.every((r) => r.status === 'pending')).toBe(true);
    expect(pending.refunds.map((r) => r.id)).toContain(second.refundId);
    expect(pending.refunds.map((r) => r.id)).not.toContain(first.refundId);
    expect(pending.total).toBe(pending.counts.pending);
    const rejected: AdminRefundList = (await get('/api/admin/refunds?status=rejected', admin.cookie)).json();
    expect(rejected.refunds.map((r) => r.id)).toContain(first.refundId);

    const bad = await get('/api/admin/refunds?status=talvez', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', message: 'Filtro de status inválido', details: { field: 'status' } });
  });

  it('refuses anyone but an admin: 401 signed out, 403 with the refunds message otherwise', async () => {
    const { person, refundId } = await paidOrderWithRefundRequest(1);
    const validator = await server.signUpAs(['validator']);
    expect((await get('/api/admin/refunds', null)).statusCode).toBe(401);
    for (const cookie of [person.cookie, validator.cookie]) {
      for (const response of [
        await get('/api/admin/refunds', cookie),
        await post(`/api/admin/refunds/${refundId}/approve`, cookie),
        await post(`/api/admin/refunds/${refundId}/reject`, cookie),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'refunds_admin_only',
          message: 'Acesso negado. Apenas administradores podem gerenciar reembolsos.',
        });
      }
    }
    expect((await storedRefund(refundId)).status).toBe('pending');
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
