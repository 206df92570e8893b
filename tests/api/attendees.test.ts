import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkIns, tickets } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: { cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

describe('the attendee list of an event', () => {
  it('lists every ticket with holder, type, order, status and gate; searches; exports CSV and the scan log', async () => {
    const person = await server.signUpAs();
    const door = await server.signUpAs(['validator']);
    const {
      event,
      sectors: [pista, meia],
    } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 8000, remaining: 10 },
      { name: 'Meia-entrada', priceCentavos: 4000, remaining: 10 },
    ]);
    const placed = await call('POST', '/api/orders', person.cookie, {
      eventId: event.id,
      items: [
        { sectorId: pista.id, quantity: 1, holderNames: ['Ângela Prado'] },
        { sectorId: meia.id, quantity: 1, holderNames: ['Bruno Dias'] },
      ],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    const orderId = placed.json().id;
    await call('POST', `/api/orders/${orderId}/simulate-pix-payment`, person.cookie);
    const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    const angela = issued.find((t) => t.holderName === 'Ângela Prado')!;
    expect(issued.find((t) => t.sectorName === 'Meia-entrada')?.holderName).toBe('Bruno Dias');
    await server.deps.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.id, angela.id));
    await server.deps.db.insert(checkIns).values([
      { ticketId: angela.id, eventId: event.id, scannedCode: angela.code, validatorId: door.userId, accepted: true, location: 'Portão B' },
      {
        ticketId: angela.id,
        eventId: event.id,
        scannedCode: angela.code,
        validatorId: door.userId,
        accepted: false,
        reason: 'offline_conflict',
        conflict: true,
        offline: true,
        location: 'Portão A',
      },
    ]);

    const listed = (await call('GET', `/api/admin/events/${event.id}/attendees`, admin.cookie)).json();
    expect(listed.conflicts).toBe(1);
    expect(listed.attendees).toEqual([
      expect.objectContaining({ holderName: 'Ângela Prado', sectorName: 'Pista', status: 'used', gate: 'Portão B', orderId }),
      expect.objectContaining({ holderName: 'Bruno Dias', sectorName: 'Meia-entrada', status: 'valid', gate: null }),
    ]);
    const found = (await call('GET', `/api/admin/events/${event.id}/attendees?q=angela`, admin.cookie)).json();
    expect(found.attendees.map((a: { holderName: string }) => a.holderName)).toEqual(['Ângela Prado']);
    const byOrder = (await call('GET', `/api/admin/events/${event.id}/attendees?q=${orderId.slice(0, 8)}`, admin.cookie)).json();
    expect(byOrder.attendees).toHaveLength(2);

    const csv = await call('GET', `/api/admin/events/${event.id}/attendees.csv`, admin.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Titular;Tipo de ingresso;Pedido;Comprador;E-mail;Situação;Entrada;Portão');
    expect(csv.body).toContain('Ângela Prado;Pista;');
    const log = await call('GET', `/api/admin/events/${event.id}/check-ins.csv`, admin.cookie);
    expect(log.body).toContain('Conflito;Conflito: ingresso já tinha entrado;Offline;Portão A');
    expect(log.body).not.toMatch(/offline_conflict|already_used/);
    expect(log.body).toContain('Liberado;;Online;Portão B');
    expect((await call('GET', `/api/admin/events/${event.id}/attendees`, person.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/events/${event.id}/check-ins.csv`, door.cookie)).statusCode).toBe(403);
  });
});
