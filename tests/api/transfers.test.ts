import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, notifications, outbox, orders, tickets, ticketTransfers, users } from '../../src/server/db/schema';
import { runDueJobs } from '../../src/server/worker';
import { openDoorNow, saoPauloWall } from '../support/door';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<TestServer['signUpAs']>>;

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

/** An event in 10 days with one sector; `set` changes its holder and transfer rules. */
async function eventWith(set: Partial<typeof events.$inferInsert> = {}) {
  const { event, sectors } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }]);
  if (Object.keys(set).length) await server.deps.db.update(events).set(set).where(eq(events.id, event.id));
  return { event, sector: sectors[0] };
}

/** `person` buys one ticket of `sector` (PIX, paid at once) named for `holder`; returns the ticket row. */
async function buyTicket(person: Person, eventId: string, sectorId: string, holder = 'Ana Beatriz Lima') {
  const placed = await call('POST', '/api/orders', person.cookie, {
    eventId,
    items: [{ sectorId: sectorId, quantity: 1, holderNames: [holder], holderCpfs: [buyer.cpf] }],
    buyer: { ...buyer, email: person.email },
    paymentMethod: 'pix',
    installments: 1,
  });
  expect(placed.statusCode).toBe(201);
  expect((await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, person.cookie)).statusCode).toBe(200);
  const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, placed.json().id));
  return ticket;
}

/** The accept link's token from the last e-mail the worker sent to `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  await runDueJobs(server.deps);
  const mail = server.sentMail.filter((m) => m.to === email).at(-1);
  expect(mail?.subject).toMatch(/^Ingresso para você/);
  const match = /\/transfer\/([A-Za-z0-9_-]+)/.exec(mail!.link!);
  return match![1];
}

async function transferCount(ticketId: string) {
  return (await server.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticketId))).length;
}

describe('transferring a ticket to another person', () => {
  it('sends the link, and on acceptance the ticket changes hands with a new code while the old one matches nothing', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const { event, sector } = await eventWith();
    const ticket = await buyTicket(ana, event.id, sector.id);

    const sent = await call('POST', `/api/tickets/${ticket.id}/transfers`, ana.cookie, {
      toName: 'Beatriz Souza',
      toEmail: bia.email.toUpperCase(),
    });
    expect(sent.statusCode).toBe(201);
    // 'From' is the account that sends (the person the recipient knows), not the name typed as buyer or holder at checkout.
    expect(sent.json()).toMatchObject({ status: 'pending', toName: 'Beatriz Souza', toEmail: bia.email, fromName: 'Pessoa Teste' });
    const [stored] = await server.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticket.id));
    expect(stored.fromHolderName).toBe('Ana Beatriz Lima');
    const token = await tokenMailedTo(bia.email);
    expect(server.sentMail.filter((m) => m.to === bia.email).at(-1)?.text).toContain('Pessoa Teste transferiu um ingresso para você');
    // Only the hash is kept; the outbox holds the id, never the token.
    expect(stored.tokenHash).not.toContain(token);
    expect(
      JSON.stringify((await server.deps.db.select().from(outbox).where(eq(outbox.kind, 'transfer_email'))).map((j) => j.payload)),
    ).not.toContain(token);
    const [notice] = await server.deps.db.select().from(notifications).where(eq(notifications.userId, bia.userId));
    expect(notice.title).toBe('Você recebeu um ingresso');

    const page = await call('GET', `/api/transfers/by-token/${token}`, null);
    expect(page.json()).toMatchObject({ status: 'pending', sectorName: 'Pista', event: { title: event.title }, toEmail: bia.email });
    expect(page.body).not.toContain(ticket.code);
    const incoming = (await call('GET', '/api/tickets/people', bia.cookie)).json();
    expect(incoming.incoming.map((t: { id: string }) => t.id)).toEqual([stored.id]);

    const accepted = await call('POST', '/api/transfers/accept', bia.cookie, { token });
    expect(accepted.statusCode).toBe(200);
    const [after] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toMatchObject({ userId: bia.userId, holderName: 'Beatriz Souza' });
    expect(after.code).not.toBe(ticket.code);
    expect(after.code).toMatch(/^NL1\./);
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.code, ticket.code))).toEqual([]);
    const [done] = await server.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.id, stored.id));
    expect(done).toMatchObject({ status: 'accepted', oldCode: ticket.code, toUserId: bia.userId });
    expect(done.decidedAt).toBeInstanceOf(Date);

    // The recipient sees it with its name, under an order that is not hers; the sender sees it as
    // transferred to the name she sent it to, with no code.
    const mine = async (who: Person) =>
      (await call('GET', '/api/tickets', who.cookie)).json().orders as { isBuyer: boolean; tickets: object[] }[];
    const listed = async (who: Person) => (await mine(who)).flatMap((o) => o.tickets);
    expect(await listed(bia)).toEqual([
      expect.objectContaining({ id: ticket.id, holderName: 'Beatriz Souza', code: after.code, displayStatus: 'valid' }),
    ]);
    expect((await mine(bia)).map((o) => o.isBuyer)).toEqual([false]);
    expect((await mine(ana)).map((o) => o.isBuyer)).toEqual([true]);
    expect(await listed(ana)).toEqual([
      {
        id: ticket.id,
        sectorName: 'Pista',
        holderName: 'Ana Beatriz Lima',
        code: null,
        rotationSecret: null,
        displayStatus: 'transferred',
        checkedInAt: null,
        transferredTo: { name: 'Beatriz Souza', at: done.decidedAt!.toISOString() },
      },
    ]);
    expect(JSON.stringify(await mine(ana))).not.toContain(after.code);
    const biaPeople = (await call('GET', '/api/tickets/people', bia.cookie)).json();
    expect(biaPeople.tickets).toEqual([
      expect.objectContaining({ ticketId: ticket.id, holderName: 'Beatriz Souza', receivedFrom: 'Ana Beatriz Lima' }),
    ]);
    expect((await call('GET', '/api/tickets/people', ana.cookie)).json().tickets).toEqual([]);

    // The organizer's attendee list names the holder and where the ticket came from.
    const admin = await server.signUpAs(['admin']);
    const attendees = (await call('GET', `/api/admin/events/${event.id}/attendees`, admin.cookie)).json().attendees;
    expect(attendees).toEqual([
      expect.objectContaining({
        ticketId: ticket.id,
        holderName: 'Beatriz Souza',
        transferredFrom: { name: 'Ana Beatriz Lima', at: done.decidedAt!.toISOString() },
      }),
    ]);

    // Accepting twice changes nothing.
    const again = await call('POST', '/api/transfers/accept', bia.cookie, { token });
    expect(again.json()).toMatchObject({ code: 'transfer_already_accepted', message: 'Esta transferência já foi aceita.' });
    expect((await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0].code).toBe(after.code);

    // The door refuses the old code as transferred and admits the new one with the new holder.
    const door = await server.signUpAs(['validator']);
    await openDoorNow(server, event.id);
    const old = await call('POST', '/api/check-ins', door.cookie, { code: ticket.code, eventId: event.id });
    expect(old.json()).toMatchObject({ accepted: false, reason: 'transferred' });
    const fresh = await call('POST', '/api/check-ins', door.cookie, { code: after.code, eventId: event.id });
    expect(fresh.json()).toMatchObject({ accepted: true, holderName: 'Beatriz Souza' });
  });

  it('refuses each bad request with its pt-BR message and changes nothing', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const { event, sector } = await eventWith();
    const ticket = await buyTicket(ana, event.id, sector.id);
    const send = (payload: object, who: Person = ana, id = ticket.id) => call('POST', `/api/tickets/${id}/transfers`, who.cookie, payload);

    expect((await send({ toName: 'Eu mesma', toEmail: ` ${ana.email.toUpperCase()} ` })).json()).toMatchObject({
      code: 'transfer_to_self',
      message: 'Você não pode transferir um ingresso para o seu próprio e-mail.',
    });
    const malformed = await send({ toName: 'Bia', toEmail: 'bia@' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('E-mail inválido');
    const badCpf = await send({ toName: 'Bia', toEmail: bia.email, toCpf: '123.456.789-00' });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json().message).toContain('CPF inválido');
    // Someone else's ticket is not found.
    expect((await send({ toName: 'Bia', toEmail: 'x@exemplo.com.br' }, bia)).statusCode).toBe(404);
    expect(await transferCount(ticket.id)).toBe(0);

    expect((await send({ toName: 'Bia', toEmail: bia.email })).statusCode).toBe(201);
    const second = await send({ toName: 'Carla', toEmail: 'carla@exemplo.com.br' });
    expect(second.json()).toMatchObject({ code: 'transfer_already_pending' });
    expect(await transferCount(ticket.id)).toBe(1);

    // Accepting with the wrong account, then the sender cancels and the link stops working.
    const token = await tokenMailedTo(bia.email);
    const carla = await server.signUpAs();
    const wrong = await call('POST', '/api/transfers/accept', carla.cookie, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('transfer_wrong_account');
    const [pending] = await server.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticket.id));
    expect((await call('POST', `/api/transfers/${pending.id}/cancel`, bia.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/transfers/${pending.id}/cancel`, ana.cookie)).statusCode).toBe(200);
    const cancelled = await call('POST', '/api/transfers/accept', bia.cookie, { token });
    expect(cancelled.json()).toMatchObject({
      code: 'transfer_was_cancelled',
      message: 'Esta transferência foi cancelada por quem enviou o ingresso.',
    });
    const [unchanged] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(unchanged).toMatchObject({ userId: ana.userId, code: ticket.code });
    // Once cancelled, it can be sent again.
    expect((await send({ toName: 'Carla', toEmail: carla.email })).statusCode).toBe(201);

    // An account whose e-mail is not confirmed cannot take it in 'Meus ingressos' (by id) ...
    await server.deps.db.update(users).set({ emailVerified: false }).where(eq(users.id, carla.userId));
    const [toCarla] = await server.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.status, 'pending'));
    expect((await call('POST', '/api/transfers/accept', carla.cookie, { transferId: toCarla.id })).json().code).toBe(
      'transfer_email_unconfirmed',
    );
    expect((await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0].userId).toBe(ana.userId);
    // ... but through the link mailed to that address, which proves the inbox and confirms it.
    const carlaToken = await tokenMailedTo(carla.email);
    expect((await call('POST', '/api/transfers/accept', carla.cookie, { token: carlaToken })).statusCode).toBe(200);
    expect((await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0].userId).toBe(carla.userId);
    expect((await server.deps.db.select().from(users).where(eq(users.id, carla.userId)))[0].emailVerified).toBe(true);
  });

  it('refuses a used, refunded or cancelled ticket, a forbidding event and a transfer past the deadline', async () => {
    const ana = await server.signUpAs();
    const to = { toName: 'Bia', toEmail: 'bia@exemplo.com.br' };
    const { event, sector } = await eventWith();
    const used = await buyTicket(ana, event.id, sector.id);
    await server.deps.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.id, used.id));
    const refunded = await buyTicket(ana, event.id, sector.id);
    await server.deps.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, refunded.id));
    const cancelled = await buyTicket(ana, event.id, sector.id);
    await server.deps.db.update(tickets).set({ status: 'cancelled' }).where(eq(tickets.id, cancelled.id));
    for (const t of [used, refunded, cancelled]) {
      const answer = await call('POST', `/api/tickets/${t.id}/transfers`, ana.cookie, to);
      expect(answer.json()).toMatchObject({
        code: 'ticket_not_transferable',
        message: 'Este ingresso não pode ser transferido: ele já foi utilizado, reembolsado ou cancelado, ou está num pedido de reembolso.',
      });
    }

    const forbidding = await eventWith({ transferAllowed: false });
    const kept = await buyTicket(ana, forbidding.event.id, forbidding.sector.id);
    expect((await call('POST', `/api/tickets/${kept.id}/transfers`, ana.cookie, to)).json()).toMatchObject({
      code: 'transfer_not_allowed',
      message: 'O organizador deste evento não permite transferir ingressos.',
    });

    // Starts in 10 hours, transfers close 24 hours before: closed; with a 6-hour deadline: open.
    const soon = saoPauloWall(new Date(Date.now() + 10 * 3_600_000));
    const close = await eventWith();
    const late = await buyTicket(ana, close.event.id, close.sector.id);
    await server.deps.db.update(events).set({ date: soon.date, startTime: soon.time, endTime: null }).where(eq(events.id, close.event.id));
    expect((await call('POST', `/api/tickets/${late.id}/transfers`, ana.cookie, to)).json()).toMatchObject({
      code: 'transfer_closed',
      message: 'O prazo para transferir ingressos deste evento terminou.',
    });
    const people = (await call('GET', '/api/tickets/people', ana.cookie)).json().tickets;
    expect(people.find((p: { ticketId: string }) => p.ticketId === late.id)).toMatchObject({
      canTransfer: false,
      transferNote: expect.stringMatching(/^Transferências encerradas em /),
    });
    await server.deps.db.update(events).set({ transferDeadlineHours: 6 }).where(eq(events.id, close.event.id));
    expect((await call('POST', `/api/tickets/${late.id}/transfers`, ana.cookie, to)).statusCode).toBe(201);
    for (const t of [used, refunded, cancelled, kept]) expect(await transferCount(t.id)).toBe(0);
  });

  it("asks the recipient's CPF where the event is nominal and keeps it on the ticket", async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const { event, sector } = await eventWith({ nominal: true });
    const ticket = await buyTicket(ana, event.id, sector.id);
    const missing = await call('POST', `/api/tickets/${ticket.id}/transfers`, ana.cookie, { toName: 'Bia', toEmail: bia.email });
    expect(missing.json()).toMatchObject({ code: 'holder_cpf_required', details: { field: 'toCpf' } });
    expect(
      (
        await call('POST', `/api/tickets/${ticket.id}/transfers`, ana.cookie, {
          toName: 'Bia',
          toEmail: bia.email,
          toCpf: '390.533.447-05',
        })
      ).statusCode,
    ).toBe(201);
    const [row] = await server.deps.db.select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticket.id));
    const inApp = await call('POST', '/api/transfers/accept', bia.cookie, { transferId: row.id });
    expect(inApp.statusCode).toBe(200);
    const [after] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toMatchObject({ userId: bia.userId, holderName: 'Bia', holderCpf: '39053344705' });
  });

  it('gives a meia-entrada only to who declares the same category and document', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const {
      event,
      sectors: [sector],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 20 }], { meiaEntrada: true });
    const placed = await call('POST', '/api/orders', ana.cookie, {
      eventId: event.id,
      items: [
        {
          sectorId: sector.id,
          quantity: 1,
          concession: 'student',
          holder: { name: 'Ana Beatriz Lima', cpf: buyer.cpf, birthDate: '2004-05-01', documentNumber: 'CIE 123' },
        },
      ],
      buyer: { ...buyer, email: ana.email },
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode).toBe(201);
    await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, ana.cookie);
    const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, placed.json().id));
    // The meia holder's CPF is the ticket's from its issuing.
    expect(ticket.holderCpf).toBe('52998224725');
    expect((await call('POST', `/api/tickets/${ticket.id}/transfers`, ana.cookie, { toName: 'Bia', toEmail: bia.email })).statusCode).toBe(
      201,
    );
    const token = await tokenMailedTo(bia.email);
    expect((await call('GET', `/api/transfers/by-token/${token}`, null)).json()).toMatchObject({ concession: 'student', asksCpf: true });
    const other = await call('POST', '/api/transfers/accept', bia.cookie, {
      token,
      cpf: '390.533.447-05',
      concession: 'id_jovem',
      documentNumber: '123',
    });
    expect(other.json()).toMatchObject({ code: 'transfer_meia_mismatch' });
    const noCpf = await call('POST', '/api/transfers/accept', bia.cookie, { token, concession: 'student', documentNumber: 'CIE 987' });
    expect(noCpf.json()).toMatchObject({ code: 'holder_cpf_required' });
    expect((await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0].userId).toBe(ana.userId);
    const ok = await call('POST', '/api/transfers/accept', bia.cookie, {
      token,
      cpf: '390.533.447-05',
      concession: 'student',
      documentNumber: 'CIE 987',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('takes one of two acceptances at the same moment', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const { event, sector } = await eventWith();
    const ticket = await buyTicket(ana, event.id, sector.id);
    await call('POST', `/api/tickets/${ticket.id}/transfers`, ana.cookie, { toName: 'Bia', toEmail: bia.email });
    const token = await tokenMailedTo(bia.email);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/transfers/accept', bia.cookie, { token })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe("editing a ticket's holder", () => {
  it('lets the owner rename the holder until the event starts, then refuses', async () => {
    const ana = await server.signUpAs();
    const bia = await server.signUpAs();
    const { event, sector } = await eventWith({ nominal: true });
    const ticket = await buyTicket(ana, event.id, sector.id);
    const edit = (payload: object, who: Person = ana) => call('PUT', `/api/tickets/${ticket.id}/holder`, who.cookie, payload);
    // The purchase e-mail names the holder of each ticket.
    await runDueJobs(server.deps);
    const purchase = server.sentMail.find((m) => m.to === ana.email && m.subject.startsWith('Seus ingressos'));
    expect(purchase?.text).toContain('Ingresso 1: Pista - titular: Ana Beatriz Lima - código ');
    expect(purchase?.html).toContain('Titular: Ana Beatriz Lima');

    expect((await edit({ holderName: 'Carlos Mendes' })).json()).toMatchObject({ code: 'holder_cpf_required' });
    expect((await edit({ holderName: 'Carlos Mendes', holderCpf: '111.111.111-11' })).statusCode).toBe(400);
    expect((await edit({ holderName: 'Carlos Mendes', holderCpf: '390.533.447-05' }, bia)).statusCode).toBe(404);
    const ok = await edit({ holderName: 'Carlos Mendes', holderCpf: '390.533.447-05' });
    expect(ok.json()).toEqual({ holderName: 'Carlos Mendes', holderCpf: '39053344705' });
    expect((await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]).toMatchObject({
      holderName: 'Carlos Mendes',
      holderCpf: '39053344705',
    });

    const started = saoPauloWall(new Date(Date.now() - 10 * 60_000));
    await server.deps.db.update(events).set({ date: started.date, startTime: started.time, endTime: null }).where(eq(events.id, event.id));
    const late = await edit({ holderName: 'Outra Pessoa', holderCpf: '390.533.447-05' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('O evento já começou: não dá mais para trocar o titular.');
    expect((await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0].holderName).toBe('Carlos Mendes');
    const [order] = await server.deps.db.select().from(orders).where(eq(orders.id, ticket.orderId));
    expect(order.status).toBe('completed');
  });
});

describe("the organizer's transfer rules on the event", () => {
  it('creates and edits an event as nominal, with transfer forbidden or its deadline, and refuses a deadline out of range', async () => {
    const admin = await server.signUpAs(['admin']);
    const day = saoPauloWall(new Date(Date.now() + 20 * 86_400_000)).date;
    const body = (overrides: object) => ({
      title: 'Noite Nominal',
      category: 'KXP Events',
      description: 'Cada ingresso no nome de quem usa.',
      date: day,
      startTime: '20:00',
      location: 'Casa de Testes',
      city: 'Itajaí',
      isPublished: false,
      meiaEntrada: false,
      sectors: [{ name: 'Pista', lots: [{ priceCentavos: 5000, remaining: 10 }] }],
      ...overrides,
    });
    const defaults = await call('POST', '/api/admin/events', admin.cookie, body({}));
    expect(defaults.statusCode).toBe(201);
    expect((await call('GET', `/api/admin/events/${defaults.json().id}`, admin.cookie)).json()).toMatchObject({
      nominal: false,
      transferAllowed: true,
      transferDeadlineHours: 24,
    });

    const created = await call(
      'POST',
      '/api/admin/events',
      admin.cookie,
      body({ nominal: true, transferAllowed: false, transferDeadlineHours: 12 }),
    );
    const id = created.json().id as string;
    const stored = (await call('GET', `/api/admin/events/${id}`, admin.cookie)).json();
    expect(stored).toMatchObject({ nominal: true, transferAllowed: false, transferDeadlineHours: 12 });
    const [row] = await server.deps.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ nominal: true, transferAllowed: false, transferDeadlineHours: 12 });

    const refused = await call(
      'PUT',
      `/api/admin/events/${id}`,
      admin.cookie,
      body({
        transferDeadlineHours: -1,
        sectors: stored.sectors.map((t: { id: string; lots: { id: string }[] }) => ({
          id: t.id,
          name: 'Pista',
          lots: [{ id: t.lots[0].id, priceCentavos: 5000, remaining: 10 }],
        })),
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Informe de 0 a 720 horas');
    expect((await server.deps.db.select().from(events).where(eq(events.id, id)))[0].transferDeadlineHours).toBe(12);
    const edited = await call(
      'PUT',
      `/api/admin/events/${id}`,
      admin.cookie,
      body({
        transferAllowed: true,
        transferDeadlineHours: 48,
        sectors: stored.sectors.map((t: { id: string; lots: { id: string }[] }) => ({
          id: t.id,
          name: 'Pista',
          lots: [{ id: t.lots[0].id, priceCentavos: 5000, remaining: 10 }],
        })),
      }),
    );
    expect(edited.statusCode, edited.body).toBeLessThan(300);
    expect((await server.deps.db.select().from(events).where(eq(events.id, id)))[0]).toMatchObject({
      nominal: false,
      transferAllowed: true,
      transferDeadlineHours: 48,
    });
  });
});
