import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, profiles, refunds } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let person: { userId: string; cookie: string; email: string };

beforeAll(async () => {
  server = await startTestServer();
  person = await server.signUpAs();
});
afterAll(async () => {
  await server?.stop();
});

function inject(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { headers?: Record<string, string>; payload?: string | object } = {},
) {
  return server.app.inject({ method, url, headers: { cookie: person.cookie, ...options.headers }, payload: options.payload });
}

describe('hostile input', () => {
  it('refuses a NUL byte or another control character in any text field with a pt-BR 400, changing nothing', async () => {
    for (const name of ['Ana\u0000Lima', 'Ana\u001bLima', 'Ana\u007f']) {
      const response = await inject('PUT', '/api/me/profile', { payload: { fullName: name, phone: null, avatarUrl: null } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        message: 'O texto contém caracteres inválidos.',
        details: { field: 'fullName' },
      });
    }
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, person.userId));
    expect(profile.fullName).toBe('Pessoa Teste');
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    const order = await inject('POST', '/api/orders', {
      payload: {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 }],
        buyer: { ...buyer, name: 'Ana\u0000' },
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().details.field).toBe('buyer.name');
    expect(await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(0);
    // Line breaks and tabs are ordinary text.
    const reason = await inject('POST', '/api/refunds', {
      payload: { orderId: '00000000-0000-4000-8000-000000000000', reason: 'Linha 1\nLinha 2\tfim' },
    });
    expect(reason.statusCode).toBe(404);
    expect(await server.deps.db.select().from(refunds)).toHaveLength(0);
  });

  it('refuses JSON nested 20,000 levels deep, on the auth routes too', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/orders']) {
      const response = await inject('POST', url, { headers: { 'content-type': 'application/json', origin: server.origin }, payload: deep });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/inválido/);
    }
  });

  it('validates the name better-auth takes as the profile form does', async () => {
    for (const name of [{ a: 1 }, 'x'.repeat(25_000), 42]) {
      const response = await inject('POST', '/api/auth/sign-up/email', {
        headers: { 'content-type': 'application/json', origin: server.origin },
        payload: { name, email: `nome-${Math.random().toString(36).slice(2)}@exemplo.com.br`, password: 'senha-forte-123' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual({ field: 'name' });
    }
  });

  it('answers in pt-BR what Fastify and better-auth refuse on their own', async () => {
    const long = await inject('GET', `/api/events/${'a'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toBe('Endereço inválido ou longo demais.');
    const big = await inject('POST', '/api/orders', {
      headers: { 'content-type': 'application/json' },
      payload: `"${'x'.repeat(1_100_000)}"`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('O conteúdo enviado é grande demais.');
    const bad = await inject('POST', '/api/orders', { headers: { 'content-type': 'application/json' }, payload: '{"eventId":' });
    expect(bad.json().message).toBe('Dados enviados em formato inválido.');
    const social = await inject('POST', '/api/auth/sign-in/social', {
      headers: { origin: server.origin },
      payload: { provider: 'myspace' },
    });
    expect(social.json().message).toBe('Este meio de entrada não está disponível.');
    const reset = await inject('POST', '/api/auth/request-password-reset', {
      headers: { origin: server.origin },
      payload: { email: 'ninguem@exemplo.com.br', redirectTo: '/reset-password' },
    });
    expect(reset.json().message).toBe('Se este e-mail tiver uma conta, enviamos um link para criar uma nova senha.');
    const page = await inject('GET', '/api/auth/error?error=INVALID_TOKEN');
    expect(page.body).toContain('lang="pt-BR"');
    expect(page.body).toContain('Link inválido ou expirado.');
  });
});

describe('cross-site requests and caching', () => {
  it('refuses a mutating call from another site, even a text/plain form post with the cookie', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    const body = JSON.stringify({
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    const attempts: Record<string, string>[] = [
      { origin: 'https://golpe.example', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      { origin: 'null', 'content-type': 'application/json' },
    ];
    for (const headers of attempts) {
      const response = await inject('POST', '/api/orders', { headers, payload: body });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    expect(await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(0);
    const same = await inject('POST', '/api/orders', {
      headers: { origin: server.origin, 'sec-fetch-site': 'same-origin' },
      payload: JSON.parse(body),
    });
    expect(same.statusCode).toBe(201);
  });

  it('sends personal answers with Cache-Control: no-store', async () => {
    for (const url of ['/api/tickets', '/api/me', '/api/me/notification-settings', '/api/notifications']) {
      const response = await inject('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('uploads', () => {
  function multipart(parts: { name: string; filename?: string; type?: string; content: string }[]) {
    const boundary = '----nl-test-boundary';
    const body =
      parts
        .map(
          (p) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.content}\r\n`,
        )
        .join('') + `--${boundary}--\r\n`;
    return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
  }

  it('takes exactly one file part, named as the route expects', async () => {
    const wrongName = await inject(
      'POST',
      '/api/me/avatar',
      multipart([{ name: 'imagem', filename: 'a.png', type: 'image/png', content: 'x' }]),
    );
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().details.field).toBe('file');
    const two = await inject(
      'POST',
      '/api/me/avatar',
      multipart([
        { name: 'file', filename: 'a.png', type: 'image/png', content: 'x' },
        { name: 'file', filename: 'b.png', type: 'image/png', content: 'y' },
      ]),
    );
    expect(two.statusCode).toBe(400);
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, person.userId));
    expect(profile.avatarUrl).toBeNull();
  });
});
