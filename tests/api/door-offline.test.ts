import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkIns, events, tickets } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let baseUrl: string;
let validator: { userId: string; cookie: string };
let buyerCookie: string;

beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  validator = await server.signUpAs(['validator']);
  buyerCookie = (await server.signUpAs()).cookie;
});
afterAll(async () => {
  await server?.stop();
});

/** São Paulo calendar day and wall-clock time of an instant ('yyyy-MM-dd', 'HH:mm'). */
function saoPauloWall(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An event whose door is open now (it started an hour ago, ends in three) with two sectors, meia-entrada on. */
async function openEvent(title = `Festa ${Math.random().toString(36).slice(2, 7)}`) {
  const made = await createEvent(
    server,
    [
      { name: 'Inteira', priceCentavos: 8000, remaining: 200 },
      { name: 'Camarote', priceCentavos: 16000, remaining: 200 },
    ],
    { title, meiaEntrada: true },
  );
  const start = saoPauloWall(new Date(Date.now() - 60 * 60_000));
  const end = saoPauloWall(new Date(Date.now() + 3 * 60 * 60_000));
  await server.deps.db
    .update(events)
    .set({ date: start.date, startTime: start.time, endTime: end.time })
    .where(eq(events.id, made.event.id));
  return made;
}

/** A paid order of `quantity` tickets of one type, with the holder names given; its tickets in issue order. */
async function buy(
  made: Awaited<ReturnType<typeof openEvent>>,
  quantity: number,
  options: { type?: 0 | 1; holderNames?: string[]; buyer?: Partial<typeof buyer>; meia?: boolean } = {},
) {
  const sectorId = made.sectors[options.type ?? 0].id;
  // A half-price unit is a line of its own, with its category and holder.
  const items = options.meia
    ? [
        {
          sectorId,
          quantity: 1,
          concession: 'student',
          holder: {
            name: options.holderNames?.[0] ?? 'Caio Meia',
            cpf: '111.444.777-35',
            birthDate: '2005-03-10',
            documentNumber: 'CIE 2026-001',
          },
        },
      ]
    : [{ sectorId, quantity, holderNames: options.holderNames }];
  const placed = await server.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: buyerCookie },
    payload: {
      eventId: made.event.id,
      items,
      buyer: { ...buyer, ...options.buyer },
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  await server.app.inject({ method: 'POST', url: `/api/orders/${order.id}/simulate-pix-payment`, headers: { cookie: buyerCookie } });
  const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  return { orderId: order.id as string, tickets: issued };
}

function call(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

const sha256 = (code: string) => createHash('sha256').update(code).digest('base64url');

function offlineScan(code: string, eventId: string, accepted: boolean, minutesAgo = 5, extra: object = {}) {
  return {
    nonce: randomUUID(),
    code,
    eventId,
    gate: 'Portão B',
    scannedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    accepted,
    ...extra,
  };
}

describe('the offline list a door device downloads', () => {
  it('has the event window and every ticket by the hash of its code, never the code, with holder, type and status', async () => {
    const made = await openEvent('Lista Offline');
    const {
      tickets: [ana, bia],
    } = await buy(made, 2, { holderNames: ['Ana Lima', 'Bia Souza'] });
    const {
      tickets: [meia],
    } = await buy(made, 1, { meia: true, holderNames: ['Caio Meia'] });
    await call('POST', '/api/check-ins', validator.cookie, { code: bia.code, eventId: made.event.id });

    const response = await call('GET', `/api/door/events/${made.event.id}/offline-data`, validator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const t of [ana, bia, meia]) expect(response.body).not.toContain(t.code);
    const data = response.json();
    expect(data.event).toMatchObject({ id: made.event.id, title: 'Lista Offline' });
    expect(new Date(data.event.opensAt).getTime()).toBeLessThan(Date.now());
    expect(new Date(data.event.closesAt).getTime()).toBeGreaterThan(Date.now());
    expect(Date.parse(data.generatedAt)).not.toBeNaN();
    expect(data.tickets).toHaveLength(3);
    const byHash = new Map(data.tickets.map((t: { hash: string }) => [t.hash, t]));
    expect(byHash.get(sha256(ana.code))).toEqual({
      hash: sha256(ana.code),
      holderName: 'Ana Lima',
      sectorName: 'Inteira',
      documentCheck: null,
      status: 'valid',
      checkedInAt: null,
    });
    expect(byHash.get(sha256(bia.code))).toMatchObject({ holderName: 'Bia Souza', status: 'used' });
    expect((byHash.get(sha256(bia.code)) as { checkedInAt: string }).checkedInAt).toBeTruthy();
    expect(byHash.get(sha256(meia.code))).toMatchObject({
      sectorName: 'Inteira · Meia-entrada (Estudante)',
      documentCheck: 'Conferir carteira de estudante (CIE)',
      status: 'valid',
    });
  });

  it('is for door staff only', async () => {
    const made = await openEvent();
    expect((await call('GET', `/api/door/events/${made.event.id}/offline-data`, buyerCookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/door/events/${made.event.id}/offline-data`, null)).statusCode).toBe(401);
    const admin = await server.signUpAs(['admin']);
    expect((await call('GET', `/api/door/events/${made.event.id}/offline-data`, admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/door/events/${randomUUID()}/offline-data`, validator.cookie)).statusCode).toBe(404);
  });
});

describe('syncing what a device decided offline', () => {
  it('records each scan once per nonce: a queue sent again changes nothing', async () => {
    const made = await openEvent();
    const {
      tickets: [ana, bia],
    } = await buy(made, 2);
    const scans = [
      offlineScan(ana.code, made.event.id, true, 10),
      offlineScan(bia.code, made.event.id, false, 9, { reason: 'not_on_list' }),
    ];
    const first = await call('POST', '/api/door/sync', validator.cookie, { deviceId: 'aparelho-a', scans });
    expect(first.statusCode).toBe(200);
    expect(first.json().results).toEqual([
      { nonce: scans[0].nonce, outcome: 'admitted', reason: null },
      { nonce: scans[1].nonce, outcome: 'refused', reason: 'not_on_list' },
    ]);
    expect(first.json().counts[made.event.id]).toEqual({ entries: 1, sold: 2 });

    const again = await call('POST', '/api/door/sync', validator.cookie, { deviceId: 'aparelho-a', scans });
    expect(again.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['duplicate', 'duplicate']);
    const rows = await server.deps.db.select().from(checkIns).where(eq(checkIns.eventId, made.event.id));
    expect(rows).toHaveLength(2);
    const admitted = rows.find((r) => r.accepted)!;
    expect(admitted).toMatchObject({
      ticketId: ana.id,
      offline: true,
      conflict: false,
      deviceId: 'aparelho-a',
      location: 'Portão B',
      validatorId: validator.userId,
    });
    expect(admitted.scannedAt.toISOString()).toBe(new Date(scans[0].scannedAt).toISOString());
    const [stored] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ana.id));
    expect(stored.checkedInAt?.toISOString()).toBe(new Date(scans[0].scannedAt).toISOString());
    expect(rows.find((r) => !r.accepted)).toMatchObject({ ticketId: bia.id, reason: 'not_on_list', offline: true, conflict: false });
  });

  it('two devices admitting one code offline: one entry and one flagged conflict', async () => {
    const made = await openEvent();
    const {
      tickets: [ana],
    } = await buy(made, 1);
    const fromA = offlineScan(ana.code, made.event.id, true, 6);
    const fromB = offlineScan(ana.code, made.event.id, true, 4);
    const [a, b] = await Promise.all([
      call('POST', '/api/door/sync', validator.cookie, { deviceId: 'aparelho-a', scans: [fromA] }),
      call('POST', '/api/door/sync', validator.cookie, { deviceId: 'aparelho-b', scans: [fromB] }),
    ]);
    const outcomes = [a.json().results[0].outcome, b.json().results[0].outcome].sort();
    expect(outcomes).toEqual(['admitted', 'conflict']);
    const rows = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, ana.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.accepted)).toHaveLength(1);
    expect(rows.filter((r) => r.conflict)).toEqual([
      expect.objectContaining({ accepted: false, reason: 'offline_conflict', offline: true }),
    ]);
    expect((await call('GET', `/api/door/events/${made.event.id}/counts`, validator.cookie)).json()).toEqual({ entries: 1, sold: 1 });
  });

  it('flags an offline admission of a ticket the server had already let in', async () => {
    const made = await openEvent();
    const {
      tickets: [ana],
    } = await buy(made, 1);
    expect((await call('POST', '/api/check-ins', validator.cookie, { code: ana.code, eventId: made.event.id })).json().accepted).toBe(true);
    const late = offlineScan(ana.code, made.event.id, true, 1);
    const synced = await call('POST', '/api/door/sync', validator.cookie, { deviceId: 'aparelho-c', scans: [late] });
    expect(synced.json().results[0]).toEqual({ nonce: late.nonce, outcome: 'conflict', reason: 'offline_conflict' });
    const [conflict] = await server.deps.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.ticketId, ana.id), eq(checkIns.conflict, true)));
    expect(conflict).toMatchObject({ accepted: false, deviceId: 'aparelho-c' });
  });

  it('records once a scan whose slow online answer the device gave up on and queued', async () => {
    const made = await openEvent();
    const {
      tickets: [ana],
    } = await buy(made, 1);
    const nonce = randomUUID();
    expect(
      (
        await call('POST', '/api/check-ins', validator.cookie, { code: ana.code, eventId: made.event.id, nonce, deviceId: 'aparelho-d' })
      ).json().accepted,
    ).toBe(true);
    const synced = await call('POST', '/api/door/sync', validator.cookie, {
      deviceId: 'aparelho-d',
      scans: [{ ...offlineScan(ana.code, made.event.id, true), nonce }],
    });
    expect(synced.json().results[0]).toMatchObject({ nonce, outcome: 'duplicate' });
    const rows = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, ana.id));
    expect(rows).toHaveLength(1);
  });

  it('records an offline admission dated outside the door window, or after the sync arrived, as a flagged conflict that burns nothing', async () => {
    const open = await openEvent('Porta Aberta');
    const {
      tickets: [in2001, in2099, tomorrow],
    } = await buy(open, 3);
    const far = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      daysAhead: 60,
      title: 'Daqui a 60 Dias',
    });
    const {
      tickets: [farTicket],
    } = await buy(far, 1);
    const over = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], { daysAhead: 3, title: 'Mês Passado' });
    const {
      tickets: [overTicket],
    } = await buy(over, 1);
    const monthAgo = saoPauloWall(new Date(Date.now() - 30 * 86_400_000));
    await server.deps.db.update(events).set({ date: monthAgo.date }).where(eq(events.id, over.event.id));

    const scans = [
      offlineScan(in2001.code, open.event.id, true, 0, { scannedAt: '2001-01-01T12:00:00.000Z' }),
      offlineScan(in2099.code, open.event.id, true, 0, { scannedAt: '2099-01-01T12:00:00.000Z' }),
      // Inside tonight's window, but later than the sync arrived (beyond any clock's drift).
      offlineScan(tomorrow.code, open.event.id, true, -30),
      offlineScan(farTicket.code, far.event.id, true, 1),
      offlineScan(overTicket.code, over.event.id, true, 1),
    ];
    const synced = await call('POST', '/api/door/sync', validator.cookie, { deviceId: 'aparelho-relogio', scans });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().results).toEqual(scans.map((s) => ({ nonce: s.nonce, outcome: 'conflict', reason: 'offline_out_of_window' })));
    expect(synced.json().counts[open.event.id]).toEqual({ entries: 0, sold: 3 });

    const bought = [in2001, in2099, tomorrow, farTicket, overTicket];
    for (const ticket of bought) {
      const [stored] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(stored.checkedInAt).toBeNull();
      const rows = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket.id));
      expect(rows).toEqual([expect.objectContaining({ accepted: false, conflict: true, offline: true, reason: 'offline_out_of_window' })]);
    }
    // Nothing was burnt: the ticket still gets in online at its open door.
    const online = (await call('POST', '/api/check-ins', validator.cookie, { code: in2001.code, eventId: open.event.id })).json();
    expect(online).toMatchObject({ accepted: true });
  });

  it("admits offline a scan dated a little after the sync arrived, within a device clock's drift", async () => {
    const made = await openEvent();
    const {
      tickets: [ana],
    } = await buy(made, 1);
    const ahead = offlineScan(ana.code, made.event.id, true, -1);
    const synced = await call('POST', '/api/door/sync', validator.cookie, { deviceId: 'aparelho-adiantado', scans: [ahead] });
    expect(synced.json().results[0]).toEqual({ nonce: ahead.nonce, outcome: 'admitted', reason: null });
  });

  it('refuses malformed batches and anyone but door staff', async () => {
    const made = await openEvent();
    const scan = offlineScan('NL1.x', made.event.id, true);
    expect((await call('POST', '/api/door/sync', buyerCookie, { deviceId: 'x', scans: [scan] })).statusCode).toBe(403);
    expect((await call('POST', '/api/door/sync', null, { deviceId: 'x', scans: [scan] })).statusCode).toBe(401);
    expect((await call('POST', '/api/door/sync', validator.cookie, { deviceId: 'x', scans: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => offlineScan('NL1.x', made.event.id, true));
    expect((await call('POST', '/api/door/sync', validator.cookie, { deviceId: 'x', scans: tooMany })).statusCode).toBe(400);
  });
});

describe('looking a ticket up at the door and letting it in by hand', () => {
  /** The door's look-up of `eventId` for `q`, as door staff. */
  async function searchAtDoor(eventId: string, q: string) {
    const response = await call('GET', `/api/door/events/${eventId}/search?q=${encodeURIComponent(q)}`, validator.cookie);
    expect(response.statusCode).toBe(200);
    return response.json().tickets as { ticketId: string; holderName: string; buyerName: string; orderNumber: string; status: string }[];
  }

  /** An event with Joana's order (two tickets, her CPF and e-mail), Marcos's, and a Joana at another event. */
  async function joanaAtTheDoor() {
    const made = await openEvent();
    const other = await openEvent();
    const joana = await buy(made, 2, {
      holderNames: ["Joana D'Ávila Prado", 'Pedro Prado'],
      buyer: { name: 'Joana Prado', email: 'joana.prado@exemplo.com.br', cpf: '111.444.777-35' },
    });
    await buy(made, 1, { holderNames: ['Marcos Lima'], buyer: { name: 'Marcos Lima', email: 'marcos@exemplo.com.br' } });
    await buy(other, 1, { holderNames: ['Joana Davila'], buyer: { email: 'joana.prado@exemplo.com.br', cpf: '111.444.777-35' } });
    return { made, joana };
  }

  it('finds tickets of the door event by part of a name, the whole CPF, the whole e-mail or the order number', async () => {
    const { made, joana } = await joanaAtTheDoor();
    const search = (q: string) => searchAtDoor(made.event.id, q);
    const byName = await search('davila');
    expect(byName.map((t) => t.holderName)).toEqual(["Joana D'Ávila Prado"]);
    expect(byName[0]).toMatchObject({
      sectorName: 'Inteira',
      buyerName: 'Joana Prado',
      orderNumber: joana.orderId.slice(0, 8),
      status: 'valid',
      checkedInAt: null,
    });
    expect(byName[0]).not.toHaveProperty('code');
    // The buyer's name by part finds the tickets she bought for others too.
    expect((await search('JOANA PRA')).map((t) => t.holderName).sort()).toEqual(["Joana D'Ávila Prado", 'Pedro Prado']);
    expect((await search('Joana.Prado@Exemplo.com.br')).map((t) => t.holderName).sort()).toEqual(["Joana D'Ávila Prado", 'Pedro Prado']);
    expect(await search('111.444.777-35')).toHaveLength(2);
    expect(await search('11144477735')).toHaveLength(2);
    expect((await search(`#${joana.orderId.slice(0, 8)}`)).map((t) => t.ticketId).sort()).toEqual(joana.tickets.map((t) => t.id).sort());
    expect(await search('ninguém assim')).toEqual([]);
    expect((await call('GET', `/api/door/events/${made.event.id}/search?q=a`, validator.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/api/door/events/${made.event.id}/search?q=joana`, buyerCookie)).statusCode).toBe(403);
  });

  it('finds nothing by a part of a CPF or of an e-mail, so neither can be read out digit by digit', async () => {
    const { made } = await joanaAtTheDoor();
    const parts = [
      '777-35',
      '4477735',
      '444.777-35',
      '1114447773',
      '111.444.777-3',
      'joana.prado@',
      'prado@exemplo.com.br',
      '@exemplo.com.br',
      'exemplo.com.br',
      'joana.prado@exemplo.com',
    ];
    for (const q of parts) expect(await searchAtDoor(made.event.id, q), q).toEqual([]);
  });

  it('lets a ticket in by hand once, recorded as manual with who did it; a second time is refused', async () => {
    const made = await openEvent();
    const {
      tickets: [ana],
    } = await buy(made, 1, { holderNames: ['Ana Sem Bateria'] });
    const admit = () =>
      call('POST', '/api/door/manual-check-in', validator.cookie, { eventId: made.event.id, ticketId: ana.id, gate: 'Bilheteria' });
    const first = await admit();
    expect(first.json()).toMatchObject({ accepted: true, holderName: 'Ana Sem Bateria', sectorName: 'Inteira' });
    const second = (await admit()).json();
    expect(second).toMatchObject({ accepted: false, reason: 'already_used' });
    expect(second.message).toMatch(/^Ingresso já utilizado (em |às )/);
    const rows = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, ana.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.accepted)).toMatchObject({ manual: true, validatorId: validator.userId, location: 'Bilheteria' });
    const found = (await call('GET', `/api/door/events/${made.event.id}/search?q=bateria`, validator.cookie)).json().tickets;
    expect(found[0]).toMatchObject({ status: 'used' });
    expect(found[0].checkedInAt).toBeTruthy();
  });

  it('refuses by hand a ticket of another event without burning it', async () => {
    const made = await openEvent();
    const other = await openEvent('Outra Festa');
    const {
      tickets: [ana],
    } = await buy(other, 1);
    const result = (await call('POST', '/api/door/manual-check-in', validator.cookie, { eventId: made.event.id, ticketId: ana.id })).json();
    expect(result).toMatchObject({ accepted: false, reason: 'other_event', message: 'Ingresso de outro evento: Outra Festa' });
    const [stored] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ana.id));
    expect(stored.checkedInAt).toBeNull();
  });
});

describe('the events a door may work, and no other', () => {
  /** Every per-event read of the door for `eventId` (and a manual entry of `ticketId`): status and code of each. */
  async function doorReads(eventId: string, ticketId: string) {
    const answers = await Promise.all([
      call('GET', `/api/door/events/${eventId}/search?q=ana`, validator.cookie),
      call('GET', `/api/door/events/${eventId}/offline-data`, validator.cookie),
      call('GET', `/api/door/events/${eventId}/counts`, validator.cookie),
      liveAnswer(eventId),
      call('POST', '/api/door/manual-check-in', validator.cookie, { eventId, ticketId }),
    ]);
    return answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode} ${a.json().code}`));
  }
  /** The live counts stream's answer: its status, and the error body when it did not open (an open stream is closed at once). */
  function liveAnswer(eventId: string): Promise<{ statusCode: number; json(): { code: string } }> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/door/events/${eventId}/live`, { headers: { cookie: validator.cookie } }, (response) => {
        const statusCode = response.statusCode ?? 0;
        if (statusCode === 200) {
          request.destroy();
          resolve({ statusCode, json: () => ({ code: '' }) });
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ statusCode, json: () => JSON.parse(body) }));
      });
      request.on('error', reject);
    });
  }
  const listed = async () =>
    (await call('GET', '/api/door/events', validator.cookie)).json().events.map((e: { id: string }) => e.id) as string[];

  it('refuses the search, the offline list, the counts and a manual entry for an event the picker does not offer: over, or a draft', async () => {
    const past = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      daysAhead: 3,
      title: 'Acabou Mês Passado',
    });
    const {
      tickets: [pastTicket],
    } = await buy(past, 1, { holderNames: ['Ana Antiga'] });
    const monthAgo = saoPauloWall(new Date(Date.now() - 30 * 86_400_000));
    await server.deps.db.update(events).set({ date: monthAgo.date }).where(eq(events.id, past.event.id));
    const draft = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], { daysAhead: 3, title: 'Rascunho' });
    await server.deps.db.update(events).set({ isPublished: false }).where(eq(events.id, draft.event.id));

    const offered = await listed();
    expect(offered).not.toContain(past.event.id);
    expect(offered).not.toContain(draft.event.id);
    expect(await doorReads(past.event.id, pastTicket.id)).toEqual(Array(5).fill('404 event_not_found'));
    expect(await doorReads(draft.event.id, randomUUID())).toEqual(Array(5).fill('404 event_not_found'));
    // Refused before anything was read or recorded.
    expect(await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, pastTicket.id))).toEqual([]);
    const [stored] = await server.deps.db.select().from(tickets).where(eq(tickets.id, pastTicket.id));
    expect(stored.checkedInAt).toBeNull();
  });

  it('answers them for the events the picker offers: open tonight, and days away', async () => {
    const tonight = await openEvent();
    const {
      tickets: [tonightTicket],
    } = await buy(tonight, 1, { holderNames: ['Ana Hoje'] });
    const soon = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      daysAhead: 5,
      title: 'Daqui a 5 Dias',
    });
    const {
      tickets: [soonTicket],
    } = await buy(soon, 1, { holderNames: ['Ana Breve'] });
    const offered = await listed();
    expect(offered).toEqual(expect.arrayContaining([tonight.event.id, soon.event.id]));
    expect(await doorReads(tonight.event.id, tonightTicket.id)).toEqual([200, 200, 200, 200, 200]);
    expect(await doorReads(soon.event.id, soonTicket.id)).toEqual([200, 200, 200, 200, 200]);
    // The door of the event days away is not open yet: the manual entry is refused, not burnt.
    expect(
      (await call('POST', '/api/door/manual-check-in', validator.cookie, { eventId: soon.event.id, ticketId: soonTicket.id })).json(),
    ).toMatchObject({ accepted: false, reason: 'too_early' });
  });

  it('still answers a door that picked an event before its organizer cancelled it: every ticket reads cancelled', async () => {
    const made = await openEvent();
    const {
      tickets: [ana],
    } = await buy(made, 1, { holderNames: ['Ana Cancelada'] });
    await server.deps.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, made.event.id));
    expect(await listed()).not.toContain(made.event.id);
    const list = (await call('GET', `/api/door/events/${made.event.id}/offline-data`, validator.cookie)).json();
    expect(list.tickets).toEqual([expect.objectContaining({ holderName: 'Ana Cancelada', status: 'cancelled' })]);
    expect(
      (await call('POST', '/api/door/manual-check-in', validator.cookie, { eventId: made.event.id, ticketId: ana.id })).json(),
    ).toMatchObject({ accepted: false, reason: 'cancelled' });
  });
});

describe('live counts at the door', () => {
  it('counts entries against tickets sold', async () => {
    const made = await openEvent();
    const { tickets: bought } = await buy(made, 3);
    expect((await call('GET', `/api/door/events/${made.event.id}/counts`, validator.cookie)).json()).toEqual({ entries: 0, sold: 3 });
    await call('POST', '/api/check-ins', validator.cookie, { code: bought[0].code, eventId: made.event.id });
    await call('POST', '/api/check-ins', validator.cookie, { code: bought[0].code, eventId: made.event.id });
    expect((await call('GET', `/api/door/events/${made.event.id}/counts`, validator.cookie)).json()).toEqual({ entries: 1, sold: 3 });
    expect((await call('GET', `/api/door/events/${made.event.id}/counts`, buyerCookie)).statusCode).toBe(403);
  });

  it('reaches an open door stream when an entry commits (LISTEN/NOTIFY)', async () => {
    const made = await openEvent();
    const { tickets: bought } = await buy(made, 2);
    const received: string[] = [];
    const request = http.get(`${baseUrl}/api/door/events/${made.event.id}/live`, { headers: { cookie: validator.cookie } });
    await new Promise<void>((resolve, reject) => {
      request.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/event-stream');
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received.push(chunk);
          if (received.join('').includes('event: counts')) resolve();
        });
      });
      request.on('error', reject);
    });
    expect(received.join('')).toContain('data: {"entries":0,"sold":2}');
    await call('POST', '/api/check-ins', validator.cookie, { code: bought[0].code, eventId: made.event.id });
    await expect.poll(() => received.join(''), { timeout: 5000 }).toContain('data: {"entries":1,"sold":2}');
    // An offline sync from another device announces its entries too.
    await call('POST', '/api/door/sync', validator.cookie, {
      deviceId: 'aparelho-e',
      scans: [offlineScan(bought[1].code, made.event.id, true)],
    });
    await expect.poll(() => received.join(''), { timeout: 5000 }).toContain('data: {"entries":2,"sold":2}');
    request.destroy();

    const refused = await new Promise<number>((resolve) => {
      http.get(`${baseUrl}/api/door/events/${made.event.id}/live`, { headers: { cookie: buyerCookie } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
    });
    expect(refused).toBe(403);
  });
});
