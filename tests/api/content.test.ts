import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, news } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const day = 86_400_000;
const now = Date.now();
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.deps.db
    .insert(news)
    .values([
      {
        title: 'Notícia antiga',
        preview: 'Prévia antiga',
        content: 'Primeiro.\n\nSegundo.',
        category: 'KXP',
        imageUrl: '/images/news/a.svg',
        published: true,
        createdAt: new Date(now - 30 * day),
      },
      {
        title: 'Notícia do meio',
        preview: 'Prévia do meio',
        content: null,
        category: 'AY-YO',
        imageUrl: null,
        published: true,
        createdAt: new Date(now - 10 * day),
      },
      {
        title: 'Rascunho secreto',
        preview: 'Não publicar',
        content: 'Texto do rascunho',
        category: 'Next Level',
        published: false,
        createdAt: new Date(now - 1 * day),
      },
      {
        title: 'Notícia nova',
        preview: 'Prévia nova',
        content: 'Texto novo',
        category: 'Next Level',
        imageUrl: '/images/news/n.svg',
        published: true,
        createdAt: new Date(now - 2 * day),
      },
      // 2025-03-15 02:30 UTC is still 14/03 in São Paulo (UTC-3).
      {
        title: 'Notícia de março',
        preview: 'Prévia de março',
        category: 'KXP',
        published: true,
        createdAt: new Date('2025-03-15T02:30:00Z'),
      },
    ])
    .returning({ id: news.id, title: news.title });
  for (const row of rows) ids[row.title] = row.id;
  const bannerRows = await server.deps.db
    .insert(banners)
    .values([
      {
        title: 'Banner antigo',
        description: 'Descrição antiga',
        imageUrl: '/images/banners/a.svg',
        linkUrl: '/events/kxp',
        active: true,
        createdAt: new Date(now - 20 * day),
      },
      {
        title: 'Banner desligado',
        description: 'Não mostrar',
        imageUrl: '/images/banners/off.svg',
        active: false,
        createdAt: new Date(now - 1 * day),
      },
      {
        title: 'Banner novo',
        description: 'Descrição nova',
        imageUrl: '/images/banners/n.svg',
        linkUrl: null,
        active: true,
        createdAt: new Date(now - 3 * day),
      },
    ])
    .returning({ id: banners.id, title: banners.title });
  for (const row of bannerRows) ids[row.title] = row.id;
});
afterAll(async () => {
  await server?.stop();
});

function get(url: string, cookie?: string) {
  return server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('news on the home page', () => {
  it('lists published news newest first, without signing in, and never a draft', async () => {
    const response = await get('/api/news');
    expect(response.statusCode).toBe(200);
    const titles = response.json().news.map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Notícia nova', 'Notícia do meio', 'Notícia antiga', 'Notícia de março']);
    expect(response.body).not.toContain('Rascunho secreto');
    expect(response.body).not.toContain('Texto do rascunho');
  });

  it('gives at most `limit` news with the card fields and the São Paulo day', async () => {
    const response = await get('/api/news?limit=3');
    expect(response.statusCode).toBe(200);
    const items = response.json().news;
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      id: ids['Notícia nova'],
      title: 'Notícia nova',
      preview: 'Prévia nova',
      category: 'Next Level',
      imageUrl: '/images/news/n.svg',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(items[0]).not.toHaveProperty('content');
    const march = (await get('/api/news')).json().news.find((n: { title: string }) => n.title === 'Notícia de março');
    expect(march.date).toBe('2025-03-14');
  });

  it('refuses a limit that is not a number from 1 to 50 with a pt-BR message', async () => {
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const response = await get(`/api/news?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        message: 'Limite inválido: use um número de 1 a 50.',
        details: { field: 'limit' },
      });
    }
  });

  it('opens a published news item with its full text', async () => {
    const response = await get(`/api/news/${ids['Notícia antiga']}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids['Notícia antiga'],
      title: 'Notícia antiga',
      category: 'KXP',
      content: 'Primeiro.\n\nSegundo.',
    });
  });

  it('answers 404 "Notícia não encontrada" for a draft, also to a signed-in admin', async () => {
    const { cookie } = await server.signUpAs(['admin']);
    for (const headers of [undefined, cookie]) {
      const response = await get(`/api/news/${ids['Rascunho secreto']}`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'news_not_found', message: 'Notícia não encontrada', details: {} });
      expect(response.body).not.toContain('Rascunho');
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nao-e-um-id', '1']) {
      const response = await get(`/api/news/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: 'news_not_found', message: 'Notícia não encontrada' });
    }
  });
});

describe('banners on the home page', () => {
  it('lists active banners newest first, without signing in, and never an inactive one', async () => {
    const response = await get('/api/banners');
    expect(response.statusCode).toBe(200);
    const list = response.json().banners;
    expect(list).toEqual([
      {
        id: ids['Banner novo'],
        title: 'Banner novo',
        description: 'Descrição nova',
        imageUrl: '/images/banners/n.svg',
        linkUrl: null,
        createdAt: expect.any(String),
      },
      {
        id: ids['Banner antigo'],
        title: 'Banner antigo',
        description: 'Descrição antiga',
        imageUrl: '/images/banners/a.svg',
        linkUrl: '/events/kxp',
        createdAt: expect.any(String),
      },
    ]);
    expect(response.body).not.toContain('Banner desligado');
  });
});
