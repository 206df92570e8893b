import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  brandFollows,
  brands,
  events,
  orderItems,
  orders,
  ticketLots,
  tickets,
  userNotificationSettings,
} from '../../src/server/db/schema';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// 'Marcas' in the back office, the brand page's header and the admin events list's filters.
let server: TestServer;
let admin: { cookie: string };
let person: { cookie: string; userId: string };

const brandRows = [
  {
    slug: 'next-level',
    name: 'Next Level',
    tagline: 'Música eletrônica',
    description: 'Techno e house.',
    accentColor: '#7c3aed',
    sortOrder: 1,
  },
  { slug: 'ay-yo', name: 'AY-YO', tagline: 'K-Pop', description: 'Festas de K-Pop.', accentColor: '#db2777', sortOrder: 2 },
  { slug: 'kxp', name: 'KXP', tagline: 'Coreia', description: 'Cultura coreana.', accentColor: '#0f766e', sortOrder: 3 },
];

const goodInput = {
  name: 'AY-YO',
  tagline: 'K-Pop e cultura asiática',
  description: 'Festas de K-Pop, Random Play Dance e encontros de fandom.',
  coverUrl: '/uploads/brands/capa.webp',
  logoUrl: null,
  figures: [
    { value: '30+', label: 'Festas' },
    { value: '3', label: 'Cidades' },
    { value: '40 mil', label: 'Fãs' },
  ],
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  person = await server.signUpAs(['user']);
  await server.deps.db.insert(brands).values(brandRows).onConflictDoNothing();
});
afterAll(async () => {
  await server?.stop();
});

function put(slug: string, payload: unknown, cookie?: string) {
  return server.app.inject({
    method: 'PUT',
    url: `/api/admin/brands/${slug}`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

async function storedBrand(slug: string) {
  const [row] = await server.deps.db.select().from(brands).where(eq(brands.slug, slug));
  return row;
}

describe('PUT /api/admin/brands/:slug', () => {
  it('saves the name, tagline, description, images and figures, and GET /api/brands shows them', async () => {
    const response = await put('ay-yo', goodInput, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'ay-yo', ...goodInput });
    expect(await storedBrand('ay-yo')).toMatchObject({ ...goodInput, accentColor: '#db2777', sortOrder: 2 });

    const listed = (await server.app.inject({ method: 'GET', url: '/api/brands' })).json() as { slug: string; figures: unknown }[];
    expect(listed.map((b) => b.slug)).toEqual(['next-level', 'ay-yo', 'kxp']);
    expect(listed[1].figures).toEqual(goodInput.figures);
  });

  it('goes back to the default figures when the figures are left empty', async () => {
    const response = await put('ay-yo', { ...goodInput, figures: [] }, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect((await storedBrand('ay-yo')).figures).toBeNull();
  });

  it('refuses anyone but an admin, and changes nothing', async () => {
    const before = await storedBrand('kxp');
    expect((await put('kxp', { ...goodInput, name: 'Invasor' })).statusCode).toBe(401);
    expect((await put('kxp', { ...goodInput, name: 'Invasor' }, person.cookie)).statusCode).toBe(403);
    expect(await storedBrand('kxp')).toEqual(before);
  });

  it.each([
    ['a blank name', { name: ' ' }, 'name', 'Informe o nome da marca'],
    ['four figures', { figures: [...goodInput.figures, { value: '1', label: 'Mais' }] }, 'figures', 'Use no máximo 3 números'],
    [
      'a figure too long for its box',
      { figures: [{ value: '100.000.000+', label: 'Pessoas' }] },
      'figures.0.value',
      'O número deve ter no máximo 8 caracteres',
    ],
    ['a figure without its label', { figures: [{ value: '50+', label: '' }] }, 'figures.0.label', 'Informe o que o número conta'],
    ['a script as the cover', { coverUrl: 'javascript:alert(1)' }, 'coverUrl', 'Imagem inválida'],
  ])('refuses %s with a pt-BR message naming the field, and changes nothing', async (_case, change, field, message) => {
    const before = await storedBrand('kxp');
    const response = await put('kxp', { ...goodInput, ...change }, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', message, details: { field } });
    expect(await storedBrand('kxp')).toEqual(before);
  });

  it('answers not found for a brand that does not exist', async () => {
    const response = await put('outra-marca', goodInput, admin.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', message: 'Marca não encontrada.' });
  });
});

describe('GET /api/brands/:slug', () => {
  it('counts the people who follow the brand with its news on', async () => {
    const fans = await Promise.all([server.signUpAs(['user']), server.signUpAs(['user']), server.signUpAs(['user'])]);
    for (const [index, fan] of fans.entries()) {
      // The third keeps the follow but switched 'Novidades das marcas' off: no follower.
      await server.deps.db.insert(userNotificationSettings).values({ userId: fan.userId, brandNewsNotifications: index < 2 });
      await server.deps.db.insert(brandFollows).values({ userId: fan.userId, brandSlug: 'next-level' });
    }
    const response = await server.app.inject({ method: 'GET', url: '/api/brands/next-level' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'next-level', name: 'Next Level', followersCount: 2 });
    expect((await server.app.inject({ method: 'GET', url: '/api/brands/kxp' })).json()).toMatchObject({ followersCount: 0 });
  });

  it('answers not found for an unknown brand', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/brands/nada' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Marca não encontrada.' });
  });
});

describe('GET /api/admin/events filters and order', () => {
  it('filters by brand and by state, each event in one state, and sorts by date', async () => {
    const make = async (title: string, daysAhead: number, brandSlug: string | null, change: Partial<typeof events.$inferInsert> = {}) => {
      const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }], { title, daysAhead });
      await server.deps.db
        .update(events)
        .set({ brandSlug, ...change })
        .where(eq(events.id, event.id));
      return event.id;
    };
    const published = await make('Filtro publicado', 30, 'kxp');
    const soon = await make('Filtro logo', 2, 'kxp');
    const draft = await make('Filtro rascunho', 15, 'kxp', { isPublished: false });
    const cancelled = await make('Filtro cancelado', 20, 'ay-yo', { cancelledAt: new Date() });
    const past = await make('Filtro passado', -5, 'kxp');

    const list = async (query: string) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/admin/events?q=Filtro&${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(200);
      return (response.json().events as { id: string; date: string }[]).map((e) => e.id);
    };

    expect(await list('status=published&sort=date')).toEqual([soon, published]);
    expect(await list('status=draft')).toEqual([draft]);
    expect(await list('status=cancelled')).toEqual([cancelled]);
    expect(await list('status=past')).toEqual([past]);
    expect(await list('brand=ay-yo')).toEqual([cancelled]);
    expect(await list('brand=kxp&sort=date')).toEqual([past, soon, draft, published]);
    expect(await list('brand=kxp&sort=-date')).toEqual([published, draft, soon, past]);
    // Newest created first by default.
    expect(await list('')).toEqual([past, cancelled, draft, soon, published]);
  });

  it('says how many tickets a sold-out event offered and sold', async () => {
    const { event, sectors } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 2 }], {
      title: 'Esgotou ontem',
    });
    // Two units paid: the lot has none left.
    const [order] = await server.deps.db
      .insert(orders)
      .values({
        eventId: event.id,
        userId: person.userId,
        status: 'completed',
        subtotalCentavos: 10000,
        discountCentavos: 0,
        totalCentavos: 10000,
        paymentMethod: 'pix',
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerPhone: '47991234567',
        buyerCpf: '52998224725',
        paymentProvider: 'sandbox',
        expiresAt: new Date(Date.now() + 86_400_000),
        completedAt: new Date(),
      })
      .returning();
    const [item] = await server.deps.db
      .insert(orderItems)
      .values({ orderId: order.id, sectorId: sectors[0].id, sectorName: 'Pista', quantity: 2, unitPriceCentavos: 5000 })
      .returning();
    await server.deps.db.insert(tickets).values(
      ['a', 'b'].map((suffix) => ({
        orderId: order.id,
        orderItemId: item.id,
        eventId: event.id,
        sectorName: 'Pista',
        code: `TESGOTOU${suffix}${order.id.slice(0, 8)}`,
      })),
    );
    await server.deps.db.update(ticketLots).set({ remaining: 0 }).where(eq(ticketLots.sectorId, sectors[0].id));
    const response = await server.app.inject({ method: 'GET', url: '/api/admin/events?q=Esgotou', headers: { cookie: admin.cookie } });
    expect(response.json().events).toEqual([expect.objectContaining({ id: event.id, ticketsSold: 2, ticketsOffered: 2, isSoldOut: true })]);

    const board = (await server.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: admin.cookie } })).json();
    expect(board.recentEvents).toContainEqual(
      expect.objectContaining({ id: event.id, ticketsSold: 2, ticketsOffered: 2, isSoldOut: true }),
    );
  });

  it('refuses an unknown state or order with a pt-BR message', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/admin/events?status=arquivado',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { field: 'status' } });
    expect(response.json().message).toContain('Situação inválida');
    const sort = await server.app.inject({ method: 'GET', url: '/api/admin/events?sort=preco', headers: { cookie: admin.cookie } });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toContain('Ordem inválida');
  });
});
