import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tickets } from '../../src/server/db/schema';
import { DEFAULT_DOOR_OPENS_MINUTES_BEFORE } from '../../src/server/domain/door-window';
import { checkInTicket } from '../../src/server/services/door/check-in-ticket';
import { describeEventStart, eventInstant, saoPauloToday } from '../../src/shared/dates';
import { runWorkerOnce } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// docs/rules/sessions.md 'The session of a ticket': a single-day ticket of a three-day event lists
// its own session's start, and the door refuses it before that session's door opens, naming it.

let server: TestServer;
let admin: { userId: string; cookie: string };
let validator: { userId: string; cookie: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  validator = await server.signUpAs(['validator']);
});
afterAll(async () => {
  await server?.stop();
});

const DAY_MS = 24 * 60 * 60_000;

/** The São Paulo calendar day `days` from today, 'yyyy-MM-dd'. */
const dayFromToday = (days: number) => saoPauloToday(new Date(Date.now() + days * DAY_MS));
/** '2026-03-15' -> '15/03'. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie }, payload });
}

describe('the session a ticket is valid for', () => {
  it("lists a single-day ticket with its own session's start and refuses it at the door until that session's door opens", async () => {
    const {
      event,
      sectors: [pass, sunday],
    } = await createEvent(
      server,
      [
        { name: 'Passaporte', priceCentavos: 30000, remaining: 50 },
        { name: 'Domingo', priceCentavos: 12000, remaining: 50 },
      ],
      { title: 'Festival Três Dias' },
    );
    const days = [10, 11, 12].map(dayFromToday);
    const saved = await call('PUT', `/api/admin/events/${event.id}/sessions`, admin.cookie, {
      sessions: [
        { name: 'Sexta', date: days[0], startTime: '22:00', endTime: '04:00', capacity: 500 },
        { name: 'Sábado', date: days[1], startTime: '22:00', endTime: '04:00', capacity: 500 },
        { name: 'Domingo', date: days[2], startTime: '18:00', endTime: '23:00', capacity: 500 },
      ],
      exitScans: false,
      sectors: [
        { sectorId: pass.id, sessions: [] },
        { sectorId: sunday.id, sessions: [2] },
      ],
    });
    expect(saved.statusCode).toBe(200);

    const { cookie } = await server.signUpAs();
    const codes: Record<string, string> = {};
    for (const type of [sunday, pass]) {
      const order = (
        await call('POST', '/api/orders', cookie, {
          eventId: event.id,
          items: [{ sectorId: type.id, quantity: 1 }],
          buyer,
          paymentMethod: 'pix',
          installments: 1,
        })
      ).json();
      await call('POST', `/api/orders/${order.id}/simulate-pix-payment`, cookie);
      const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
      codes[type.name] = ticket.code;
    }

    // 'Meus ingressos': the Sunday ticket names Sunday's start; the pass its next session, Friday.
    const listed = (await call('GET', '/api/tickets', cookie)).json().orders as {
      event: { date: string };
      tickets: { sectorName: string; session?: { name: string; date: string; startTime: string }; sessions?: string[] }[];
    }[];
    const ticketOf = (name: string) => listed.flatMap((o) => o.tickets).find((t) => t.sectorName === name)!;
    expect(ticketOf('Domingo').session).toMatchObject({ name: 'Domingo', date: days[2], startTime: expect.stringMatching(/^18:00/) });
    expect(ticketOf('Domingo').sessions).toEqual([expect.stringContaining(`${dayMonth(days[2])} · 18:00`)]);
    expect(ticketOf('Passaporte').session).toMatchObject({ name: 'Sexta', date: days[0] });
    expect(listed[0].event.date).toBe(days[0]);

    // The purchase e-mail names each ticket's session start.
    server.sentMail.length = 0;
    await runWorkerOnce(server.deps);
    const mailTexts = server.sentMail.filter((m) => m.subject === 'Seus ingressos: Festival Três Dias').map((m) => m.text);
    expect(mailTexts.some((text) => text.includes(`Ingresso 1: Domingo - ${describeEventStart(days[2], '18:00').text} - titular:`))).toBe(
      true,
    );
    expect(
      mailTexts.some((text) => text.includes(`Ingresso 1: Passaporte - ${describeEventStart(days[0], '22:00').text} - titular:`)),
    ).toBe(true);

    // The door, before any session's door opens: the Sunday ticket reads Sunday's opening
    // (4 hours before 18:00), not Friday's; the pass reads Friday's.
    const sundayOpening = `${dayMonth(days[2])} às 14:00`;
    const early = (await call('POST', '/api/check-ins', validator.cookie, { code: codes.Domingo, eventId: event.id })).json();
    expect(early).toMatchObject({ accepted: false, reason: 'too_early', message: `Entrada a partir de ${sundayOpening}` });
    expect(early.opensAt).toBe(new Date(eventInstant(days[2], '14:00')).toISOString());
    const passEarly = (await call('POST', '/api/check-ins', validator.cookie, { code: codes.Passaporte, eventId: event.id })).json();
    expect(passEarly).toMatchObject({ accepted: false, reason: 'too_early', message: `Entrada a partir de ${dayMonth(days[0])} às 18:00` });

    // On Friday afternoon, before Friday's door opens, still Sunday's opening; on Sunday at 15:00 it gets in.
    const scanAt = (at: Date) =>
      checkInTicket(
        server.deps,
        { code: codes.Domingo, eventId: event.id, validatorId: validator.userId },
        { opensMinutesBefore: DEFAULT_DOOR_OPENS_MINUTES_BEFORE },
        at,
      );
    expect(await scanAt(eventInstant(days[0], '15:00'))).toMatchObject({
      accepted: false,
      reason: 'too_early',
      message: `Entrada a partir de ${sundayOpening}`,
    });
    expect(await scanAt(eventInstant(days[2], '15:00'))).toMatchObject({ accepted: true, sessionLabel: `Domingo ${dayMonth(days[2])}` });
  });
});
