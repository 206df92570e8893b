import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tickets, users } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { origin: server.origin, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function cookieOf(response: Awaited<ReturnType<typeof call>>): string {
  const setCookie = response.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
}

async function signUp(email: string) {
  const response = await call('POST', '/api/auth/sign-up/email', null, {
    email,
    password: 'senha-forte-123',
    name: 'Camila Yumi',
    callbackURL: '/event/abc?comprar=1',
    acceptTerms: true,
  });
  expect(response.statusCode).toBe(200);
  return { response, cookie: cookieOf(response), userId: response.json().user.id as string };
}

describe('a new account', () => {
  it('is signed in at once and buys before confirming its e-mail; the confirmation leads back to the purchase', async () => {
    const email = `nova-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const { cookie, userId } = await signUp(email);
    const me = (await call('GET', '/api/me', cookie)).json();
    expect(me.user).toMatchObject({ id: userId, email, emailVerified: false });

    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const placed = await call('POST', '/api/orders', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2 }],
      buyer: { ...buyer, email },
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode).toBe(201);
    const paid = await call('POST', `/api/orders/${placed.json().id}/simulate-pix-payment`, cookie, {});
    expect(paid.json().status).toBe('completed');
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.orderId, placed.json().id))).toHaveLength(2);

    // The confirmation e-mail went out at sign-up, its link back to the event page's checkout.
    const confirmation = server.sentMail.find((m) => m.to === email && m.subject === 'Confirme seu e-mail - Next Level');
    expect(confirmation?.link).toContain(encodeURIComponent('/event/abc?comprar=1'));
    const link = new URL(confirmation!.link!);
    const verified = await call('GET', link.pathname + link.search, null);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/event/abc?comprar=1');
    expect((await server.deps.db.select().from(users).where(eq(users.id, userId)))[0].emailVerified).toBe(true);
  });

  it('signs in with its password before confirming, and is sent the link again on request', async () => {
    const email = `reenvio-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await signUp(email);
    const signIn = await call('POST', '/api/auth/sign-in/email', null, { email, password: 'senha-forte-123' });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieOf(signIn);
    const before = server.sentMail.filter((m) => m.to === email).length;
    const resent = await call('POST', '/api/auth/send-verification-email', cookie, { email, callbackURL: '/tickets' });
    expect(resent.statusCode).toBe(200);
    const mails = server.sentMail.filter((m) => m.to === email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ subject: 'Confirme seu e-mail - Next Level' });
    expect(mails.at(-1)?.link).toContain(`callbackURL=${encodeURIComponent('/tickets')}`);
  });

  it('cannot take an e-mail that already has an account', async () => {
    const email = `repetido-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await signUp(email);
    const again = await call('POST', '/api/auth/sign-up/email', null, {
      email,
      password: 'outra-senha-123',
      name: 'Outra Pessoa',
      acceptTerms: true,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Este e-mail já está cadastrado. Entre com sua senha.');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('is refused without the terms of use and privacy policy accepted, and nothing is written', async () => {
    for (const acceptTerms of [undefined, false, 'true', 1]) {
      const email = `sem-termos-${randomUUID().slice(0, 8)}@exemplo.com.br`;
      const refused = await call('POST', '/api/auth/sign-up/email', null, {
        email,
        password: 'senha-forte-123',
        name: 'Sem Termos',
        acceptTerms,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'TERMS_NOT_ACCEPTED',
        message: 'Para criar sua conta, aceite os Termos de uso e a Política de privacidade.',
      });
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await server.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect(server.sentMail.filter((m) => m.to === email)).toHaveLength(0);
    }
  });
});
