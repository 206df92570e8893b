import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkIns, events, tickets } from '../../src/server/db/schema';
import { DEFAULT_DOOR_OPENS_MINUTES_BEFORE } from '../../src/server/domain/door-window';
import { checkInTicket } from '../../src/server/services/door/check-in-ticket';
import { hashTicketCode } from '../../src/shared/admission';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: { userId: string; cookie: string };
let validator: { userId: string; cookie: string };
beforeAll(async () => {
  server = await startTestServer({ poolSize: 30 });
  admin = await server.signUpAs(['admin']);
  validator = await server.signUpAs(['validator']);
});
afterAll(async () => {
  await server?.stop();
});

const DAY_MS = 24 * 60 * 60_000;

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

/** '2026-03-14' -> '14/03'. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * A session on the day `offsetDays` from today that started an hour ago (on that day) and ends
 * three hours later: on day 0 its door is open now, on day n it is open n days from now.
 */
function sessionOn(offsetDays: number, name: string) {
  const start = saoPauloWall(new Date(Date.now() + offsetDays * DAY_MS - 60 * 60_000));
  const end = saoPauloWall(new Date(Date.now() + offsetDays * DAY_MS + 3 * 60 * 60_000));
  return { name, date: start.date, startTime: start.time, endTime: end.time, capacity: 500 };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie }, payload });
}

/** A festival of three nights with a 3-day pass and a second-night ticket, as the back office saves it. */
async function festival(options: { exitScans?: boolean } = {}) {
  const {
    event,
    sectors: [pass, second],
  } = await createEvent(
    server,
    [
      { name: 'Passaporte', priceCentavos: 30000, remaining: 50 },
      { name: 'Sábado', priceCentavos: 12000, remaining: 50 },
    ],
    { title: 'Festival Três Noites' },
  );
  const sessions = [sessionOn(0, 'Sexta'), sessionOn(1, 'Sábado'), sessionOn(2, 'Domingo')];
  const saved = await call('PUT', `/api/admin/events/${event.id}/sessions`, admin.cookie, {
    sessions,
    exitScans: options.exitScans ?? false,
    sectors: [
      { sectorId: pass.id, sessions: [] },
      { sectorId: second.id, sessions: [1] },
    ],
  });
  expect(saved.statusCode).toBe(200);
  return { event, pass, second, sessions: saved.json().sessions as { id: string; name: string; date: string }[] };
}

let lastBuyerCookie = '';

async function buy(eventId: string, sectorId: string, quantity = 1): Promise<string[]> {
  const { cookie } = await server.signUpAs();
  lastBuyerCookie = cookie;
  const order = (
    await call('POST', '/api/orders', cookie, {
      eventId,
      items: [{ sectorId, quantity }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    })
  ).json();
  await call('POST', `/api/orders/${order.id}/simulate-pix-payment`, cookie);
  return (await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).map((t) => t.code);
}

function scan(code: string, eventId: string, extra: object = {}) {
  return call('POST', '/api/check-ins', validator.cookie, { code, eventId, ...extra }).then((r) => r.json());
}

/** A scan `days` days from now, through the same service the route calls. */
function scanOnDay(days: number, code: string, eventId: string) {
  return checkInTicket(
    server.deps,
    { code, eventId, validatorId: validator.userId },
    { opensMinutesBefore: DEFAULT_DOOR_OPENS_MINUTES_BEFORE },
    new Date(Date.now() + days * DAY_MS),
  );
}

describe('sessions and passes at the door', () => {
  it("saves an event's sessions with the sectors each covers, and shows them on the event page", async () => {
    const { event, pass, second, sessions } = await festival();
    expect(sessions.map((s) => s.name)).toEqual(['Sexta', 'Sábado', 'Domingo']);
    expect((await call('GET', `/api/admin/events/${event.id}/sessions`, validator.cookie)).statusCode).toBe(403);
    // A draft's sessions are no one's to read; a published event's are on its page.
    await server.deps.db.update(events).set({ isPublished: false }).where(eq(events.id, event.id));
    expect((await server.app.inject({ method: 'GET', url: `/api/events/${event.id}/sessions` })).statusCode).toBe(404);
    await server.deps.db.update(events).set({ isPublished: true }).where(eq(events.id, event.id));
    const shown = (await server.app.inject({ method: 'GET', url: `/api/events/${event.id}/sessions` })).json();
    expect(shown.sectors).toEqual([
      { sectorId: pass.id, name: 'Passaporte', sessionIds: [] },
      { sectorId: second.id, name: 'Sábado', sessionIds: [sessions[1].id] },
    ]);
    // A session index that is not in the list is refused, nothing saved.
    const bad = await call('PUT', `/api/admin/events/${event.id}/sessions`, admin.cookie, {
      sessions: [],
      exitScans: false,
      sectors: [{ sectorId: pass.id, sessions: [3] }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/admin/events/${event.id}/sessions`, admin.cookie)).json().sessions).toHaveLength(3);
    // A capacity past 1.000.000 is refused with its pt-BR message, nothing saved.
    for (const capacity of [2 ** 31, 1_000_001]) {
      const huge = await call('PUT', `/api/admin/events/${event.id}/sessions`, admin.cookie, {
        sessions: [{ ...sessionOn(0, 'Sexta'), capacity }],
        exitScans: false,
        sectors: [],
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.body).toContain('A capacidade máxima é de 1.000.000 pessoas');
    }
    expect(
      (await call('GET', `/api/admin/events/${event.id}/sessions`, admin.cookie))
        .json()
        .sessions.map((s: { capacity: number }) => s.capacity),
    ).toEqual([500, 500, 500]);
  });

  it('lets a 3-day pass in once per day and a day ticket only on its day, with a clear refusal on the others', async () => {
    const { event, pass, second, sessions } = await festival();
    const [passCode] = await buy(event.id, pass.id);
    const [saturdayCode] = await buy(event.id, second.id);

    // Day 1 (now): the pass gets in once; the Saturday ticket is refused, naming its day.
    expect(await scan(passCode, event.id)).toMatchObject({ accepted: true, sessionLabel: `Sexta ${dayMonth(sessions[0].date)}` });
    expect(await scan(passCode, event.id)).toMatchObject({ accepted: false, reason: 'already_used' });
    const refused = await scan(saturdayCode, event.id);
    expect(refused).toMatchObject({
      accepted: false,
      reason: 'wrong_session',
      message: `Ingresso não vale para esta sessão (vale para: Sábado ${dayMonth(sessions[1].date)})`,
    });

    // Day 2: both get in once.
    expect(await scanOnDay(1, passCode, event.id)).toMatchObject({ accepted: true, sessionLabel: `Sábado ${dayMonth(sessions[1].date)}` });
    expect(await scanOnDay(1, saturdayCode, event.id)).toMatchObject({ accepted: true });
    expect(await scanOnDay(1, passCode, event.id)).toMatchObject({ accepted: false, reason: 'already_used' });
    expect(await scanOnDay(1, saturdayCode, event.id)).toMatchObject({ accepted: false, reason: 'already_used' });

    // Day 3: the pass again, the Saturday ticket no more.
    expect(await scanOnDay(2, passCode, event.id)).toMatchObject({ accepted: true });
    expect(await scanOnDay(2, saturdayCode, event.id)).toMatchObject({ accepted: false, reason: 'wrong_session' });

    // Every scan is recorded with its session: the pass entered once in each.
    const passId = (await server.deps.db.select().from(tickets).where(eq(tickets.code, passCode)))[0].id;
    const entries = await server.deps.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.ticketId, passId), eq(checkIns.accepted, true)));
    expect(entries.map((e) => e.sessionId).sort()).toEqual(sessions.map((s) => s.id).sort());
    const refusals = await server.deps.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.scannedCode, saturdayCode), eq(checkIns.accepted, false)));
    expect(refusals.map((r) => r.reason).sort()).toEqual(['already_used', 'wrong_session', 'wrong_session']);
  });

  it('admits on the session the door operator picks, and refuses there what that session does not cover', async () => {
    const { event, second, sessions } = await festival();
    const [saturdayCode] = await buy(event.id, second.id);
    // Today is Friday's session; a door that picked Saturday weighs Saturday's window (not open yet).
    expect(await scan(saturdayCode, event.id, { sessionId: sessions[1].id })).toMatchObject({ accepted: false, reason: 'too_early' });
    expect(await scan(saturdayCode, event.id, { sessionId: sessions[0].id })).toMatchObject({ accepted: false, reason: 'wrong_session' });
  });

  it('with exit scans lets a ticket out and back in, never inside twice, and counts people inside', async () => {
    const { event, pass } = await festival({ exitScans: true });
    const [code, other] = await buy(event.id, pass.id, 2);
    const first = await scan(code, event.id);
    expect(first).toMatchObject({ accepted: true, direction: 'in', isReentry: false });
    await scan(other, event.id);
    const again = await scan(code, event.id);
    expect(again).toMatchObject({ accepted: false, reason: 'already_inside', checkedInAt: first.checkedInAt });
    expect(again.message).toMatch(/^Já está dentro desde (\d{2}\/\d{2} às )?\d{2}:\d{2}$/);
    expect(await scan(code, event.id, { direction: 'out' })).toMatchObject({ accepted: true, direction: 'out' });
    expect(await scan(code, event.id, { direction: 'out' })).toMatchObject({ accepted: false, reason: 'not_inside' });
    expect((await call('GET', `/api/door/events/${event.id}/counts`, validator.cookie)).json()).toEqual({ entries: 2, inside: 1, sold: 2 });

    // Ten doors read the code that went out at once: one lets it back in, the others find it inside.
    const rush = await Promise.all(Array.from({ length: 10 }, () => scan(code, event.id)));
    expect(rush.filter((r) => r.accepted)).toEqual([expect.objectContaining({ isReentry: true })]);
    expect(rush.filter((r) => !r.accepted).every((r) => r.reason === 'already_inside')).toBe(true);
    expect((await call('GET', `/api/door/events/${event.id}/counts`, validator.cookie)).json()).toEqual({ entries: 2, inside: 2, sold: 2 });
    // The back office's live count is people inside too.
    const dashboard = (await call('GET', '/api/admin/dashboard', admin.cookie)).json();
    expect(dashboard.checkInProgress.find((row: { eventId: string }) => row.eventId === event.id)).toMatchObject({ checkedIn: 2 });

    // The database itself refuses a second entry of the same turn.
    const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.code, code));
    const [entry] = await server.deps.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.ticketId, ticket.id), eq(checkIns.accepted, true), eq(checkIns.entryNumber, 2)));
    await expect(
      server.deps.db.insert(checkIns).values({
        ticketId: ticket.id,
        eventId: event.id,
        scannedCode: code,
        accepted: true,
        sessionId: entry.sessionId,
        direction: 'in',
        entryNumber: 2,
      }),
    ).rejects.toThrow();
  });

  it('a pass admitted offline on a day it does not cover is recorded as a conflict, nothing lost; the offline list knows the sessions', async () => {
    const { event, pass, second, sessions } = await festival();
    const [saturdayCode] = await buy(event.id, second.id);
    const [passCode] = await buy(event.id, pass.id);
    const list = (await call('GET', `/api/door/events/${event.id}/offline-data`, validator.cookie)).json();
    expect(list.event.sessions.map((s: { label: string }) => s.label)).toEqual(sessions.map((s) => `${s.name} ${dayMonth(s.date)}`));
    const listed = (code: string) => list.tickets.find((t: { hash: string }) => t.hash === hashTicketCode(code));
    expect(listed(saturdayCode)).toMatchObject({ status: 'valid', sessionIds: [sessions[1].id], turns: [] });
    expect(listed(passCode)).toMatchObject({ sessionIds: [] });

    const at = new Date().toISOString();
    const synced = await call('POST', '/api/door/sync', validator.cookie, {
      deviceId: 'portao-2',
      scans: [
        { nonce: 'offline-sab-1', code: saturdayCode, eventId: event.id, scannedAt: at, accepted: true, sessionId: sessions[0].id },
        { nonce: 'offline-pas-1', code: passCode, eventId: event.id, scannedAt: at, accepted: true, sessionId: sessions[0].id },
      ],
    });
    expect(synced.json().results).toEqual([
      { nonce: 'offline-sab-1', outcome: 'conflict', reason: 'wrong_session' },
      { nonce: 'offline-pas-1', outcome: 'admitted', reason: null },
    ]);
    const [recorded] = await server.deps.db.select().from(checkIns).where(eq(checkIns.nonce, 'offline-sab-1'));
    expect(recorded).toMatchObject({ accepted: false, conflict: true, offline: true, sessionId: sessions[0].id, reason: 'wrong_session' });
    const [entered] = await server.deps.db.select().from(checkIns).where(eq(checkIns.nonce, 'offline-pas-1'));
    expect(entered).toMatchObject({ accepted: true, sessionId: sessions[0].id, entryNumber: 1 });
    // The list read again carries the pass's entry on Friday.
    const after = (await call('GET', `/api/door/events/${event.id}/offline-data`, validator.cookie)).json();
    expect(after.tickets.find((t: { hash: string }) => t.hash === hashTicketCode(passCode)).turns).toEqual([
      expect.objectContaining({ sessionId: sessions[0].id, entries: 1, exits: 0 }),
    ]);
  });

  it("sells within each session's capacity: a pass counts in every night, a Saturday ticket in Saturday's", async () => {
    const { event, pass, second } = await festival();
    const sessions = [sessionOn(0, 'Sexta'), { ...sessionOn(1, 'Sábado'), capacity: 3 }, sessionOn(2, 'Domingo')];
    const saved = await call('PUT', `/api/admin/events/${event.id}/sessions`, admin.cookie, {
      sessions,
      exitScans: false,
      sectors: [
        { sectorId: pass.id, sessions: [] },
        { sectorId: second.id, sessions: [1] },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(await buy(event.id, pass.id, 2)).toHaveLength(2);
    const order = (sectorId: string, quantity: number) =>
      server.signUpAs().then(({ cookie }) =>
        call('POST', '/api/orders', cookie, {
          eventId: event.id,
          items: [{ sectorId, quantity }],
          buyer,
          paymentMethod: 'pix',
          installments: 1,
        }),
      );
    const beyond = await order(second.id, 2);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({
      code: 'session_sold_out',
      message: 'Ingressos esgotados: uma sessão deste ingresso atingiu a lotação.',
    });
    expect((await order(second.id, 1)).statusCode).toBe(201);
    // Saturday is full now: neither a pass nor a Saturday ticket sells, though both sectors have stock.
    expect((await order(pass.id, 1)).json().code).toBe('session_sold_out');
    expect((await order(second.id, 1)).json().code).toBe('session_sold_out');
  });

  it('keeps a session with entries: the back office cannot remove it', async () => {
    const { event, pass, sessions } = await festival();
    const [code] = await buy(event.id, pass.id);
    expect(await scan(code, event.id)).toMatchObject({ accepted: true });
    const removed = await call('PUT', `/api/admin/events/${event.id}/sessions`, admin.cookie, {
      sessions: sessions.slice(1).map((s) => ({ ...s, startTime: '20:00', endTime: null, capacity: null })),
      exitScans: false,
      sectors: [],
    });
    expect(removed.statusCode).toBe(409);
    expect((await call('GET', `/api/admin/events/${event.id}/sessions`, admin.cookie)).json().sessions).toHaveLength(3);
  });

  it("keeps a pass 'Válido' with its QR in 'Meus ingressos' after its first night, naming the sessions it covers", async () => {
    const { event, pass, second, sessions } = await festival();
    const [passCode] = await buy(event.id, pass.id);
    const passBuyer = lastBuyerCookie;
    await buy(event.id, second.id);
    const saturdayBuyer = lastBuyerCookie;
    expect(await scan(passCode, event.id)).toMatchObject({ accepted: true });
    const [order] = (await call('GET', '/api/tickets', passBuyer)).json().orders;
    const line = (s: { date: string; name: string }) =>
      expect.stringMatching(new RegExp(`^[A-ZÀ-ú][a-zà-ú]+ ${dayMonth(s.date)} · \\d{2}:\\d{2}( · ${s.name})?$`));
    expect(order.tickets[0]).toMatchObject({ displayStatus: 'valid', code: passCode, sessions: sessions.map(line) });
    const [saturdayOrder] = (await call('GET', '/api/tickets', saturdayBuyer)).json().orders;
    expect(saturdayOrder.tickets[0].sessions).toEqual([line(sessions[1])]);
  });
});
