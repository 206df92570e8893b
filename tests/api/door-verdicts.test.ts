import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, tickets } from '../../src/server/db/schema';
import type { CheckInResult, DoorSearchTicket } from '../../src/shared/schemas/tickets';
import { openDoorNow } from '../support/door';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// The look-up at the door shows, for each ticket, the verdict a scan would give at that moment:
// the same server rule (domain/admission through admissionAtDoor), the same words.

let server: TestServer;
let validatorCookie: string;
let adminCookie: string;
beforeAll(async () => {
  server = await startTestServer({ poolSize: 20 });
  validatorCookie = (await server.signUpAs(['validator'])).cookie;
  adminCookie = (await server.signUpAs(['admin'])).cookie;
});
afterAll(async () => {
  await server?.stop();
});

/** Buys one paid ticket for `holder` of a new event; `open`: its door admits now (else it opens in 12 days). */
async function buyTicket(holder: string, options: { open?: boolean; meia?: boolean; title?: string } = {}) {
  const { cookie } = await server.signUpAs();
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], {
    daysAhead: 12,
    title: options.title ?? `Noite de ${holder}`,
    meiaEntrada: options.meia === true,
  });
  if (options.open !== false) await openDoorNow(server, event.id);
  const items = options.meia
    ? [
        {
          sectorId: type.id,
          quantity: 1,
          concession: 'student',
          holder: { name: holder, cpf: '111.444.777-35', birthDate: '2003-08-01', documentNumber: 'CIE-1' },
        },
      ]
    : [{ sectorId: type.id, quantity: 1, holderNames: [holder] }];
  const placed = await server.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { eventId: event.id, items, buyer, paymentMethod: 'pix', installments: 1 },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  await server.app.inject({ method: 'POST', url: `/api/orders/${order.id}/simulate-pix-payment`, headers: { cookie } });
  const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  return { event, orderId: order.id as string, ticket };
}

async function scan(code: string, eventId: string, gate?: string): Promise<CheckInResult> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/check-ins',
    headers: { cookie: validatorCookie },
    payload: { code, eventId, gate },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function lookUp(eventId: string, query: string): Promise<DoorSearchTicket[]> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/door/events/${eventId}/search?q=${encodeURIComponent(query)}`,
    headers: { cookie: validatorCookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().tickets;
}

/** The verdict as the door screen reads it (shared/door-verdict describeVerdict's input). */
function verdictOf(result: CheckInResult | DoorSearchTicket['verdict']) {
  if (result.accepted) return { accepted: true };
  const { reason, message, eventTitle, checkedInAt, checkedInGate, opensAt, isEventCancelled } = result;
  return { accepted: false, reason, message, eventTitle, checkedInAt, checkedInGate, opensAt, isEventCancelled };
}

/** Looks the holder up at the door of `eventId`, then scans the ticket there: both verdicts. */
async function lookUpThenScan(eventId: string, holder: string, code: string) {
  const [found] = await lookUp(eventId, holder);
  const scanned = await scan(code, eventId);
  return { found, looked: verdictOf(found.verdict), scanned: verdictOf(scanned), scanResult: scanned };
}

describe("the look-up's verdict is the scan's", () => {
  it('admits a valid ticket inside its door window', async () => {
    const { event, ticket } = await buyTicket('Ana Valida');
    const { looked, scanned } = await lookUpThenScan(event.id, 'Ana Valida', ticket.code);
    expect(looked).toEqual({ accepted: true });
    expect(scanned).toEqual(looked);
  });

  it('admits a valid meia-entrada and asks both times for the same document', async () => {
    const { event, ticket } = await buyTicket('Davi Meia', { meia: true });
    const { found, looked, scanned, scanResult } = await lookUpThenScan(event.id, 'Davi Meia', ticket.code);
    expect(looked).toEqual({ accepted: true });
    expect(scanned).toEqual(looked);
    expect(scanResult.accepted && scanResult.documentCheck).toBe(found.documentCheck);
    expect(found.documentCheck).toBe('Conferir carteira de estudante (CIE)');
  });

  it('refuses an early ticket with the opening time and burns it in neither', async () => {
    const { event, ticket } = await buyTicket('Elisa Cedo', { open: false });
    const { looked, scanned } = await lookUpThenScan(event.id, 'Elisa Cedo', ticket.code);
    expect(looked).toMatchObject({ accepted: false, reason: 'too_early', opensAt: expect.any(String) });
    expect(looked.message).toMatch(/^Entrada a partir de \d{2}\/\d{2} às 16:00$/);
    expect(scanned).toEqual(looked);
    const [stored] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(stored.checkedInAt).toBeNull();
  });

  it('refuses a used ticket with the time and gate of its first entry', async () => {
    const { event, ticket } = await buyTicket('Caio Usado');
    expect((await scan(ticket.code, event.id, 'Portão 2')).accepted).toBe(true);
    const { looked, scanned } = await lookUpThenScan(event.id, 'Caio Usado', ticket.code);
    expect(looked).toMatchObject({ accepted: false, reason: 'already_used', checkedInGate: 'Portão 2', checkedInAt: expect.any(String) });
    expect(looked.message).toMatch(/^Ingresso já utilizado (em \d{2}\/\d{2}\/\d{4} )?às \d{2}:\d{2} no Portão 2$/);
    expect(scanned).toEqual(looked);
  });

  it('refuses a refunded ticket', async () => {
    const { event, ticket, orderId } = await buyTicket('Rita Reembolso');
    await server.deps.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, ticket.id));
    await server.deps.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
    const { looked, scanned } = await lookUpThenScan(event.id, 'Rita Reembolso', ticket.code);
    expect(looked).toMatchObject({ accepted: false, reason: 'refunded', message: 'Ingresso reembolsado' });
    expect(scanned).toEqual(looked);
  });

  it('refuses a ticket of an event its organizer cancelled, saying so', async () => {
    const { event, ticket } = await buyTicket('Gil Cancelado');
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/cancel`,
      headers: { cookie: adminCookie },
      payload: { reason: 'Chuva forte' },
    });
    expect(cancelled.statusCode).toBe(200);
    const { looked, scanned } = await lookUpThenScan(event.id, 'Gil Cancelado', ticket.code);
    expect(looked).toMatchObject({
      accepted: false,
      reason: 'cancelled',
      isEventCancelled: true,
      message: 'Evento cancelado pelo organizador',
    });
    expect(scanned).toEqual(looked);
  });

  it('never offers a ticket of another event, which the scan refuses naming that event', async () => {
    const { ticket } = await buyTicket('Fabio Vizinho', { title: 'Baile Vizinho' });
    const door = await buyTicket('Hora da Porta');
    expect(await lookUp(door.event.id, 'Fabio Vizinho')).toEqual([]);
    expect(verdictOf(await scan(ticket.code, door.event.id))).toMatchObject({
      accepted: false,
      reason: 'other_event',
      eventTitle: 'Baile Vizinho',
      message: 'Ingresso de outro evento: Baile Vizinho',
    });
  });

  it('never offers an unknown code, which the scan refuses', async () => {
    const { event, ticket } = await buyTicket('Ivo Forjado');
    const forged = ticket.code.slice(0, -2) + (ticket.code.endsWith('AA') ? 'BB' : 'AA');
    expect(await lookUp(event.id, forged)).toEqual([]);
    expect(verdictOf(await scan(forged, event.id))).toMatchObject({
      accepted: false,
      reason: 'unknown_code',
      message: 'Código não reconhecido',
    });
  });
});
