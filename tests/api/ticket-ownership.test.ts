import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { events, tickets } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { moveHoldings, pendingUnitsSql } from '../../src/server/services/orders/cpf-holdings';
import { runDueJobs } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { testCpf } from '../support/cpf';

// Who holds a ticket decides what may be done with it, and who holds what per CPF follows every
// way a ticket changes hands: the sale, a transfer accepted, a holder edit, a refund.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<TestServer['signUpAs']>>;

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

type Line = {
  sectorId: string;
  quantity: number;
  holderCpfs?: string[];
  concession?: 'student';
  holder?: { name: string; cpf: string; birthDate: string; documentNumber: string };
};

type Bought = { orderId: string; tickets: (typeof tickets.$inferSelect)[] };

/** `person` buys `items` (PIX, paid at once) with `buyerCpf`; returns the order id and its tickets, or the refusal's code. */
async function buy(person: Person, eventId: string, items: Line[], buyerCpf = buyer.cpf): Promise<Bought | { refused: string }> {
  const placed = await call('POST', '/api/orders', person.cookie, {
    eventId,
    items,
    buyer: { ...buyer, cpf: buyerCpf, email: person.email },
    paymentMethod: 'pix',
    installments: 1,
  });
  if (placed.statusCode !== 201) return { refused: placed.json().code as string };
  expect((await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, person.cookie)).statusCode).toBe(200);
  const issued = await server.deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, placed.json().id as string));
  return { orderId: placed.json().id as string, tickets: issued };
}

/** As buy, for a purchase that must go through. */
async function bought(person: Person, eventId: string, items: Line[], buyerCpf = buyer.cpf): Promise<Bought> {
  const result = await buy(person, eventId, items, buyerCpf);
  if ('refused' in result) throw new Error(`purchase refused: ${result.refused}`);
  return result;
}

/** Sends `ticketId` from `from` to `to` and returns the accept link's token. */
async function sendTicket(from: Person, ticketId: string, to: Person, toCpf?: string) {
  const sent = await call('POST', `/api/tickets/${ticketId}/transfers`, from.cookie, {
    toName: 'Beatriz Souza',
    toEmail: to.email,
    ...(toCpf ? { toCpf } : {}),
  });
  expect(sent.statusCode).toBe(201);
  await runDueJobs(server.deps);
  const mail = server.sentMail.filter((m) => m.to === to.email && /^Ingresso para você/.test(m.subject)).at(-1);
  return /\/transfer\/([A-Za-z0-9_-]+)/.exec(mail!.link!)![1];
}

const meia = (sectorId: string, cpf: string): Line => ({
  sectorId,
  quantity: 1,
  concession: 'student',
  holder: { name: 'Bia Souza', cpf, birthDate: '2004-05-10', documentNumber: 'CIE-1' },
});

async function limitPerCpf(eventId: string, limit: number) {
  await server.deps.db.update(events).set({ maxTicketsPerCpf: limit }).where(eq(events.id, eventId));
}

describe("a ticket transferred away is no longer its buyer's to refund", () => {
  it("refuses the buyer's withdrawal and refund request of a ticket another account accepted, and keeps it valid for its holder", async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5500, remaining: 10 }], { daysAhead: 20 });
    const purchase = await bought(ana, event.id, [{ sectorId: pista.id, quantity: 2 }]);
    const [t1, t2] = purchase.tickets;
    const token = await sendTicket(ana, t1.id, bia);
    expect((await call('POST', '/api/transfers/accept', bia.cookie, { token })).statusCode).toBe(200);

    const withdraw = await call('POST', '/api/refunds/withdraw', ana.cookie, { orderId: purchase.orderId, ticketIds: [t1.id] });
    expect(withdraw.statusCode).toBeGreaterThanOrEqual(400);
    expect(withdraw.json()).toMatchObject({ code: 'ticket_not_refundable', details: { reason: 'transferred' } });
    const request = await call('POST', '/api/refunds', ana.cookie, {
      orderId: purchase.orderId,
      ticketIds: [t1.id],
      reason: 'Não vou mais',
    });
    expect(request.json()).toMatchObject({ code: 'ticket_not_refundable', details: { reason: 'transferred' } });

    // The list of refundable tickets says why.
    const refundable = (await call('GET', '/api/refunds/eligible', ana.cookie)).json();
    const order = refundable.orders.find((o: { orderId: string }) => o.orderId === purchase.orderId);
    expect(order.tickets.find((t: { id: string }) => t.id === t1.id)).toMatchObject({ eligible: false, reason: 'transferred' });

    // The whole order's withdrawal takes only the ticket still Ana's, for its price.
    const whole = await call('POST', '/api/refunds/withdraw', ana.cookie, { orderId: purchase.orderId });
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toMatchObject({ ticketCount: 1, amountCentavos: 5500 });
    const after = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, purchase.orderId));
    expect(after.find((t) => t.id === t1.id)).toMatchObject({ status: 'valid', userId: bia.userId });
    expect(after.find((t) => t.id === t2.id)).toMatchObject({ status: 'refunded' });
  });

  it("gives a transfer racing the buyer's withdrawal one outcome, never both", async () => {
    for (let round = 0; round < 4; round++) {
      const ana = await server.signUpAs();
      const bia = await server.signUpAs();
      const {
        event,
        sectors: [pista],
      } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5500, remaining: 10 }], { daysAhead: 20 });
      const purchase = await bought(ana, event.id, [{ sectorId: pista.id, quantity: 1 }]);
      const [t1] = purchase.tickets;
      const token = await sendTicket(ana, t1.id, bia);
      const [accepted, withdrawn] = await Promise.all([
        call('POST', '/api/transfers/accept', bia.cookie, { token }),
        call('POST', '/api/refunds/withdraw', ana.cookie, { orderId: purchase.orderId, ticketIds: [t1.id] }),
      ]);
      const ok = [accepted.statusCode === 200, withdrawn.statusCode === 201];
      expect(ok.filter(Boolean)).toHaveLength(1);
      const [row] = await server.deps.db.select().from(tickets).where(eq(tickets.id, t1.id));
      if (ok[0]) expect(row).toMatchObject({ status: 'valid', userId: bia.userId, refundId: null });
      else expect(row).toMatchObject({ status: 'refunded', userId: ana.userId });
      const [refunded] = await queryRows<{ n: number }>(
        server.deps.db,
        sql`SELECT count(*)::int AS n FROM refunds WHERE order_id = ${purchase.orderId}::uuid`,
      );
      expect(Number(refunded.n)).toBe(ok[1] ? 1 : 0);
    }
  });

  it('does not send a ticket that is in an open refund request', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5500, remaining: 10 }], { daysAhead: 2 });
    const purchase = await bought(ana, event.id, [{ sectorId: pista.id, quantity: 1 }]);
    expect((await call('POST', '/api/refunds', ana.cookie, { orderId: purchase.orderId, reason: 'Imprevisto' })).statusCode).toBe(201);
    const sent = await call('POST', `/api/tickets/${purchase.tickets[0].id}/transfers`, ana.cookie, {
      toName: 'Beatriz Souza',
      toEmail: bia.email,
    });
    expect(sent.json()).toMatchObject({ code: 'ticket_not_transferable' });
  });
});

describe('who holds what per CPF follows transfers and holder edits', () => {
  it('refuses a transfer that would give a CPF a second meia-entrada of the event', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }], { meiaEntrada: true, daysAhead: 20 });
    const biaCpf = testCpf(9101);
    const own = await buy(bia, event.id, [meia(pista.id, biaCpf)], testCpf(9102));
    expect(own).toHaveProperty('tickets');
    const sold = await bought(ana, event.id, [meia(pista.id, testCpf(9103))], testCpf(9104));
    const token = await sendTicket(ana, sold.tickets[0].id, bia);
    const accepted = await call('POST', '/api/transfers/accept', bia.cookie, {
      token,
      cpf: biaCpf,
      concession: 'student',
      documentNumber: 'CIE-9',
    });
    expect(accepted.json()).toMatchObject({ code: 'meia_cpf_repeated' });
    const [row] = await server.deps.db.select().from(tickets).where(eq(tickets.id, sold.tickets[0].id));
    expect(row.userId).toBe(ana.userId);
  });

  it('is guarded by the database too: a second valid meia of one CPF for the event cannot be stored by any path', async () => {
    const ana = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 20 }], { meiaEntrada: true, daysAhead: 20 });
    const cpf = testCpf(9150);
    const first = await bought(ana, event.id, [meia(pista.id, cpf)], testCpf(9151));
    const second = await bought(ana, event.id, [meia(pista.id, testCpf(9152))], testCpf(9151));
    // Written around the rules, straight to the table: the unique index refuses it.
    const rogue = server.deps.db.update(tickets).set({ holderCpf: cpf }).where(eq(tickets.id, second.tickets[0].id));
    await expect(rogue).rejects.toThrow();
    // A refunded meia frees the CPF for another.
    await server.deps.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, first.tickets[0].id));
    await server.deps.db.update(tickets).set({ holderCpf: cpf }).where(eq(tickets.id, second.tickets[0].id));
  });

  it('is guarded by the database: units written around the sale past the limit per CPF, or a second meia, are refused', async () => {
    const ana = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }], { meiaEntrada: true, daysAhead: 20 });
    await limitPerCpf(event.id, 2);
    const cpf = testCpf(9160);
    await bought(ana, event.id, [{ sectorId: pista.id, quantity: 1 }, meia(pista.id, testCpf(9161))], cpf);
    // An order written straight to the tables, as a path that skipped the sale's decision would.
    const around = async (buyerCpf: string, concession: string | null, holderCpf: string | null, quantity = 2) => {
      const [order] = await queryRows<{ id: string }>(
        server.deps.db,
        sql`
        INSERT INTO orders (event_id, status, subtotal_centavos, total_centavos, payment_method, buyer_name, buyer_email, buyer_phone, buyer_cpf, payment_provider, expires_at)
        VALUES (${event.id}::uuid, 'pending', 5000, 5000, 'pix', 'Outra', 'outra@exemplo.com.br', '', ${buyerCpf}, 'sandbox', now() + interval '10 minutes') RETURNING id`,
      );
      await server.deps.db.execute(sql`
        INSERT INTO order_items (order_id, ticket_type_id, ticket_type_name, quantity, unit_price_centavos, concession, holder_cpf)
        VALUES (${order.id}::uuid, ${pista.id}::uuid, 'Pista', ${quantity}, 5000, ${concession}::concession, ${holderCpf})`);
      return server.deps.db.transaction((tx) => moveHoldings(tx, pendingUnitsSql(sql`o.id = ${order.id}::uuid`), 1));
    };
    await expect(around(cpf, null, null)).rejects.toMatchObject({ code: 'cpf_limit' });
    await expect(around(testCpf(9162), 'student', testCpf(9161), 1)).rejects.toMatchObject({ code: 'meia_cpf_repeated' });
  });

  it('refuses a transfer that would put the recipient past the limit per CPF, counting the account too', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }], { daysAhead: 20 });
    await limitPerCpf(event.id, 2);
    expect(await buy(bia, event.id, [{ sectorId: pista.id, quantity: 2 }], testCpf(9201))).toHaveProperty('tickets');
    const sold = await bought(ana, event.id, [{ sectorId: pista.id, quantity: 1 }], testCpf(9202));
    const token = await sendTicket(ana, sold.tickets[0].id, bia);
    // Bia's account already holds 2, whatever CPF she names for this one.
    const accepted = await call('POST', '/api/transfers/accept', bia.cookie, { token, cpf: testCpf(9203) });
    expect(accepted.json()).toMatchObject({ code: 'cpf_limit', message: 'Limite de 2 ingressos por CPF neste evento' });
  });

  it('refuses a holder edit that names a CPF already at the limit, and a meia-entrada handed to another CPF by an edit', async () => {
    const ana = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }], { meiaEntrada: true, daysAhead: 20 });
    await server.deps.db.update(events).set({ maxTicketsPerCpf: 2, nominal: true }).where(eq(events.id, event.id));
    const friend = testCpf(9301);
    const first = await buy(ana, event.id, [{ sectorId: pista.id, quantity: 2, holderCpfs: [friend, friend] }], testCpf(9302));
    expect(first).toHaveProperty('tickets');
    // A third unit naming the same holder is refused at the sale ...
    const third = await buy(ana, event.id, [{ sectorId: pista.id, quantity: 1, holderCpfs: [friend] }], testCpf(9303));
    expect(third).toMatchObject({ refused: 'cpf_limit' });
    // ... and by an edit of another account's ticket naming that holder.
    const caio = await server.signUpAs();
    const other = await bought(caio, event.id, [{ sectorId: pista.id, quantity: 1, holderCpfs: [testCpf(9304)] }], testCpf(9305));
    const edit = await call('PUT', `/api/tickets/${other.tickets[0].id}/holder`, caio.cookie, {
      holderName: 'Amiga da Ana',
      holderCpf: friend,
    });
    expect(edit.json()).toMatchObject({ code: 'cpf_limit' });

    const meiaOrder = await bought(caio, event.id, [meia(pista.id, testCpf(9306))], testCpf(9305));
    const handed = await call('PUT', `/api/tickets/${meiaOrder.tickets[0].id}/holder`, caio.cookie, {
      holderName: 'Outra Pessoa',
      holderCpf: testCpf(9307),
    });
    expect(handed.json()).toMatchObject({ code: 'holder_meia_transfer_only' });
  });

  it('lets ten simultaneous orders of one account, typing three CPFs, take no more than the limit', async () => {
    const ana = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 100 }], { daysAhead: 20 });
    await limitPerCpf(event.id, 4);
    const cpfs = [testCpf(9401), testCpf(9402), testCpf(9403)];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/orders', ana.cookie, {
          eventId: event.id,
          items: [{ sectorId: pista.id, quantity: 2 }],
          buyer: { ...buyer, cpf: cpfs[i % 3], email: ana.email },
          paymentMethod: 'pix',
          installments: 1,
        }),
      ),
    );
    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(2);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.json().code === 'cpf_limit')).toBe(true);
  });

  it('frees the limit when a ticket is withdrawn', async () => {
    const ana = await server.signUpAs();
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 100 }], { daysAhead: 20 });
    await limitPerCpf(event.id, 2);
    const first = await bought(ana, event.id, [{ sectorId: pista.id, quantity: 2 }], testCpf(9501));
    expect(await buy(ana, event.id, [{ sectorId: pista.id, quantity: 1 }], testCpf(9501))).toMatchObject({ refused: 'cpf_limit' });
    expect(
      (await call('POST', '/api/refunds/withdraw', ana.cookie, { orderId: first.orderId, ticketIds: [first.tickets[0].id] })).statusCode,
    ).toBe(201);
    expect(await buy(ana, event.id, [{ sectorId: pista.id, quantity: 1 }], testCpf(9501))).toHaveProperty('tickets');
  });
});
