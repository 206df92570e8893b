import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { banners, orders, profiles } from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let person: { userId: string; cookie: string };
let admin: { userId: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  person = await server.signUpAs();
  admin = await server.signUpAs(['admin']);
});
afterAll(async () => {
  await server?.stop();
});

function inject(
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { headers?: Record<string, string>; payload?: string | Buffer | object } = {},
) {
  return server.app.inject({ method, url, headers: { cookie, ...options.headers }, payload: options.payload });
}

describe('text the database cannot store', () => {
  it('refuses a lone surrogate in a holder name with a pt-BR 400, placing no order', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    const body = JSON.stringify({
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1, holderNames: ['__'] }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    })
      // The JSON text carries the escape itself: a surrogate without its pair.
      .replace('__', 'Ana \\ud800 Lima');
    const response = await inject(person.cookie, 'POST', '/api/orders', { headers: { 'content-type': 'application/json' }, payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'O texto contém caracteres inválidos.',
      details: { field: 'items.0.holderNames.0' },
    });
    expect(await server.deps.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(0);
  });

  it('refuses a NUL byte in a query text with a pt-BR 400', async () => {
    for (const [url, field] of [
      ['/api/events?q=Ana%00Lima', 'q'],
      ['/api/events?city=S%00o', 'city'],
    ]) {
      const response = await inject(person.cookie, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', details: { field } });
    }
  });
});

describe('calendar dates', () => {
  it('refuses a meia-entrada holder born on 31/02 with a pt-BR 400', async () => {
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 5 }]);
    const response = await inject(person.cookie, 'POST', '/api/orders', {
      payload: {
        eventId: event.id,
        items: [
          {
            sectorId: type.id,
            quantity: 1,
            concession: 'student',
            holder: { name: 'Ana Lima', cpf: buyer.cpf, birthDate: '2005-02-31' },
          },
        ],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Data de nascimento inválida',
      details: { field: 'items.0.holder.birthDate' },
    });
  });
});

describe('image addresses', () => {
  it('takes a path of this site only as a plain path, without quotes or angle brackets', async () => {
    const banner = { title: 'Festival', description: 'Três dias de música' };
    for (const imageUrl of ['/images/a".png', "/images/a'.png", '/images/<b>.png', '/images/a(1).png']) {
      const refused = await inject(admin.cookie, 'POST', '/api/admin/banners', { payload: { ...banner, imageUrl } });
      expect(refused.statusCode, imageUrl).toBe(400);
      expect(refused.json().details.field).toBe('imageUrl');
      const brand = await inject(admin.cookie, 'PUT', '/api/admin/brands/kxp', {
        payload: { name: 'KXP Events', tagline: 'Noites longas', description: 'A marca das noites longas.', logoUrl: imageUrl },
      });
      expect(brand.statusCode, imageUrl).toBe(400);
      expect(brand.json().details.field).toBe('logoUrl');
    }
    expect(await server.deps.db.select().from(banners)).toHaveLength(0);
    const plain = await inject(admin.cookie, 'POST', '/api/admin/banners', {
      payload: { ...banner, imageUrl: '/uploads/banners/a-1_b.webp' },
    });
    expect(plain.statusCode).toBe(201);
  });
});

describe('uploads', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

  function multipart(parts: { name: string; filename: string }[]) {
    const boundary = '----nl-test-boundary';
    const chunks: Buffer[] = [];
    for (const p of parts) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
  }

  it('refuses two image files in one upload, storing neither', async () => {
    const two = multipart([
      { name: 'file', filename: 'a.png' },
      { name: 'file', filename: 'b.png' },
    ]);
    const avatar = await inject(person.cookie, 'POST', '/api/me/avatar', two);
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json()).toMatchObject({ code: 'validation_failed', details: { field: 'file' } });
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, person.userId));
    expect(profile.avatarUrl).toBeNull();
    for (const folder of ['events', 'banners']) {
      const upload = await inject(admin.cookie, 'POST', `/api/admin/uploads/${folder}`, two);
      expect(upload.statusCode, folder).toBe(400);
      expect(upload.json().details.field).toBe('file');
    }
  });

  it('still takes one image file', async () => {
    const one = multipart([{ name: 'file', filename: 'a.png' }]);
    const avatar = await inject(person.cookie, 'POST', '/api/me/avatar', one);
    expect(avatar.statusCode, avatar.body).toBe(201);
    expect((await inject(admin.cookie, 'POST', '/api/admin/uploads/events', one)).statusCode).toBe(201);
  });
});
