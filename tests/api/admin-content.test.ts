import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { banners, checkIns, coupons, events, news, orderItems, orders, refunds, tickets } from '../../src/server/db/schema';
import { saoPauloToday } from '../../src/shared/dates';
import { buyer, createEvent, insertSector, startTestServer, type TestServer } from '../support/test-server';

// The back office's coupons, news, banners and dashboard (docs/screens.md 'Admin area', docs/rules/sale.md 'Coupons', docs/screens.md 'Messages', docs/rules/bordero.md 'The dashboard').

let server: TestServer;
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });
}

async function rowCount(table: typeof coupons | typeof news | typeof banners) {
  const [{ value }] = await server.deps.db.select({ value: count() }).from(table);
  return Number(value);
}

const someId = randomUUID();
const validCoupon = { code: 'VERAO10', discountType: 'percentage', discountValue: 10 };
const validNews = { title: 'Line-up revelado', preview: 'Confira quem toca', category: 'Next Level' };
const validBanner = { title: 'Temporada', description: 'Ingressos à venda', imageUrl: '/images/banners/ay-yo-temporada.svg' };

describe('only admins reach the back office', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/coupons'],
    ['GET', '/api/admin/coupons/events'],
    ['POST', '/api/admin/coupons', validCoupon],
    ['PUT', `/api/admin/coupons/${someId}`, validCoupon],
    ['PATCH', `/api/admin/coupons/${someId}`, { isActive: false }],
    ['DELETE', `/api/admin/coupons/${someId}`],
    ['GET', '/api/admin/news'],
    ['POST', '/api/admin/news', validNews],
    ['PUT', `/api/admin/news/${someId}`, validNews],
    ['PATCH', `/api/admin/news/${someId}`, { published: true }],
    ['DELETE', `/api/admin/news/${someId}`],
    ['GET', '/api/admin/banners'],
    ['POST', '/api/admin/banners', validBanner],
    ['PUT', `/api/admin/banners/${someId}`, validBanner],
    ['PATCH', `/api/admin/banners/${someId}`, { active: false }],
    ['DELETE', `/api/admin/banners/${someId}`],
  ];

  it('answers 401 to anonymous visitors and 403 to buyers and door staff on every route, changing nothing', async () => {
    const user = await server.signUpAs(['user']);
    const validator = await server.signUpAs(['validator']);
    const before = [await rowCount(coupons), await rowCount(news), await rowCount(banners)];
    for (const [method, url, body] of routes) {
      const anonymous = await call(method as 'GET', url, null, body);
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
      expect(anonymous.json().message).toBe('Você precisa estar logado para continuar.');
      for (const who of [user, validator]) {
        const refused = await call(method as 'GET', url, who.cookie, body);
        expect([method, url, refused.statusCode]).toEqual([method, url, 403]);
        expect(refused.json().message).toBe('Você não tem permissão para esta ação.');
      }
    }
    expect([await rowCount(coupons), await rowCount(news), await rowCount(banners)]).toEqual(before);
  });

  it('lets an admin in', async () => {
    for (const url of ['/api/admin/dashboard', '/api/admin/coupons', '/api/admin/news', '/api/admin/banners']) {
      expect((await call('GET', url, admin.cookie)).statusCode).toBe(200);
    }
  });
});

describe('coupons in the back office', () => {
  it('creates a coupon with the code upper-cased, the value in centavos and São Paulo validity days', async () => {
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { title: 'Festival de Cupom' });
    const response = await call('POST', '/api/admin/coupons', admin.cookie, {
      code: '  kpop-20 ',
      description: 'Promoção de lançamento',
      discountType: 'fixed',
      discountValue: 2050,
      minPurchaseCentavos: 10000,
      maxUses: 50,
      validFrom: '2025-03-01',
      validUntil: '2025-03-31',
      eventId: event.id,
      isActive: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      code: 'KPOP-20',
      description: 'Promoção de lançamento',
      discountType: 'fixed',
      discountValue: 2050,
      minPurchaseCentavos: 10000,
      maxUses: 50,
      currentUses: 0,
      heldUses: 0,
      isActive: true,
      eventId: event.id,
      eventTitle: 'Festival de Cupom',
      hasOrders: false,
      // 00:00 of 1 March and 23:59:59.999 of 31 March in São Paulo (UTC-3).
      validFrom: '2025-03-01T03:00:00.000Z',
      validUntil: '2025-04-01T02:59:59.999Z',
      validFromDay: '2025-03-01',
      validUntilDay: '2025-03-31',
    });
    const [stored] = await server.deps.db.select().from(coupons).where(eq(coupons.code, 'KPOP-20'));
    expect(stored.discountValue).toBe(2050);

    const listed = await call('GET', '/api/admin/coupons', admin.cookie);
    expect(listed.json().coupons[0]).toMatchObject({ code: 'KPOP-20', eventTitle: 'Festival de Cupom' });
    const options = await call('GET', '/api/admin/coupons/events', admin.cookie);
    expect(options.json().events).toContainEqual({ id: event.id, title: 'Festival de Cupom', date: event.date });
  });

  it('offers only events not over yet, by the rule of when an event ends, soonest first', async () => {
    const now = Date.now();
    const { event: past } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      daysAhead: -3,
      title: 'Cupom Passado',
    });
    // Today, started 5 h ago and 3 h long: over 2 h ago, though its day is today.
    const { event: overToday } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      startsAt: new Date(now - 5 * 3_600_000),
      title: 'Cupom Acabou Hoje',
    });
    // Started an hour ago and still on.
    const { event: onNow } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      startsAt: new Date(now - 3_600_000),
      title: 'Cupom Acontecendo',
    });
    const { event: later } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], {
      daysAhead: 40,
      title: 'Cupom Futuro',
    });
    const options = (await call('GET', '/api/admin/coupons/events', admin.cookie)).json().events as { id: string; date: string }[];
    const ids = options.map((option) => option.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(overToday.id);
    expect(ids).toContain(onNow.id);
    expect(ids.indexOf(onNow.id)).toBeLessThan(ids.indexOf(later.id));
    expect(options.map((option) => option.date)).toEqual([...options.map((option) => option.date)].sort());
  });

  it('creates a coupon for all events with no limits when the optional fields are left blank', async () => {
    const response = await call('POST', '/api/admin/coupons', admin.cookie, {
      code: 'todos',
      discountType: 'percentage',
      discountValue: 100,
      description: '  ',
      minPurchaseCentavos: null,
      maxUses: null,
      validFrom: '',
      validUntil: null,
      eventId: null,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      code: 'TODOS',
      description: null,
      minPurchaseCentavos: null,
      maxUses: null,
      validFrom: null,
      validUntil: null,
      eventId: null,
      eventTitle: null,
      isActive: true,
    });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no code', { code: undefined }, 'code', 'Código do cupom é obrigatório'],
    ['a blank code', { code: '   ' }, 'code', 'Código do cupom é obrigatório'],
    ['a code with spaces', { code: 'DOIS CODIGOS' }, 'code', 'Use apenas letras, números, hífen ou sublinhado no código'],
    ['a code too long', { code: 'A'.repeat(41) }, 'code', 'O código deve ter no máximo 40 caracteres'],
    ['no discount type', { discountType: undefined }, 'discountType', 'Tipo de desconto é obrigatório'],
    ['an unknown discount type', { discountType: 'brinde' }, 'discountType', 'Tipo de desconto é obrigatório'],
    ['no discount value', { discountValue: undefined }, 'discountValue', 'Valor do desconto é obrigatório'],
    ['a zero discount', { discountValue: 0 }, 'discountValue', 'O valor do desconto deve ser maior que zero'],
    ['a fractional discount', { discountType: 'fixed', discountValue: 10.5 }, 'discountValue', 'Valor do desconto inválido'],
    ['a percentage above 100', { discountValue: 101 }, 'discountValue', 'A porcentagem deve ser de 1 a 100'],
    ['a negative minimum purchase', { minPurchaseCentavos: -1 }, 'minPurchaseCentavos', 'O valor mínimo não pode ser negativo'],
    ['zero maximum uses', { maxUses: 0 }, 'maxUses', 'O limite de usos deve ser de pelo menos 1'],
    ['fractional maximum uses', { maxUses: 2.5 }, 'maxUses', 'O limite de usos deve ser um número inteiro'],
    ['an impossible start day', { validFrom: '2025-02-30' }, 'validFrom', 'Data inválida'],
    ['a malformed end day', { validUntil: '31/03/2025' }, 'validUntil', 'Data inválida'],
    [
      'an end before the start',
      { validFrom: '2025-03-10', validUntil: '2025-03-09' },
      'validUntil',
      'A data final deve ser igual ou posterior à data inicial',
    ],
    ['a malformed event', { eventId: 'evento-1' }, 'eventId', 'Evento inválido'],
    ['an unknown event', { eventId: someId }, 'eventId', 'Evento não encontrado'],
  ];
  for (const [name, change, field, message] of invalid) {
    it(`refuses ${name}: '${message}', and saves nothing`, async () => {
      const before = await rowCount(coupons);
      const response = await call('POST', '/api/admin/coupons', admin.cookie, {
        ...validCoupon,
        code: `C${randomBytes(3).toString('hex')}`,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, details: { field } });
      expect(await rowCount(coupons)).toBe(before);
    });
  }

  it('refuses a code already used, whatever its case, with a pt-BR message', async () => {
    await call('POST', '/api/admin/coupons', admin.cookie, { ...validCoupon, code: 'UNICO' });
    const before = await rowCount(coupons);
    const response = await call('POST', '/api/admin/coupons', admin.cookie, { ...validCoupon, code: 'unico' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Já existe um cupom com este código.', details: { field: 'code' } });
    expect(await rowCount(coupons)).toBe(before);
    const other = (await call('POST', '/api/admin/coupons', admin.cookie, { ...validCoupon, code: 'OUTRO' })).json();
    const renamed = await call('PUT', `/api/admin/coupons/${other.id}`, admin.cookie, { ...validCoupon, code: 'Unico' });
    expect(renamed.statusCode).toBe(409);
    expect((await server.deps.db.select().from(coupons).where(eq(coupons.id, other.id)))[0].code).toBe('OUTRO');
  });

  it('updates a coupon, keeps its uses and refuses a maximum below the uses already made or held', async () => {
    const created = (await call('POST', '/api/admin/coupons', admin.cookie, { ...validCoupon, code: 'EDITAR', maxUses: 10 })).json();
    await server.deps.db.update(coupons).set({ currentUses: 3, heldUses: 1 }).where(eq(coupons.id, created.id));

    const updated = await call('PUT', `/api/admin/coupons/${created.id}`, admin.cookie, {
      code: 'editado',
      discountType: 'fixed',
      discountValue: 1500,
      maxUses: 4,
      isActive: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      code: 'EDITADO',
      discountType: 'fixed',
      discountValue: 1500,
      maxUses: 4,
      currentUses: 3,
      heldUses: 1,
      isActive: false,
    });

    const tooLow = await call('PUT', `/api/admin/coupons/${created.id}`, admin.cookie, { ...validCoupon, code: 'EDITADO', maxUses: 3 });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toMatchObject({
      message: 'O limite de usos não pode ser menor que os usos já feitos ou reservados (4).',
      details: { field: 'maxUses' },
    });
    const [stored] = await server.deps.db.select().from(coupons).where(eq(coupons.id, created.id));
    expect(stored).toMatchObject({ code: 'EDITADO', maxUses: 4, discountType: 'fixed' });
  });

  it('turns a coupon off and on from the list', async () => {
    const created = (await call('POST', '/api/admin/coupons', admin.cookie, { ...validCoupon, code: 'LIGADESLIGA' })).json();
    const off = await call('PATCH', `/api/admin/coupons/${created.id}`, admin.cookie, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, code: 'LIGADESLIGA' });
    const bad = await call('PATCH', `/api/admin/coupons/${created.id}`, admin.cookie, { isActive: 'sim' });
    expect(bad.json()).toMatchObject({ message: 'Situação inválida', details: { field: 'isActive' } });
    expect((await call('PATCH', `/api/admin/coupons/${created.id}`, admin.cookie, { isActive: true })).json().isActive).toBe(true);
  });

  it('answers Cupom não encontrado for an unknown or malformed id', async () => {
    for (const id of [someId, 'nao-e-um-id']) {
      const put = await call('PUT', `/api/admin/coupons/${id}`, admin.cookie, { ...validCoupon, code: 'NADA' });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('Cupom não encontrado.');
      expect((await call('DELETE', `/api/admin/coupons/${id}`, admin.cookie)).json().message).toBe('Cupom não encontrado.');
      expect((await call('PATCH', `/api/admin/coupons/${id}`, admin.cookie, { isActive: true })).statusCode).toBe(404);
    }
  });

  it('deletes an unused coupon, and only deactivates one a paid order used so the order keeps its discount', async () => {
    const unused = (await call('POST', '/api/admin/coupons', admin.cookie, { ...validCoupon, code: 'SEMUSO' })).json();
    const deleted = await call('DELETE', `/api/admin/coupons/${unused.id}`, admin.cookie);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect(await server.deps.db.select().from(coupons).where(eq(coupons.id, unused.id))).toHaveLength(0);

    const used = (await call('POST', '/api/admin/coupons', admin.cookie, { ...validCoupon, code: 'USADO' })).json();
    const { cookie } = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 10000, remaining: 10 }]);
    const order = (
      await call('POST', '/api/orders', cookie, {
        eventId: event.id,
        items: [{ sectorId: type.id, quantity: 1 }],
        buyer,
        paymentMethod: 'pix',
        installments: 1,
        couponCode: 'USADO',
      })
    ).json();
    await call('POST', `/api/orders/${order.id}/simulate-pix-payment`, cookie, {});
    expect(
      (await call('GET', '/api/admin/coupons', admin.cookie)).json().coupons.find((c: { id: string }) => c.id === used.id).hasOrders,
    ).toBe(true);

    const kept = await call('DELETE', `/api/admin/coupons/${used.id}`, admin.cookie);
    expect(kept.json()).toEqual({ outcome: 'deactivated' });
    const [coupon] = await server.deps.db.select().from(coupons).where(eq(coupons.id, used.id));
    expect(coupon).toMatchObject({ isActive: false, currentUses: 1 });
    const [stored] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'completed', couponId: used.id, discountCentavos: 1000, totalCentavos: 9000 });
    const mine = (await call('GET', `/api/orders/${order.id}`, cookie)).json();
    expect(mine).toMatchObject({ status: 'completed', totalCentavos: 9000 });
    // A deactivated coupon is refused at checkout.
    const again = await call('POST', '/api/coupons/preview', cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 1 }],
      couponCode: 'USADO',
    });
    expect(again.json().message).toBe('Cupom inválido.');
  });
});

describe('news in the back office', () => {
  it('creates a draft that stays off the home page until it is published', async () => {
    const created = await call('POST', '/api/admin/news', admin.cookie, {
      title: '  Rascunho de anúncio ',
      preview: 'Em breve',
      content: '',
      category: 'KXP',
      imageUrl: '',
    });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      title: 'Rascunho de anúncio',
      preview: 'Em breve',
      content: null,
      category: 'KXP',
      imageUrl: null,
      published: false,
    });
    expect((await call('GET', '/api/admin/news', admin.cookie)).json().news[0].id).toBe(item.id);
    expect((await call('GET', '/api/news', null)).body).not.toContain('Rascunho de anúncio');

    const published = await call('PATCH', `/api/admin/news/${item.id}`, admin.cookie, { published: true });
    expect(published.json().published).toBe(true);
    expect((await call('GET', '/api/news?limit=3', null)).json().news[0]).toMatchObject({ id: item.id, title: 'Rascunho de anúncio' });

    const back = await call('PATCH', `/api/admin/news/${item.id}`, admin.cookie, { published: false });
    expect(back.json().published).toBe(false);
    expect((await call('GET', `/api/news/${item.id}`, null)).statusCode).toBe(404);
  });

  it('updates and deletes a news item', async () => {
    const item = (await call('POST', '/api/admin/news', admin.cookie, { ...validNews, published: true })).json();
    const updated = await call('PUT', `/api/admin/news/${item.id}`, admin.cookie, {
      title: 'Novo título',
      preview: 'Nova prévia',
      content: 'Texto completo',
      category: 'AY-YO',
      imageUrl: '/uploads/noticia.webp',
      published: true,
    });
    expect(updated.json()).toMatchObject({
      id: item.id,
      title: 'Novo título',
      content: 'Texto completo',
      imageUrl: '/uploads/noticia.webp',
      createdAt: item.createdAt,
    });
    expect((await call('GET', `/api/news/${item.id}`, null)).json().title).toBe('Novo título');
    expect((await call('DELETE', `/api/admin/news/${item.id}`, admin.cookie)).statusCode).toBe(204);
    expect(await server.deps.db.select().from(news).where(eq(news.id, item.id))).toHaveLength(0);
    const again = await call('DELETE', `/api/admin/news/${item.id}`, admin.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Notícia não encontrada');
    expect((await call('PUT', '/api/admin/news/xyz', admin.cookie, validNews)).json().message).toBe('Notícia não encontrada');
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: undefined }, 'title', 'Título é obrigatório'],
    ['a blank title', { title: '  ' }, 'title', 'Título é obrigatório'],
    ['no preview', { preview: '' }, 'preview', 'Prévia é obrigatória'],
    ['no category', { category: undefined }, 'category', 'Categoria é obrigatória'],
    ['an image address that is not one', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Endereço da imagem inválido'],
    ['an image on another site', { imageUrl: '//cdn.exemplo.com.br/n.png' }, 'imageUrl', 'Endereço da imagem inválido'],
    ['a title too long', { title: 'x'.repeat(201) }, 'title', 'O título deve ter no máximo 200 caracteres'],
  ];
  for (const [name, change, field, message] of invalid) {
    it(`refuses a news item with ${name}: '${message}'`, async () => {
      const before = await rowCount(news);
      const response = await call('POST', '/api/admin/news', admin.cookie, { ...validNews, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, details: { field } });
      expect(await rowCount(news)).toBe(before);
    });
  }
});

describe('banners in the back office', () => {
  it('creates, turns off, edits and deletes a banner; the home page shows only active ones', async () => {
    const created = await call('POST', '/api/admin/banners', admin.cookie, { ...validBanner, linkUrl: '/events/ay-yo' });
    expect(created.statusCode).toBe(201);
    const banner = created.json();
    expect(banner).toMatchObject({ title: 'Temporada', linkUrl: '/events/ay-yo', active: true });
    expect((await call('GET', '/api/banners', null)).json().banners.map((b: { id: string }) => b.id)).toContain(banner.id);

    expect((await call('PATCH', `/api/admin/banners/${banner.id}`, admin.cookie, { active: false })).json().active).toBe(false);
    expect((await call('GET', '/api/banners', null)).json().banners.map((b: { id: string }) => b.id)).not.toContain(banner.id);
    expect((await call('GET', '/api/admin/banners', admin.cookie)).json().banners[0]).toMatchObject({ id: banner.id, active: false });

    const updated = await call('PUT', `/api/admin/banners/${banner.id}`, admin.cookie, {
      title: 'Nova temporada',
      description: 'Agora vai',
      imageUrl: '/uploads/banners/nova.webp',
      linkUrl: '',
      active: true,
    });
    expect(updated.json()).toMatchObject({ title: 'Nova temporada', linkUrl: null, active: true });
    expect((await call('DELETE', `/api/admin/banners/${banner.id}`, admin.cookie)).statusCode).toBe(204);
    const gone = await call('PUT', `/api/admin/banners/${banner.id}`, admin.cookie, validBanner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Banner não encontrado.');
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: '' }, 'title', 'Título é obrigatório'],
    ['no description', { description: undefined }, 'description', 'Descrição é obrigatória'],
    ['no image', { imageUrl: ' ' }, 'imageUrl', 'Imagem é obrigatória'],
    ['an image address that is not one', { imageUrl: 'banner.png' }, 'imageUrl', 'Endereço da imagem inválido'],
    ['an image on another site', { imageUrl: 'https://cdn.exemplo.com.br/banner.png' }, 'imageUrl', 'Endereço da imagem inválido'],
    [
      'a link that is not one',
      { linkUrl: 'ftp://exemplo' },
      'linkUrl',
      'Link inválido: use um caminho como /events ou um endereço http(s)',
    ],
  ];
  for (const [name, change, field, message] of invalid) {
    it(`refuses a banner with ${name}: '${message}'`, async () => {
      const before = await rowCount(banners);
      const response = await call('POST', '/api/admin/banners', admin.cookie, { ...validBanner, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, details: { field } });
      expect(await rowCount(banners)).toBe(before);
    });
  }
});

describe('the dashboard', () => {
  // A database of its own, so every figure is known.
  let board: TestServer;
  let boardAdmin: { cookie: string; userId: string };
  const now = Date.now();
  const day = 86_400_000;
  const spDay = (offsetDays: number) => saoPauloToday(new Date(now + offsetDays * day));

  beforeAll(async () => {
    board = await startTestServer();
    boardAdmin = await board.signUpAs(['admin']);
  });
  afterAll(async () => {
    await board?.stop();
  });

  async function addEvent(title: string, offsetDays: number, createdAgoDays: number) {
    const [event] = await board.deps.db
      .insert(events)
      .values({
        title,
        date: spDay(offsetDays),
        startTime: '20:00',
        location: 'Arena',
        category: 'Next Level Events',
        createdAt: new Date(now - createdAgoDays * day),
      })
      .returning();
    const type = await insertSector(board.deps.db, event.id, { name: 'Pista', priceCentavos: 5000, remaining: 100 });
    return { event, type };
  }

  /** An order of `units` tickets; `paidAgoDays` null leaves it unpaid. */
  async function addOrder(
    target: { event: { id: string }; type: { id: string } },
    units: number,
    options: { paidAgoDays: number | null; discount?: number; status?: 'completed' | 'pending' | 'refunded'; checkedIn?: number },
  ) {
    const subtotal = units * 5000;
    const discount = options.discount ?? 0;
    const status = options.status ?? (options.paidAgoDays === null ? 'pending' : 'completed');
    const [order] = await board.deps.db
      .insert(orders)
      .values({
        eventId: target.event.id,
        userId: boardAdmin.userId,
        status,
        subtotalCentavos: subtotal,
        discountCentavos: discount,
        totalCentavos: subtotal - discount,
        paymentMethod: 'pix',
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerPhone: '47991234567',
        buyerCpf: '52998224725',
        paymentProvider: 'sandbox',
        expiresAt: new Date(now + day),
        completedAt: options.paidAgoDays === null ? null : new Date(now - options.paidAgoDays * day),
      })
      .returning();
    const [item] = await board.deps.db
      .insert(orderItems)
      .values({ orderId: order.id, sectorId: target.type.id, sectorName: 'Pista', quantity: units, unitPriceCentavos: 5000 })
      .returning();
    if (options.paidAgoDays === null) return order;
    const issued = await board.deps.db
      .insert(tickets)
      .values(
        Array.from({ length: units }, () => ({
          orderId: order.id,
          orderItemId: item.id,
          eventId: target.event.id,
          sectorName: 'Pista',
          code: `T${randomBytes(8).toString('hex')}`,
          status: status === 'refunded' ? ('refunded' as const) : ('valid' as const),
        })),
      )
      .returning();
    for (const ticket of issued.slice(0, options.checkedIn ?? 0)) {
      await board.deps.db
        .insert(checkIns)
        .values({ ticketId: ticket.id, eventId: target.event.id, scannedCode: ticket.code, accepted: true });
      // A second scan of the same code is refused and does not count.
      await board.deps.db
        .insert(checkIns)
        .values({ ticketId: ticket.id, eventId: target.event.id, scannedCode: ticket.code, accepted: false, reason: 'already_used' });
    }
    return order;
  }

  it('computes every figure from the orders, refunds and check-ins', async () => {
    const festival = await addEvent('Festival futuro', 5, 30);
    const past = await addEvent('Noite passada', -3, 20);
    const tonight = await addEvent('Hoje à noite', 0, 10);
    const later = await addEvent('Mais tarde', 20, 1);

    await addOrder(festival, 2, { paidAgoDays: 1, checkedIn: 1 }); // R$ 100,00, yesterday
    await addOrder(festival, 1, { paidAgoDays: 40 }); // R$ 50,00, previous period
    await addOrder(festival, 1, { paidAgoDays: null }); // waiting for payment: counts for nothing
    // R$ 50,00 paid 2 days ago and refunded: approving the refund turned the order 'refunded'.
    const refunded = await addOrder(festival, 1, { paidAgoDays: 2, status: 'refunded' });
    await board.deps.db.insert(refunds).values({
      orderId: refunded.id,
      userId: boardAdmin.userId,
      amountCentavos: 5000,
      reason: 'Não posso ir',
      status: 'processed',
      requestedAt: new Date(now - 1.5 * day),
      processedAt: new Date(now - 1 * day),
      processedBy: boardAdmin.userId,
    });
    await addOrder(past, 4, { paidAgoDays: 5, discount: 2000, checkedIn: 2 }); // R$ 180,00 with a coupon

    const response = await board.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: boardAdmin.cookie } });
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(dashboard).toMatchObject({
      eventsCount: 4,
      ticketsSold: 7, // 2 + 1 + 4; the refunded ticket and the unpaid order do not count
      revenueCentavos: 38000, // 'Vendas brutas': every sale paid, the refunded one too (money.grossCentavos)
      checkIns: 3,
      ticketsOffered: 400, // one lot of 100 per event
      conversionPercent: 2, // 7 sold / 400 offered = 1.75% -> 2%
      revenueGrowth: { currentCentavos: 33000, previousCentavos: 5000, percent: 560 },
      today: spDay(0),
    });
    // Gross counts every sale paid, the refunded one too, which then leaves as a refund: with no
    // fee the net is the revenue of the orders still paid.
    expect(dashboard.money).toEqual({
      grossCentavos: 38000, // 10000 + 5000 + 5000 + 18000
      discountCentavos: 2000,
      refundsCentavos: 5000,
      absorbedFeesCentavos: 0,
      netCentavos: 33000,
      feesCentavos: 0,
      refundedFeesCentavos: 0,
    });

    // The same amounts as the events list (docs/rules/money-and-dates.md 'Money').
    const list = (await board.app.inject({ method: 'GET', url: '/api/admin/events', headers: { cookie: boardAdmin.cookie } })).json();
    const listed = list.events as { ticketsSold: number; revenueCentavos: number; money: Record<string, number> }[];
    expect(listed.reduce((sum, e) => sum + e.revenueCentavos, 0)).toBe(dashboard.revenueCentavos);
    for (const key of Object.keys(dashboard.money))
      expect([key, listed.reduce((sum, e) => sum + e.money[key], 0)]).toEqual([key, dashboard.money[key]]);
    expect(listed.reduce((sum, e) => sum + e.ticketsSold, 0)).toBe(dashboard.ticketsSold);

    expect(dashboard.salesByDay).toHaveLength(30);
    expect(dashboard.salesByDay[29].day).toBe(spDay(0));
    expect(dashboard.salesByDay[0].day).toBe(spDay(-29));
    const byDay = new Map<string, number>();
    for (const [ago, amount] of [
      [1, 10000],
      [2, 5000], // refunded later: the day's gross stays, the refund leaves the net
      [5, 18000],
    ] as const) {
      const key = saoPauloToday(new Date(now - ago * day));
      byDay.set(key, (byDay.get(key) ?? 0) + amount);
    }
    for (const entry of dashboard.salesByDay) expect([entry.day, entry.revenueCentavos]).toEqual([entry.day, byDay.get(entry.day) ?? 0]);
    expect(dashboard.salesByDay.reduce((sum: number, d: { revenueCentavos: number }) => sum + d.revenueCentavos, 0)).toBe(33000);

    expect(dashboard.recentEvents.map((e: { title: string }) => e.title)).toEqual([
      'Mais tarde',
      'Hoje à noite',
      'Noite passada',
      'Festival futuro',
    ]);
    // Each in the events list's words (shared/event-state.ts): over -> 'past' ('Encerrado'), on -> 'published'.
    expect(dashboard.recentEvents.find((e: { id: string }) => e.id === past.event.id)).toMatchObject({
      status: 'finished',
      state: 'past',
      ticketsSold: 4,
    });
    expect(dashboard.recentEvents.find((e: { id: string }) => e.id === tonight.event.id)).toMatchObject({
      status: 'active',
      state: 'published',
      ticketsSold: 0,
    });

    expect(dashboard.checkInProgress).toEqual([
      { eventId: tonight.event.id, title: 'Hoje à noite', date: spDay(0), startTime: '20:00:00', checkedIn: 0, ticketsSold: 0 },
      { eventId: festival.event.id, title: 'Festival futuro', date: spDay(5), startTime: '20:00:00', checkedIn: 1, ticketsSold: 3 },
      { eventId: later.event.id, title: 'Mais tarde', date: spDay(20), startTime: '20:00:00', checkedIn: 0, ticketsSold: 0 },
    ]);
  });

  it('lists only the 10 events created last', async () => {
    for (let i = 0; i < 8; i++) await addEvent(`Extra ${i}`, 30 + i, 0.5 - i * 0.01);
    const dashboard = (
      await board.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: boardAdmin.cookie } })
    ).json();
    expect(dashboard.eventsCount).toBe(12);
    expect(dashboard.recentEvents).toHaveLength(10);
    expect(dashboard.recentEvents[0].title).toBe('Extra 7');
    expect(dashboard.checkInProgress).toHaveLength(10);
  });

  it("names a draft 'draft' and a cancelled event 'cancelled', as the events list does", async () => {
    const draft = await addEvent('Rascunho novo', 40, 0.1);
    const called = await addEvent('Cancelado novo', 41, 0.05);
    await board.deps.db.update(events).set({ isPublished: false }).where(eq(events.id, draft.event.id));
    await board.deps.db
      .update(events)
      .set({ cancelledAt: new Date(now) })
      .where(eq(events.id, called.event.id));
    const dashboard = (
      await board.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: boardAdmin.cookie } })
    ).json();
    const stateOf = (id: string) => dashboard.recentEvents.find((e: { id: string }) => e.id === id)?.state;
    expect([stateOf(draft.event.id), stateOf(called.event.id)]).toEqual(['draft', 'cancelled']);
  });
});

describe('the dashboard with no sales before', () => {
  it('has no growth figure when the previous 30 days had no revenue', async () => {
    const fresh = await startTestServer();
    try {
      const { cookie } = await fresh.signUpAs(['admin']);
      const dashboard = (await fresh.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } })).json();
      expect(dashboard).toMatchObject({
        eventsCount: 0,
        ticketsSold: 0,
        revenueCentavos: 0,
        checkIns: 0,
        conversionPercent: 0,
        revenueGrowth: { currentCentavos: 0, previousCentavos: 0, percent: null },
        recentEvents: [],
        checkInProgress: [],
        money: { grossCentavos: 0, refundsCentavos: 0, absorbedFeesCentavos: 0, netCentavos: 0, feesCentavos: 0, refundedFeesCentavos: 0 },
      });
    } finally {
      await fresh.stop();
    }
  });
});
