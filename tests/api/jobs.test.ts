import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  notifications,
  orderItems,
  orders,
  outbox,
  refunds,
  ticketTransfers,
  tickets,
  userNotificationSettings,
} from '../../src/server/db/schema';
import { enqueueJobs, JOB_KINDS, type Job } from '../../src/server/services/jobs';
import { notifyUsers, type Notice } from '../../src/server/services/notifications/notify-user';
import { runWorkerOnce } from '../../src/server/worker';
import { recipientTag } from '../../src/server/lib/local-outbox';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// The background jobs (src/server/services/jobs.ts): one typed list of kinds, queued in one
// statement, each run by its own handler in src/server/worker.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The outbox rows of `ids`, in id order. */
async function jobRows(ids: number[]) {
  const rows = await server.deps.db.select().from(outbox).where(inArray(outbox.id, ids));
  return rows.sort((a, b) => a.id - b.id);
}

/** The ids of the outbox rows whose payload names one of `notificationIds`. */
async function jobsOfNotifications(notificationIds: string[]) {
  const rows = await server.deps.db.select().from(outbox);
  return rows
    .filter((row) => notificationIds.includes((row.payload as { notificationId?: string }).notificationId ?? ''))
    .sort((a, b) => a.id - b.id);
}

/** A completed order of `userId` with no tickets, straight into the table. */
async function completedOrder(userId: string, now: Date) {
  const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
    title: `Festa ${Math.random().toString(36).slice(2, 7)}`,
  });
  const [order] = await server.deps.db
    .insert(orders)
    .values({
      eventId: event.id,
      userId,
      status: 'completed',
      subtotalCentavos: 0,
      totalCentavos: 0,
      paymentMethod: 'pix',
      buyerName: buyer.name,
      buyerEmail: `pedido-${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
      buyerPhone: buyer.phone,
      buyerCpf: buyer.cpf,
      paymentProvider: 'sandbox',
      expiresAt: now,
      completedAt: now,
    })
    .returning();
  return { event, order };
}

describe('notifyUsers', () => {
  it('stores every notice, queues one job per chosen channel each and answers the ids in order', async () => {
    const [ana, bia, caio] = [await server.signUpAs(), await server.signUpAs(), await server.signUpAs()];
    const now = new Date('2026-03-01T12:00:00.000Z');
    const notices: Notice[] = [
      { userId: ana.userId, type: 'event', title: 'Para Ana', message: 'Tudo, "com aspas", {chaves}', actionUrl: '/tickets' },
      { userId: bia.userId, type: 'promotion', title: 'Para Bia', message: 'Só push', actionUrl: null, channels: ['push'] },
      { userId: caio.userId, type: 'announcement', title: 'Para Caio', message: 'Só no app', actionUrl: '/x', channels: [] },
    ];
    const ids = await server.deps.db.transaction((tx) => notifyUsers(tx, notices, now));

    expect(ids).toHaveLength(3);
    const stored = await server.deps.db.select().from(notifications).where(inArray(notifications.id, ids));
    const byId = new Map(stored.map((n) => [n.id, n]));
    expect(ids.map((id) => byId.get(id))).toMatchObject(
      notices.map((n) => ({
        userId: n.userId,
        type: n.type,
        title: n.title,
        message: n.message,
        actionUrl: n.actionUrl,
        read: false,
        createdAt: now,
      })),
    );

    const jobs = await jobsOfNotifications(ids);
    expect(jobs.map((j) => ({ kind: j.kind, payload: j.payload, runAfter: j.runAfter, createdAt: j.createdAt, doneAt: j.doneAt }))).toEqual(
      [
        { kind: 'notification_email', payload: { notificationId: ids[0] }, runAfter: now, createdAt: now, doneAt: null },
        { kind: 'notification_push', payload: { notificationId: ids[0] }, runAfter: now, createdAt: now, doneAt: null },
        { kind: 'notification_whatsapp', payload: { notificationId: ids[0] }, runAfter: now, createdAt: now, doneAt: null },
        { kind: 'notification_push', payload: { notificationId: ids[1] }, runAfter: now, createdAt: now, doneAt: null },
      ],
    );
  });

  it('does nothing for no notices', async () => {
    expect(await server.deps.db.transaction((tx) => notifyUsers(tx, [], new Date()))).toEqual([]);
  });
});

describe('enqueueJobs', () => {
  it('stores each job with its own typed payload and run_after, in one go', async () => {
    const now = new Date('2026-03-02T10:00:00.000Z');
    const later = new Date('2026-03-02T10:05:00.000Z');
    const orderId = crypto.randomUUID();
    const refundId = crypto.randomUUID();
    const jobs: Job[] = [
      { kind: 'order_confirmation_email', payload: { orderId } },
      { kind: 'refund_payment', payload: { refundId }, runAfter: later },
    ];
    await server.deps.db.transaction((tx) => enqueueJobs(tx, jobs, now));
    const rows = (await server.deps.db.select().from(outbox)).sort((a, b) => a.id - b.id);
    const mine = rows.filter((r) => [orderId, refundId].includes(Object.values(r.payload as object)[0]));
    expect(
      mine.map((r) => ({ kind: r.kind, payload: r.payload, runAfter: r.runAfter, createdAt: r.createdAt, attempts: r.attempts })),
    ).toEqual([
      { kind: 'order_confirmation_email', payload: { orderId }, runAfter: now, createdAt: now, attempts: 0 },
      { kind: 'refund_payment', payload: { refundId }, runAfter: later, createdAt: now, attempts: 0 },
    ]);
  });

  it('queues nothing when the transaction rolls back', async () => {
    const orderId = crypto.randomUUID();
    await expect(
      server.deps.db.transaction(async (tx) => {
        await enqueueJobs(tx, [{ kind: 'order_confirmation_email', payload: { orderId } }], new Date());
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    const rows = await server.deps.db.select().from(outbox);
    expect(rows.filter((r) => (r.payload as { orderId?: string }).orderId === orderId)).toHaveLength(0);
  });
});

describe('the worker', () => {
  it('runs a job of every kind through its handler', async () => {
    const person = await server.signUpAs();
    const now = new Date();
    // A confirmed number receives the notice; another person's unconfirmed one, its confirmation code.
    await server.deps.db.insert(userNotificationSettings).values({
      userId: person.userId,
      emailNotifications: true,
      pushNotifications: false,
      whatsappNotifications: true,
      whatsappNumber: '+5547991230000',
      whatsappVerifiedNumber: '+5547991230000',
      whatsappVerifiedAt: now,
    });
    const confirming = await server.signUpAs();
    await server.deps.db.insert(userNotificationSettings).values({
      userId: confirming.userId,
      whatsappNotifications: true,
      whatsappNumber: '+5547991230001',
      whatsappCodeRequestedAt: now,
      whatsappCodeExpiresAt: new Date(now.getTime() + 600_000),
    });
    const { event, order } = await completedOrder(person.userId, now);
    const [refund] = await server.deps.db
      .insert(refunds)
      .values({ orderId: order.id, userId: person.userId, amountCentavos: 0, reason: 'Teste', status: 'approved', requestedAt: now })
      .returning();
    const [noticeId] = await server.deps.db.transaction((tx) =>
      notifyUsers(
        tx,
        [{ userId: person.userId, type: 'event', title: 'Aviso de teste', message: 'Chegou pelo worker', actionUrl: '/tickets' }],
        now,
      ),
    );
    // A ticket of the order on its way to someone else.
    const [item] = await server.deps.db
      .insert(orderItems)
      .values({ orderId: order.id, sectorName: 'Pista', quantity: 1, unitPriceCentavos: 0 })
      .returning();
    const [ticket] = await server.deps.db
      .insert(tickets)
      .values({
        orderId: order.id,
        orderItemId: item.id,
        eventId: event.id,
        userId: person.userId,
        sectorName: 'Pista',
        code: `NL1.teste-${crypto.randomUUID()}`,
      })
      .returning();
    const recipient = `amiga-${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
    const [transfer] = await server.deps.db
      .insert(ticketTransfers)
      .values({
        ticketId: ticket.id,
        eventId: event.id,
        fromUserId: person.userId,
        toName: 'Amiga Teste',
        toEmail: recipient,
        tokenHash: crypto.randomUUID(),
      })
      .returning();
    await server.deps.db.transaction((tx) =>
      enqueueJobs(
        tx,
        [
          { kind: 'order_confirmation_email', payload: { orderId: order.id } },
          { kind: 'refund_payment', payload: { refundId: refund.id } },
          { kind: 'transfer_email', payload: { transferId: transfer.id } },
          { kind: 'whatsapp_confirmation_code', payload: { userId: confirming.userId, requestedAt: now.toISOString() } },
        ],
        now,
      ),
    );
    const queued = [
      ...(await jobsOfNotifications([noticeId])),
      ...(await server.deps.db.select().from(outbox)).filter((r) =>
        [order.id, refund.id, transfer.id, confirming.userId].includes(Object.values(r.payload as object)[0]),
      ),
    ];
    expect(new Set(queued.map((j) => j.kind))).toEqual(new Set(JOB_KINDS));
    server.sentMail.length = 0;

    await runWorkerOnce(server.deps);

    const ran = await jobRows(queued.map((j) => j.id));
    expect(ran.map((j) => ({ kind: j.kind, done: j.doneAt !== null, lastError: j.lastError }))).toEqual(
      ran.map((j) => ({ kind: j.kind, done: true, lastError: null })),
    );
    // order_confirmation_email: the purchase e-mail to the buyer's address.
    expect(server.sentMail.find((m) => m.to === order.buyerEmail)?.text).toContain(`Sua compra para ${event.title} foi confirmada.`);
    // transfer_email: the link to accept, to the recipient's address.
    expect(server.sentMail.find((m) => m.to === recipient)?.text).toContain('/transfer/');
    // notification_email: the notice to the account's address.
    expect(server.sentMail.find((m) => m.to === person.email && m.subject === 'Aviso de teste')?.text).toContain('Chegou pelo worker');
    // notification_whatsapp: the local outbox folder.
    const whatsapp = readdirSync(join(server.dataDir, 'outbox')).filter((f) =>
      f.endsWith(`${recipientTag('+5547991230000')}.whatsapp.txt`),
    );
    expect(whatsapp).toHaveLength(1);
    expect(readFileSync(join(server.dataDir, 'outbox', whatsapp[0]), 'utf8')).toContain('Aviso de teste');
    // whatsapp_confirmation_code: the code, to the number being confirmed.
    const codes = readdirSync(join(server.dataDir, 'outbox')).filter((f) => f.endsWith(`${recipientTag('+5547991230001')}.whatsapp.txt`));
    expect(codes).toHaveLength(1);
    expect(readFileSync(join(server.dataDir, 'outbox', codes[0]), 'utf8')).toMatch(/Seu código de confirmação do WhatsApp é \d{6}\./);
    // refund_payment: nothing owed, so processed without the provider.
    const [paid] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(paid.status).toBe('processed');
  });

  it('retries a stored kind it does not know with a clear error, and runs the rest', async () => {
    const now = new Date();
    const [stale] = await server.deps.db
      .insert(outbox)
      .values({ kind: 'old_kind', payload: { x: 1 }, createdAt: now, runAfter: now })
      .returning();
    const orderId = crypto.randomUUID();
    await server.deps.db.transaction((tx) => enqueueJobs(tx, [{ kind: 'order_confirmation_email', payload: { orderId } }], now));

    await expect(runWorkerOnce(server.deps, now)).resolves.toBeDefined();

    const [after] = await jobRows([stale.id]);
    expect(after.doneAt).toBeNull();
    expect(after.attempts).toBe(1);
    expect(after.lastError).toContain('unknown outbox kind old_kind');
    expect(after.runAfter.getTime()).toBeGreaterThan(now.getTime());
    const rows = await server.deps.db.select().from(outbox);
    const other = rows.find((r) => (r.payload as { orderId?: string }).orderId === orderId);
    expect(other?.doneAt).not.toBeNull();
  });
});
