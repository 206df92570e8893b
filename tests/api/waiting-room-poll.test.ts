import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createEvent, startTestServer, type TestServer } from '../support/test-server';
import { testCpf } from '../support/cpf';
import { solveJoinChallenge } from '../support/join-proof';

// A fan's status poll never waits for the database (docs/rules/waiting-room.md 'Places and the draw'): when the room's
// copy is due for a refresh while the database is busy, the poll answers from the last copy.

let server: TestServer;

beforeAll(async () => {
  // One connection: a transaction holding it keeps every other statement waiting.
  server = await startTestServer({ poolSize: 1, env: { WAITING_ROOM_POW_MAX: '200' } });
});

afterAll(async () => {
  await server?.stop();
});

describe('waiting room status poll', () => {
  it('answers from the last copy of the room while its refresh waits for the database', async () => {
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 10 }]);
    const admin = await server.signUpAs(['admin']);
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const configured = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/waiting-room`,
      headers: { cookie: admin.cookie },
      payload: { enabled: true, opensAt: minutes(-5), onSaleAt: minutes(30), ratePerMinute: 600, maxInside: 500 },
    });
    expect(configured.statusCode).toBe(200);
    const fan = await server.signUpAs();
    const challenge = await server.app.inject({ method: 'GET', url: `/api/events/${event.id}/waiting-room/challenge` });
    const joined = await server.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/waiting-room/join`,
      headers: { cookie: fan.cookie },
      payload: { cpf: testCpf(1), proof: await solveJoinChallenge(challenge.json()) },
    });
    expect(joined.statusCode).toBe(200);
    const token: string = joined.json().token;
    const poll = () => server.app.inject({ method: 'POST', url: '/api/waiting-room/status', payload: { token } });
    expect((await poll()).json()).toMatchObject({ phase: 'before_open' });

    // The database's only connection is taken, and the room's copy gets old enough to refresh.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const answered = await Promise.race([poll(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000))]);
    release();
    await busy;
    expect(answered?.statusCode).toBe(200);
    expect(answered?.json()).toMatchObject({ phase: 'before_open', token });

    // The refresh ran once the database was free: the next polls answer as before.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await poll()).json()).toMatchObject({ phase: 'before_open' });
  });
});
