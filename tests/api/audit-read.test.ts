import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEntries, cashDrawers, ticketLots, users } from '../../src/server/db/schema';
import { listAudit } from '../../src/server/services/audit/list-audit';
import type { AuditList } from '../../src/shared/schemas/admin-audit';
import { csvProblems, readCsv } from '../support/copy-check';
import { createEvent, startTestServer, type TestServer } from '../support/test-server';

// 'Histórico' read side (docs/screens.md 'Histórico'): filters, pages, who may read it, the CSV.
// Entries are inserted as the write side stores them (record-audit.ts), with chosen instants.

let server: TestServer;
let admin: { userId: string; cookie: string };
let ana: { userId: string; cookie: string };
let fan: { userId: string; cookie: string };
let validatorCookie: string;
let boxOfficeOfOther: { userId: string; cookie: string };
let showA: { id: string; lotId: string; orderId: string };
let showB: { id: string; drawerId: string };

type Row = typeof auditEntries.$inferInsert;

function get(url: string, cookie: string | null) {
  return server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
async function list(query: string, cookie = admin.cookie): Promise<AuditList> {
  const response = await get(`/api/admin/audit${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  ana = await server.signUpAs(['admin']);
  await server.deps.db.update(users).set({ name: 'Ana Souza' }).where(eq(users.id, ana.userId));
  fan = await server.signUpAs();
  await server.deps.db.update(users).set({ name: 'Bruno Fã' }).where(eq(users.id, fan.userId));
  validatorCookie = (await server.signUpAs(['validator'])).cookie;
  boxOfficeOfOther = await server.signUpAs(['box_office']);

  const a = await createEvent(server, [{ name: 'Pista', priceCentavos: 9000, remaining: 10 }], { title: 'Festival Alfa' });
  const b = await createEvent(server, [{ name: 'Camarote', priceCentavos: 20000, remaining: 10 }], { title: 'Noite Beta' });
  const [lot] = await server.deps.db.select({ id: ticketLots.id }).from(ticketLots).where(eq(ticketLots.sectorId, a.sectors[0].id));
  const [drawer] = await server.deps.db
    .insert(cashDrawers)
    .values({
      eventId: b.event.id,
      operatorId: boxOfficeOfOther.userId,
      floatCentavos: 10000,
      closedAt: new Date(),
      countedCentavos: 15000,
      expectedCentavos: 15500,
    })
    .returning();
  showA = { id: a.event.id, lotId: lot.id, orderId: randomUUID() };
  showB = { id: b.event.id, drawerId: drawer.id };

  const at = (iso: string) => new Date(iso);
  const rows: Row[] = [
    // 10/11 14:32 São Paulo: Ana changes the lot's price.
    {
      at: at('2026-11-10T17:32:00Z'),
      actorId: ana.userId,
      actorLabel: 'Ana Souza',
      ip: '203.0.113.7',
      action: 'sectors.saved',
      objectType: 'event',
      objectId: a.event.id,
      eventId: a.event.id,
      // As services/catalog/save-sectors.ts sectorChanges records a save.
      changes: {
        sectors: [
          {
            sectorId: a.sectors[0].id,
            name: 'Pista',
            change: 'changed',
            fields: {},
            lots: [{ lotId: lot.id, change: 'changed', fields: { priceCentavos: { before: 8000, after: 9000 } } }],
          },
        ],
      },
    },
    // 12/11: the fan asks for a refund of an order of A; 13/11 the admin approves it.
    {
      at: at('2026-11-12T13:00:00Z'),
      actorId: fan.userId,
      actorLabel: 'Bruno Fã',
      ip: '198.51.100.4',
      action: 'refund.requested',
      objectType: 'refund',
      objectId: randomUUID(),
      eventId: a.event.id,
      orderId: showA.orderId,
      subjectUserId: fan.userId,
      changes: { amountCentavos: 9000, reason: 'Imprevisto' },
    },
    {
      at: at('2026-11-13T12:00:00Z'),
      actorId: admin.userId,
      actorLabel: 'Admin Teste',
      ip: '203.0.113.9',
      action: 'refund.approved',
      objectType: 'refund',
      objectId: randomUUID(),
      eventId: a.event.id,
      orderId: showA.orderId,
      subjectUserId: fan.userId,
      changes: { status: { before: 'pending', after: 'approved' }, amountCentavos: 9000 },
    },
    // 14/11: a drawer of B is closed by its operator.
    {
      at: at('2026-11-14T02:10:00Z'),
      actorId: boxOfficeOfOther.userId,
      actorLabel: 'Caixa Beta',
      ip: '192.0.2.1',
      action: 'drawer.closed',
      objectType: 'drawer',
      objectId: drawer.id,
      eventId: b.event.id,
      changes: { countedCentavos: 15000, expectedCentavos: 15500, differenceCentavos: -500 },
    },
    // 15/11: the system pays the refund back.
    {
      at: at('2026-11-15T10:00:00Z'),
      actorId: null,
      actorLabel: 'Sistema',
      action: 'refund.paid',
      objectType: 'refund',
      objectId: randomUUID(),
      eventId: a.event.id,
      orderId: showA.orderId,
      subjectUserId: fan.userId,
      changes: { amountCentavos: 9000 },
    },
    // 16/11: a role given to Ana (no event).
    {
      at: at('2026-11-16T15:00:00Z'),
      actorId: admin.userId,
      actorLabel: 'Admin Teste',
      ip: '203.0.113.9',
      action: 'staff.granted',
      objectType: 'user',
      objectId: ana.userId,
      subjectUserId: ana.userId,
      changes: { role: 'box_office' },
    },
  ];
  await server.deps.db.insert(auditEntries).values(rows);
});
afterAll(async () => {
  await server?.stop();
});

describe('who may read the history', () => {
  it('refuses signed out (401), a fan, door staff and the box office of another event (403), on the list and the CSV', async () => {
    for (const url of ['/api/admin/audit', `/api/admin/audit?eventId=${showA.id}`, `/api/admin/audit.csv?eventId=${showA.id}`]) {
      expect((await get(url, null)).statusCode).toBe(401);
      for (const cookie of [fan.cookie, validatorCookie, boxOfficeOfOther.cookie]) {
        const response = await get(url, cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    }
  });

  it("shows an events viewer only its events' entries, without client addresses", async () => {
    const onlyB = { kind: 'events', eventIds: [showB.id] } as const;
    expect((await listAudit(server.deps.db, onlyB, { eventId: showA.id })).entries).toEqual([]);
    const all = await listAudit(server.deps.db, onlyB, {});
    expect(all.entries.map((e) => e.action.code)).toEqual(['drawer.closed']);
    expect(all.entries[0].ip).toBeNull();
    expect(all.context.event).toBeNull();
    expect((await listAudit(server.deps.db, { kind: 'events', eventIds: [] }, {})).entries).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists every entry newest first, with the actor, the UTC instant, the address, the action in words and the changes', async () => {
    const { entries, nextCursor } = await list('');
    expect(entries.map((e) => e.action.code)).toEqual([
      'staff.granted',
      'refund.paid',
      'drawer.closed',
      'refund.approved',
      'refund.requested',
      'sectors.saved',
    ]);
    expect(nextCursor).toBeNull();
    const price = entries.at(-1)!;
    expect(price).toMatchObject({
      at: '2026-11-10T17:32:00.000Z',
      actor: { id: ana.userId, label: 'Ana Souza' },
      ip: '203.0.113.7',
      action: { code: 'sectors.saved', label: 'Setores e lotes alterados' },
      object: { type: 'event', typeLabel: 'Evento', label: 'Festival Alfa' },
      event: { id: showA.id, title: 'Festival Alfa' },
      changes: [{ label: 'Pista 1º lote', before: 'R$ 80,00', after: 'R$ 90,00' }],
    });
    const drawer = entries.find((e) => e.action.code === 'drawer.closed')!;
    expect(drawer.object).toMatchObject({ typeLabel: 'Caixa', label: 'Pessoa Teste' });
    expect(drawer.changes).toEqual([
      { label: 'Contado', before: null, after: 'R$ 150,00' },
      { label: 'Esperado', before: null, after: 'R$ 155,00' },
      { label: 'Diferença', before: null, after: '-R$ 5,00' },
    ]);
    const approved = entries.find((e) => e.action.code === 'refund.approved')!;
    expect(approved.changes[0]).toEqual({ label: 'Situação', before: 'Pendente', after: 'Aprovado' });
    expect(approved.subject).toEqual({ id: fan.userId, name: 'Pessoa Teste' });
    expect(entries.find((e) => e.action.code === 'staff.granted')!.changes).toEqual([
      { label: 'Função', before: null, after: 'Bilheteria' },
    ]);
  });

  it('filters by event, order, person (who acted or whom it concerns), actor, action and São Paulo days', async () => {
    const codes = async (query: string) => (await list(query)).entries.map((e) => e.action.code);
    expect(await codes(`?eventId=${showB.id}`)).toEqual(['drawer.closed']);
    expect(await codes(`?orderId=${showA.orderId}`)).toEqual(['refund.paid', 'refund.approved', 'refund.requested']);
    expect(await codes(`?personId=${ana.userId}`)).toEqual(['staff.granted', 'sectors.saved']);
    expect(await codes(`?actorId=${admin.userId}`)).toEqual(['staff.granted', 'refund.approved']);
    expect(await codes(`?action=refund.approved`)).toEqual(['refund.approved']);
    expect(await codes(`?eventId=${showA.id}&action=refund.paid`)).toEqual(['refund.paid']);
    // 13/11 23:10 in São Paulo is 14/11 02:10 UTC: the day of 13/11, not of 14/11.
    expect(await codes('?from=2026-11-13&to=2026-11-13')).toEqual(['drawer.closed', 'refund.approved']);
    expect(await codes('?from=2026-11-15')).toEqual(['staff.granted', 'refund.paid']);
    expect(await codes('?to=2026-11-10')).toEqual(['sectors.saved']);
    expect(await codes(`?eventId=${randomUUID()}`)).toEqual([]);
  });

  it("names what the filters point at and offers the scope's actors for 'Quem'", async () => {
    const byEvent = await list(`?eventId=${showA.id}&action=refund.paid`);
    expect(byEvent.context.event).toEqual({ id: showA.id, title: 'Festival Alfa' });
    expect(byEvent.actors.map((a) => a.label).sort()).toEqual(['Admin Teste', 'Ana Souza', 'Bruno Fã']);
    const byPerson = await list(`?personId=${fan.userId}`);
    expect(byPerson.context.person).toMatchObject({ id: fan.userId, name: 'Pessoa Teste' });
  });

  it('pages by cursor without repeating or skipping an entry', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditList = await list(`?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual((await list('')).entries.map((e) => e.id));
  });

  it('refuses a page over 200, a bad day or a period ending before it starts, with a pt-BR message', async () => {
    const cases: [string, string][] = [
      ['?limit=201', 'No máximo 200 registros por página'],
      ['?from=2026-02-30', 'Data inicial inválida'],
      ['?from=2026-11-15&to=2026-11-10', 'A data final deve ser depois da inicial'],
      ['?action=refund.nope', 'Ação inválida'],
      ['?cursor=abc', 'Página inválida'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/admin/audit${query}`, admin.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(message);
    }
  });
});

describe('entries of deleted accounts and invitations', () => {
  it("filters by a deleted account's pseudonym and names an invitation by its e-mail", async () => {
    const pseudonym = `removido:${'ab12'.repeat(16)}`;
    await server.deps.db.insert(auditEntries).values([
      {
        at: new Date('2026-10-01T12:00:00Z'),
        actorId: pseudonym,
        actorLabel: 'Conta removida',
        action: 'staff.granted',
        objectType: 'staff_invitation',
        objectId: 'nova.pessoa@exemplo.com.br',
        changes: { role: 'validator', email: 'nova.pessoa@exemplo.com.br', invited: true },
      },
    ]);
    const { entries } = await list(`?actorId=${encodeURIComponent(pseudonym)}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: pseudonym, label: 'Conta removida' },
      object: { typeLabel: 'Convite', label: 'nova.pessoa@exemplo.com.br' },
      changes: [
        { label: 'Função', before: null, after: 'Portaria' },
        { label: 'E-mail', before: null, after: 'nova.pessoa@exemplo.com.br' },
        { label: 'Convite enviado', before: null, after: 'Sim' },
      ],
    });
    expect((await list(`?personId=${encodeURIComponent(pseudonym)}`)).entries).toHaveLength(1);
    await server.deps.db.delete(auditEntries).where(eq(auditEntries.actorId, pseudonym));
  });
});

describe('GET /api/admin/audit.csv', () => {
  it("is Excel's pt-BR CSV: BOM, Portuguese headers, São Paulo dd/mm/aaaa HH:mm, labels and no codes", async () => {
    const response = await get(`/api/admin/audit.csv?eventId=${showA.id}`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="historico-festival-alfa.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvProblems(new Uint8Array(response.rawPayload))).toEqual([]);
    const lines = readCsv(response.body.replace(/^\uFEFF/, ''));
    expect(lines[0]).toEqual(['Data e hora', 'Quem', 'Ação', 'Evento', 'Objeto', 'Pessoa', 'Alterações', 'IP']);
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toEqual([
      '10/11/2026 14:32',
      'Ana Souza',
      'Setores e lotes alterados',
      'Festival Alfa',
      'Evento: Festival Alfa',
      '',
      'Pista 1º lote: R$ 80,00 → R$ 90,00',
      '203.0.113.7',
    ]);
    expect(lines[1].slice(0, 3)).toEqual(['15/11/2026 07:00', 'Sistema', 'Reembolso pago']);
    expect(lines[2][6]).toBe('Situação: Pendente → Aprovado; Valor: R$ 90,00');
  });

  it('follows the filters and names the file after the whole history when not filtered by event', async () => {
    const response = await get('/api/admin/audit.csv?action=drawer.closed', admin.cookie);
    expect(response.headers['content-disposition']).toBe('attachment; filename="historico-geral.csv"');
    const lines = readCsv(response.body.replace(/^\uFEFF/, ''));
    expect(lines.map((l) => l[2])).toEqual(['Ação', 'Caixa fechado']);
    expect(lines[1][6]).toBe('Contado: R$ 150,00; Esperado: R$ 155,00; Diferença: -R$ 5,00');
  });
});
