import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, events, orders, refunds, tickets } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { checkHoldingsLedger } from '../support/invariants';

// The organizer's money reports: the dashboard's and the event page's gross, refunds, fees and
// net; the money columns of the CSV exports; the sales per CPF.

let server: TestServer;
let admin: { cookie: string; userId: string };
let person: { cookie: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  person = await server.signUpAs();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

/** Places an order with the buyer's cookie and pays it with the simulated PIX (unless `pay` is false); returns its id. */
async function buy(
  eventId: string,
  items: object[],
  options: { buyerData?: object; couponCode?: string; pay?: boolean; as?: { cookie: string } } = {},
): Promise<string> {
  const account = options.as ?? person;
  const placed = await call('POST', '/api/orders', account.cookie, {
    eventId,
    items,
    buyer: options.buyerData ?? buyer,
    paymentMethod: 'pix',
    installments: 1,
    couponCode: options.couponCode,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as string;
  if (options.pay !== false)
    expect((await call('POST', `/api/orders/${orderId}/simulate-pix-payment`, account.cookie)).statusCode).toBe(200);
  return orderId;
}

/** CSV lines without the byte order mark and the last empty line. */
function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
}

describe('money of sales with a service fee and a refunded ticket', () => {
  let feeEventId = '';
  let absorbedEventId = '';
  let orderId = '';

  it('splits gross, refunds, absorbed fees and net, with the fees charged to buyers apart, on the event page and the dashboard', async () => {
    // A 10 % fee passed on; two tickets of R$ 80,00 with a R$ 10,00 coupon: R$ 5,00 off each, fee R$ 7,50 each.
    const fee = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 50 }], { title: 'Noite com Taxa' });
    feeEventId = fee.event.id;
    await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000 }).where(eq(events.id, feeEventId));
    await server.deps.db.insert(coupons).values({ code: 'DEZREAIS', discountType: 'fixed', discountValue: 1000, eventId: feeEventId });
    orderId = await buy(feeEventId, [{ sectorId: fee.sectors[0].id, quantity: 2 }], { couponCode: 'DEZREAIS' });
    const [order] = await server.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'completed',
      subtotalCentavos: 16000,
      discountCentavos: 1000,
      feeCentavos: 1500,
      absorbedFeeCentavos: 0,
      totalCentavos: 16500,
    });

    // The buyer gives one ticket back within 7 days; the admin approves: R$ 75,00 of ticket and R$ 7,50 of fee.
    const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.createdAt, tickets.id);
    const asked = await call('POST', '/api/refunds', person.cookie, { orderId, ticketIds: [issued[1].id], reason: 'Não vou poder ir' });
    expect(asked.statusCode, asked.body).toBe(201);
    const [pending] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(pending.amountCentavos).toBe(8250);
    expect((await call('POST', `/api/admin/refunds/${pending.id}/approve`, admin.cookie, {})).statusCode).toBe(200);
    const [approved] = await server.deps.db.select().from(refunds).where(eq(refunds.id, pending.id));
    expect(approved.status).toBe('processed');
    const after = await server.deps.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.orderId, orderId));
    expect(after.map((t) => t.status).sort()).toEqual(['refunded', 'valid']);

    // One still waiting for payment counts for nothing.
    await buy(feeEventId, [{ sectorId: fee.sectors[0].id, quantity: 1 }], { pay: false });

    const page = (await call('GET', `/api/admin/events/${feeEventId}`, admin.cookie)).json();
    expect(page.money).toEqual({
      grossCentavos: 15000, // 2 x 8000 - 1000
      discountCentavos: 1000,
      refundsCentavos: 7500, // 8000 - its 500 of the coupon
      absorbedFeesCentavos: 0,
      netCentavos: 7500, // 15000 - 7500 - 0
      feesCentavos: 750, // 1500 charged - 750 paid back
      refundedFeesCentavos: 750,
    });

    // The organizer absorbs the fee: R$ 100,00 with R$ 10,00 of fee out of the net; a courtesy is free.
    const absorbed = await createEvent(server, [{ name: 'Camarote', priceCentavos: 10000, remaining: 10 }], { title: 'Noite Absorvida' });
    absorbedEventId = absorbed.event.id;
    await server.deps.db
      .update(events)
      .set({ serviceFeeBasisPoints: 1000, serviceFeeAbsorbed: true })
      .where(eq(events.id, absorbedEventId));
    await buy(absorbedEventId, [{ sectorId: absorbed.sectors[0].id, quantity: 1 }]);
    const courtesy = await call('POST', `/api/admin/events/${absorbedEventId}/courtesies`, admin.cookie, {
      sectorId: absorbed.sectors[0].id,
      recipients: [{ name: 'Convidada VIP', email: 'convidada.vip@exemplo.com.br' }],
    });
    expect(courtesy.statusCode).toBe(201);
    expect((await call('GET', `/api/admin/events/${absorbedEventId}`, admin.cookie)).json().money).toEqual({
      grossCentavos: 10000,
      discountCentavos: 0,
      refundsCentavos: 0,
      absorbedFeesCentavos: 1000,
      netCentavos: 9000,
      feesCentavos: 0,
      refundedFeesCentavos: 0,
    });

    // The dashboard sums every event with the same computation.
    const dashboard = (await call('GET', '/api/admin/dashboard', admin.cookie)).json();
    expect(dashboard.money).toEqual({
      grossCentavos: 25000,
      discountCentavos: 1000,
      refundsCentavos: 7500,
      absorbedFeesCentavos: 1000,
      netCentavos: 16500,
      feesCentavos: 750,
      refundedFeesCentavos: 750,
    });
    const { money } = dashboard;
    expect(money.grossCentavos - money.refundsCentavos - money.absorbedFeesCentavos).toBe(money.netCentavos);
    // What buyers paid and kept paying reconciles with the net and the fees: 16500 + 10000 - 8250.
    expect(money.netCentavos + money.absorbedFeesCentavos + money.feesCentavos).toBe(16500 + 10000 + 0 - 8250);
  });

  it('exports the money of each ticket and each order in the CSVs', async () => {
    const attendees = await call('GET', `/api/admin/events/${feeEventId}/attendees.csv`, admin.cookie);
    expect(attendees.statusCode).toBe(200);
    const ticketLines = csvLines(attendees.body);
    expect(ticketLines[0]).toBe(
      'Titular;Tipo de ingresso;Pedido;Comprador;E-mail;Situação;Entrada;Portão;Setor;Lote;Categoria;Preço (R$);Desconto (R$);Taxa de serviço (R$);Taxa absorvida (R$);Canal;Pagamento',
    );
    const ofOrder = ticketLines.filter((line) => line.includes(`;${orderId.slice(0, 8)};`));
    expect(ofOrder.map((line) => line.split(';').slice(5).join(';')).sort()).toEqual([
      'Não entrou;;;Pista;1º lote;Inteira;80,00;5,00;7,50;0,00;Online;PIX',
      'Reembolsado;;;Pista;1º lote;Inteira;80,00;5,00;7,50;0,00;Online;PIX',
    ]);

    const buyers = await call('GET', `/api/admin/events/${feeEventId}/buyers.csv`, admin.cookie);
    const orderLines = csvLines(buyers.body);
    expect(orderLines[0]).toBe(
      'Nome;E-mail;Telefone;Ingressos;Valor (R$);Data do pagamento;Setor;Lote;Categoria;Preço unitário (R$);Subtotal (R$);Desconto (R$);Taxa de serviço (R$);Taxa absorvida (R$);Reembolsado (R$);Canal;Pagamento',
    );
    expect(orderLines).toHaveLength(2);
    expect(orderLines[1]).toMatch(
      /^Ana Beatriz Lima;ana@exemplo\.com\.br;\(47\) 99123-4567;2;165,00;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Pista;1º lote;Inteira;80,00;160,00;10,00;15,00;0,00;82,50;Online;PIX$/,
    );

    const absorbedBuyers = csvLines((await call('GET', `/api/admin/events/${absorbedEventId}/buyers.csv`, admin.cookie)).body);
    expect(
      absorbedBuyers
        .map((line) => line.split(';').slice(6).join(';'))
        .slice(1)
        .sort(),
    ).toEqual([
      'Camarote;1º lote;Cortesia;0,00;0,00;0,00;0,00;0,00;0,00;Painel Admin;Cortesia',
      'Camarote;1º lote;Inteira;100,00;100,00;0,00;0,00;10,00;0,00;Online;PIX',
    ]);

    const log = csvLines((await call('GET', `/api/admin/events/${feeEventId}/check-ins.csv`, admin.cookie)).body);
    expect(log[0]).toBe('Horário;Resultado;Motivo;Modo;Portão;Aparelho;Validador;Titular;Tipo de ingresso;Ingresso;Setor;Lote;Categoria');
  });

  it('refunds every sale of a cancelled event: nothing left to the organizer, no absorbed fee', async () => {
    const cancelled = await call('POST', `/api/admin/events/${absorbedEventId}/cancel`, admin.cookie, { reason: 'Chuva forte' });
    expect(cancelled.statusCode).toBe(200);
    const stored = await server.deps.db.select().from(orders).where(eq(orders.eventId, absorbedEventId));
    expect(stored.map((o) => o.status)).toEqual(['refunded', 'refunded']);
    expect((await call('GET', `/api/admin/events/${absorbedEventId}`, admin.cookie)).json().money).toEqual({
      grossCentavos: 10000,
      discountCentavos: 0,
      refundsCentavos: 10000,
      absorbedFeesCentavos: 0,
      netCentavos: 0,
      feesCentavos: 0,
      refundedFeesCentavos: 0,
    });
    expect((await call('GET', '/api/admin/dashboard', admin.cookie)).json().money).toEqual({
      grossCentavos: 25000,
      discountCentavos: 1000,
      refundsCentavos: 17500,
      absorbedFeesCentavos: 0,
      netCentavos: 7500,
      feesCentavos: 750,
      refundedFeesCentavos: 750,
    });
  });
});

describe('sales per CPF', () => {
  const holderCpf = '111.444.777-35';
  const otherCpf = '123.456.789-09';

  it('counts each CPF as the limit per CPF does: a meia for its holder, other tickets for the buyer, paid and pending apart', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 100 }], { title: 'Festa por CPF', meiaEntrada: true });
    await server.deps.db.update(events).set({ maxTicketsPerCpf: 4 }).where(eq(events.id, event.id));
    const meia = {
      sectorId: pista.id,
      quantity: 1,
      concession: 'student',
      holder: { name: 'Bia Souza', cpf: holderCpf, birthDate: '2004-05-10', documentNumber: 'CIE-1' },
    };
    await buy(event.id, [{ sectorId: pista.id, quantity: 2 }, meia]);
    await buy(event.id, [{ sectorId: pista.id, quantity: 1 }], { pay: false });
    // Each person buys from an account of their own: the limit counts the account as well as the CPF.
    const carlos = await server.signUpAs();
    const bia = await server.signUpAs();
    await buy(event.id, [{ sectorId: pista.id, quantity: 1 }], {
      buyerData: { ...buyer, name: 'Carlos Mendes', email: 'carlos@exemplo.com.br', cpf: otherCpf },
      as: carlos,
    });
    await call('POST', `/api/admin/events/${event.id}/courtesies`, admin.cookie, {
      sectorId: pista.id,
      recipients: [{ name: 'Convidado', email: 'convidado.cpf@exemplo.com.br' }],
    });

    const response = await call('GET', `/api/admin/events/${event.id}/cpf-sales`, admin.cookie);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.event).toMatchObject({ id: event.id, title: 'Festa por CPF', maxTicketsPerCpf: 4, startTime: '20:00' });
    expect(report.cpfs).toEqual([
      { cpf: '52998224725', name: 'Ana Beatriz Lima', paidTickets: 2, pendingTickets: 1, orders: 2 },
      { cpf: '11144477735', name: 'Bia Souza', paidTickets: 1, pendingTickets: 0, orders: 1 },
      { cpf: '12345678909', name: 'Carlos Mendes', paidTickets: 1, pendingTickets: 0, orders: 1 },
    ]);
    expect(report.withoutCpf).toEqual({ paidTickets: 1, pendingTickets: 0, orders: 1 });

    // The limit of 4 reads the same counts: the buyer holds 3 and may take 1 more, not 2; the meia holder holds 1.
    const refused = await call('POST', '/api/orders', person.cookie, {
      eventId: event.id,
      items: [{ sectorId: pista.id, quantity: 2 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(refused.json()).toMatchObject({ code: 'cpf_limit' });
    const holderBuys = await call('POST', '/api/orders', bia.cookie, {
      eventId: event.id,
      items: [{ sectorId: pista.id, quantity: 4 }],
      buyer: { ...buyer, name: 'Bia Souza', cpf: holderCpf },
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(holderBuys.json()).toMatchObject({ code: 'cpf_limit' });
    await buy(event.id, [{ sectorId: pista.id, quantity: 3 }], {
      buyerData: { ...buyer, name: 'Bia Souza', cpf: holderCpf },
      pay: false,
      as: bia,
    });
    const again = (await call('GET', `/api/admin/events/${event.id}/cpf-sales`, admin.cookie)).json();
    expect(again.cpfs[0]).toEqual({ cpf: '11144477735', name: 'Bia Souza', paidTickets: 1, pendingTickets: 3, orders: 2 });

    const csv = await call('GET', `/api/admin/events/${event.id}/cpf-sales.csv`, admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="vendas-por-cpf-festa-por-cpf.csv"');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvLines(csv.body)).toEqual([
      'CPF;Nome;Ingressos pagos;Ingressos pendentes;Pedidos',
      '111.444.777-35;Bia Souza;1;3;2',
      '529.982.247-25;Ana Beatriz Lima;2;1;2',
      '123.456.789-09;Carlos Mendes;1;0;1',
      'Sem CPF;Cortesias e compradores anonimizados;1;0;1',
    ]);
  });

  it('is for admins only, and answers 404 for an event that does not exist', async () => {
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }]);
    const door = await server.signUpAs(['validator']);
    for (const url of [`/api/admin/events/${event.id}/cpf-sales`, `/api/admin/events/${event.id}/cpf-sales.csv`]) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, person.cookie)).statusCode).toBe(403);
      expect((await call('GET', url, door.cookie)).statusCode).toBe(403);
      expect((await call('GET', url, admin.cookie)).statusCode).toBe(200);
    }
    const missing = await call('GET', '/api/admin/events/00000000-0000-4000-8000-000000000000/cpf-sales', admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('event_not_found');
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
