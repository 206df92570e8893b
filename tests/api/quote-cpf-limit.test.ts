import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, orders } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/services/payments/checkout';
import type { PlaceOrderInput } from '../../src/shared/schemas/orders';
import { DomainError } from '../../src/shared/errors';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { testCpf } from '../support/cpf';

// The checkout asks the quote whether the CPFs typed may hold what is chosen, before 'Pagar'
// (docs/rules/sale.md 'Limits per order and per CPF'): the quote decides by the sale's own rule.

let server: TestServer;
let userId: string;
let ownerCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ userId, cookie: ownerCookie } = await server.signUpAs());
});

afterAll(async () => {
  await server?.stop();
});

const cpf = testCpf;

type Line = PlaceOrderInput['items'][number];
const full = (sectorId: string, quantity = 1): Line => ({ sectorId, quantity });
const meia = (sectorId: string, holderCpf: string): Line => ({
  sectorId,
  quantity: 1,
  concession: 'student',
  holder: { name: 'Bia Souza', cpf: holderCpf, birthDate: '2004-05-10', documentNumber: 'CIE-1' },
});

/** Places an order through the service (as POST /api/orders does); the refusal's code, or the order. */
async function place(eventId: string, items: Line[]) {
  try {
    return await placeOrder(server.deps, userId, { eventId, items, buyer, paymentMethod: 'pix', installments: 1 });
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('the quote and the limit per CPF', () => {
  it("tells 'cpf_limit' in the quote before any order, naming the CPF past it, and counting the asking account", async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 100 }], { meiaEntrada: true });
    await server.deps.db.update(events).set({ maxTicketsPerCpf: 3 }).where(eq(events.id, event.id));
    const buyerDigits = buyer.cpf.replace(/\D/g, '');
    const quote = (items: Line[], buyerCpf?: string, cookie = ownerCookie) =>
      server.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        headers: { cookie },
        payload: { eventId: event.id, items, paymentMethod: 'pix', installments: 1, ...(buyerCpf ? { buyerCpf } : {}) },
      });
    expect(typeof (await place(event.id, [full(pista.id, 2)]))).toBe('object');

    // 2 held + 2 asked on the buyer's CPF: refused, naming that CPF; 1 more is quoted.
    const over = await quote([full(pista.id, 2)], buyer.cpf);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'cpf_limit',
      message: 'Limite de 3 ingressos por CPF neste evento',
      details: { limit: 3, cpf: buyerDigits },
    });
    expect((await quote([full(pista.id, 1)], buyer.cpf)).json()).toMatchObject({ totalCentavos: 5000 });
    // Without the buyer's CPF the quote prices only; the order decides the limit.
    expect((await quote([full(pista.id, 2)])).statusCode).toBe(200);
    // A meia-entrada on a holder's CPF past its limit names the holder's CPF.
    const holderCpf = cpf(640);
    for (let i = 0; i < 3; i++) {
      const other = await server.signUpAs();
      expect(
        typeof (await placeOrder(server.deps, other.userId, {
          eventId: event.id,
          items: [full(pista.id)],
          buyer: { ...buyer, cpf: holderCpf },
          paymentMethod: 'pix',
          installments: 1,
        })),
      ).toBe('object');
    }
    const fresh = await server.signUpAs();
    const meiaOver = await quote([meia(pista.id, holderCpf)], cpf(641), fresh.cookie);
    expect(meiaOver.json()).toMatchObject({ code: 'cpf_limit', details: { cpf: holderCpf.replace(/\D/g, '') } });
    // The account counts too: another CPF typed by the same account buys no more than the limit.
    const account = await quote([full(pista.id, 2)], cpf(642));
    expect(account.json()).toMatchObject({ code: 'cpf_limit', details: { limit: 3 } });
    expect(account.json().details.cpf).toBeUndefined();
    // Nothing was held by asking.
    expect(await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(4);
  });
});
