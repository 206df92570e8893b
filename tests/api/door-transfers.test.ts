import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkIns, tickets } from '../../src/server/db/schema';
import type { CheckInResult, DoorOfflineData, DoorSearchTicket, DoorSyncResult } from '../../src/shared/schemas/tickets';
import { openDoorNow, transferTicketInDb } from '../support/door';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// A ticket transferred to someone else gets a new code; the old one is refused 'transferred'
// everywhere: the scan, the look-up, the offline list and the sync of an offline device.

let server: TestServer;
let validatorCookie: string;
beforeAll(async () => {
  server = await startTestServer({ poolSize: 20 });
  validatorCookie = (await server.signUpAs(['validator'])).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const sha256 = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A paid order of `holderNames.length` tickets of a new event whose door is open now (a blank name: unnamed). */
async function buyTickets(title: string, holderNames: string[], buyerEmail = `${randomUUID().slice(0, 8)}@exemplo.com.br`) {
  const { cookie } = await server.signUpAs();
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], { daysAhead: 12, title });
  await openDoorNow(server, event.id);
  const placed = await server.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: holderNames.length, holderNames }],
      buyer: { ...buyer, email: buyerEmail },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  await server.app.inject({ method: 'POST', url: `/api/orders/${order.id}/simulate-pix-payment`, headers: { cookie } });
  const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id)).orderBy(tickets.createdAt, tickets.id);
  return { event, orderId: order.id as string, tickets: issued, buyerEmail };
}

async function scan(code: string, eventId: string): Promise<CheckInResult> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/check-ins',
    headers: { cookie: validatorCookie },
    payload: { code, eventId },
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

async function sync(scans: object[]): Promise<DoorSyncResult> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/door/sync',
    headers: { cookie: validatorCookie },
    payload: { deviceId: 'aparelho-transfer', scans },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function verdictOf(result: CheckInResult | DoorSearchTicket['verdict']) {
  if (result.accepted) return { accepted: true };
  const { reason, message, eventTitle, checkedInAt, checkedInGate, opensAt, isEventCancelled } = result;
  return { accepted: false, reason, message, eventTitle, checkedInAt, checkedInGate, opensAt, isEventCancelled };
}

const burnt = async (ticketId: string) =>
  (await server.deps.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0].checkedInAt !== null;

describe("a transferred ticket's old code at the door", () => {
  it('is refused INVÁLIDO · Ingresso transferido online, recorded, naming nobody, and the new code admits the new holder', async () => {
    const {
      event,
      tickets: [ticket],
    } = await buyTickets('Noite Transferida', ['Ana Antiga']);
    const { oldCode, newCode } = await transferTicketInDb(server, ticket.id, { name: 'Bruno Novo', email: 'bruno@exemplo.com.br' });

    const refused = await scan(oldCode, event.id);
    expect(refused).toMatchObject({
      accepted: false,
      reason: 'transferred',
      message: 'Ingresso transferido',
      holderName: null,
      sectorName: null,
      eventTitle: null,
    });
    expect(JSON.stringify(refused)).not.toContain('Bruno');
    expect(await burnt(ticket.id)).toBe(false);
    const recorded = await server.deps.db.select().from(checkIns).where(eq(checkIns.scannedCode, oldCode));
    expect(recorded).toEqual([expect.objectContaining({ accepted: false, reason: 'transferred', ticketId: null, eventId: event.id })]);

    expect(await scan(newCode, event.id)).toMatchObject({ accepted: true, holderName: 'Bruno Novo' });
    // Once the new holder is in, the old code still reads transferred, not used.
    expect(await scan(oldCode, event.id)).toMatchObject({ accepted: false, reason: 'transferred' });
  });

  it("is refused the same way at another event's door", async () => {
    const {
      tickets: [ticket],
    } = await buyTickets('Baile Antigo', ['Caio Antigo']);
    const other = await buyTickets('Baile da Outra Porta', ['Dora Outra']);
    const { oldCode } = await transferTicketInDb(server, ticket.id, { name: 'Enzo Novo', email: 'enzo@exemplo.com.br' });
    expect(await scan(oldCode, other.event.id)).toMatchObject({ accepted: false, reason: 'transferred' });
  });

  it("shows in the look-up, by who held it or by the buyer, as the scan's verdict, with the new holder's ticket apart", async () => {
    const {
      event,
      tickets: [ticket],
      buyerEmail,
    } = await buyTickets('Festa da Busca', ['Flora Antiga']);
    const { oldCode } = await transferTicketInDb(server, ticket.id, { name: 'Gael Novo', email: 'gael@exemplo.com.br' });

    const [given] = await lookUp(event.id, 'Flora Antiga');
    expect(given).toMatchObject({ holderName: 'Flora Antiga', status: 'transferred', documentCheck: null, checkedInAt: null });
    expect(verdictOf(given.verdict)).toEqual(verdictOf(await scan(oldCode, event.id)));
    expect(verdictOf(given.verdict)).toMatchObject({ accepted: false, reason: 'transferred', message: 'Ingresso transferido' });

    // The buyer's e-mail finds the code given away, not the ticket now held by someone else.
    const byBuyer = await lookUp(event.id, buyerEmail);
    expect(byBuyer.map((t) => [t.holderName, t.status])).toEqual([['Flora Antiga', 'transferred']]);

    const [held] = await lookUp(event.id, 'Gael');
    expect(held).toMatchObject({ ticketId: ticket.id, holderName: 'Gael Novo', status: 'valid', verdict: { accepted: true } });
  });

  it('is on the offline list by hash only, apart from the tickets, while the ticket is listed by its new code', async () => {
    const {
      event,
      tickets: [ticket, kept],
    } = await buyTickets('Lista com Transferência', ['Hugo Antigo', 'Iara Fica']);
    const { oldCode, newCode } = await transferTicketInDb(server, ticket.id, { name: 'Joana Nova', email: 'joana@exemplo.com.br' });
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/door/events/${event.id}/offline-data`,
      headers: { cookie: validatorCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(oldCode);
    const data: DoorOfflineData = response.json();
    expect(data.transferredHashes).toEqual([sha256(oldCode)]);
    expect(data.tickets.map((t) => t.hash).sort()).toEqual([sha256(newCode), sha256(kept.code)].sort());
    expect(data.tickets.find((t) => t.hash === sha256(newCode))).toMatchObject({ holderName: 'Joana Nova', status: 'valid' });
  });

  it('synced from an offline device: its refusal is kept as transferred, and an admission from an old list is a flagged conflict that burns nothing', async () => {
    const {
      event,
      tickets: [ticket],
    } = await buyTickets('Sincronia Transferida', ['Lia Antiga']);
    const { oldCode, newCode } = await transferTicketInDb(server, ticket.id, { name: 'Mateus Novo', email: 'mateus@exemplo.com.br' });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const refusedHere = { nonce: randomUUID(), code: oldCode, eventId: event.id, scannedAt: at(6), accepted: false, reason: 'transferred' };
    const admittedFromOldList = { nonce: randomUUID(), code: oldCode, eventId: event.id, scannedAt: at(5), accepted: true };
    const { results } = await sync([refusedHere, admittedFromOldList]);
    expect(results).toEqual([
      { nonce: refusedHere.nonce, outcome: 'refused', reason: 'transferred' },
      { nonce: admittedFromOldList.nonce, outcome: 'conflict', reason: 'transferred' },
    ]);
    expect(await burnt(ticket.id)).toBe(false);
    const rows = await server.deps.db.select().from(checkIns).where(eq(checkIns.scannedCode, oldCode));
    expect(rows.map((r) => [r.reason, r.offline, r.conflict, r.accepted]).sort()).toEqual([
      ['transferred', true, false, false],
      ['transferred', true, true, false],
    ]);
    expect(await scan(newCode, event.id)).toMatchObject({ accepted: true, holderName: 'Mateus Novo' });
  });
});

describe('VÁLIDO names who uses the ticket', () => {
  it("falls back to the buyer's name for an unnamed ticket, online, in the offline list and in a repeated answer", async () => {
    const {
      event,
      tickets: [ticket],
    } = await buyTickets('Sem Nome', ['']);
    expect(ticket.holderName).toBeNull();
    const list: DoorOfflineData = (
      await server.app.inject({ method: 'GET', url: `/api/door/events/${event.id}/offline-data`, headers: { cookie: validatorCookie } })
    ).json();
    expect(list.tickets[0].holderName).toBe(buyer.name);
    const nonce = randomUUID();
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/check-ins',
      headers: { cookie: validatorCookie },
      payload: { code: ticket.code, eventId: event.id, nonce },
    });
    expect(first.json()).toMatchObject({ accepted: true, holderName: buyer.name });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/check-ins',
      headers: { cookie: validatorCookie },
      payload: { code: ticket.code, eventId: event.id, nonce },
    });
    expect(again.json()).toMatchObject({ accepted: true, holderName: buyer.name });
  });
});
