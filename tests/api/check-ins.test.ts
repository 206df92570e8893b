import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkIns, events, tickets } from '../../src/server/db/schema';
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

/** Moves an event so that it started an hour ago and ends in three hours: its door is open. */
async function openDoorNow(eventId: string) {
  const start = saoPauloWall(new Date(Date.now() - 60 * 60_000));
  const end = saoPauloWall(new Date(Date.now() + 3 * 60 * 60_000));
  await server.deps.db.update(events).set({ date: start.date, startTime: start.time, endTime: end.time }).where(eq(events.id, eventId));
}

async function buyTickets(
  quantity: number,
  options: { daysAhead?: number; open?: boolean; title?: string; meia?: 'student' | 'pcd'; holderNames?: string[] } = {},
) {
  const { cookie } = await server.signUpAs();
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 100 }], {
    daysAhead: options.daysAhead ?? 10,
    title: options.title ?? 'Noite de Teste',
    meiaEntrada: options.meia !== undefined,
  });
  if (options.open !== false) await openDoorNow(event.id);
  const items = options.meia
    ? [
        {
          sectorId: type.id,
          quantity: 1,
          concession: options.meia,
          holder: {
            name: options.holderNames?.[0] ?? 'Bia Souza',
            cpf: '111.444.777-35',
            birthDate: '2003-08-01',
            documentNumber: 'DOC-1',
          },
        },
      ]
    : [{ sectorId: type.id, quantity, holderNames: options.holderNames }];
  const order = (
    await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie },
      payload: { eventId: event.id, items, buyer, paymentMethod: 'pix', installments: 1 },
    })
  ).json();
  await server.app.inject({ method: 'POST', url: `/api/orders/${order.id}/simulate-pix-payment`, headers: { cookie } });
  const issued = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
  return { event, order, codes: issued.map((t) => t.code), cookie };
}

function scan(code: string, eventId: string, cookie = validatorCookie, extra: object = {}) {
  return server.app.inject({ method: 'POST', url: '/api/check-ins', headers: { cookie }, payload: { code, eventId, ...extra } });
}

async function ticketByCode(code: string) {
  const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.code, code));
  return ticket;
}

describe('checking tickets in at the door', () => {
  it('admits a paid ticket once with its holder and type, then refuses it with the time of the first entry', async () => {
    const { event, codes } = await buyTickets(1, { holderNames: ['Ana Lima'] });
    const first = (await scan(codes[0], event.id)).json();
    expect(first).toMatchObject({
      accepted: true,
      eventTitle: 'Noite de Teste',
      sectorName: 'Pista',
      holderName: 'Ana Lima',
      documentCheck: null,
    });
    const second = (await scan(codes[0], event.id)).json();
    expect(second).toMatchObject({ accepted: false, reason: 'already_used', holderName: 'Ana Lima' });
    expect(second.message).toMatch(/^Ingresso já utilizado (em \d{2}\/\d{2}\/\d{4} )?às \d{2}:\d{2}$/);
    expect(second.checkedInAt).toBe(first.checkedInAt);
  });

  it('asks for the document of a half-price ticket by its category', async () => {
    const student = await buyTickets(1, { meia: 'student', holderNames: ['Bia Souza'] });
    expect((await scan(student.codes[0], student.event.id)).json()).toMatchObject({
      accepted: true,
      holderName: 'Bia Souza',
      sectorName: 'Pista · Meia-entrada (Estudante)',
      documentCheck: 'Conferir carteira de estudante (CIE)',
    });
    const pcd = await buyTickets(1, { meia: 'pcd', holderNames: ['Caio Lima'] });
    expect((await scan(pcd.codes[0], pcd.event.id)).json()).toMatchObject({
      accepted: true,
      documentCheck: 'Conferir documento de pessoa com deficiência',
    });
  });

  it('records the gate and the device of each scan, and the main entrance when no gate is named', async () => {
    const { event, codes } = await buyTickets(2);
    await scan(codes[0], event.id, validatorCookie, { gate: 'Portão B', deviceId: 'aparelho-1' });
    await scan(codes[1], event.id);
    const [a] = await server.deps.db.select().from(checkIns).where(eq(checkIns.scannedCode, codes[0]));
    const [b] = await server.deps.db.select().from(checkIns).where(eq(checkIns.scannedCode, codes[1]));
    expect(a).toMatchObject({
      accepted: true,
      location: 'Portão B',
      deviceId: 'aparelho-1',
      offline: false,
      manual: false,
      eventId: event.id,
    });
    expect(b).toMatchObject({ accepted: true, location: 'Entrada principal', deviceId: null });
  });

  it('refuses an unknown or forged code and records the scan', async () => {
    const { event, codes } = await buyTickets(1);
    const forged = codes[0].slice(0, -2) + (codes[0].endsWith('AA') ? 'BB' : 'AA');
    const result = (await scan(forged, event.id)).json();
    expect(result).toMatchObject({ accepted: false, reason: 'unknown_code', message: 'Código não reconhecido' });
    const recorded = await server.deps.db.select().from(checkIns).where(eq(checkIns.scannedCode, forged));
    expect(recorded).toHaveLength(1);
    expect(recorded[0].eventId).toBe(event.id);
  });

  it("refuses a ticket of another event with that event's name, without burning it", async () => {
    const { codes } = await buyTickets(1, { title: 'Baile do Havaí' });
    const other = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 1 }], { title: 'Outra Noite' });
    await openDoorNow(other.event.id);
    const result = (await scan(codes[0], other.event.id)).json();
    expect(result).toMatchObject({
      accepted: false,
      reason: 'other_event',
      message: 'Ingresso de outro evento: Baile do Havaí',
      eventTitle: 'Baile do Havaí',
    });
    expect((await ticketByCode(codes[0])).checkedInAt).toBeNull();
    const [recorded] = await server.deps.db.select().from(checkIns).where(eq(checkIns.scannedCode, codes[0]));
    expect(recorded).toMatchObject({ accepted: false, reason: 'other_event', eventId: other.event.id });
  });

  it('refuses before the door opens with the opening time, and after the event, without burning the ticket', async () => {
    const early = await buyTickets(1, { daysAhead: 12, open: false });
    const tooEarly = (await scan(early.codes[0], early.event.id)).json();
    expect(tooEarly).toMatchObject({ accepted: false, reason: 'too_early' });
    // 20:00 in São Paulo, door opening 4 hours before (DOOR_OPENS_MINUTES_BEFORE's default).
    const [, month, day] = /^\d{4}-(\d{2})-(\d{2})$/.exec(early.event.date)!;
    expect(tooEarly.message).toBe(`Entrada a partir de ${day}/${month} às 16:00`);
    expect((await ticketByCode(early.codes[0])).checkedInAt).toBeNull();

    const late = await buyTickets(1, { daysAhead: 10, open: false });
    await server.deps.db
      .update(events)
      .set({ date: saoPauloWall(new Date(Date.now() - 3 * 86_400_000)).date })
      .where(eq(events.id, late.event.id));
    const over = (await scan(late.codes[0], late.event.id)).json();
    expect(over).toMatchObject({ accepted: false, reason: 'event_over', message: 'Evento encerrado' });
    expect((await ticketByCode(late.codes[0])).checkedInAt).toBeNull();
  });

  it('refuses the tickets of a cancelled event', async () => {
    const { event, codes } = await buyTickets(1);
    await server.deps.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, event.id));
    expect((await scan(codes[0], event.id)).json()).toMatchObject({ accepted: false, reason: 'cancelled' });
    expect((await ticketByCode(codes[0])).checkedInAt).toBeNull();
  });

  it('asks which event the door works: no scan without one', async () => {
    const { codes } = await buyTickets(1);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/check-ins',
      headers: { cookie: validatorCookie },
      payload: { code: codes[0] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { field: 'eventId' } });
    expect((await ticketByCode(codes[0])).checkedInAt).toBeNull();
  });

  it('refuses buyers without the validator role (403)', async () => {
    const { event, codes, cookie } = await buyTickets(1);
    const response = await scan(codes[0], event.id, cookie);
    expect(response.statusCode).toBe(403);
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/check-ins', payload: { code: codes[0], eventId: event.id } })).statusCode,
    ).toBe(401);
  });

  it('admits exactly once when 20 doors scan the same code at the same moment', async () => {
    const { event, codes } = await buyTickets(1);
    const results = await Promise.all(Array.from({ length: 20 }, () => scan(codes[0], event.id).then((r) => r.json())));
    expect(results.filter((r) => r.accepted)).toHaveLength(1);
    expect(results.filter((r) => !r.accepted).every((r) => r.reason === 'already_used')).toBe(true);
    const ticket = await ticketByCode(codes[0]);
    const recorded = await server.deps.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket.id));
    expect(recorded).toHaveLength(20);
    expect(recorded.filter((c) => c.accepted)).toHaveLength(1);
  });

  it("answers a rush of scans at once each on its own: every code in once, repeats with the first entry's time, strangers refused", async () => {
    const { event, codes } = await buyTickets(6);
    const other = await buyTickets(1, { title: 'Outra Noite' });
    const devices = ['aparelho-1', 'aparelho-2', 'aparelho-3'];
    // Each code three times from three devices, plus a forged code and a ticket of another event.
    const rush = [
      ...codes.flatMap((code) => devices.map((deviceId) => ({ code, deviceId }))),
      { code: 'NL-FALSO-123', deviceId: 'aparelho-1' },
      { code: other.codes[0], deviceId: 'aparelho-2' },
    ];
    const results = await Promise.all(
      rush.map((s) =>
        scan(s.code, event.id, validatorCookie, { deviceId: s.deviceId, gate: `Portão ${s.deviceId.slice(-1)}` }).then((r) => r.json()),
      ),
    );
    for (const code of codes) {
      const own = results.filter((_, i) => rush[i].code === code);
      expect(own.filter((r) => r.accepted)).toHaveLength(1);
      const entry = own.find((r) => r.accepted)!;
      for (const refusal of own.filter((r) => !r.accepted)) {
        expect(refusal).toMatchObject({ reason: 'already_used', checkedInAt: entry.checkedInAt });
      }
      const recorded = await server.deps.db
        .select()
        .from(checkIns)
        .where(eq(checkIns.ticketId, (await ticketByCode(code)).id));
      expect(recorded.map((c) => c.deviceId).sort()).toEqual(devices);
      const accepted = recorded.filter((c) => c.accepted);
      expect(accepted).toHaveLength(1);
      expect(accepted[0].location).toBe(`Portão ${accepted[0].deviceId!.slice(-1)}`);
    }
    expect(results[rush.length - 2]).toMatchObject({ accepted: false, reason: 'unknown_code' });
    expect(results[rush.length - 1]).toMatchObject({ accepted: false, reason: 'other_event', eventTitle: 'Outra Noite' });
    expect((await ticketByCode(other.codes[0])).checkedInAt).toBeNull();
  });

  it('gives a scan sent twice with one nonce, amid a rush, the answer recorded the first time', async () => {
    const { event, codes } = await buyTickets(4);
    const nonce = '6f1c2d3e-4b5a-4978-8a9b-0c1d2e3f4a5b';
    const [first] = await Promise.all([scan(codes[0], event.id, validatorCookie, { nonce, deviceId: 'aparelho-n' }).then((r) => r.json())]);
    const again = await Promise.all([
      scan(codes[0], event.id, validatorCookie, { nonce, deviceId: 'aparelho-n' }).then((r) => r.json()),
      ...codes.slice(1).map((code) => scan(code, event.id).then((r) => r.json())),
    ]);
    expect(first.accepted).toBe(true);
    expect(again[0]).toMatchObject({ accepted: true, checkedInAt: first.checkedInAt });
    expect(again.slice(1).every((r) => r.accepted)).toBe(true);
    expect(await server.deps.db.select().from(checkIns).where(eq(checkIns.nonce, nonce))).toHaveLength(1);
  });

  it("refuses a nonce already recorded when it comes with another code, without naming the other ticket's holder", async () => {
    const {
      event,
      codes: [ana, bia],
    } = await buyTickets(2, { holderNames: ['Ana Primeira', 'Bia Segunda'] });
    const nonce = `reuso-${Math.random().toString(36).slice(2, 12)}`;
    expect((await scan(ana, event.id, validatorCookie, { nonce })).json()).toMatchObject({ accepted: true, holderName: 'Ana Primeira' });

    const reused = await scan(bia, event.id, validatorCookie, { nonce });
    expect(reused.statusCode).toBe(200);
    const answer = reused.json();
    expect(answer).toEqual({
      accepted: false,
      reason: 'nonce_reused',
      message: 'Leitura não registrada: identificador repetido. Escaneie o código de novo.',
      eventTitle: null,
      sectorName: null,
      holderName: null,
      checkedInAt: null,
      checkedInGate: null,
      opensAt: null,
      isEventCancelled: false,
    });
    expect(reused.body).not.toContain('Ana Primeira');
    expect(reused.body).not.toContain('Bia Segunda');
    // Nothing burnt, and the first scan's record untouched.
    expect((await ticketByCode(bia)).checkedInAt).toBeNull();
    expect(await server.deps.db.select().from(checkIns).where(eq(checkIns.nonce, nonce))).toEqual([
      expect.objectContaining({ scannedCode: ana, accepted: true }),
    ]);
    // The same code with its own nonce again is the recorded answer; a new nonce is a new scan.
    expect((await scan(ana, event.id, validatorCookie, { nonce })).json()).toMatchObject({ accepted: true, holderName: 'Ana Primeira' });
    expect((await scan(bia, event.id, validatorCookie, { nonce: `${nonce}-2` })).json()).toMatchObject({
      accepted: true,
      holderName: 'Bia Segunda',
    });
  });
});

describe('the events a door may work', () => {
  it("lists today's events first, then the next ones, without cancelled or finished ones", async () => {
    const today = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }], {
      daysAhead: 0,
      title: 'Hoje na Porta',
    });
    await openDoorNow(today.event.id);
    const next = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }], {
      daysAhead: 2,
      title: 'Depois de Amanhã',
    });
    const cancelled = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }], {
      daysAhead: 1,
      title: 'Cancelado',
    });
    await server.deps.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, cancelled.event.id));
    const past = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }], { daysAhead: -2, title: 'Passado' });

    const response = await server.app.inject({ method: 'GET', url: '/api/door/events', headers: { cookie: validatorCookie } });
    expect(response.statusCode).toBe(200);
    const listed: { id: string; isToday: boolean; opensAt: string; closesAt: string }[] = response.json().events;
    const ids = listed.map((e) => e.id);
    expect(ids).toContain(today.event.id);
    expect(ids).toContain(next.event.id);
    expect(ids).not.toContain(cancelled.event.id);
    expect(ids).not.toContain(past.event.id);
    expect(ids.indexOf(today.event.id)).toBeLessThan(ids.indexOf(next.event.id));
    expect(listed.find((e) => e.id === today.event.id)).toMatchObject({ isToday: true });
    expect(listed.find((e) => e.id === next.event.id)).toMatchObject({ isToday: false });
    const firstNotToday = listed.findIndex((e) => !e.isToday);
    expect(listed.slice(firstNotToday).every((e) => !e.isToday)).toBe(true);

    const old = await server.app.inject({ method: 'GET', url: '/api/check-ins/events', headers: { cookie: validatorCookie } });
    expect(old.json().events.map((e: { id: string }) => e.id)).toEqual(ids);
  });
});
