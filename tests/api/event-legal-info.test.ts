import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditEntries, events } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { buyer, startTestServer, type TestServer } from '../support/test-server';

// docs/rules/events.md 'What the sale page shows': the age rating, minors accompanied,
// accessibility and policy lines an admin sets, as the event page, the card and the ticket answer them.

let server: TestServer;
let admin: { cookie: string };
let fan: { cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  fan = await server.signUpAs(['user']);
});
afterAll(async () => {
  await server?.stop();
});

function request(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Show com Classificação',
    category: 'Next Level Events',
    description: 'Um show.',
    date: saoPauloToday(new Date(Date.now() + 20 * 86_400_000)),
    startTime: '20:00',
    endTime: '23:00',
    location: 'Arena Teste',
    fullAddress: 'Rua A, 1 - Centro',
    city: 'Itajaí',
    capacity: null,
    imageUrl: null,
    isPublished: true,
    meiaEntrada: false,
    maxTicketsPerCpf: null,
    sectors: [{ name: 'Pista', description: null, priceCentavos: 5000, remaining: 50 }],
    ...overrides,
  };
}

const legalInfo = {
  ageRating: '14',
  minorsAccompanied: true,
  accessibility: { resources: ['libras_interpreter', 'step_free_access'], contact: ' acessibilidade@nextlevel.com.br ' },
  policies: ['Água potável gratuita', '  ', 'Proibida a entrada com garrafas de vidro', 'Água potável gratuita'],
};

describe('the age rating, accessibility and policies of an event', () => {
  let eventId: string;

  it('an admin sets them and the public event page answers them', async () => {
    const created = await request('POST', '/api/admin/events', admin.cookie, eventBody());
    expect(created.statusCode).toBe(201);
    eventId = created.json().id;
    expect(created.json()).toMatchObject({ ageRating: null, minorsAccompanied: false, accessibility: null, policies: [] });

    const detail = created.json();
    const updated = await request('PUT', `/api/admin/events/${eventId}`, admin.cookie, {
      ...eventBody(),
      sectors: detail.sectors.map((s: { id: string; name: string; priceCentavos: number; remaining: number }) => ({
        id: s.id,
        name: s.name,
        priceCentavos: s.priceCentavos,
        remaining: s.remaining,
        previousRemaining: s.remaining,
      })),
      ...legalInfo,
    });
    expect(updated.statusCode).toBe(200);
    const expected = {
      ageRating: '14',
      minorsAccompanied: true,
      accessibility: { resources: ['step_free_access', 'libras_interpreter'], contact: 'acessibilidade@nextlevel.com.br' },
      policies: ['Água potável gratuita', 'Proibida a entrada com garrafas de vidro'],
    };
    expect(updated.json()).toMatchObject(expected);

    const page = await request('GET', `/api/events/${eventId}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject(expected);
    const list = await request('GET', '/api/events', null);
    expect(list.json().events.find((e: { id: string }) => e.id === eventId)).toMatchObject({ ageRating: '14' });

    // The audit trail's update names the fields touched, before and after.
    const [audit] = await server.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectId, eventId), eq(auditEntries.action, 'event.updated')))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(audit.changes).toMatchObject({
      ageRating: { before: null, after: '14' },
      minorsAccompanied: { before: false, after: true },
      policies: { before: [], after: expected.policies },
    });
    expect(Object.keys(audit.changes as object)).toContain('accessibility');
  });

  it('the ticket in Meus ingressos answers the rating', async () => {
    const page = await request('GET', `/api/events/${eventId}`, null);
    const placed = await request('POST', '/api/orders', fan.cookie, {
      eventId,
      items: [{ sectorId: page.json().sectors[0].id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode).toBe(201);
    const paid = await request('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, fan.cookie, {});
    expect(paid.json().status).toBe('completed');
    const tickets = await request('GET', '/api/tickets', fan.cookie);
    expect(tickets.statusCode).toBe(200);
    const order = tickets.json().orders.find((o: { event: { id: string } }) => o.event.id === eventId);
    expect(order.event).toMatchObject({ ageRating: '14', minorsAccompanied: true });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an unknown rating', { ageRating: '13' }, 'ageRating', 'Classificação indicativa inválida: use L (livre), 10, 12, 14, 16 ou 18'],
    [
      'minors accompanied on a free rating',
      { ageRating: 'L', minorsAccompanied: true },
      'minorsAccompanied',
      'Menores acompanhados só se aplica a uma classificação indicativa de 10 a 18 anos',
    ],
    [
      'an unknown accessibility resource',
      { accessibility: { resources: ['teleporte'], contact: null } },
      'accessibility.resources.0',
      'Recurso de acessibilidade inválido',
    ],
    ['a policy line too long', { policies: ['x'.repeat(201)] }, 'policies.0', 'Cada política deve ter no máximo 200 caracteres'],
  ];
  for (const [what, body, field, message] of refusals) {
    it(`refuses ${what} with '${message}' on ${field} and changes nothing`, async () => {
      const [before] = await server.deps.db.select().from(events).where(eq(events.id, eventId));
      const admin_ = await request('GET', `/api/admin/events/${eventId}`, admin.cookie);
      const response = await request('PUT', `/api/admin/events/${eventId}`, admin.cookie, {
        ...eventBody(),
        sectors: admin_.json().sectors.map((s: { id: string; name: string; priceCentavos: number; remaining: number }) => ({
          id: s.id,
          name: s.name,
          priceCentavos: s.priceCentavos,
          remaining: s.remaining,
          previousRemaining: s.remaining,
        })),
        ...legalInfo,
        ...body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message, details: { field } });
      const [after] = await server.deps.db.select().from(events).where(eq(events.id, eventId));
      expect(after).toEqual(before);
    });
  }
});
