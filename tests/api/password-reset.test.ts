import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { origin: server.origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });

describe('password reset (docs/rules/accounts-and-data.md)', () => {
  it('mails a one-hour link, sets the new password with it once, and signs the other sessions out', async () => {
    const { email, cookie } = await server.signUpAs();
    const before = server.sentMail.length;

    const asked = await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(asked.statusCode).toBe(200);
    const mail = server.sentMail.slice(before).find((m) => m.to === email);
    expect(mail?.subject).toBe('Redefinir sua senha - Next Level');
    expect(mail?.text).toContain('válido por 1 hora');
    const link = new URL(mail!.link!);

    // The e-mailed link checks the token and lands on the app's page with it.
    const landed = await server.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(landed.statusCode).toBe(302);
    const target = new URL(landed.headers.location as string);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const short = await post('/api/auth/reset-password', { token, newPassword: 'curta' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'A senha deve ter pelo menos 8 caracteres' });

    const changed = await post('/api/auth/reset-password', { token, newPassword: 'uma-senha-nova-forte' });
    expect(changed.statusCode).toBe(200);

    // The session that was open before is gone; the old password no longer works, the new one does.
    const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ user: null });
    const old = await signIn(email, 'senha-de-teste-123');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ message: 'E-mail ou senha inválidos' });
    expect((await signIn(email, 'uma-senha-nova-forte')).statusCode).toBe(200);

    // The link works once.
    const again = await post('/api/auth/reset-password', { token, newPassword: 'outra-senha-forte-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Link inválido ou expirado.' });
    const reopened = await server.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(new URL(reopened.headers.location as string).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const before = server.sentMail.length;
    const asked = await post('/api/auth/request-password-reset', { email: 'ninguem@exemplo.com.br', redirectTo: '/reset-password' });
    expect(asked.statusCode).toBe(200);
    expect(server.sentMail.length).toBe(before);
  });
});
