import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { boxOfficeConflicts, checkIns, tickets } from '../../src/server/db/schema';
import { boxOfficeOperatorAt, deviceBlock, reserveBlockFor } from '../support/box-office';
import { openDoorNow } from '../support/door';
import { MAX_SYNC_SCANS } from '../../src/shared/schemas/tickets';
import { MAX_SYNC_SALES } from '../../src/shared/schemas/box-office';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// The door's limits per validator and the box office's per operator, with the rate limits on as in production.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimit: true });
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie }, payload });
}

async function openEvent() {
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], { title: `Porta ${randomUUID().slice(0, 6)}` });
  await openDoorNow(server, event.id);
  return { event, type };
}

/** One offline refusal of a code no list carries: a scan a device would sync. */
const refusal = (eventId: string) => ({
  nonce: randomUUID(),
  code: `NL-${randomUUID()}`,
  eventId,
  scannedAt: new Date().toISOString(),
  accepted: false,
  reason: 'not_on_list',
});

describe('the offline sync, limited per validator', () => {
  it('answers 429 in pt-BR past 20 syncs a minute, recording nothing of the refused call; another validator at the same address still syncs', async () => {
    const { event } = await openEvent();
    const [door, otherDoor] = await Promise.all([server.signUpAs(['validator']), server.signUpAs(['validator'])]);
    for (let i = 0; i < 20; i++) {
      const synced = await call('POST', '/api/door/sync', door.cookie, { deviceId: 'aparelho-limite', scans: [refusal(event.id)] });
      expect(synced.statusCode, `sync ${i + 1}`).toBe(200);
    }
    const refused = refusal(event.id);
    const limited = await call('POST', '/api/door/sync', door.cookie, { deviceId: 'aparelho-limite', scans: [refused] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: expect.any(Number) } });
    expect(limited.json().message).toMatch(
      /^Muitas sincronizações seguidas\. As leituras continuam guardadas no aparelho e serão enviadas em \d+ segundos?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await server.deps.db.select().from(checkIns).where(eq(checkIns.nonce, refused.nonce))).toEqual([]);
    expect(await server.deps.db.select().from(checkIns).where(eq(checkIns.eventId, event.id))).toHaveLength(20);

    expect(
      (await call('POST', '/api/door/sync', otherDoor.cookie, { deviceId: 'aparelho-vizinho', scans: [refusal(event.id)] })).statusCode,
    ).toBe(200);
  });
});

describe('the syncs, bounded in rows per call', () => {
  it('refuses a door sync of more than 500 scans and a box-office sync of more than 200 sales with a pt-BR 400, recording nothing', async () => {
    const { event } = await openEvent();
    const door = await server.signUpAs(['validator']);
    const scans = Array.from({ length: MAX_SYNC_SCANS + 1 }, () => refusal(event.id));
    const tooMany = await call('POST', '/api/door/sync', door.cookie, { deviceId: 'aparelho-lote', scans });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'validation_failed', message: 'Envie no máximo 500 leituras por sincronização' });
    expect(await server.deps.db.select().from(checkIns).where(eq(checkIns.eventId, event.id))).toHaveLength(0);
    expect((await call('POST', '/api/door/sync', door.cookie, { deviceId: 'aparelho-lote', scans: scans.slice(1) })).statusCode).toBe(200);

    const op = await boxOfficeOperatorAt(server, event.id);
    const sales = Array.from({ length: MAX_SYNC_SALES + 1 }, () => ({
      nonce: randomUUID(),
      blockId: randomUUID(),
      drawerId: op.drawerId,
      deviceId: op.deviceId,
      full: 1,
      meia: [],
      courtesy: 0,
      codes: [],
      payment: { method: 'cash', cashTenderedCentavos: 5000 },
      soldAt: new Date().toISOString(),
      admit: false,
    }));
    const tooManySales = await call('POST', '/api/box-office/sync', op.cookie, { sales });
    expect(tooManySales.statusCode).toBe(400);
    expect(tooManySales.json()).toMatchObject({ code: 'validation_failed', message: 'Envie no máximo 200 vendas por sincronização' });
    expect(await server.deps.db.select().from(boxOfficeConflicts).where(eq(boxOfficeConflicts.eventId, event.id))).toHaveLength(0);
  });
});

describe("the box office's offline sync, limited per operator", () => {
  it('answers 429 in pt-BR past 20 syncs a minute, recording nothing of the refused call; another operator at the same address still syncs', async () => {
    const { event, type } = await openEvent();
    const [op, otherOp] = await Promise.all([boxOfficeOperatorAt(server, event.id), boxOfficeOperatorAt(server, event.id)]);
    const block = await reserveBlockFor(server, op, event.id, type.id, 2);
    expect(block.statusCode).toBe(201);
    // A sale whose code is not of the block: refused and kept as a conflict, as a device would sync it.
    const sell = deviceBlock(op, block.json());
    const forged = () => ({ ...sell({ full: 1 }), codes: [`NL-${randomUUID()}`] });
    for (let i = 0; i < 20; i++) {
      const synced = await call('POST', '/api/box-office/sync', op.cookie, { sales: [forged()] });
      expect(synced.statusCode, `sync ${i + 1}`).toBe(200);
    }
    const refused = forged();
    const limited = await call('POST', '/api/box-office/sync', op.cookie, { sales: [refused] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: expect.any(Number) } });
    expect(limited.json().message).toMatch(
      /^Muitas sincronizações seguidas\. As vendas continuam guardadas no aparelho e serão enviadas em \d+ segundos?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await server.deps.db.select().from(boxOfficeConflicts).where(eq(boxOfficeConflicts.deviceNonce, refused.nonce))).toEqual([]);
    expect(await server.deps.db.select().from(boxOfficeConflicts).where(eq(boxOfficeConflicts.eventId, event.id))).toHaveLength(20);

    const otherBlock = (await reserveBlockFor(server, otherOp, event.id, type.id, 1)).json();
    const other = await call('POST', '/api/box-office/sync', otherOp.cookie, { sales: [deviceBlock(otherOp, otherBlock)({ full: 1 })] });
    expect(other.statusCode).toBe(200);
    expect(other.json().results[0].outcome).toBe('recorded');
  });
});

describe('the look-up, limited per validator', () => {
  it('answers 429 in pt-BR past 30 look-ups a minute, long before a CPF could be guessed whole', async () => {
    const { event, type } = await openEvent();
    const owner = await server.signUpAs();
    const placed = await call('POST', '/api/orders', owner.cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1, holderNames: ['Joana Prado'] }],
      buyer: { ...buyer, name: 'Joana Prado', cpf: '111.444.777-35' },
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode).toBe(201);
    expect((await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, owner.cookie)).statusCode).toBe(200);
    const [ticket] = await server.deps.db
      .select()
      .from(tickets)
      .where(inArray(tickets.orderId, [placed.json().id]));

    // Knowing the first nine digits, someone tries the last two in order: '…00', '…01', ...
    const [prober, door] = await Promise.all([server.signUpAs(['validator']), server.signUpAs(['validator'])]);
    const answers: { status: number; found: number }[] = [];
    for (let last = 0; last < 100; last++) {
      const guess = `111444777${String(last).padStart(2, '0')}`;
      const response = await call('GET', `/api/door/events/${event.id}/search?q=${guess}`, prober.cookie);
      answers.push({ status: response.statusCode, found: response.statusCode === 200 ? response.json().tickets.length : 0 });
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: expect.any(Number) } });
        expect(response.json().message).toMatch(/^Muitas buscas seguidas\. Aguarde \d+ segundos? e busque de novo\.$/);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    // 30 answered (none of them the CPF, which is the 36th guess), then the limit.
    expect(answers).toEqual([...Array.from({ length: 30 }, () => ({ status: 200, found: 0 })), { status: 429, found: 0 }]);

    // Another validator at the same address is not held up, and the whole CPF finds the ticket.
    const found = await call('GET', `/api/door/events/${event.id}/search?q=111.444.777-35`, door.cookie);
    expect(found.statusCode).toBe(200);
    expect(found.json().tickets.map((t: { ticketId: string }) => t.ticketId)).toEqual([ticket.id]);
  });
});

describe('the event page with a pre-sale code', () => {
  it('reads a code with a NUL byte as no code, never a server error', async () => {
    const { event } = await openEvent();
    const page = await server.app.inject({ method: 'GET', url: `/api/events/${event.id}?codigo=AY%00YO`, remoteAddress: '203.0.113.8' });
    expect(page.statusCode).toBe(200);
  });
});
