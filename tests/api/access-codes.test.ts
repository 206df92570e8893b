import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { coupons, sectors } from '../../src/server/db/schema';
import { createEvent, startTestServer, type TestServer } from '../support/test-server';

// A pre-sale code cannot be guessed: wrong codes on the event page count against the address and
// the account that typed them, and past a few the next try waits twice as long each time.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** An event with a pre-sale sector 'Camarote' that `code` unlocks. */
async function preSaleEvent(code: string) {
  const {
    event,
    sectors: [, camarote],
  } = await createEvent(server, [
    { name: 'Pista', priceCentavos: 8000, remaining: 10 },
    { name: 'Camarote', priceCentavos: 20000, remaining: 10 },
  ]);
  await server.deps.db.update(sectors).set({ hiddenWithoutCode: true }).where(eq(sectors.id, camarote.id));
  await server.deps.db
    .insert(coupons)
    .values({ code, discountType: 'fixed', discountValue: 0, eventId: event.id, unlocksSectorId: camarote.id });
  return event;
}

const tryCode = (eventId: string, code: string, from: { address: string; cookie?: string }) =>
  server.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}?codigo=${encodeURIComponent(code)}`,
    remoteAddress: from.address,
    headers: from.cookie ? { cookie: from.cookie } : {},
  });

const unlocks = (answer: Awaited<ReturnType<typeof tryCode>>) =>
  answer.statusCode === 200 && (answer.json() as { sectors: { unlockedByCode: boolean }[] }).sectors.some((t) => t.unlockedByCode);

/** A six-letter guess, as the seeded code once was: never the real code below. */
const guess = (n: number) => `G${n.toString(36).toUpperCase().padStart(5, 'A')}`;

describe('pre-sale codes on the event page', () => {
  it('stops 600 guesses from one address long before the code: 20 wrong codes, then a growing wait, the right code refused while it lasts', async () => {
    const event = await preSaleEvent('AYYOFA-7K2Q');
    const from = { address: '203.0.113.10' };
    const statuses: number[] = [];
    for (let n = 0; n < 600; n += 1) statuses.push((await tryCode(event.id, guess(n), from)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    // The 21st waits a second after the 20th failure (a slow machine may pass it, or the next).
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(20);
    expect(statuses.indexOf(429)).toBeLessThan(24);
    // Past the 20th failure each further guess waits 1 s, 2 s, 4 s...: however slow the machine,
    // a handful more are tried at most, nowhere near 600.
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(30);

    // Right after a failure (its time set to now, so the test does not hang on the machine's
    // speed), the right code waits too.
    await server.deps.db.execute(sql`UPDATE access_code_failures SET failed_at = now() WHERE event_id = ${event.id}::uuid`);
    const right = await tryCode(event.id, 'AYYOFA-7K2Q', from);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'access_code_throttled' });
    expect(right.json().message).toMatch(/^Muitos códigos de acesso errados\. Tente de novo em \d+ (segundos?|minutos?)\.$/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);

    // The stored actors are keyed hashes: no address in the clear.
    const actors = await queryRows<{ actor: string }>(
      server.deps.db,
      sql`SELECT DISTINCT actor FROM access_code_failures WHERE event_id = ${event.id}::uuid`,
    );
    expect(actors).toHaveLength(1);
    expect(actors[0].actor).not.toContain('203.0.113.10');

    // Another address is not held back by this one.
    expect(unlocks(await tryCode(event.id, 'ayyofa-7k2q', { address: '198.51.100.20' }))).toBe(true);
  });

  it('holds a signed-in fan back by their own account first, so fans sharing a carrier address still get in', async () => {
    const event = await preSaleEvent('KXPVIP-2026');
    const shared = '100.64.0.1';
    const guesser = await server.signUpAs();
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1)
      statuses.push((await tryCode(event.id, guess(n), { address: shared, cookie: guesser.cookie })).statusCode);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(5);
    expect(statuses.indexOf(429)).toBeLessThan(9);
    const justFailed = () =>
      server.deps.db.execute(sql`UPDATE access_code_failures SET failed_at = now() WHERE event_id = ${event.id}::uuid`);
    await justFailed();
    expect(unlocks(await tryCode(event.id, 'KXPVIP-2026', { address: shared, cookie: guesser.cookie }))).toBe(false);

    // Anonymous guesses from the shared address use up its 20 anonymous failures...
    for (let n = 100; n < 125; n += 1) await tryCode(event.id, guess(n), { address: shared });
    await justFailed();
    expect((await tryCode(event.id, 'KXPVIP-2026', { address: shared })).statusCode).toBe(429);
    // ...while another fan signed in behind the same address types the right code, lower case as the sale takes it.
    const fan = await server.signUpAs();
    expect(unlocks(await tryCode(event.id, 'kxpvip-2026', { address: shared, cookie: fan.cookie }))).toBe(true);
  });

  it('shows the back office how many codes failed on each event with a pre-sale code', async () => {
    const event = await preSaleEvent('NEXTLVL-ABC9');
    for (let n = 0; n < 3; n += 1) await tryCode(event.id, guess(n), { address: '192.0.2.30' });
    const fan = await server.signUpAs();
    await tryCode(event.id, guess(9), { address: '192.0.2.31', cookie: fan.cookie });
    await tryCode(event.id, 'NEXTLVL-ABC9', { address: '192.0.2.31', cookie: fan.cookie });

    const admin = await server.signUpAs(['admin']);
    const listed = await server.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: { cookie: admin.cookie } });
    const row = (
      listed.json().coupons as { code: string; accessCodeFailures: { last24h: number; last7d: number; lastAt: string | null } | null }[]
    ).find((c) => c.code === 'NEXTLVL-ABC9');
    // A signed-in try is kept under the account and the address, and counted once.
    expect(row?.accessCodeFailures).toMatchObject({ last24h: 4, last7d: 4 });
    expect(Date.parse(row!.accessCodeFailures!.lastAt!)).toBeGreaterThan(Date.now() - 60_000);
    const ordinary = (listed.json().coupons as { unlocksSectorId: string | null; accessCodeFailures: unknown }[]).filter(
      (c) => !c.unlocksSectorId,
    );
    expect(ordinary.every((c) => c.accessCodeFailures === null)).toBe(true);
  });

  it('refuses a pre-sale code shorter than 8 characters in the back office', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    await server.deps.db.update(sectors).set({ hiddenWithoutCode: true }).where(eq(sectors.id, pista.id));
    const admin = await server.signUpAs(['admin']);
    const save = (code: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/admin/coupons',
        headers: { cookie: admin.cookie },
        payload: { code, discountType: 'fixed', discountValue: 0, eventId: event.id, unlocksSectorId: pista.id },
      });
    const short = await save('AYYOFA');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      details: { field: 'code' },
      message: 'Um código de pré-venda precisa de pelo menos 8 caracteres, para não ser adivinhado',
    });
    expect((await save('AYYOFA-8M3R')).statusCode).toBe(201);
  });
});
