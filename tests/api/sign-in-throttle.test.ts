import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: server.origin, 'content-type': 'application/json', ...headers },
    payload: { email, password },
  });
}

describe('sign-in throttling', () => {
  it('stops guessing one password after 5 failures, whatever X-Forwarded-For says, with the wait in pt-BR', async () => {
    const victim = await server.signUpAs();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await signIn(victim.email, `errada-${i}-123`, { 'x-forwarded-for': `203.0.113.${i}` }));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).map((r) => r.statusCode)).toEqual([429, 429, 429]);
    const blocked = answers[7];
    expect(blocked.json().message).toMatch(/^Muitas tentativas de entrar nesta conta\. Tente de novo em \d+ minutos?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits: the guesser must not learn it.
    expect((await signIn(victim.email, 'senha-de-teste-123')).statusCode).toBe(429);
  });

  it('lets a door team sign in together from one address, after a few typos each', async () => {
    const team = await Promise.all(Array.from({ length: 12 }, () => server.signUpAs(['validator'])));
    for (const person of team) {
      expect((await signIn(person.email, 'digitei-errado-1')).statusCode).toBe(401);
      const ok = await signIn(person.email, 'senha-de-teste-123');
      expect(ok.statusCode).toBe(200);
    }
  });
});
