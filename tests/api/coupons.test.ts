import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, orders, sectors } from '../../src/server/db/schema';
import { runWorkerOnce } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { checkHoldingsLedger } from '../support/invariants';

// Coupons at checkout (docs/rules/sale.md 'Coupons'): the preview and the order price with the same
// rules, a use is held while the order waits for payment and counted once it is paid.

let server: TestServer;
let admin: { cookie: string };
const day = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ poolSize: 40 });
  admin = await server.signUpAs(['admin']);
});
afterAll(async () => {
  await server?.stop();
});

function post(url: string, cookie: string | null, payload: unknown) {
  return server.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });
}

let codeSeq = 0;
/** Inserts a coupon straight into the table (dates as instants); returns its row. */
async function insertCoupon(overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await server.deps.db
    .insert(coupons)
    .values({ code: `TESTE${++codeSeq}`, discountType: 'percentage', discountValue: 10, ...overrides })
    .returning();
  return row;
}

async function couponRow(id: string) {
  const [row] = await server.deps.db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

async function remaining(sectorId: string) {
  const [row] = await server.deps.db.select().from(sectors).where(eq(sectors.id, sectorId));
  return row.remaining;
}

function orderBody(eventId: string, sectorId: string, quantity: number, couponCode?: string, paymentMethod: 'pix' | 'card' = 'pix') {
  return { eventId, items: [{ sectorId, quantity }], buyer, paymentMethod, installments: 1, couponCode };
}

describe('previewing a coupon at checkout', () => {
  it('gives the discount and the new total, and the order is charged exactly that', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const coupon = await insertCoupon({ code: 'NEXT15', discountValue: 15 });

    const preview = await post('/api/coupons/preview', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 3 }],
      couponCode: '  next15 ',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ code: 'NEXT15', subtotalCentavos: 24000, discountCentavos: 3600, totalCentavos: 20400 });
    // A preview holds nothing.
    expect((await couponRow(coupon.id)).heldUses).toBe(0);

    const placed = await post('/api/orders', cookie, orderBody(event.id, type.id, 3, 'next15'));
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ subtotalCentavos: 24000, discountCentavos: 3600, totalCentavos: 20400 });
    expect(placed.json().pixCode).toContain('5406204.00');
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 1, currentUses: 0 });

    const paid = await post(`/api/orders/${placed.json().id}/simulate-pix-payment`, cookie, {});
    expect(paid.json()).toMatchObject({ status: 'completed', totalCentavos: 20400 });
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 0, currentUses: 1 });
    const [stored] = await server.deps.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(stored).toMatchObject({ couponId: coupon.id, discountCentavos: 3600, totalCentavos: 20400 });
  });

  it('takes a fixed discount in centavos and never more than the subtotal: a free order is confirmed at once', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Meia', priceCentavos: 4000, remaining: 10 }]);
    const coupon = await insertCoupon({ code: 'CORTESIA50', discountType: 'fixed', discountValue: 5000 });
    const preview = await post('/api/coupons/preview', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      couponCode: 'CORTESIA50',
    });
    expect(preview.json()).toEqual({ code: 'CORTESIA50', subtotalCentavos: 4000, discountCentavos: 4000, totalCentavos: 0 });
    const placed = await post('/api/orders', cookie, orderBody(event.id, type.id, 1, 'CORTESIA50'));
    expect(placed.json()).toMatchObject({ status: 'completed', totalCentavos: 0, discountCentavos: 4000 });
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 0, currentUses: 1 });
  });

  it('needs a signed-in user', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const response = await post('/api/coupons/preview', null, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      couponCode: 'X',
    });
    expect(response.statusCode).toBe(401);
  });

  it('asks for a code when the field is blank', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const response = await post('/api/coupons/preview', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      couponCode: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Digite o código do cupom', details: { field: 'couponCode' } });
  });
});

describe('every coupon rule, checked the same way by the preview and by the order', () => {
  const cases: {
    name: string;
    coupon: () => Partial<typeof coupons.$inferInsert>;
    code?: string;
    otherEvent?: boolean;
    status: number;
    message: string;
  }[] = [
    { name: 'an unknown code', coupon: () => ({}), code: 'NAOEXISTE', status: 400, message: 'Cupom inválido.' },
    { name: 'an inactive coupon', coupon: () => ({ isActive: false }), status: 400, message: 'Cupom inválido.' },
    {
      name: 'a coupon not valid yet',
      coupon: () => ({ validFrom: new Date(Date.now() + day) }),
      status: 400,
      message: 'Este cupom ainda não está válido.',
    },
    {
      name: 'an expired coupon',
      coupon: () => ({ validUntil: new Date(Date.now() - day) }),
      status: 400,
      message: 'Este cupom não está mais válido.',
    },
    {
      name: 'a coupon of another event',
      coupon: () => ({}),
      otherEvent: true,
      status: 400,
      message: 'Este cupom não vale para este evento.',
    },
    {
      name: 'a coupon used up',
      coupon: () => ({ maxUses: 2, currentUses: 2 }),
      status: 409,
      message: 'Este cupom atingiu o limite de usos.',
    },
    {
      name: 'a coupon whose last use is held',
      coupon: () => ({ maxUses: 2, currentUses: 1, heldUses: 1 }),
      status: 409,
      message: 'Este cupom atingiu o limite de usos.',
    },
    {
      name: 'a purchase below the minimum',
      coupon: () => ({ minPurchaseCentavos: 10001 }),
      status: 400,
      message: 'O valor mínimo para este cupom não foi atingido.',
    },
  ];

  for (const c of cases) {
    it(`refuses ${c.name} with '${c.message}' and changes nothing`, async () => {
      const { cookie } = await server.signUpAs();
      const {
        event,
        sectors: [type],
      } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
      const other = c.otherEvent ? (await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }])).event : null;
      const coupon = await insertCoupon({ ...c.coupon(), eventId: other?.id ?? null });
      const code = c.code ?? coupon.code.toLowerCase();

      const preview = await post('/api/coupons/preview', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 2 }],
        couponCode: code,
      });
      expect(preview.statusCode).toBe(c.status);
      expect(preview.json()).toMatchObject({ message: c.message, details: { field: 'couponCode' } });

      const placed = await post('/api/orders', cookie, orderBody(event.id, type.id, 2, code));
      expect(placed.statusCode).toBe(c.status);
      expect(placed.json()).toMatchObject({ message: c.message, details: { field: 'couponCode' } });
      expect(await remaining(type.id)).toBe(10);
      const after = await couponRow(coupon.id);
      expect({ current: after.currentUses, held: after.heldUses }).toEqual({ current: coupon.currentUses, held: coupon.heldUses });
      expect(await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(0);
    });
  }

  it('accepts a coupon on its last valid day and at exactly the minimum purchase', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const coupon = await insertCoupon({
      validFrom: new Date(Date.now() - day),
      validUntil: new Date(Date.now() + 60_000),
      minPurchaseCentavos: 10000,
      eventId: event.id,
    });
    const preview = await post('/api/coupons/preview', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2 }],
      couponCode: coupon.code,
    });
    expect(preview.json()).toEqual({ code: coupon.code, subtotalCentavos: 10000, discountCentavos: 1000, totalCentavos: 9000 });
  });
});

describe('uses held by unpaid orders', () => {
  it('holds the use while the order waits and gives it back when the order expires', async () => {
    const first = await server.signUpAs();
    const second = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const coupon = await insertCoupon({ maxUses: 1 });

    const held = await post('/api/orders', first.cookie, orderBody(event.id, type.id, 1, coupon.code));
    expect(held.statusCode).toBe(201);
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 1, currentUses: 0 });
    const refused = await post('/api/orders', second.cookie, orderBody(event.id, type.id, 1, coupon.code));
    expect(refused.json().message).toBe('Este cupom atingiu o limite de usos.');

    const { expired } = await runWorkerOnce(server.deps, new Date(Date.parse(held.json().expiresAt) + 1000));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 0, currentUses: 0 });

    const again = await post('/api/orders', second.cookie, orderBody(event.id, type.id, 1, coupon.code));
    expect(again.statusCode).toBe(201);
    await post(`/api/orders/${again.json().id}/simulate-pix-payment`, second.cookie, {});
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 0, currentUses: 1 });
  });

  it('keeps the use held after a declined card and gives it back when the buyer cancels', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'VIP', priceCentavos: 20000, remaining: 5 }]);
    const coupon = await insertCoupon({ maxUses: 3 });
    const placed = await post('/api/orders', cookie, orderBody(event.id, type.id, 1, coupon.code, 'card'));
    expect(placed.json().totalCentavos).toBe(18000);
    expect((await couponRow(coupon.id)).heldUses).toBe(1);
    const declined = await post(`/api/orders/${placed.json().id}/card-payment`, cookie, {
      cardNumber: '4000 0000 0000 0002',
      holderName: 'ANA B LIMA',
      expiry: '12/34',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(402);
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 1, currentUses: 0 });
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json().id}/cancel`,
      headers: { cookie },
      payload: {},
    });
    expect(cancelled.json().status).toBe('cancelled');
    expect(await couponRow(coupon.id)).toMatchObject({ heldUses: 0, currentUses: 0 });
  });

  it('lets exactly 5 of 30 buyers at once use a coupon with 5 uses; the 25 others are told it is used up', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 100 }]);
    const created = await post('/api/admin/coupons', admin.cookie, {
      code: 'corrida5',
      discountType: 'percentage',
      discountValue: 20,
      maxUses: 5,
    });
    expect(created.statusCode).toBe(201);
    const couponId = created.json().id;
    const buyers = await Promise.all(Array.from({ length: 30 }, () => server.signUpAs()));

    const results = await Promise.all(
      buyers.map(async ({ cookie }) => {
        const placed = await post('/api/orders', cookie, orderBody(event.id, type.id, 1, 'CORRIDA5'));
        if (placed.statusCode !== 201) return { placed: placed.statusCode, message: placed.json().message as string };
        const paid = await post(`/api/orders/${placed.json().id}/simulate-pix-payment`, cookie, {});
        return { placed: 201, paid: paid.json().status as string, total: paid.json().totalCentavos as number };
      }),
    );

    const winners = results.filter((r) => r.placed === 201);
    expect(winners).toHaveLength(5);
    expect(winners.every((r) => r.paid === 'completed' && r.total === 8000)).toBe(true);
    const losers = results.filter((r) => r.placed !== 201);
    expect(losers).toHaveLength(25);
    expect(losers.every((r) => r.placed === 409 && r.message === 'Este cupom atingiu o limite de usos.')).toBe(true);

    expect(await couponRow(couponId)).toMatchObject({ currentUses: 5, heldUses: 0, maxUses: 5 });
    const paidOrders = await server.deps.db.select().from(orders).where(eq(orders.couponId, couponId));
    expect(paidOrders.filter((o) => o.status === 'completed')).toHaveLength(5);
    expect(paidOrders).toHaveLength(5);
    expect(await remaining(type.id)).toBe(95);

    const listed = await server.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: { cookie: admin.cookie } });
    expect(listed.json().coupons.find((c: { id: string }) => c.id === couponId)).toMatchObject({ currentUses: 5, heldUses: 0, maxUses: 5 });
  });
});

describe('a pre-sale code on the event page (?codigo=) and at checkout', () => {
  it('shows the hidden sector only while its code is valid: not before its dates, nor after, nor used up', async () => {
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [, camarote],
    } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 8000, remaining: 10 },
      { name: 'Camarote', priceCentavos: 20000, remaining: 10 },
    ]);
    await server.deps.db.update(sectors).set({ hiddenWithoutCode: true }).where(eq(sectors.id, camarote.id));
    const preSale = (code: string, overrides: Partial<typeof coupons.$inferInsert> = {}) =>
      insertCoupon({ code, discountType: 'fixed', discountValue: 0, eventId: event.id, unlocksSectorId: camarote.id, ...overrides });
    const sectorsWith = async (code?: string) => {
      const url = code ? `/api/events/${event.id}?codigo=${encodeURIComponent(code)}` : `/api/events/${event.id}`;
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      return (page.json() as { sectors: { name: string; unlockedByCode: boolean }[] }).sectors.map((t) => t.name);
    };

    await preSale('PREVALIDO', { validFrom: new Date(Date.now() - day), validUntil: new Date(Date.now() + day), maxUses: 5 });
    await preSale('PREVENCIDO', { validUntil: new Date(Date.now() - 60_000) });
    await preSale('PREFUTURO', { validFrom: new Date(Date.now() + day) });
    await preSale('PREESGOTADO', { maxUses: 2, currentUses: 2 });
    await preSale('PRERESERVADO', { maxUses: 2, currentUses: 1, heldUses: 1 });
    await preSale('PREINATIVO', { isActive: false });

    expect(await sectorsWith()).toEqual(['Pista']);
    expect(await sectorsWith('prevalido')).toEqual(['Pista', 'Camarote']);
    for (const code of ['PREVENCIDO', 'PREFUTURO', 'PREESGOTADO', 'PRERESERVADO', 'PREINATIVO'])
      expect(await sectorsWith(code), code).toEqual(['Pista']);

    // The sale decides the same way, and says why the code cannot be used.
    const refusals: Record<string, string> = {
      PREVENCIDO: 'coupon_expired',
      PREFUTURO: 'coupon_not_started',
      PREESGOTADO: 'coupon_exhausted',
      PRERESERVADO: 'coupon_exhausted',
      PREINATIVO: 'coupon_invalid',
    };
    for (const [code, refusal] of Object.entries(refusals)) {
      const refused = await post('/api/orders', cookie, orderBody(event.id, camarote.id, 1, code));
      expect(refused.json().code, code).toBe(refusal);
    }
    expect((await post('/api/orders', cookie, orderBody(event.id, camarote.id, 1))).json().code).toBe('ticket_type_not_found');
    const bought = await post('/api/orders', cookie, orderBody(event.id, camarote.id, 1, 'PREVALIDO'));
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await remaining(camarote.id)).toBe(9);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
