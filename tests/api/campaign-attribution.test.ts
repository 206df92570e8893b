import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { testCpf } from '../support/cpf';

// docs/rules/sale.md 'Campaign attribution': the online order stores the campaign its buyer's
// device sends; 'Vendas por campanha' adds up the event's paid orders per campaign.

let server: TestServer;
let admin: { cookie: string; userId: string };
let fan: { cookie: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  fan = await server.signUpAs();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

const instagram = { utmSource: 'instagram', utmMedium: 'paid', utmCampaign: 'lancamento', adClickIds: ['fbclid'] };
const tiktok = { utmSource: 'tiktok', utmMedium: 'paid', utmCampaign: 'lancamento', adClickIds: ['ttclid'] };

describe('campaign attribution', () => {
  let eventId = '';
  let sectorId = '';
  let seed = 7100;

  /** Places an order of `quantity` units by a new account and CPF with `attribution` in the body (as sent), paid with the simulated PIX unless `pay` is false. */
  async function buy(quantity: number, attribution: unknown, pay = true): Promise<string> {
    const account = await server.signUpAs();
    const placed = await call('POST', '/api/orders', account.cookie, {
      eventId,
      items: [{ sectorId, quantity }],
      buyer: { ...buyer, cpf: testCpf(seed++) },
      paymentMethod: 'pix',
      installments: 1,
      ...(attribution === undefined ? {} : { attribution }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as string;
    if (pay) expect((await call('POST', `/api/orders/${orderId}/simulate-pix-payment`, account.cookie)).statusCode).toBe(200);
    return orderId;
  }

  async function stored(orderId: string) {
    const [order] = await server.deps.db
      .select({ utmSource: orders.utmSource, utmMedium: orders.utmMedium, utmCampaign: orders.utmCampaign, adClickIds: orders.adClickIds })
      .from(orders)
      .where(eq(orders.id, orderId));
    return order;
  }

  beforeAll(async () => {
    const made = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 100 }], { title: 'Lançamento Verão' });
    eventId = made.event.id;
    sectorId = made.sectors[0].id;
  });

  it('stores the campaign sent with the order, trimmed, its click ids by name once', async () => {
    const orderId = await buy(2, {
      utmSource: ' instagram ',
      utmMedium: 'paid',
      utmCampaign: 'lancamento',
      adClickIds: ['fbclid', 'fbclid'],
    });
    expect(await stored(orderId)).toEqual(instagram);
  });

  it('places an order without a campaign with none', async () => {
    expect(await stored(await buy(1, undefined))).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null, adClickIds: [] });
  });

  it('places the order when the attribution is malformed, and stores none', async () => {
    for (const malformed of [
      { utmSource: 'instagram', adClickIds: ['msclkid'] },
      { utmSource: 'x'.repeat(101) },
      { utmSource: 42 },
      'instagram',
    ]) {
      expect(await stored(await buy(1, malformed, false))).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null, adClickIds: [] });
    }
  });

  it("answers 'Vendas por campanha' with the paid orders per campaign, 'Sem campanha' last, totals equal to the event's paid orders", async () => {
    await buy(1, instagram); // a second paid order of the same campaign
    await buy(3, tiktok);
    await buy(4, tiktok, false); // waiting for payment: counts for nothing
    await buy(1, { utmSource: 'google', adClickIds: ['gclid'] });
    await buy(1, { adClickIds: ['fbclid'] }); // a click id alone names no campaign

    const answer = await call('GET', `/api/admin/events/${eventId}/campaigns`, admin.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json();
    expect(report.event).toEqual({ id: eventId, title: 'Lançamento Verão' });
    expect(report.rows).toEqual([
      { source: 'instagram', medium: 'paid', campaign: 'lancamento', orders: 2, tickets: 3, grossCentavos: 15000 },
      { source: 'tiktok', medium: 'paid', campaign: 'lancamento', orders: 1, tickets: 3, grossCentavos: 15000 },
      { source: 'google', medium: null, campaign: null, orders: 1, tickets: 1, grossCentavos: 5000 },
      { source: null, medium: null, campaign: null, orders: 2, tickets: 2, grossCentavos: 10000 },
    ]);
    expect(report.totals).toEqual({ orders: 6, tickets: 9, grossCentavos: 45000 });

    // The totals are the event's paid orders and the 'Vendas brutas' of its page.
    const paid = await server.deps.db.select().from(orders).where(eq(orders.eventId, eventId));
    const completed = paid.filter((o) => o.status === 'completed');
    expect(completed).toHaveLength(report.totals.orders);
    expect(paid.length).toBeGreaterThan(completed.length);
    const page = (await call('GET', `/api/admin/events/${eventId}`, admin.cookie)).json();
    expect(page.money.grossCentavos).toBe(report.totals.grossCentavos);
  });

  it('exports the report as a CSV with a total line', async () => {
    const answer = await call('GET', `/api/admin/events/${eventId}/campaigns.csv`, admin.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toContain('vendas-por-campanha-lancamento-verao.csv');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Origem;Mídia;Campanha;Pedidos;Ingressos;Vendas brutas (R$)',
      'instagram;paid;lancamento;2;3;150,00',
      'tiktok;paid;lancamento;1;3;150,00',
      'google;;;1;1;50,00',
      'Sem campanha;;;2;2;100,00',
      'Total;;;6;9;450,00',
    ]);
  });

  it('refuses anyone but an admin, and answers an unknown event with 404', async () => {
    expect((await call('GET', `/api/admin/events/${eventId}/campaigns`, fan.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/events/${eventId}/campaigns.csv`, fan.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/events/${eventId}/campaigns`, null)).statusCode).toBe(401);
    const missing = await call('GET', '/api/admin/events/00000000-0000-4000-8000-000000000000/campaigns', admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Evento não encontrado');
  });
});
