import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { cashDrawers, events, orders, profiles, ticketLots, sectors, users } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/services/payments/checkout';
import { confirmPayment } from '../../src/server/services/payments/confirm-payment';
import { expireOverdueOrders } from '../../src/server/services/payments/reconcile-payments';
import { admitGuestEntry } from '../../src/server/services/guest-lists/admit-guest-entry';
import { DEFAULT_DOOR_OPENS_MINUTES_BEFORE } from '../../src/server/domain/door-window';
import type { PlaceOrderInput } from '../../src/shared/schemas/orders';
import { DomainError } from '../../src/shared/errors';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { deviceBlock, student, type BoxOfficeOperator } from '../support/box-office';
import { testCpf } from '../support/cpf';
import { checkHoldingsLedger } from '../support/invariants';
import { systemActor } from '../../src/server/services/audit/record-audit';

// One rulebook, every channel: each row is a sale case on an event of its own, each column a
// channel that creates or moves a ticket. A cell gives the channel's verdict (accepted, or the
// refusal's code) and, accepted, the price of the unit and the rows stored: its order item's lot,
// unit price and fee, and its ticket. The differences by design are written in the table: the box
// office charges no service fee, a courtesy is free and outside the limits per CPF, the sales
// window and the meia-entrada reserve, a late payment keeps the price paid and is refunded when
// refused, a waiting-list offer sells only full-price units. A paying guest of a guest list
// ('Lista amiga') is no sale either: the name holds its unit when added (the channel's decision),
// outside the limits per CPF and per account, the sales window and the meia-entrada reserve,
// drafts too as for a courtesy, but within the event's and the session's capacity and never for
// an event cancelled or over; at the door, past the list's free time, the guest pays the list's
// price, not the lot's, with no service fee.

let server: TestServer;
type Person = Awaited<ReturnType<TestServer['signUpAs']>>;
/** The person whose sale each cell decides. */
let prober: Person;
/** Someone else buying on the same event (what is held before). */
let other: Person;
/** Holds the last units of a sector until it frees them for the waiting list. */
let blocker: Person;
/** Sends the ticket a transfer moves. */
let sender: Person;
let admin: Person;
let operator: Person;
/** 49 accounts whose orders share the group's transaction with the prober's. */
let fillers: string[];

beforeAll(async () => {
  server = await startTestServer({ poolSize: 20 });
  [prober, other, blocker, sender, admin, operator] = await Promise.all([
    server.signUpAs(),
    server.signUpAs(),
    server.signUpAs(),
    server.signUpAs(),
    server.signUpAs(['admin']),
    server.signUpAs(['box_office']),
  ]);
  // Accounts that only place orders through the service: no password, no session.
  fillers = Array.from({ length: 49 }, () => randomUUID().replace(/-/g, ''));
  await server.deps.db
    .insert(users)
    .values(fillers.map((id) => ({ id, name: 'Pessoa do Grupo', email: `grupo-${id}@exemplo.com.br`, emailVerified: true })));
  await server.deps.db.insert(profiles).values(fillers.map((id) => ({ id, fullName: 'Pessoa do Grupo' })));
});
afterAll(async () => {
  await server?.stop();
});

/** CPFs of the people in the cases (digits). */
const CPF = {
  prober: testCpf(11),
  other: testCpf(12),
  blocker: testCpf(13),
  sender: testCpf(14),
  /** The CPF the limit per CPF and one meia per CPF are asked about. */
  x: testCpf(21),
  y: testCpf(22),
  z: testCpf(23),
  /** A student's meia-entrada. */
  student: testCpf(31),
} as const;
const fillerCpf = (n: number) => testCpf(300 + n);

/** Lot prices (centavos). */
const PRICE = 8000;
/** Every event charges a service fee of 10 %, at least R$ 3,00. */
const FEE = { basisPoints: 1000, minCentavos: 300 };

type Line = PlaceOrderInput['items'][number];
const full = (sectorId: string, quantity = 1, holderCpfs?: string[]): Line => ({
  sectorId,
  quantity,
  ...(holderCpfs ? { holderCpfs } : {}),
});
const meia = (sectorId: string, cpf: string): Line => ({
  sectorId,
  quantity: 1,
  concession: 'student',
  holder: { name: 'Bia Estudante', cpf, birthDate: '2004-05-10', documentNumber: 'CIE-1' },
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie }, payload });
}

/** An event of the cases: 'Pista' (the sector sold) and 'Camarote' (1,000 units, what the group's other orders buy). */
interface Stage {
  eventId: string;
  pista: string;
  camarote: string;
}

interface EventSpec {
  /** The lots of Pista in order (centavos, units); one lot of 20 at R$ 80,00 when absent. */
  lots?: { price: number; units: number }[];
  meiaEntrada?: boolean;
  /** Hours until the event starts (the meia-entrada reserve holds until 48 h before); 10 days when absent. */
  hoursAhead?: number;
  maxTicketsPerCpf?: number;
  capacity?: number;
  /** A session 'Sábado' of this capacity admitting Pista only (Camarote admits to 'Domingo'). */
  sessionCapacity?: number;
}

const saoPaulo = (at: Date) => {
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
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

/** Builds the event of one cell. */
async function stageEvent(spec: EventSpec): Promise<Stage> {
  const lots = spec.lots ?? [{ price: PRICE, units: 20 }];
  const {
    event,
    sectors: [pista, camarote],
  } = await createEvent(
    server,
    [
      { name: 'Pista', priceCentavos: lots[0].price, remaining: 20 },
      { name: 'Camarote', priceCentavos: 20000, remaining: 1000 },
    ],
    { meiaEntrada: spec.meiaEntrada ?? false, title: `Paridade ${randomUUID().slice(0, 6)}` },
  );
  await server.deps.db.delete(ticketLots).where(eq(ticketLots.sectorId, pista.id));
  await server.deps.db
    .insert(ticketLots)
    .values(lots.map((l, i) => ({ sectorId: pista.id, position: i + 1, priceCentavos: l.price, quantity: l.units, remaining: l.units })));
  await server.deps.db
    .update(sectors)
    .set({ remaining: lots.reduce((sum, l) => sum + l.units, 0) })
    .where(eq(sectors.id, pista.id));
  const starts = spec.hoursAhead === undefined ? null : saoPaulo(new Date(Date.now() + spec.hoursAhead * 3_600_000));
  await server.deps.db
    .update(events)
    .set({
      serviceFeeBasisPoints: FEE.basisPoints,
      serviceFeeMinCentavos: FEE.minCentavos,
      maxTicketsPerCpf: spec.maxTicketsPerCpf ?? null,
      capacity: spec.capacity ?? null,
      ...(starts ? { date: starts.date, startTime: starts.time, endTime: null } : {}),
    })
    .where(eq(events.id, event.id));
  if (spec.sessionCapacity !== undefined) {
    const [saturday, sunday] = await queryRows<{ id: string }>(
      server.deps.db,
      sql`
      INSERT INTO event_sessions (event_id, name, date, start_time, capacity, position)
      VALUES (${event.id}::uuid, 'Sábado', ${event.date}::date, '20:00', ${spec.sessionCapacity}, 1), (${event.id}::uuid, 'Domingo', ${event.date}::date, '21:00', NULL, 2)
      RETURNING id`,
    );
    await server.deps.db.execute(sql`
      INSERT INTO ticket_type_sessions (ticket_type_id, session_id) VALUES (${pista.id}::uuid, ${saturday.id}::uuid), (${camarote.id}::uuid, ${sunday.id}::uuid)`);
  }
  return { eventId: event.id, pista: pista.id, camarote: camarote.id };
}

/** `person` places an order on the stage's event (pending unless `pay`); its id and payment, or a failure naming the refusal. */
async function buy(
  person: Person,
  s: Stage,
  items: Line[],
  buyerCpf: string,
  options: { pay?: boolean } = {},
): Promise<{ id: string; paymentId: string }> {
  const placed = await call('POST', '/api/orders', person.cookie, {
    eventId: s.eventId,
    items,
    buyer: { ...buyer, cpf: buyerCpf, email: person.email },
    paymentMethod: 'pix',
    installments: 1,
  });
  if (placed.statusCode !== 201) throw new Error(`purchase refused: ${placed.body}`);
  if (options.pay) expect((await confirmPayment(server.deps, { orderId: placed.json().id })).outcome).toBe('completed');
  return placed.json();
}

/** Someone else takes `quantity` full-price units of Pista (pending). */
const othersTake =
  (quantity: number, buyerCpf: string = CPF.other, holderCpfs?: string[]) =>
  (s: Stage) =>
    buy(other, s, [full(s.pista, quantity, holderCpfs)], buyerCpf).then(() => undefined);

/** What a cell's channel is asked: one unit of Pista, at full price or as a student's meia-entrada. */
interface Probe {
  kind: 'full' | 'meia';
  /** The buyer's CPF (the prober's own when absent). */
  buyerCpf?: string;
  /** The CPF the unit comes to: the holder named at the sale, the CPF named when a transfer is accepted or a holder edited. */
  holderCpf?: string;
  /** At the box office, whose sales name nobody but a meia's holder: sold as a meia of this CPF. */
  boxOfficeMeiaOf?: string;
}

function probeLines(s: Stage, probe: Probe): Line[] {
  if (probe.kind === 'meia') return [meia(s.pista, probe.holderCpf ?? CPF.student)];
  return [full(s.pista, 1, probe.holderCpf ? [probe.holderCpf] : undefined)];
}

/** A unit as stored: its lot's position, its order item's unit price and fee, its category. */
interface Unit {
  lot: number;
  unitPriceCentavos: number;
  unitFeeCentavos: number;
  concession: string | null;
}

/** What a channel decided: 'accepted' (with the units and tickets stored), a refusal's code, 'refunded' (a late payment), 'not_offered' (the waiting list). */
interface Outcome {
  verdict: string;
  units?: Unit[];
  tickets?: { status: string; concession: string | null }[];
}

/** The rows an accepted order left: one entry per unit of its items, and its tickets. */
async function accepted(orderId: string): Promise<Outcome> {
  const items = await queryRows<{
    quantity: number;
    unit_price_centavos: number;
    unit_fee_centavos: number;
    concession: string | null;
    position: number | null;
  }>(
    server.deps.db,
    sql`
    SELECT i.quantity, i.unit_price_centavos, i.unit_fee_centavos, i.concession, l.position
    FROM order_items i LEFT JOIN ticket_lots l ON l.id = i.lot_id WHERE i.order_id = ${orderId}::uuid ORDER BY i.id`,
  );
  const issued = await queryRows<{ status: string; concession: string | null }>(
    server.deps.db,
    sql`SELECT status, concession FROM tickets WHERE order_id = ${orderId}::uuid`,
  );
  return {
    verdict: 'accepted',
    units: items.flatMap((i) =>
      Array.from({ length: Number(i.quantity) }, () => ({
        lot: Number(i.position),
        unitPriceCentavos: Number(i.unit_price_centavos),
        unitFeeCentavos: Number(i.unit_fee_centavos),
        concession: i.concession,
      })),
    ),
    tickets: issued.map((t) => ({ status: t.status, concession: t.concession })),
  };
}

/** An online order's answer: paid at once when placed (its tickets issued), else its refusal's code. */
async function placedOrRefused(response: { statusCode: number; json(): { id?: string; code?: string } }): Promise<Outcome> {
  if (response.statusCode !== 201) return { verdict: response.json().code ?? `status ${response.statusCode}` };
  const orderId = response.json().id!;
  expect((await confirmPayment(server.deps, { orderId })).outcome).toBe('completed');
  return accepted(orderId);
}

type Channel =
  | 'online'
  | 'among 50'
  | 'box office'
  | 'box office sync'
  | 'courtesy'
  | 'waiting list'
  | 'late payment'
  | 'transfer'
  | 'holder edit'
  | 'paying guest';

interface SaleCase {
  name: string;
  event: EventSpec;
  /** What others hold before the prober's channel acts (a late payment's order is placed after it). */
  hold?: (s: Stage) => Promise<void>;
  /** What others take while a late payment's order is expired (before the prober's channel elsewhere). */
  meanwhile?: (s: Stage) => Promise<void>;
  /** What changes just before the decision (after a waiting-list offer or a late order exists). */
  then?: (s: Stage) => Promise<void>;
  probe: Probe;
  /** What the blocker holds of the last units before freeing them for the waiting list (all at full price when absent). */
  blockerLines?: (s: Stage, units: number) => Line[];
  /** The unit as the online sale prices and stores it, where a channel accepts it. */
  unit: Unit;
  cells: Partial<Record<Channel, Cell>>;
}

/**
 * A cell: the verdict, or why the channel has none for the case (`na`). `defect`: the channel
 * decides otherwise than the rules say; the cell asserts the rule and is expected to fail.
 */
type Cell = { verdict: string; defect?: string } | { na: string };

/** What a list name pays at the door past the list's free time ('Grátis até …, depois R$ 40,00'), whatever its lot's price. */
const GUEST_PRICE = 4000;

/**
 * The unit a channel stores where the online sale stores `unit`: by design no fee at the box
 * office, a courtesy free, a paying guest at the list's price without fee (from the same lot).
 */
function unitThrough(channel: Channel, unit: Unit): Unit {
  if (channel === 'box office' || channel === 'box office sync') return { ...unit, unitFeeCentavos: 0 };
  if (channel === 'courtesy') return { ...unit, unitPriceCentavos: 0, unitFeeCentavos: 0, concession: null };
  if (channel === 'paying guest') return { ...unit, unitPriceCentavos: GUEST_PRICE, unitFeeCentavos: 0, concession: null };
  return unit;
}

const closeSector = async (s: Stage) => {
  await server.deps.db
    .update(sectors)
    .set({ salesEndAt: new Date(Date.now() - 3_600_000) })
    .where(eq(sectors.id, s.pista));
};
const unpublish = async (s: Stage) => {
  await server.deps.db.update(events).set({ isPublished: false }).where(eq(events.id, s.eventId));
};
const cancel = async (s: Stage) => {
  await server.deps.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, s.eventId));
};
const finish = async (s: Stage) => {
  const over = saoPaulo(new Date(Date.now() - 3 * 86_400_000));
  await server.deps.db.update(events).set({ date: over.date, startTime: '20:00', endTime: '23:00' }).where(eq(events.id, s.eventId));
};
/** Four students' meia-entrada in one order (the reserve of a sector of 10). */
const fourMeias = (s: Stage) => [testCpf(41), testCpf(42), testCpf(43), testCpf(44)].map((cpf) => meia(s.pista, cpf));

const accept: Cell = { verdict: 'accepted' };
const refunded: Cell = { verdict: 'refunded' };
const refuse = (code: string): Cell => ({ verdict: code });
const na = (why: string): Cell => ({ na: why });
const NO_ACCOUNT = na('a box-office sale is anonymous: no account to count');
const NO_MEIA_COURTESY = na('a courtesy is a full-price line only');
const NO_MEIA_OFFER = na('a waiting-list offer sells full-price units only');
const NO_TICKET_MOVES = na('no ticket changes hands');
const IN_CAPACITY = na("an offer's units already count in the capacity: none is made past it");
const NO_MEIA_GUEST = na("a list name is priced by its list's rule: no meia-entrada");

const cases: SaleCase[] = [
  {
    name: 'the lot turn (lot 1 R$ 80,00 x 2, then lot 2 R$ 100,00)',
    event: {
      lots: [
        { price: 8000, units: 2 },
        { price: 10000, units: 1 },
      ],
    },
    hold: othersTake(2),
    probe: { kind: 'full' },
    unit: { lot: 2, unitPriceCentavos: 10000, unitFeeCentavos: 1000, concession: null },
    cells: {
      online: accept,
      'among 50': accept,
      'box office': accept,
      'box office sync': accept,
      courtesy: accept,
      'waiting list': accept,
      'late payment': accept,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': accept,
    },
  },
  {
    name: 'a 7th full price 30 days out (10 units, a meia-entrada reserve of 4)',
    event: { meiaEntrada: true, lots: [{ price: PRICE, units: 10 }], hoursAhead: 30 * 24 },
    hold: othersTake(5),
    meanwhile: othersTake(1),
    probe: { kind: 'full' },
    blockerLines: fourMeias,
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('full_price_sold_out'),
      'among 50': refuse('full_price_sold_out'),
      // The block of 1 is reserved, kept for meia only; its full-price sale is refused.
      'box office': refuse('full_price_sold_out'),
      'box office sync': refuse('full_price_sold_out'),
      // By design a courtesy and a list name are outside the reserve.
      courtesy: accept,
      'paying guest': accept,
      // A meia given up while the reserve holds goes back to it: no full-price offer.
      'waiting list': { verdict: 'not_offered' },
      'late payment': refunded,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
    },
  },
  {
    name: 'a meia-entrada after 6 full prices 30 days out',
    event: { meiaEntrada: true, lots: [{ price: PRICE, units: 10 }], hoursAhead: 30 * 24 },
    hold: othersTake(6),
    probe: { kind: 'meia' },
    unit: { lot: 1, unitPriceCentavos: 4000, unitFeeCentavos: 400, concession: 'student' },
    cells: {
      online: accept,
      'among 50': accept,
      'box office': accept,
      'box office sync': accept,
      'late payment': accept,
      courtesy: NO_MEIA_COURTESY,
      'waiting list': NO_MEIA_OFFER,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': NO_MEIA_GUEST,
    },
  },
  {
    name: 'a 7th full price 40 hours out (the reserve released)',
    event: { meiaEntrada: true, lots: [{ price: PRICE, units: 10 }], hoursAhead: 40 },
    hold: othersTake(5),
    meanwhile: othersTake(1),
    probe: { kind: 'full' },
    blockerLines: fourMeias,
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: accept,
      'among 50': accept,
      'box office': accept,
      'box office sync': accept,
      courtesy: accept,
      'waiting list': accept,
      'late payment': accept,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': accept,
    },
  },
  {
    name: 'a second meia-entrada for one CPF',
    event: { meiaEntrada: true },
    meanwhile: (s) => buy(other, s, [meia(s.pista, CPF.x)], CPF.other).then(() => undefined),
    probe: { kind: 'meia', holderCpf: CPF.x },
    unit: { lot: 1, unitPriceCentavos: 4000, unitFeeCentavos: 400, concession: 'student' },
    cells: {
      online: refuse('meia_cpf_repeated'),
      'among 50': refuse('meia_cpf_repeated'),
      'box office': refuse('meia_cpf_repeated'),
      'box office sync': refuse('meia_cpf_repeated'),
      courtesy: NO_MEIA_COURTESY,
      'waiting list': NO_MEIA_OFFER,
      'late payment': refunded,
      transfer: refuse('meia_cpf_repeated'),
      // By design a holder edit of a meia-entrada is a transfer to that person.
      'holder edit': refuse('holder_meia_transfer_only'),
      'paying guest': NO_MEIA_GUEST,
    },
  },
  {
    name: "a 3rd unit for a buyer's CPF (limit of 2 per CPF)",
    event: { maxTicketsPerCpf: 2, lots: [{ price: PRICE, units: 3 }] },
    meanwhile: othersTake(2, CPF.x),
    probe: { kind: 'full', buyerCpf: CPF.x, holderCpf: undefined },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('cpf_limit'),
      'among 50': refuse('cpf_limit'),
      // By design a box-office sale names no buyer: a full price counts for no CPF.
      'box office': accept,
      'box office sync': accept,
      // By design a courtesy and a list name are outside the limits per CPF.
      courtesy: accept,
      'paying guest': accept,
      'waiting list': refuse('cpf_limit'),
      'late payment': refunded,
      transfer: refuse('cpf_limit'),
      'holder edit': refuse('cpf_limit'),
    },
  },
  {
    name: "a 3rd unit for a holder's CPF (limit of 2 per CPF)",
    // 40 h out the reserve is released: the box office names the holder of a meia-entrada.
    event: { maxTicketsPerCpf: 2, meiaEntrada: true, hoursAhead: 40, lots: [{ price: PRICE, units: 3 }] },
    meanwhile: othersTake(2, CPF.y, [CPF.x, CPF.x]),
    probe: { kind: 'full', holderCpf: CPF.x, boxOfficeMeiaOf: CPF.x },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('cpf_limit'),
      'among 50': refuse('cpf_limit'),
      'box office': refuse('cpf_limit'),
      'box office sync': refuse('cpf_limit'),
      // By design a courtesy and a list name are outside the limits per CPF.
      courtesy: accept,
      'paying guest': accept,
      'waiting list': refuse('cpf_limit'),
      'late payment': refunded,
      transfer: refuse('cpf_limit'),
      'holder edit': refuse('cpf_limit'),
    },
  },
  {
    name: 'a 3rd unit for an account naming another CPF (limit of 2 per CPF)',
    event: { maxTicketsPerCpf: 2, lots: [{ price: PRICE, units: 3 }] },
    meanwhile: (s) => buy(prober, s, [full(s.pista, 2)], CPF.y).then(() => undefined),
    probe: { kind: 'full', buyerCpf: CPF.z, holderCpf: CPF.z },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('cpf_limit'),
      'among 50': refuse('cpf_limit'),
      'box office': NO_ACCOUNT,
      'box office sync': NO_ACCOUNT,
      // By design a courtesy and a list name (its guest's e-mail the prober's) are outside the limits per account.
      courtesy: accept,
      'paying guest': accept,
      'waiting list': refuse('cpf_limit'),
      'late payment': refunded,
      transfer: refuse('cpf_limit'),
      'holder edit': na('a holder edit keeps the ticket on its account'),
    },
  },
  {
    name: "a unit past the event's capacity of 3",
    event: { capacity: 3 },
    meanwhile: othersTake(3),
    probe: { kind: 'full' },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('event_sold_out'),
      'among 50': refuse('event_sold_out'),
      'box office': refuse('event_sold_out'),
      'box office sync': refuse('event_sold_out'),
      courtesy: refuse('event_sold_out'),
      'waiting list': IN_CAPACITY,
      'late payment': refunded,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': refuse('event_sold_out'),
    },
  },
  {
    name: "a unit past a session's capacity of 3",
    event: { sessionCapacity: 3 },
    meanwhile: othersTake(3),
    probe: { kind: 'full' },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('session_sold_out'),
      'among 50': refuse('session_sold_out'),
      'box office': refuse('session_sold_out'),
      'box office sync': refuse('session_sold_out'),
      courtesy: refuse('session_sold_out'),
      'waiting list': IN_CAPACITY,
      'late payment': refunded,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': refuse('session_sold_out'),
    },
  },
  {
    name: 'the service fee on a R$ 20,00 unit (10 %, at least R$ 3,00)',
    event: { lots: [{ price: 2000, units: 2 }] },
    hold: othersTake(1),
    probe: { kind: 'full' },
    // Online R$ 3,00; by design none at the box office, on a courtesy nor on a paying guest (unitThrough).
    unit: { lot: 1, unitPriceCentavos: 2000, unitFeeCentavos: 300, concession: null },
    cells: {
      online: accept,
      'among 50': accept,
      'box office': accept,
      'box office sync': accept,
      courtesy: accept,
      'waiting list': accept,
      'late payment': accept,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': accept,
    },
  },
  {
    name: 'a sector whose sales closed',
    event: { lots: [{ price: PRICE, units: 2 }] },
    hold: othersTake(1),
    then: closeSector,
    probe: { kind: 'full' },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('sector_closed'),
      'among 50': refuse('sector_closed'),
      'box office': refuse('sector_closed'),
      'box office sync': refuse('sector_closed'),
      // By design a courtesy and a list name are outside the sales window.
      courtesy: accept,
      'paying guest': accept,
      'waiting list': refuse('sector_closed'),
      // By design a late payment is not asked the window again: the order passed it when placed.
      'late payment': accept,
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
    },
  },
  {
    name: 'a draft event',
    event: { lots: [{ price: PRICE, units: 2 }] },
    hold: othersTake(1),
    then: unpublish,
    probe: { kind: 'full' },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('event_not_found'),
      'among 50': refuse('event_not_found'),
      'box office': refuse('event_not_found'),
      'box office sync': refuse('event_not_found'),
      // By design a courtesy may be issued, and a name put on a list, before the event is published.
      courtesy: accept,
      'paying guest': accept,
      'waiting list': refuse('event_not_found'),
      'late payment': refuse('refunded'),
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
    },
  },
  {
    name: 'an event that is over',
    event: { lots: [{ price: PRICE, units: 2 }] },
    hold: othersTake(1),
    then: finish,
    probe: { kind: 'full' },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('event_finished'),
      'among 50': refuse('event_finished'),
      'box office': refuse('event_finished'),
      'box office sync': refuse('event_finished'),
      courtesy: refuse('event_finished'),
      'waiting list': refuse('event_finished'),
      'late payment': refuse('refunded'),
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': refuse('event_finished'),
    },
  },
  {
    name: 'a cancelled event',
    event: { lots: [{ price: PRICE, units: 2 }] },
    hold: othersTake(1),
    then: cancel,
    probe: { kind: 'full' },
    unit: { lot: 1, unitPriceCentavos: PRICE, unitFeeCentavos: 800, concession: null },
    cells: {
      online: refuse('event_cancelled'),
      'among 50': refuse('event_cancelled'),
      'box office': refuse('event_cancelled'),
      'box office sync': refuse('event_cancelled'),
      courtesy: refuse('event_cancelled'),
      'waiting list': refuse('event_cancelled'),
      'late payment': refuse('refunded'),
      transfer: NO_TICKET_MOVES,
      'holder edit': NO_TICKET_MOVES,
      'paying guest': refuse('event_cancelled'),
    },
  },
];

/** The state before the prober's channel acts, for the channels that decide at once. */
async function staged(c: SaleCase): Promise<Stage> {
  const s = await stageEvent(c.event);
  await c.hold?.(s);
  await c.meanwhile?.(s);
  return s;
}

const probeBuyer = (c: SaleCase) => ({ ...buyer, cpf: c.probe.buyerCpf ?? CPF.prober, email: prober.email });

async function boxOffice(c: SaleCase, mode: 'sales' | 'sync'): Promise<Outcome> {
  const s = await staged(c);
  const deviceId = `aparelho-${randomUUID()}`;
  const drawer = await call('POST', '/api/box-office/drawers', operator.cookie, { eventId: s.eventId, floatCentavos: 10000, deviceId });
  expect(drawer.statusCode).toBe(200);
  const op: BoxOfficeOperator = { ...operator, deviceId, drawerId: drawer.json().id };
  await c.then?.(s);
  // Reserving the block is the channel's first step: its refusal is the channel's verdict.
  const block = await call('POST', '/api/box-office/blocks', op.cookie, {
    eventId: s.eventId,
    sectorId: s.pista,
    drawerId: op.drawerId,
    deviceId,
    size: 1,
  });
  if (block.statusCode !== 201) return { verdict: block.json().code };
  const meiaOf = c.probe.kind === 'meia' ? (c.probe.holderCpf ?? CPF.student) : c.probe.boxOfficeMeiaOf;
  const sale = deviceBlock(op, block.json())(meiaOf ? { meia: [student(meiaOf)] } : { full: 1 }, {
    method: 'cash',
    cashTenderedCentavos: 100000,
  });
  const answer = await call(
    'POST',
    mode === 'sales' ? '/api/box-office/sales' : '/api/box-office/sync',
    op.cookie,
    mode === 'sales' ? sale : { sales: [sale] },
  );
  const result = mode === 'sales' ? answer.json() : answer.json().results[0];
  if (mode === 'sales' && answer.statusCode !== 200) return { verdict: result.code };
  if (result.outcome !== 'recorded') return { verdict: result.code };
  return accepted(result.orderId);
}

/** The sector sold out, its last units held by the blocker; the prober waits; the blocker gives them up. The prober's offer, if one was made. */
async function offerAfterRelease(c: SaleCase, s: Stage): Promise<string | null> {
  const [sector] = await server.deps.db.select().from(sectors).where(eq(sectors.id, s.pista));
  const held = await buy(blocker, s, c.blockerLines?.(s, sector.remaining) ?? [full(s.pista, sector.remaining)], CPF.blocker);
  const joined = await call('POST', `/api/events/${s.eventId}/waitlist`, prober.cookie, { sectorId: s.pista, quantity: 1 });
  expect(joined.statusCode, joined.body).toBe(201);
  expect((await call('POST', `/api/orders/${held.id}/cancel`, blocker.cookie)).statusCode).toBe(200);
  const [entry] = (await call('GET', `/api/events/${s.eventId}/waitlist`, prober.cookie)).json().entries as {
    offer: { id: string } | null;
  }[];
  return entry.offer?.id ?? null;
}

/** A ticket of Pista bought and paid by `person` (a meia-entrada of a student when the probe is one). */
async function ticketOf(person: Person, c: SaleCase, s: Stage, buyerCpf: string): Promise<string> {
  const order = await buy(person, s, [c.probe.kind === 'meia' ? meia(s.pista, CPF.student) : full(s.pista)], buyerCpf, { pay: true });
  const [ticket] = await queryRows<{ id: string }>(server.deps.db, sql`SELECT id FROM tickets WHERE order_id = ${order.id}::uuid`);
  return ticket.id;
}

const channels: Record<Channel, (c: SaleCase) => Promise<Outcome>> = {
  async online(c) {
    const s = await staged(c);
    await c.then?.(s);
    return placedOrRefused(
      await call('POST', '/api/orders', prober.cookie, {
        eventId: s.eventId,
        items: probeLines(s, c.probe),
        buyer: probeBuyer(c),
        paymentMethod: 'pix',
        installments: 1,
      }),
    );
  },

  async 'among 50'(c) {
    const s = await staged(c);
    await c.then?.(s);
    // 50 orders of the event in one tick: the first is placed alone, the 49 after it in one transaction.
    const at = 17;
    let transactions = 0;
    const spy = vi.spyOn(server.deps.db, 'transaction');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => {
        const input: PlaceOrderInput =
          n === at
            ? { eventId: s.eventId, items: probeLines(s, c.probe), buyer: probeBuyer(c), paymentMethod: 'pix', installments: 1 }
            : {
                eventId: s.eventId,
                items: [full(s.camarote)],
                buyer: { ...buyer, cpf: fillerCpf(n) },
                paymentMethod: 'pix',
                installments: 1,
              };
        return placeOrder(server.deps, n === at ? prober.userId : fillers[n > at ? n - 1 : n], input).then(
          (order) => ({ statusCode: 201, json: () => ({ id: order.id }) }),
          (error: unknown) => {
            if (!(error instanceof DomainError)) throw error;
            return { statusCode: 409, json: () => ({ code: error.code }) };
          },
        );
      }),
    ).finally(() => {
      transactions = spy.mock.calls.length;
      spy.mockRestore();
    });
    expect(transactions).toBeLessThanOrEqual(2);
    return placedOrRefused(answers[at]);
  },

  'box office': (c) => boxOffice(c, 'sales'),
  'box office sync': (c) => boxOffice(c, 'sync'),

  async courtesy(c) {
    const s = await staged(c);
    await c.then?.(s);
    const issued = await call('POST', `/api/admin/events/${s.eventId}/courtesies`, admin.cookie, {
      sectorId: s.pista,
      recipients: [{ name: 'Pessoa Convidada', email: prober.email }],
    });
    if (issued.statusCode !== 201) return { verdict: issued.json().code };
    const [order] = await server.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, s.eventId), eq(orders.paymentProvider, 'courtesy')));
    expect(order.userId).toBe(prober.userId);
    return accepted(order.id);
  },

  async 'waiting list'(c) {
    const s = await staged(c);
    const offerId = await offerAfterRelease(c, s);
    if (!offerId) {
      // The unit stays on sale as it was: a full price is refused there too.
      const online = await call('POST', '/api/orders', prober.cookie, {
        eventId: s.eventId,
        items: probeLines(s, c.probe),
        buyer: probeBuyer(c),
        paymentMethod: 'pix',
        installments: 1,
      });
      expect(online.json().code).toBe('full_price_sold_out');
      return { verdict: 'not_offered' };
    }
    await c.then?.(s);
    return placedOrRefused(
      await call('POST', '/api/orders', prober.cookie, {
        eventId: s.eventId,
        items: probeLines(s, c.probe),
        buyer: probeBuyer(c),
        paymentMethod: 'pix',
        installments: 1,
        waitlistOfferId: offerId,
      }),
    );
  },

  async 'late payment'(c) {
    const s = await stageEvent(c.event);
    await c.hold?.(s);
    const placed = await call('POST', '/api/orders', prober.cookie, {
      eventId: s.eventId,
      items: probeLines(s, c.probe),
      buyer: probeBuyer(c),
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const late = placed.json() as { id: string; paymentId: string };
    // The hold ends unpaid: its units go back.
    await server.deps.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late.id));
    await expireOverdueOrders(server.deps);
    const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, late.id));
    expect(row.status).toBe('expired');
    await c.meanwhile?.(s);
    await c.then?.(s);
    const { outcome } = await confirmPayment(server.deps, { paymentId: late.paymentId });
    if (outcome === 'refunded_late') return { verdict: 'refunded' };
    expect(outcome).toBe('completed');
    return accepted(late.id);
  },

  async transfer(c) {
    const s = await staged(c);
    const ticketId = await ticketOf(sender, c, s, CPF.sender);
    await c.then?.(s);
    const sent = await call('POST', `/api/tickets/${ticketId}/transfers`, sender.cookie, {
      toName: 'Pessoa Que Recebe',
      toEmail: prober.email,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const declared = c.probe.kind === 'meia' ? { concession: 'student', documentNumber: 'CIE-9' } : {};
    const answer = await call('POST', '/api/transfers/accept', prober.cookie, {
      transferId: sent.json().id,
      cpf: c.probe.holderCpf ?? c.probe.buyerCpf ?? CPF.prober,
      ...declared,
    });
    return answer.statusCode === 200 ? { verdict: 'accepted' } : { verdict: answer.json().code };
  },

  async 'holder edit'(c) {
    const s = await stageEvent(c.event);
    const ticketId = await ticketOf(prober, c, s, CPF.prober);
    await c.hold?.(s);
    await c.meanwhile?.(s);
    await c.then?.(s);
    const answer = await call('PUT', `/api/tickets/${ticketId}/holder`, prober.cookie, {
      holderName: 'Outra Pessoa',
      holderCpf: c.probe.holderCpf ?? c.probe.buyerCpf,
    });
    return answer.statusCode === 200 ? { verdict: 'accepted' } : { verdict: answer.json().code };
  },

  async 'paying guest'(c) {
    const s = await staged(c);
    const now = Date.now();
    const list = await call('POST', `/api/admin/events/${s.eventId}/guest-lists`, admin.cookie, {
      name: 'Lista amiga',
      ownerEmail: admin.email,
      sectorId: s.pista,
      quota: 5,
      freeUntil: new Date(now).toISOString(),
      afterKind: 'price',
      afterPriceCentavos: GUEST_PRICE,
      closesAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(list.statusCode, list.body).toBe(201);
    await c.then?.(s);
    // Putting the name on the list is the channel's decision: the name holds its unit from then on.
    // The guest's e-mail is the prober's: the ticket comes to the prober's account.
    const added = await call('POST', `/api/guest-lists/${list.json().id}/entries`, admin.cookie, {
      name: 'Pessoa da Lista',
      email: prober.email,
      cpf: c.probe.holderCpf ?? c.probe.buyerCpf ?? CPF.prober,
    });
    if (added.statusCode !== 201) return { verdict: added.json().code };
    // The night, half an hour after the start (São Paulo, UTC-3), past the free time: a draft's
    // names reach its door once it is published. The guest pays cash into the operator's drawer.
    await server.deps.db.update(events).set({ isPublished: true }).where(eq(events.id, s.eventId));
    const [event] = await server.deps.db.select().from(events).where(eq(events.id, s.eventId));
    const night = new Date(new Date(`${event.date}T${event.startTime.slice(0, 5)}:00-03:00`).getTime() + 30 * 60_000);
    const [drawer] = await server.deps.db
      .insert(cashDrawers)
      .values({ eventId: s.eventId, operatorId: operator.userId, floatCentavos: 10000 })
      .returning();
    const admitted = await admitGuestEntry(
      server.deps,
      { entryId: added.json().id, eventId: s.eventId, validatorId: operator.userId, paymentMethod: 'cash' },
      { opensMinutesBefore: DEFAULT_DOOR_OPENS_MINUTES_BEFORE },
      systemActor,
      night,
    );
    expect(admitted).toMatchObject({ accepted: true, chargedCentavos: GUEST_PRICE });
    const [order] = await server.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, s.eventId), eq(orders.paymentProvider, 'guest_list')));
    expect(order).toMatchObject({
      userId: prober.userId,
      channel: 'guest_list',
      paymentMethod: 'cash',
      drawerId: drawer.id,
      totalCentavos: GUEST_PRICE,
    });
    return accepted(order.id);
  },
};

type Row = { sale: string; channel: Channel; verdict: string; c: SaleCase; defect?: string };
const rows: Row[] = cases.flatMap((c) =>
  (Object.entries(c.cells) as [Channel, Cell][]).flatMap(([channel, cell]) =>
    'na' in cell ? [] : [{ sale: c.name, channel, verdict: cell.verdict, c, defect: cell.defect }],
  ),
);

async function assertCell({ c, channel, verdict }: Row) {
  const outcome = await channels[channel](c);
  expect(outcome.verdict).toBe(verdict);
  // A transfer or a holder edit moves a ticket already priced: nothing new is stored to compare.
  if (verdict !== 'accepted' || channel === 'transfer' || channel === 'holder edit') return;
  const unit = unitThrough(channel, c.unit);
  expect(outcome.units).toEqual([unit]);
  expect(outcome.tickets).toEqual([{ status: 'valid', concession: unit.concession }]);
}

describe('one rulebook: the same sale case gives the same verdict, price and rows through every channel', () => {
  it.each(rows.filter((row) => !row.defect))('$sale through $channel: $verdict', assertCell);
  const defects = rows.filter((row) => row.defect);
  if (defects.length > 0) it.fails.each(defects)('$sale through $channel: $verdict ($defect)', assertCell);

  it('charges the service fee on the same unit online and, by design, none at the box office', async () => {
    const feeCase = cases.find((c) => c.name.startsWith('the service fee'))!;
    const online = await channels.online(feeCase);
    const boxOffice = await channels['box office'](feeCase);
    expect(online.units).toEqual([{ lot: 1, unitPriceCentavos: 2000, unitFeeCentavos: 300, concession: null }]);
    expect(boxOffice.units).toEqual([{ lot: 1, unitPriceCentavos: 2000, unitFeeCentavos: 0, concession: null }]);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
