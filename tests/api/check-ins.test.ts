import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkIns, tickets } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let validatorCookie: string;
beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
  validatorCookie = (await server.signUpAs(['validator'])).cookie;
});
afterAll(async () => {
  await server?.stop();
});

async function buyTickets(quantity: number, daysAhead = 10) {
  const { cookie } = await server.signUpAs();
  const { event, ticketTypes: [type] } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], { daysAhead, title: 'Noite de Teste' });
  const order = (await server.app.inject({
    method: 'POST', url: '/api/orders', headers: { cookie },
    payload: { eventId: event.id, items: [{ ticketTypeId: type.id, quantity }], buyer, paymentMethod: 'pix', installments: 1 },
  })).json();
  await server.app.inject({ method: 'POST', url: `/api/orders/${order.id}/simulate-pix-payment`, headers: { cookie } });
  const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  return { event, order, codes: issued.map((t) => t.code), cookie };
}

function scan(code: string, cookie = validatorCookie, eventId?: string) {
  return server.app.inject({ method: 'POST', url: '/api/check-ins', headers: { cookie }, payload: { code, eventId } });
}

describe('checking tickets in at the door', () => {
  it('admits a paid ticket once, then refuses it with the time of the first entry', async () => {
    const { codes } = await buyTickets(1);
    const first = (await scan(codes[0])).json();
    expect(first).toMatchObject({ accepted: true, eventTitle: 'Noite de Teste', ticketTypeName: 'Pista' });
    const second = (await scan(codes[0])).json();
    expect(second).toMatchObject({ accepted: false, reason: 'already_used' });
    expect(second.message).toMatch(/^Ingresso já utilizado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
  });

  it('refuses an unknown or forged code and records the scan', async () => {
    const { codes } = await buyTickets(1);
    const forged = codes[0].slice(0, -2) + (codes[0].endsWith('AA') ? 'BB' : 'AA');
    const result = (await scan(forged)).json();
    expect(result).toMatchObject({ accepted: false, reason: 'unknown_code', message: 'Código não reconhecido' });
    const recorded = await server.deps.db.select().from(checkIns).where(eq(checkIns.scannedCode, forged));
    expect(recorded).toHaveLength(1);
  });

  it('refuses a ticket of another event when the door picked one', async () => {
    const { codes } = await buyTickets(1);
    const other = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 1 }]);
    const result = (await scan(codes[0], validatorCookie, other.event.id)).json();
    expect(result).toMatchObject({ accepted: false, reason: 'other_event' });
  });

  it('refuses buyers without the validator role (403)', async () => {
    const { codes, cookie } = await buyTickets(1);
    const response = await scan(codes[0], cookie);
    expect(response.statusCode).toBe(403);
    expect((await server.app.inject({ method: 'POST', url: '/api/check-ins', payload: { code: codes[0] } })).statusCode).toBe(401);
  });

  it('admits exactly once when 20 doors scan the same code at the same moment', async () => {
    const { codes } = await buyTickets(1);
    const results = await Promise.all(Array.from({ length: 20 }, () => scan(codes[0]).then((r) => r.json())));
    expect(results.filter((r) => r.accepted)).toHaveLength(1);
    expect(results.filter((r) => !r.accepted).every((r) => r.reason === 'already_used')).toBe(true);
    const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.code, codes[0]));
    const recorded = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket.id));
    expect(recorded).toHaveLength(20);
    expect(recorded.filter((c) => c.accepted)).toHaveLength(1);
  });
});
