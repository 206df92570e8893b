import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, tickets, sectors } from '../../src/server/db/schema';
import { isValidBrCode } from '../../src/server/domain/br-code';
import { runWorkerOnce } from '../../src/server/worker';
import { confirmPayment } from '../../src/server/services/payments/confirm-payment';
import { queryRows } from '../../src/server/db/client';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { checkHoldingsLedger } from '../support/invariants';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
});
afterAll(async () => {
  await server?.stop();
});

function post(url: string, cookie: string | null, payload: unknown) {
  return server.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });
}

describe('placing an order', () => {
  it('refuses a buyer who is not signed in', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const response = await post('/api/orders', null, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('prices on the server, holds stock and returns a PIX BR Code whose CRC checks', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const response = await post('/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
      totalCentavos: 1,
    });
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({ status: 'pending', totalCentavos: 16000, subtotalCentavos: 16000 });
    expect(isValidBrCode(order.pixCode)).toBe(true);
    expect(order.pixCode).toContain('5406160.00');
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(8);
  });

  it('refuses an invalid CPF with the pt-BR message and changes nothing', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const response = await post('/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer: { ...buyer, cpf: '111.111.111-11' },
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'CPF inválido', details: { field: 'buyer.cpf' } });
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(10);
  });

  it('confirms a simulated PIX payment once and issues one ticket per unit', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const order = (
      await post('/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 3 }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      })
    ).json();
    const first = await post(`/api/orders/${order.id}/simulate-pix-payment`, cookie, {});
    expect(first.json().status).toBe('completed');
    const second = await post(`/api/orders/${order.id}/simulate-pix-payment`, cookie, {});
    expect(second.statusCode).toBe(409);
    const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((t) => t.code)).size).toBe(3);
    const mine = (await server.app.inject({ method: 'GET', url: '/api/tickets', headers: { cookie } })).json();
    expect(mine.orders[0].tickets.map((t: { displayStatus: string }) => t.displayStatus)).toEqual(['valid', 'valid', 'valid']);
  });

  it('declines the test card 4000 0000 0000 0002, keeps the order open for another card, and cancelling returns the units', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'VIP', priceCentavos: 25000, remaining: 5 }]);
    const order = (
      await post('/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 2 }],
        buyer,
        paymentMethod: 'card',
        installments: 6,
      })
    ).json();
    expect(order.installments).toBe(6);
    expect(order.installmentAmountsCentavos).toEqual([8335, 8333, 8333, 8333, 8333, 8333]);
    const paid = await post(`/api/orders/${order.id}/card-payment`, cookie, {
      cardNumber: '4000 0000 0000 0002',
      holderName: 'ANA B LIMA',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(402);
    expect(paid.json().code).toBe('payment_declined');
    const resumed = (await server.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { cookie } })).json();
    expect(resumed).toMatchObject({ status: 'pending', paymentError: paid.json().message });
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(0);

    const cancelled = await post(`/api/orders/${order.id}/cancel`, cookie, {});
    expect(cancelled.json().status).toBe('cancelled');
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(5);
    expect(
      (
        await post(`/api/orders/${order.id}/card-payment`, cookie, {
          cardNumber: '4242 4242 4242 4242',
          holderName: 'ANA B LIMA',
          expiry: '12/34',
          cvc: '123',
        })
      ).json().code,
    ).toBe('order_not_pending');
  });

  it('takes another card after a decline', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'VIP', priceCentavos: 25000, remaining: 5 }]);
    const order = (
      await post('/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 }],
        buyer,
        paymentMethod: 'card',
        installments: 1,
      })
    ).json();
    const card = { holderName: 'ANA B LIMA', expiry: '12/34', cvc: '123' };
    expect((await post(`/api/orders/${order.id}/card-payment`, cookie, { ...card, cardNumber: '4000 0000 0000 0002' })).statusCode).toBe(
      402,
    );
    const paid = await post(`/api/orders/${order.id}/card-payment`, cookie, { ...card, cardNumber: '4242 4242 4242 4242' });
    expect(paid.json()).toMatchObject({ status: 'completed', paymentError: null });
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(1);
  });

  it("does not let another buyer see, pay or cancel someone else's order", async () => {
    const owner = await server.signUpAs();
    const other = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'VIP', priceCentavos: 25000, remaining: 5 }]);
    const order = (
      await post('/api/orders', owner.cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      })
    ).json();
    expect((await server.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    expect((await post(`/api/orders/${order.id}/cancel`, other.cookie, {})).statusCode).toBe(404);
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('pending');
  });

  it('approves the test card 4242 4242 4242 4242', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'VIP', priceCentavos: 25000, remaining: 5 }]);
    const order = (
      await post('/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 }],
        buyer,
        paymentMethod: 'card',
        installments: 3,
      })
    ).json();
    const paid = await post(`/api/orders/${order.id}/card-payment`, cookie, {
      cardNumber: '4242 4242 4242 4242',
      holderName: 'ANA B LIMA',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('completed');
  });

  it('expires unpaid orders past their hold and returns their units', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 4 }]);
    const order = (
      await post('/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 4 }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      })
    ).json();
    const sold = await post('/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(sold.json().code).toBe('ticket_type_sold_out');
    await runWorkerOnce(server.deps, new Date(Date.parse(order.expiresAt) + 1000));
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(4);
    const late = await post(`/api/orders/${order.id}/simulate-pix-payment`, cookie, {});
    expect(late.json().code).toBe('order_expired');
  });

  it('sells exactly the last 10 units to 50 buyers at once', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Último lote', priceCentavos: 9000, remaining: 10 }]);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => server.signUpAs()));
    const responses = await Promise.all(
      buyers.map(({ cookie }) =>
        post('/api/orders', cookie, {
          eventId: event.id,
          items: [{ sectorId: type.id, quantity: 1 }],
          buyer,
          paymentMethod: 'pix',
          installments: 1,
        }),
      ),
    );
    const placed = responses.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ticket_type_sold_out')).toBe(true);
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(0);
    const [{ held }] = await queryRows<{ held: number }>(
      server.deps.db,
      sql`SELECT coalesce(sum(oi.quantity), 0)::int AS held FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.ticket_type_id = ${type.id} AND o.status = 'pending'`,
    );
    expect(Number(held)).toBe(10);
  });
});

describe('a payment that arrives after the order expired', () => {
  async function expiredOrder(remaining: number, quantity: number) {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining }]);
    const order = (
      await post('/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      })
    ).json();
    await runWorkerOnce(server.deps, new Date(Date.parse(order.expiresAt) + 1000));
    return { order, type, cookie, event };
  }

  it('is honoured while the units are still there', async () => {
    const { order, type } = await expiredOrder(3, 2);
    const result = await confirmPayment(server.deps, { orderId: order.id });
    expect(result.outcome).toBe('completed');
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(1);
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(2);
  });

  it('is refunded when the units were sold meanwhile, and nothing is oversold', async () => {
    const { order, type, cookie, event } = await expiredOrder(2, 2);
    const other = (
      await post('/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 2 }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      })
    ).json();
    await post(`/api/orders/${other.id}/simulate-pix-payment`, cookie, {});
    const result = await confirmPayment(server.deps, { orderId: order.id });
    expect(result.outcome).toBe('refunded_late');
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('refunded');
    const [stock] = await server.deps.db.select().from(sectors).where(eq(sectors.id, type.id));
    expect(stock.remaining).toBe(0);
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(0);
  });
});

describe('the last buyer data', () => {
  it("offers the phone and CPF of the user's own last order, and nothing to someone who never bought", async () => {
    const { cookie } = await server.signUpAs();
    const other = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    await post('/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    const mine = await server.app.inject({ method: 'GET', url: '/api/orders/last-buyer', headers: { cookie } });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json()).toEqual({ phone: '(47) 99123-4567', cpf: '529.982.247-25' });
    const none = await server.app.inject({ method: 'GET', url: '/api/orders/last-buyer', headers: { cookie: other.cookie } });
    expect(none.json()).toEqual({ phone: null, cpf: null });
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
