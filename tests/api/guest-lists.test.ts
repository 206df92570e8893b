import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { cashDrawers, events, sectors } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { checkHoldingsLedger } from '../support/invariants';

// Guest lists ('Lista amiga'): the back office creates them, their owners fill them by hand, by
// CSV or through the link, the door finds and admits their names. Every answer is checked with
// the rows it left.

let server: TestServer;
let admin: { userId: string; cookie: string; email: string };
let promoter: { userId: string; cookie: string; email: string };
let otherPromoter: { userId: string; cookie: string; email: string };
let validator: { userId: string; cookie: string; email: string };
let plainBuyer: { userId: string; cookie: string; email: string };

const CPFS = ['52998224725', '11144477735', '39053344705', '86288366757', '71428793860', '28625587887'];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  promoter = await server.signUpAs(['promoter']);
  otherPromoter = await server.signUpAs(['promoter']);
  validator = await server.signUpAs(['validator']);
  plainBuyer = await server.signUpAs();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

/** São Paulo calendar day and wall-clock time of an instant. */
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

/** An event whose door is open now (started an hour ago), with a 'Pista' of `stock` units. */
async function openEvent(stock = 50, capacity: number | null = null) {
  const made = await createEvent(server, [{ name: 'Pista', priceCentavos: 6000, remaining: stock }], {
    title: `Festa ${Math.random().toString(36).slice(2, 7)}`,
  });
  const start = saoPauloWall(new Date(Date.now() - 60 * 60_000));
  await server.deps.db
    .update(events)
    .set({ date: start.date, startTime: start.time, endTime: null, capacity })
    .where(eq(events.id, made.event.id));
  return { event: made.event, pista: made.sectors[0] };
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The admin creates a list owned by `owner` (the promoter by default); returns its view. */
async function createList(
  made: Awaited<ReturnType<typeof openEvent>>,
  extra: Partial<{
    quota: number;
    freeUntil: string;
    afterKind: string;
    afterPriceCentavos: number | null;
    discountPercent: number | null;
    closesAt: string;
    ownerEmail: string;
  }> = {},
) {
  const response = await call('POST', `/api/admin/events/${made.event.id}/guest-lists`, admin.cookie, {
    name: 'Lista do DJ',
    ownerEmail: promoter.email,
    sectorId: made.pista.id,
    quota: 10,
    freeUntil: minutesFromNow(120),
    afterKind: 'price',
    afterPriceCentavos: 4000,
    closesAt: minutesFromNow(240),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listRow(listId: string) {
  const [row] = await queryRows<{ entries_count: number; names: number; remaining: number }>(
    server.deps.db,
    sql`
    SELECT gl.entries_count, (SELECT count(*)::int FROM guest_list_entries ge WHERE ge.list_id = gl.id) AS names,
           (SELECT remaining FROM ticket_types WHERE id = gl.ticket_type_id) AS remaining
    FROM guest_lists gl WHERE gl.id = ${listId}::uuid`,
  );
  return { entriesCount: Number(row.entries_count), names: Number(row.names), remaining: Number(row.remaining) };
}

describe('creating and seeing lists', () => {
  it('lets an admin create a list with its rule, shown as read in pt-BR', async () => {
    const made = await openEvent();
    const list = await createList(made, { freeUntil: '2030-01-01T03:30:00.000Z' });
    expect(list).toMatchObject({
      name: 'Lista do DJ',
      quota: 10,
      entriesCount: 0,
      admittedCount: 0,
      isClosed: false,
      sectorName: 'Pista',
    });
    expect(list.rule.label).toBe('Grátis até 00:30, depois R$ 40,00');
    expect(list.owner.email).toBe(promoter.email);
  });

  it('offers an admin the events not over yet to make a list for, soonest first; no one else', async () => {
    const now = Date.now();
    const sector = [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }];
    const { event: past } = await createEvent(server, sector, { daysAhead: -2, title: 'Lista Passada' });
    const { event: overToday } = await createEvent(server, sector, { startsAt: new Date(now - 5 * 3_600_000), title: 'Lista Acabou' });
    const { event: onNow } = await createEvent(server, sector, { startsAt: new Date(now - 3_600_000), title: 'Lista Agora' });
    const { event: later } = await createEvent(server, sector, { daysAhead: 30, title: 'Lista Futura' });
    const answer = await call('GET', '/api/admin/guest-lists/events', admin.cookie);
    expect(answer.statusCode).toBe(200);
    const ids = (answer.json().events as { id: string }[]).map((event) => event.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(overToday.id);
    expect(ids.indexOf(onNow.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(onNow.id)).toBeLessThan(ids.indexOf(later.id));
    expect(answer.json().events).toContainEqual({ id: later.id, title: 'Lista Futura', date: later.date });
    expect((await call('GET', '/api/admin/guest-lists/events', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/guest-lists/events', promoter.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/guest-lists/events', plainBuyer.cookie)).statusCode).toBe(403);
  });

  it('refuses an owner who is not of the team, and a list from anyone but an admin', async () => {
    const made = await openEvent();
    const refused = await call('POST', `/api/admin/events/${made.event.id}/guest-lists`, admin.cookie, {
      name: 'X',
      ownerEmail: plainBuyer.email,
      sectorId: made.pista.id,
      quota: 5,
      freeUntil: minutesFromNow(60),
      afterKind: 'free',
      closesAt: minutesFromNow(120),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('guest_list_owner_not_found');
    for (const cookie of [promoter.cookie, validator.cookie]) {
      const response = await call('POST', `/api/admin/events/${made.event.id}/guest-lists`, cookie, { name: 'X' });
      expect(response.statusCode).toBe(403);
    }
    const [{ lists }] = await queryRows<{ lists: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS lists FROM guest_lists WHERE event_id = ${made.event.id}::uuid`,
    );
    expect(Number(lists)).toBe(0);
  });

  it('shows a promoter only their own lists, an admin every list, a buyer none', async () => {
    const made = await openEvent();
    const mine = await createList(made);
    const theirs = await createList(made, { ownerEmail: otherPromoter.email });

    const minePage = (await call('GET', '/api/guest-lists', promoter.cookie)).json();
    expect(minePage.lists.map((l: { id: string }) => l.id)).toContain(mine.id);
    expect(minePage.lists.map((l: { id: string }) => l.id)).not.toContain(theirs.id);
    expect((await call('GET', `/api/guest-lists/${theirs.id}`, promoter.cookie)).statusCode).toBe(404);
    const add = await call('POST', `/api/guest-lists/${theirs.id}/entries`, promoter.cookie, { name: 'Intruso' });
    expect(add.statusCode).toBe(404);
    expect((await listRow(theirs.id)).names).toBe(0);

    const adminPage = (await call('GET', `/api/admin/events/${made.event.id}/guest-lists`, admin.cookie)).json();
    expect(adminPage.lists.map((l: { id: string }) => l.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await call('POST', `/api/guest-lists/${theirs.id}/entries`, admin.cookie, { name: 'Convidado do admin' })).statusCode).toBe(
      201,
    );

    expect((await call('GET', '/api/guest-lists', plainBuyer.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/guest-lists', null)).statusCode).toBe(401);
  });
});

describe('names on a list', () => {
  it('adds names by hand, each holding a unit of the sector', async () => {
    const made = await openEvent(50);
    const list = await createList(made);
    const added = await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, {
      name: 'João Pedro',
      email: 'JOAO@exemplo.com',
      cpf: '529.982.247-25',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'João Pedro',
      email: 'joao@exemplo.com',
      cpf: '52998224725',
      source: 'owner',
      admittedAt: null,
    });
    expect(await listRow(list.id)).toEqual({ entriesCount: 1, names: 1, remaining: 49 });
  });

  it('refuses a name past the quota with a pt-BR message and changes nothing', async () => {
    const made = await openEvent(50);
    const list = await createList(made, { quota: 2 });
    for (const name of ['Ana', 'Bia'])
      expect((await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name })).statusCode).toBe(201);
    const refused = await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Caio' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'guest_list_full', message: 'A lista atingiu o limite de nomes' });
    expect(await listRow(list.id)).toEqual({ entriesCount: 2, names: 2, remaining: 48 });
  });

  it('never passes the quota when many sign up at once through the link', async () => {
    const made = await openEvent(50);
    const list = await createList(made, { quota: 3 });
    const answers = await Promise.all(
      CPFS.map((cpf, i) =>
        call('POST', `/api/guest-list-links/${list.token}/entries`, null, { name: `Pessoa ${i}`, email: `p${i}@exemplo.com`, cpf }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual([
      'guest_list_full',
      'guest_list_full',
      'guest_list_full',
    ]);
    expect(await listRow(list.id)).toEqual({ entriesCount: 3, names: 3, remaining: 47 });
  });

  it('refuses names once the list is closed, by hand and through the link, and changes nothing', async () => {
    const made = await openEvent(50);
    const list = await createList(made);
    expect((await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Antes' })).statusCode).toBe(201);
    await server.deps.db.execute(sql`UPDATE guest_lists SET closes_at = now() - interval '1 minute' WHERE id = ${list.id}::uuid`);
    const byHand = await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Depois' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json()).toMatchObject({ code: 'guest_list_closed', message: 'Lista encerrada' });
    const byLink = await call('POST', `/api/guest-list-links/${list.token}/entries`, null, {
      name: 'Depois',
      email: 'depois@exemplo.com',
      cpf: CPFS[1],
    });
    expect(byLink.json().message).toBe('Lista encerrada');
    const csv = await call('POST', `/api/guest-lists/${list.id}/import`, promoter.cookie, { csv: 'Depois,,' });
    expect(csv.json().code).toBe('guest_list_closed');
    expect((await call('GET', `/api/guest-list-links/${list.token}`, null)).json()).toMatchObject({ isClosed: true });
    expect(await listRow(list.id)).toEqual({ entriesCount: 1, names: 1, remaining: 49 });
  });

  it('imports a CSV, reporting each refused row with its line and reason', async () => {
    const made = await openEvent(50);
    const list = await createList(made, { quota: 4 });
    expect(
      (await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Já na lista', cpf: CPFS[2] })).statusCode,
    ).toBe(201);
    const csv = [
      'nome,email,cpf',
      `Ana Souza,ana@exemplo.com,${CPFS[0]}`,
      'Sem Email,,',
      'Errado,ana@,',
      `Repetida,,${CPFS[2]}`,
      `Carla,carla@exemplo.com,${CPFS[3]}`,
      `Davi,,${CPFS[4]}`,
    ].join('\n');
    const response = await call('POST', `/api/guest-lists/${list.id}/import`, promoter.cookie, { csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      added: 3,
      refused: [
        { line: 4, reason: 'E-mail inválido' },
        { line: 5, reason: 'Este CPF já está nesta lista.' },
        { line: 7, reason: 'A lista atingiu o limite de nomes' },
      ],
    });
    const detail = (await call('GET', `/api/guest-lists/${list.id}`, promoter.cookie)).json();
    expect(detail.entries.map((e: { name: string; source: string }) => `${e.name}:${e.source}`)).toEqual([
      'Já na lista:owner',
      'Ana Souza:csv',
      'Sem Email:csv',
      'Carla:csv',
    ]);
    expect(await listRow(list.id)).toEqual({ entriesCount: 4, names: 4, remaining: 46 });
  });

  it('lets a guest sign up through the link with name, e-mail and CPF, once per CPF', async () => {
    const made = await openEvent(50);
    const list = await createList(made, { freeUntil: '2030-01-01T03:30:00.000Z' });
    const page = (await call('GET', `/api/guest-list-links/${list.token}`, null)).json();
    expect(page).toMatchObject({ name: 'Lista do DJ', ruleLabel: 'Grátis até 00:30, depois R$ 40,00', isClosed: false, isFull: false });
    expect(page.event.title).toBe(made.event.title);

    const bad = await call('POST', `/api/guest-list-links/${list.token}/entries`, null, {
      name: 'Ana',
      email: 'ana@exemplo.com',
      cpf: '123.456.789-00',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('CPF inválido');
    const ok = await call('POST', `/api/guest-list-links/${list.token}/entries`, null, {
      name: 'Ana',
      email: 'ana@exemplo.com',
      cpf: '529.982.247-25',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const again = await call('POST', `/api/guest-list-links/${list.token}/entries`, null, {
      name: 'Ana de novo',
      email: 'ana2@exemplo.com',
      cpf: '52998224725',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este CPF já está nesta lista.');
    expect(await listRow(list.id)).toEqual({ entriesCount: 1, names: 1, remaining: 49 });
    expect((await call('GET', '/api/guest-list-links/xxxxxxxxxxxxxxxxxxxxxxxx', null)).statusCode).toBe(404);
  });

  it('takes a name off its list, freeing its place and its unit; only the owner or an admin may', async () => {
    const made = await openEvent(50);
    const list = await createList(made, { quota: 1 });
    const entry = (await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Ana' })).json();
    expect(await listRow(list.id)).toEqual({ entriesCount: 1, names: 1, remaining: 49 });
    expect((await call('DELETE', `/api/guest-lists/${list.id}/entries/${entry.id}`, otherPromoter.cookie)).statusCode).toBe(404);
    expect(await listRow(list.id)).toEqual({ entriesCount: 1, names: 1, remaining: 49 });
    expect((await call('DELETE', `/api/guest-lists/${list.id}/entries/${entry.id}`, promoter.cookie)).statusCode).toBe(204);
    expect(await listRow(list.id)).toEqual({ entriesCount: 0, names: 0, remaining: 50 });
    // The place is free again.
    expect((await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Bia' })).statusCode).toBe(201);
  });

  it('counts names in the event capacity: a full event takes no name, and names leave no room for a sale', async () => {
    const made = await openEvent(50, 2);
    const list = await createList(made);
    for (const name of ['Ana', 'Bia'])
      expect((await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name })).statusCode).toBe(201);
    const third = await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Caio' });
    expect(third.json().code).toBe('event_sold_out');
    const sale = await call('POST', '/api/orders', plainBuyer.cookie, {
      eventId: made.event.id,
      items: [{ sectorId: made.pista.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(sale.statusCode).toBe(409);
    expect(sale.json().code).toBe('event_sold_out');
    expect(await listRow(list.id)).toEqual({ entriesCount: 2, names: 2, remaining: 48 });
  });
});

describe('the door and list names', () => {
  it('finds a list name in the look-up and admits it with a ticket, once', async () => {
    const made = await openEvent(50);
    const list = await createList(made, { quota: 2 });
    const entry = (
      await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'João Pedro Alves', cpf: CPFS[0] })
    ).json();
    await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Maria' });

    const found = await call('GET', `/api/door/events/${made.event.id}/guest-search?q=joao`, validator.cookie);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().entries).toEqual([
      expect.objectContaining({
        id: entry.id,
        name: 'João Pedro Alves',
        cpfMasked: '***.***.247-25',
        listName: 'Lista do DJ',
        chargeCentavos: 0,
        admittedAt: null,
      }),
    ]);
    expect(
      (await call('GET', `/api/door/events/${made.event.id}/guest-search?q=${CPFS[0]}`, validator.cookie)).json().entries,
    ).toHaveLength(1);
    expect((await call('GET', `/api/door/events/${made.event.id}/guest-search?q=joao`, promoter.cookie)).statusCode).toBe(403);

    const admitted = await call('POST', `/api/door/guest-entries/${entry.id}/admit`, validator.cookie, { eventId: made.event.id });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json()).toMatchObject({ accepted: true, chargedCentavos: 0, message: 'Entrada liberada' });
    const [ticket] = await queryRows<{
      holder_name: string;
      status: string;
      channel: string;
      total_centavos: number;
      payment_provider: string;
      manual: boolean;
      validator_id: string;
    }>(
      server.deps.db,
      sql`SELECT t.holder_name, t.status, o.channel, o.total_centavos, o.payment_provider, c.manual, c.validator_id
          FROM tickets t JOIN orders o ON o.id = t.order_id JOIN check_ins c ON c.ticket_id = t.id AND c.accepted
          WHERE t.id = ${admitted.json().ticketId}::uuid`,
    );
    expect(ticket).toMatchObject({
      holder_name: 'João Pedro Alves',
      status: 'valid',
      channel: 'guest_list',
      payment_provider: 'guest_list',
      manual: true,
      validator_id: validator.userId,
    });
    expect(Number(ticket.total_centavos)).toBe(0);
    // The unit the name held became the ticket: the sector's stock did not move again.
    const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, made.pista.id));
    expect(sector.remaining).toBe(48);

    const again = await call('POST', `/api/door/guest-entries/${entry.id}/admit`, validator.cookie, { eventId: made.event.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Já entrou às \d\d:\d\d$/);
    const [{ tickets }] = await queryRows<{ tickets: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS tickets FROM tickets WHERE event_id = ${made.event.id}::uuid`,
    );
    expect(Number(tickets)).toBe(1);

    const mine = (await call('GET', '/api/guest-lists', promoter.cookie)).json().lists.find((l: { id: string }) => l.id === list.id);
    expect(mine).toMatchObject({ entriesCount: 2, admittedCount: 1 });
  });

  it('lets a name in once when two doors admit it at the same time', async () => {
    const made = await openEvent(50);
    const list = await createList(made);
    const entry = (await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Disputada' })).json();
    const otherDoor = await server.signUpAs(['validator']);
    const answers = await Promise.all(
      [validator.cookie, otherDoor.cookie].map((cookie) =>
        call('POST', `/api/door/guest-entries/${entry.id}/admit`, cookie, { eventId: made.event.id }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200 && a.json().accepted === true);
    expect(accepted).toHaveLength(1);
    const [counts] = await queryRows<{ tickets: number; orders: number; entries: number }>(
      server.deps.db,
      sql`
      SELECT (SELECT count(*)::int FROM tickets WHERE event_id = ${made.event.id}::uuid) AS tickets,
             (SELECT count(*)::int FROM orders WHERE event_id = ${made.event.id}::uuid) AS orders,
             (SELECT count(*)::int FROM check_ins WHERE event_id = ${made.event.id}::uuid AND accepted) AS entries`,
    );
    expect(counts).toEqual({ tickets: 1, orders: 1, entries: 1 });
    // A name that came in stays on its list.
    expect((await call('DELETE', `/api/guest-lists/${list.id}/entries/${entry.id}`, promoter.cookie)).json().message).toMatch(
      /^Já entrou às \d\d:\d\d$/,
    );
  });

  it('charges the after-time price at the door, in the operator cash drawer, once the free time passed', async () => {
    const made = await openEvent(50);
    const list = await createList(made, { freeUntil: minutesFromNow(-10), afterKind: 'price', afterPriceCentavos: 4000 });
    const entry = (await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Atrasado' })).json();
    const [drawer] = await server.deps.db
      .insert(cashDrawers)
      .values({ eventId: made.event.id, operatorId: validator.userId, floatCentavos: 10000 })
      .returning();

    const found = (await call('GET', `/api/door/events/${made.event.id}/guest-search?q=atrasado`, validator.cookie)).json();
    expect(found.entries[0]).toMatchObject({
      chargeCentavos: 4000,
      ruleLabel: expect.stringMatching(/^Grátis até \d\d:\d\d, depois R\$ 40,00$/),
    });

    const unpaid = await call('POST', `/api/door/guest-entries/${entry.id}/admit`, validator.cookie, { eventId: made.event.id });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().code).toBe('guest_payment_required');
    const [{ orders: before }] = await queryRows<{ orders: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS orders FROM orders WHERE event_id = ${made.event.id}::uuid`,
    );
    expect(Number(before)).toBe(0);

    const paid = await call('POST', `/api/door/guest-entries/${entry.id}/admit`, validator.cookie, {
      eventId: made.event.id,
      paymentMethod: 'cash',
    });
    expect(paid.json()).toMatchObject({ accepted: true, chargedCentavos: 4000 });
    const [order] = await queryRows<{ total_centavos: number; payment_method: string; drawer_id: string; status: string; channel: string }>(
      server.deps.db,
      sql`SELECT total_centavos, payment_method, drawer_id, status, channel FROM orders WHERE event_id = ${made.event.id}::uuid`,
    );
    expect(order).toMatchObject({ payment_method: 'cash', drawer_id: drawer.id, status: 'completed', channel: 'guest_list' });
    expect(Number(order.total_centavos)).toBe(4000);
  });

  it('charges the discounted reference price after the free time, on the card machine without a drawer, never in cash into no drawer', async () => {
    const made = await openEvent(50);
    const list = await createList(made, {
      freeUntil: minutesFromNow(-1),
      afterKind: 'discount',
      afterPriceCentavos: 6000,
      discountPercent: 50,
    });
    const entry = (await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Desconto' })).json();
    const cash = await call('POST', `/api/door/guest-entries/${entry.id}/admit`, validator.cookie, {
      eventId: made.event.id,
      paymentMethod: 'cash',
    });
    expect(cash.json()).toMatchObject({
      code: 'guest_cash_without_drawer',
      message: 'Para receber em dinheiro, abra um caixa da bilheteria neste evento. Sem caixa, receba na maquininha.',
    });
    const [none] = await queryRows<{ n: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE event_id = ${made.event.id}::uuid`,
    );
    expect(Number(none.n)).toBe(0);
    const paid = await call('POST', `/api/door/guest-entries/${entry.id}/admit`, validator.cookie, {
      eventId: made.event.id,
      paymentMethod: 'card_machine',
    });
    expect(paid.json()).toMatchObject({ accepted: true, chargedCentavos: 3000 });
    const [order] = await queryRows<{ total_centavos: number; payment_method: string; drawer_id: string | null }>(
      server.deps.db,
      sql`SELECT total_centavos, payment_method, drawer_id FROM orders WHERE event_id = ${made.event.id}::uuid`,
    );
    expect(order).toMatchObject({ payment_method: 'card_machine', drawer_id: null });
    expect(Number(order.total_centavos)).toBe(3000);
  });

  it('refuses to admit a name of another event at this door', async () => {
    const made = await openEvent(50);
    const other = await openEvent(50);
    const list = await createList(made);
    const entry = (await call('POST', `/api/guest-lists/${list.id}/entries`, promoter.cookie, { name: 'Fora' })).json();
    const response = await call('POST', `/api/door/guest-entries/${entry.id}/admit`, validator.cookie, { eventId: other.event.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('guest_entry_not_found');
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
