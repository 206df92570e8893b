import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEntries, brands } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';

// A brand's social links, saved in 'Marcas' and answered to the brand page (docs/rules/content.md 'Brand pages').
let server: TestServer;
let admin: { cookie: string; userId: string };
let person: { cookie: string };

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

const page = {
  name: 'Next Level',
  tagline: 'Música eletrônica',
  description: 'Techno e house a noite toda.',
  coverUrl: null,
  logoUrl: null,
  figures: null,
};

const links = [
  { network: 'youtube', url: 'https://youtube.com/@nextlevel' },
  { network: 'instagram', url: 'https://instagram.com/nextlevel' },
  { network: 'website', url: 'https://nextlevel.com.br/' },
];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  person = await server.signUpAs(['user']);
  await server.deps.db.insert(brands).values(brandRows).onConflictDoNothing();
});
afterAll(async () => {
  await server?.stop();
});

function put(slug: string, payload: object, cookie?: string) {
  return server.app.inject({ method: 'PUT', url: `/api/admin/brands/${slug}`, headers: cookie ? { cookie } : {}, payload });
}

async function storedBrand(slug: string) {
  const [row] = await server.deps.db.select().from(brands).where(eq(brands.slug, slug));
  return row;
}

async function brandUpdates(slug: string) {
  return server.deps.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, 'brand.updated'), eq(auditEntries.objectId, slug)));
}

describe("a brand's social links", () => {
  it('saves them in the order sent, drops blank ones, and the brand page answers them', async () => {
    const response = await put('next-level', { ...page, socialLinks: [...links, { network: 'tiktok', url: '  ' }] }, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().socialLinks).toEqual(links);
    expect((await storedBrand('next-level')).socialLinks).toEqual(links);

    const shown = await server.app.inject({ method: 'GET', url: '/api/brands/next-level' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().socialLinks).toEqual(links);
    const listed = (await server.app.inject({ method: 'GET', url: '/api/brands' })).json() as { slug: string; socialLinks: unknown }[];
    expect(listed.find((brand) => brand.slug === 'next-level')?.socialLinks).toEqual(links);
    expect(listed.find((brand) => brand.slug === 'kxp')?.socialLinks).toEqual([]);
  });

  it('records the links changed in the audit trail', async () => {
    const before = (await storedBrand('ay-yo')).socialLinks;
    const saved = [{ network: 'instagram', url: 'https://instagram.com/ayyo' }];
    const response = await put(
      'ay-yo',
      { ...page, name: 'AY-YO', description: 'Festas de K-Pop.', tagline: 'K-Pop', socialLinks: saved },
      admin.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = (await brandUpdates('ay-yo')).slice(-1);
    expect(entry.actorId).toBe(admin.userId);
    expect(entry.changes).toMatchObject({ socialLinks: { before, after: saved } });
  });

  it('keeps them when the links are left out, and removes them all with an empty list', async () => {
    await put(
      'kxp',
      { ...page, name: 'KXP', socialLinks: [{ network: 'spotify', url: 'https://open.spotify.com/user/kxp' }] },
      admin.cookie,
    );
    expect((await put('kxp', { ...page, name: 'KXP' }, admin.cookie)).statusCode).toBe(200);
    expect((await storedBrand('kxp')).socialLinks).toEqual([{ network: 'spotify', url: 'https://open.spotify.com/user/kxp' }]);
    expect((await put('kxp', { ...page, name: 'KXP', socialLinks: [] }, admin.cookie)).statusCode).toBe(200);
    expect((await storedBrand('kxp')).socialLinks).toEqual([]);
  });

  it.each([
    [
      'an address on another host',
      [{ network: 'instagram', url: 'https://instagram.com.golpe.com/nextlevel' }],
      'socialLinks.0.url',
      'Informe um endereço do Instagram (https://instagram.com/...)',
    ],
    [
      'an http address',
      [
        { network: 'youtube', url: 'https://youtube.com/@nextlevel' },
        { network: 'instagram', url: 'http://instagram.com/nextlevel' },
      ],
      'socialLinks.1.url',
      'Informe um endereço do Instagram (https://instagram.com/...)',
    ],
    [
      'a user name and password in the address',
      [{ network: 'website', url: 'https://admin:senha@nextlevel.com.br/' }],
      'socialLinks.0.url',
      'Informe o endereço do site (https://...)',
    ],
    [
      'two Instagrams',
      [
        { network: 'instagram', url: 'https://instagram.com/nextlevel' },
        { network: 'instagram', url: 'https://instagram.com/nextlevel.oficial' },
      ],
      'socialLinks.1.network',
      'Use um só endereço do Instagram',
    ],
    [
      'a network it does not offer',
      [{ network: 'orkut', url: 'https://orkut.com/nextlevel' }],
      'socialLinks.0.network',
      'Rede social inválida',
    ],
    [
      'an address too long',
      [{ network: 'instagram', url: `https://instagram.com/${'a'.repeat(300)}` }],
      'socialLinks.0.url',
      'O endereço deve ter no máximo 300 caracteres',
    ],
  ])('refuses %s with a pt-BR message naming the field, and changes nothing', async (_case, socialLinks, field, message) => {
    const before = await storedBrand('next-level');
    const audited = (await brandUpdates('next-level')).length;
    const response = await put('next-level', { ...page, description: 'Outra descrição da marca.', socialLinks }, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', message, details: { field } });
    expect(await storedBrand('next-level')).toEqual(before);
    expect(await brandUpdates('next-level')).toHaveLength(audited);
  });

  it('refuses anyone but an admin, and changes nothing', async () => {
    const before = await storedBrand('next-level');
    const socialLinks = [{ network: 'instagram', url: 'https://instagram.com/invasor' }];
    expect((await put('next-level', { ...page, socialLinks })).statusCode).toBe(401);
    expect((await put('next-level', { ...page, socialLinks }, person.cookie)).statusCode).toBe(403);
    expect(await storedBrand('next-level')).toEqual(before);
  });
});
