import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { courtesyQuotas, orders } from '../../src/server/db/schema';
import { createEvent, startTestServer, type TestServer } from '../support/test-server';
import { checkHoldingsLedger } from '../support/invariants';

// Courtesies with a quota per staff member (docs/rules/sale.md 'Courtesies').

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const recipient = (n: number) => ({
  name: `Convidado ${n}`,
  email: `convidado-${n}-${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
});

describe('courtesy quotas', () => {
  it('lets a staff member issue up to their quota, even when asking at the same time, and counts what they had issued', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 50 }]);
    const producer = await server.signUpAs(['admin']);
    const promoter = await server.signUpAs(['admin']);
    const issue = (cookie: string, count: number) =>
      server.app.inject({
        method: 'POST',
        url: `/api/admin/events/${event.id}/courtesies`,
        headers: { cookie },
        payload: { sectorId: pista.id, recipients: Array.from({ length: count }, (_, i) => recipient(i)) },
      });
    const setQuota = (email: string, quota: number | null) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/admin/events/${event.id}/courtesy-quotas`,
        headers: { cookie: producer.cookie },
        payload: { email, quota },
      });
    const issuedBy = async (userId: string) =>
      (
        await server.deps.db
          .select()
          .from(orders)
          .where(and(eq(orders.eventId, event.id), eq(orders.issuedBy, userId)))
      ).length;

    // One courtesy before any quota; then a quota of 3 counts it.
    expect((await issue(promoter.cookie, 1)).statusCode).toBe(201);
    const set = await setQuota(promoter.email, 3);
    expect(set.statusCode).toBe(200);
    expect(set.json().quotas).toEqual([expect.objectContaining({ userId: promoter.userId, email: promoter.email, quota: 3, used: 1 })]);

    // Three at once do not fit in the 2 left: all refused, nothing issued.
    const tooMany = await issue(promoter.cookie, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'courtesy_quota_exceeded',
      message: 'Sua cota de cortesias neste evento não comporta esta emissão.',
      details: { quota: 3, used: 1 },
    });
    expect(await issuedBy(promoter.userId)).toBe(1);

    // Six single courtesies at the same moment: exactly the 2 left go out.
    const answers = await Promise.all(Array.from({ length: 6 }, () => issue(promoter.cookie, 1)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await issuedBy(promoter.userId)).toBe(3);
    const [row] = await server.deps.db.select().from(courtesyQuotas).where(eq(courtesyQuotas.userId, promoter.userId));
    expect([row.quota, row.used]).toEqual([3, 3]);

    // The producer has no quota; removing the promoter's lifts the limit.
    expect((await issue(producer.cookie, 4)).statusCode).toBe(201);
    expect((await setQuota(promoter.email, null)).json().quotas).toEqual([]);
    expect((await issue(promoter.cookie, 1)).statusCode).toBe(201);
  });

  it('gives the quota back when the courtesies could not be issued, and refuses a quota for someone outside the staff', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 2 }]);
    const producer = await server.signUpAs(['admin']);
    const buyerAccount = await server.signUpAs(['user']);
    const put = (email: string, quota: number | null) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/admin/events/${event.id}/courtesy-quotas`,
        headers: { cookie: producer.cookie },
        payload: { email, quota },
      });

    const outsider = await put(buyerAccount.email, 2);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'staff_member_not_found', details: { field: 'email' } });
    expect((await put(producer.email, -1)).statusCode).toBe(400);
    expect(await server.deps.db.select().from(courtesyQuotas).where(eq(courtesyQuotas.eventId, event.id))).toEqual([]);

    expect((await put(producer.email, 5)).statusCode).toBe(200);
    const soldOut = await server.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/courtesies`,
      headers: { cookie: producer.cookie },
      payload: { sectorId: pista.id, recipients: [recipient(1), recipient(2), recipient(3)] },
    });
    expect(soldOut.json()).toMatchObject({ code: 'ticket_type_sold_out' });
    const listed = await server.app.inject({
      method: 'GET',
      url: `/api/admin/events/${event.id}/courtesy-quotas`,
      headers: { cookie: producer.cookie },
    });
    expect(listed.json().quotas).toEqual([expect.objectContaining({ quota: 5, used: 0 })]);
  });
});

describe('who holds what, as the database keeps it', () => {
  it('agrees with the orders and tickets after every sale, refund and transfer above', async () => {
    expect(await checkHoldingsLedger(server.deps.db)).toEqual([]);
  });
});
