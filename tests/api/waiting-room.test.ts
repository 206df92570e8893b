import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { readRoom } from '../../src/server/services/onsale/room-state';
import { cpfDigest, signRoomToken } from '../../src/server/services/onsale/room-tokens';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { testCpf } from '../support/cpf';
import { solveJoinChallenge } from '../support/join-proof';

// The on-sale's waiting room (docs/rules/waiting-room.md 'The on-sale'): places, the draw, the outflow, passes.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { WAITING_ROOM_POW_MAX: '200' } });
});

afterAll(async () => {
  await server?.stop();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

async function eventWithRoom(
  remaining: number,
  room: { opensIn?: number; onSaleIn?: number; ratePerMinute?: number; maxInside?: number } = {},
) {
  const { event, sectors } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining }]);
  const admin = await server.signUpAs(['admin']);
  const configured = await server.app.inject({
    method: 'PUT',
    url: `/api/admin/events/${event.id}/waiting-room`,
    headers: { cookie: admin.cookie },
    payload: {
      enabled: true,
      opensAt: minutes(room.opensIn ?? -5),
      onSaleAt: minutes(room.onSaleIn ?? 30),
      ratePerMinute: room.ratePerMinute ?? 600,
      maxInside: room.maxInside ?? 500,
    },
  });
  expect(configured.statusCode).toBe(200);
  return { event, sector: sectors[0], admin };
}

async function proofFor(eventId: string) {
  const challenge = await server.app.inject({ method: 'GET', url: `/api/events/${eventId}/waiting-room/challenge` });
  return solveJoinChallenge(challenge.json());
}
const join = async (eventId: string, cookie: string, cpf: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/waiting-room/join`,
    headers: { cookie },
    payload: { cpf, proof: await proofFor(eventId) },
  });
/** What anyone holding a signed room token reads in it: the JSON of its body. */
const decodedTokenText = (token: string) => Buffer.from(token.split('.')[0], 'base64url').toString('utf8');
const status = (token: string) => server.app.inject({ method: 'POST', url: '/api/waiting-room/status', payload: { token } });
const claim = (eventId: string, cookie: string, deviceId: string) =>
  server.app.inject({ method: 'POST', url: `/api/events/${eventId}/waiting-room/pass`, headers: { cookie }, payload: { deviceId } });
const order = (eventId: string, sectorId: string, cookie: string, extra: { waitingRoomPass?: string; deviceId?: string; cpf?: string }) =>
  server.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: {
      eventId,
      items: [{ sectorId: sectorId, quantity: 1 }],
      buyer: { ...buyer, cpf: extra.cpf ?? buyer.cpf },
      paymentMethod: 'pix',
      waitingRoomPass: extra.waitingRoomPass,
      deviceId: extra.deviceId,
    },
  });

/**
 * Opens the sale now: the on-sale time moves 2 minutes into the past (so even a room letting 1 in a
 * minute has its first turn due, whatever fraction of a millisecond the database's clock is ahead),
 * and the next refresh draws.
 */
async function openSale(eventId: string) {
  await server.deps.db.execute(sql`
    UPDATE waiting_rooms SET opens_at = now() - interval '10 minutes', on_sale_at = now() - interval '2 minutes'
    WHERE event_id = ${eventId}::uuid`);
  return readRoom(server.deps.db, eventId, { fresh: true });
}

describe('waiting room', () => {
  it('gives one place per account across devices and one per CPF, and is closed before it opens', async () => {
    const early = await eventWithRoom(10, { opensIn: 10, onSaleIn: 40 });
    const fan = await server.signUpAs();
    const closed = await join(early.event.id, fan.cookie, buyer.cpf);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'waiting_room_closed' });

    const { event } = await eventWithRoom(10);
    // The join costs a proof of work: none, one for another event, or one used twice is refused.
    const joinWith = (proof: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/waiting-room/join`,
        headers: { cookie: fan.cookie },
        payload: { cpf: testCpf(1), proof },
      });
    expect((await joinWith(undefined)).statusCode).toBe(400);
    const elsewhere = await joinWith(await proofFor(early.event.id));
    expect(elsewhere.json()).toMatchObject({ code: 'waiting_room_proof_invalid' });
    const proof = await proofFor(event.id);
    const forged = await joinWith({ ...proof, solution: { ...proof.solution, derivedKey: '00'.repeat(32) } });
    expect(forged.json()).toMatchObject({ code: 'waiting_room_proof_invalid' });
    expect(await queryRows(server.deps.db, sql`SELECT 1 FROM waiting_room_entries WHERE event_id = ${event.id}::uuid`)).toEqual([]);
    const first = await joinWith(proof);
    expect((await joinWith(proof)).json()).toMatchObject({ code: 'waiting_room_proof_invalid' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ phase: 'before_open', place: null, alreadyJoined: false });
    // A second device of the same account, even with another CPF typed: the same place.
    const second = await join(event.id, fan.cookie, testCpf(2));
    expect(second.json()).toMatchObject({ phase: 'before_open', alreadyJoined: true });
    const rows = await queryRows<{ cpf: string }>(
      server.deps.db,
      sql`SELECT cpf FROM waiting_room_entries WHERE event_id = ${event.id}::uuid`,
    );
    expect(rows).toEqual([{ cpf: testCpf(1) }]);

    const other = await server.signUpAs();
    const taken = await join(event.id, other.cookie, testCpf(1));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'waiting_room_cpf_taken', details: { field: 'cpf' } });
    expect((await join(event.id, other.cookie, '111.111.111-11')).statusCode).toBe(400);

    // A forged or altered token is refused; the real one answers without a session.
    const token: string = first.json().token;
    // The place token is readable by whoever holds it: no CPF in it (LGPD).
    expect(decodedTokenText(token)).not.toContain(testCpf(1));
    expect(Object.keys(JSON.parse(decodedTokenText(token))).sort()).toEqual(['eventId', 'kind', 'place', 'userId']);
    expect((await status(token)).json()).toMatchObject({ phase: 'before_open' });
    expect((await status(`${token.slice(0, -2)}xx`)).json()).toMatchObject({ code: 'waiting_room_token_invalid' });
  });

  it('draws a permutation of the joins before the opening, then gives later arrivals the next place', async () => {
    const { event } = await eventWithRoom(1000, { ratePerMinute: 1, maxInside: 1 });
    const fans = await Promise.all(Array.from({ length: 24 }, () => server.signUpAs()));
    const joins = await Promise.all(fans.map((f, i) => join(event.id, f.cookie, testCpf(100 + i))));
    expect(joins.every((j) => j.statusCode === 200 && j.json().place === null)).toBe(true);

    await openSale(event.id);
    const places = await queryRows<{ user_id: string; place: number; random_key: string }>(
      server.deps.db,
      sql`SELECT user_id, place, random_key FROM waiting_room_entries WHERE event_id = ${event.id}::uuid ORDER BY place`,
    );
    expect(places.map((p) => Number(p.place))).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    // The order is the random keys' order, not the joins'.
    const keys = places.map((p) => BigInt(p.random_key));
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // A token from before the draw learns its place at its next poll.
    const polled = (await status(joins[5].json().token)).json();
    expect(polled.place).toBe(Number(places.find((p) => p.user_id === fans[5].userId)!.place));
    expect(['waiting', 'your_turn']).toContain(polled.phase);
    const repoll = (await status(polled.token)).json();
    expect(repoll.place).toBe(polled.place);

    // Arrivals after the draw get the next places in arrival order, given by the room's next
    // refresh (a join never takes the room's row); their next poll reads it.
    const late = await Promise.all([server.signUpAs(), server.signUpAs()]);
    const lateJoins: Awaited<ReturnType<typeof join>>[] = [];
    for (const [i, fan] of late.entries()) lateJoins.push(await join(event.id, fan.cookie, testCpf(200 + i)));
    expect(lateJoins.map((j) => j.json())).toMatchObject([
      { place: null, alreadyJoined: false },
      { place: null, alreadyJoined: false },
    ]);
    const placeOf = async (token: string) => {
      await readRoom(server.deps.db, event.id, { fresh: true });
      const polled = (await status(token)).json();
      return `${polled.place} ${polled.phase}`;
    };
    await expect.poll(() => placeOf(lateJoins[1].json().token), { timeout: 5000, interval: 100 }).toBe('26 waiting');
    await expect.poll(() => placeOf(lateJoins[0].json().token), { timeout: 5000, interval: 100 }).toBe('25 waiting');
  });

  it('never admits more buyers than the stock left can serve, nor more than the room holds', async () => {
    const { event } = await eventWithRoom(10, { ratePerMinute: 100_000, maxInside: 500 });
    const fans = await Promise.all(Array.from({ length: 20 }, () => server.signUpAs()));
    await Promise.all(fans.map((f, i) => join(event.id, f.cookie, testCpf(300 + i))));
    const room = await openSale(event.id);
    // 10 units at the default 2 per order, 10 % margin: 6 buyers.
    expect(room!.admittedThrough).toBe(6);
    const again = await readRoom(server.deps.db, event.id, { fresh: true, now: Date.now() + 60_000 });
    expect(again!.admittedThrough).toBe(6);

    const small = await eventWithRoom(1000, { ratePerMinute: 100_000, maxInside: 3 });
    const more = await Promise.all(Array.from({ length: 8 }, () => server.signUpAs()));
    await Promise.all(more.map((f, i) => join(small.event.id, f.cookie, testCpf(400 + i))));
    expect((await openSale(small.event.id))!.admittedThrough).toBe(3);
  });

  it('requires a pass to order while the room is active, bound to the account, its device, its CPF and 10 minutes, and refused while paused', async () => {
    const { event, sector, admin } = await eventWithRoom(100, { ratePerMinute: 100_000 });
    const fan = await server.signUpAs();
    const other = await server.signUpAs();
    await join(event.id, fan.cookie, buyer.cpf);
    await join(event.id, other.cookie, testCpf(500));

    // Active before the opening: nobody orders without a pass, nor gets a turn.
    const without = await order(event.id, sector.id, fan.cookie, {});
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'waiting_room_pass_required' });
    expect((await claim(event.id, fan.cookie, 'aparelho-1')).json()).toMatchObject({ code: 'waiting_room_not_turn' });

    await openSale(event.id);
    const pass = await claim(event.id, fan.cookie, 'aparelho-1');
    expect(pass.statusCode).toBe(200);
    const { pass: token } = pass.json();
    // The pass is readable by whoever holds it: it carries a keyed hash of the CPF, never the CPF.
    expect(decodedTokenText(token)).not.toContain(buyer.cpf.replace(/\D/g, ''));
    expect((await claim(event.id, fan.cookie, 'aparelho-1')).statusCode).toBe(200);
    const secondDevice = await claim(event.id, fan.cookie, 'aparelho-2');
    expect(secondDevice.json()).toMatchObject({ code: 'waiting_room_other_device' });

    const stolen = await order(event.id, sector.id, other.cookie, { waitingRoomPass: token, deviceId: 'aparelho-1', cpf: testCpf(500) });
    expect(stolen.json()).toMatchObject({ code: 'waiting_room_pass_invalid' });
    const elsewhere = await order(event.id, sector.id, fan.cookie, { waitingRoomPass: token, deviceId: 'aparelho-2' });
    expect(elsewhere.json()).toMatchObject({ code: 'waiting_room_other_device' });
    const otherCpf = await order(event.id, sector.id, fan.cookie, { waitingRoomPass: token, deviceId: 'aparelho-1', cpf: testCpf(501) });
    expect(otherCpf.json()).toMatchObject({ code: 'waiting_room_cpf_mismatch' });

    const pause = (paused: boolean) =>
      server.app.inject({
        method: 'POST',
        url: `/api/admin/events/${event.id}/waiting-room/pause`,
        headers: { cookie: admin.cookie },
        payload: { paused },
      });
    expect((await pause(true)).json()).toMatchObject({ paused: true });
    expect((await order(event.id, sector.id, fan.cookie, { waitingRoomPass: token, deviceId: 'aparelho-1' })).json()).toMatchObject({
      code: 'waiting_room_paused',
    });
    expect((await pause(false)).json()).toMatchObject({ paused: false });

    const placed = await order(event.id, sector.id, fan.cookie, { waitingRoomPass: token, deviceId: 'aparelho-1' });
    expect(placed.statusCode).toBe(201);
    const [used] = await queryRows<{ used: boolean }>(
      server.deps.db,
      sql`
      SELECT pass_used_at IS NOT NULL AS used FROM waiting_room_entries WHERE event_id = ${event.id}::uuid AND user_id = ${fan.userId}`,
    );
    expect(used.used).toBe(true);

    // Ten minutes after the turn came, the turn is gone: no new pass, and a pass signed to expire is refused.
    await server.deps.db.execute(sql`
      UPDATE waiting_room_entries SET admitted_at = now() - interval '11 minutes' WHERE event_id = ${event.id}::uuid AND user_id = ${other.userId}`);
    expect((await claim(event.id, other.cookie, 'aparelho-3')).json()).toMatchObject({ code: 'waiting_room_pass_expired' });
    const expired = signRoomToken(server.deps.ticketSigningKey, {
      kind: 'pass',
      eventId: event.id,
      userId: other.userId,
      cpfDigest: cpfDigest(server.deps.ticketSigningKey, testCpf(500)),
      place: 2,
      deviceId: 'aparelho-3',
      expiresAt: Date.now() - 1,
    });
    const late = await order(event.id, sector.id, other.cookie, { waitingRoomPass: expired, deviceId: 'aparelho-3', cpf: testCpf(500) });
    expect(late.json()).toMatchObject({ code: 'waiting_room_pass_expired' });

    // The organizer's counts.
    const view = await server.app.inject({
      method: 'GET',
      url: `/api/admin/events/${event.id}/waiting-room`,
      headers: { cookie: admin.cookie },
    });
    expect(view.json()).toMatchObject({ enabled: true, counts: { held: 1, remaining: 99 } });
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/waiting-room`, headers: { cookie: fan.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('tells the fans still waiting that the tickets are gone', async () => {
    const { event } = await eventWithRoom(2, { ratePerMinute: 1, maxInside: 1 });
    const fans = await Promise.all(Array.from({ length: 3 }, () => server.signUpAs()));
    const joins = await Promise.all(fans.map((f, i) => join(event.id, f.cookie, testCpf(600 + i))));
    await openSale(event.id);
    await server.deps.db.execute(sql`UPDATE ticket_types SET remaining = 0 WHERE event_id = ${event.id}::uuid`);
    await readRoom(server.deps.db, event.id, { fresh: true });
    const phases = await Promise.all(joins.map(async (j) => (await status(j.json().token)).json().phase));
    expect(phases.sort()).toEqual(['sold_out', 'sold_out', 'your_turn']);
  });

  it("pushes the organizer's counts live as fans join, to admins only", async () => {
    const { event, admin } = await eventWithRoom(50);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const rooms: { counts: { waiting: number } }[] = [];
    const opened = await new Promise<{ status: number; close(): void }>((resolve, reject) => {
      const request = http.get(
        `${baseUrl}/api/admin/events/${event.id}/waiting-room/live`,
        { headers: { cookie: admin.cookie }, agent: false },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
              const message = text.slice(0, end);
              text = text.slice(end + 2);
              const data = /^event: room\ndata: (.*)$/m.exec(message);
              if (data) rooms.push(JSON.parse(data[1]) as { counts: { waiting: number } });
            }
          });
          response.on('error', () => {});
          resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
        },
      );
      request.on('error', reject);
    });
    try {
      expect(opened.status).toBe(200);
      await expect.poll(() => rooms.length, { timeout: 5000, interval: 50 }).toBe(1);
      expect(rooms[0].counts.waiting).toBe(0);
      const fans = await Promise.all(Array.from({ length: 2 }, () => server.signUpAs()));
      for (const [i, fan] of fans.entries()) expect((await join(event.id, fan.cookie, testCpf(700 + i))).statusCode).toBe(200);
      // Within a refresh or two, without asking, the screen gets the new count, once per change.
      await expect.poll(() => rooms.at(-1)?.counts.waiting, { timeout: 5000, interval: 50 }).toBe(2);
      expect(new Set(rooms.map((r) => r.counts.waiting)).size).toBe(rooms.length);
    } finally {
      opened.close();
    }
    const fan = await server.signUpAs();
    const refused = await server.app.inject({
      method: 'GET',
      url: `/api/admin/events/${event.id}/waiting-room/live`,
      headers: { cookie: fan.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('switches the room on by default for a large on-sale still ahead, and only then', async () => {
    const inAnHour = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000);
    const startAt = async (eventId: string, at: Date | null) =>
      server.deps.db.execute(sql`
        UPDATE ticket_lots SET starts_at = ${at} WHERE ticket_type_id IN (SELECT id FROM ticket_types WHERE event_id = ${eventId}::uuid)`);
    const eventRoom = async (eventId: string) =>
      (await server.app.inject({ method: 'GET', url: `/api/events/${eventId}/waiting-room` })).json().room;

    const { event: large } = await createEvent(server, [
      { name: 'Pista', priceCentavos: 10000, remaining: 8_000 },
      { name: 'Cadeira', priceCentavos: 20000, remaining: 2_000 },
    ]);
    await startAt(large.id, inAnHour);
    expect(await eventRoom(large.id)).toEqual({
      active: false,
      opensAt: new Date(inAnHour.getTime() - 30 * 60_000).toISOString(),
      onSaleAt: inAnHour.toISOString(),
    });
    const admin = await server.signUpAs(['admin']);
    const view = (
      await server.app.inject({ method: 'GET', url: `/api/admin/events/${large.id}/waiting-room`, headers: { cookie: admin.cookie } })
    ).json();
    expect(view).toMatchObject({ configured: true, enabled: true, onSaleAt: inAnHour.toISOString(), ratePerMinute: 600, maxInside: 500 });

    const { event: smaller } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 9_999 }]);
    await startAt(smaller.id, inAnHour);
    expect(await eventRoom(smaller.id)).toBeNull();
    // Sales already open: a room appearing now would stop buyers mid-sale.
    const { event: open } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 20_000 }]);
    expect(await eventRoom(open.id)).toBeNull();
    const counts = await queryRows<{ rooms: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS rooms FROM waiting_rooms WHERE event_id IN (${smaller.id}::uuid, ${open.id}::uuid)`,
    );
    expect(Number(counts[0].rooms)).toBe(0);
  });
});
