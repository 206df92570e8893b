import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  checkIns,
  coupons,
  eventSessions,
  events,
  orderItems,
  orders,
  refunds,
  ticketLots,
  sectorSessions,
  tickets,
} from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { formatCentavos } from '../../src/shared/money';
import type { Bordero } from '../../src/shared/schemas/bordero';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// The borderô of an event: its lines and totals against the orders, refunds and fees stored, its
// PDF read back as text, its CSV, the ECAD rate, set list and co-producers, admins only.

let server: TestServer;
let admin: { cookie: string; userId: string };
let person: { cookie: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAs(['admin']);
  person = await server.signUpAs();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

/** Places an order with the buyer's cookie and pays it with the sandbox PIX (unless `pay` is false); returns its id. */
async function buy(eventId: string, items: object[], options: { couponCode?: string; pay?: boolean } = {}): Promise<string> {
  const placed = await call('POST', '/api/orders', person.cookie, {
    eventId,
    items,
    buyer,
    paymentMethod: 'pix',
    installments: 1,
    couponCode: options.couponCode,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as string;
  if (options.pay !== false)
    expect((await call('POST', `/api/orders/${orderId}/simulate-pix-payment`, person.cookie)).statusCode).toBe(200);
  return orderId;
}

/** The text of every page of a PDF, pdf.js's text items joined by one space each. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

const csvLines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

describe('the borderô of an event with sales, a coupon, a meia, fees, a courtesy, a refund and entries', () => {
  let eventId = '';
  let pistaId = '';
  let camaroteId = '';
  let bordero: Bordero;

  beforeAll(async () => {
    // Pista R$ 80,00 (50 units) and Camarote R$ 150,00 (10), a 10 % fee passed on, meia-entrada, a R$ 10,00 coupon.
    const created = await createEvent(
      server,
      [
        { name: 'Pista', priceCentavos: 8000, remaining: 50 },
        { name: 'Camarote', priceCentavos: 15000, remaining: 10 },
      ],
      {
        title: 'Noite do Borderô',
        meiaEntrada: true,
      },
    );
    eventId = created.event.id;
    [pistaId, camaroteId] = created.sectors.map((t) => t.id);
    await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000 }).where(eq(events.id, eventId));
    await server.deps.db.insert(coupons).values({ code: 'BORDERO10', discountType: 'fixed', discountValue: 1000, eventId });

    const couponOrder = await buy(eventId, [{ sectorId: pistaId, quantity: 2 }], { couponCode: 'BORDERO10' });
    const meia = {
      sectorId: pistaId,
      quantity: 1,
      concession: 'student',
      holder: { name: 'Bia Souza', cpf: '111.444.777-35', birthDate: '2004-05-10', documentNumber: 'CIE-1' },
    };
    const mixedOrder = await buy(eventId, [meia, { sectorId: camaroteId, quantity: 1 }]);
    // The box office sells through its own screens; here the order's channel is set as it records it.
    await server.deps.db.update(orders).set({ channel: 'box_office' }).where(eq(orders.id, mixedOrder));
    await buy(eventId, [{ sectorId: camaroteId, quantity: 1 }], { pay: false });
    const courtesy = await call('POST', `/api/admin/events/${eventId}/courtesies`, admin.cookie, {
      sectorId: camaroteId,
      recipients: [{ name: 'Convidada VIP', email: 'convidada.bordero@exemplo.com.br' }],
    });
    expect(courtesy.statusCode, courtesy.body).toBe(201);

    // One ticket of the coupon order given back within 7 days and approved: ticket and fee back.
    const issued = await server.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, couponOrder))
      .orderBy(tickets.createdAt, tickets.id);
    expect(
      (await call('POST', '/api/refunds', person.cookie, { orderId: couponOrder, ticketIds: [issued[1].id], reason: 'Não vou poder ir' }))
        .statusCode,
    ).toBe(201);
    const [pending] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, couponOrder));
    expect((await call('POST', `/api/admin/refunds/${pending.id}/approve`, admin.cookie, {})).statusCode).toBe(200);

    // Entries: two at 'Portão 1' in one hour, one at 'Portão 2' the next; a refused scan and an exit do not count.
    const mixedTickets = await server.deps.db.select().from(tickets).where(eq(tickets.orderId, mixedOrder));
    const [courtesyTicket] = await server.deps.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(and(eq(orders.eventId, eventId), eq(orders.paymentProvider, 'courtesy')));
    await server.deps.db.insert(checkIns).values([
      {
        ticketId: issued[0].id,
        eventId,
        scannedCode: 'a',
        accepted: true,
        location: 'Portão 1',
        scannedAt: new Date('2026-11-28T23:05:00Z'),
      },
      {
        ticketId: mixedTickets[0].id,
        eventId,
        scannedCode: 'b',
        accepted: true,
        location: 'Portão 1',
        scannedAt: new Date('2026-11-28T23:55:00Z'),
      },
      {
        ticketId: mixedTickets[1].id,
        eventId,
        scannedCode: 'c',
        accepted: true,
        location: 'Portão 2',
        scannedAt: new Date('2026-11-29T00:10:00Z'),
      },
      {
        ticketId: issued[1].id,
        eventId,
        scannedCode: 'd',
        accepted: false,
        reason: 'refunded',
        location: 'Portão 2',
        scannedAt: new Date('2026-11-29T00:11:00Z'),
      },
      {
        ticketId: courtesyTicket.id,
        eventId,
        scannedCode: 'e',
        accepted: true,
        direction: 'out',
        location: 'Portão 1',
        scannedAt: new Date('2026-11-29T00:20:00Z'),
      },
    ]);

    const response = await call('GET', `/api/admin/events/${eventId}/bordero`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    bordero = response.json();
  });

  it('has totals equal to the sums of the paid orders, the approved refunds and the fees in the database', async () => {
    const [sums] = await queryRows<{ subtotal: string; discount: string; fee: string; absorbed: string }>(
      server.deps.db,
      sql`
      SELECT sum(subtotal_centavos)::text AS subtotal, sum(discount_centavos)::text AS discount, sum(fee_centavos)::text AS fee, sum(absorbed_fee_centavos)::text AS absorbed
      FROM orders WHERE event_id = ${eventId}::uuid AND status IN ('completed', 'refunded') AND completed_at IS NOT NULL`,
    );
    const [refunded] = await queryRows<{ amount: string }>(
      server.deps.db,
      sql`
      SELECT coalesce(sum(r.amount_centavos), 0)::text AS amount FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE o.event_id = ${eventId}::uuid AND r.status IN ('approved', 'processed')`,
    );
    const { totals } = bordero;
    expect(totals.listCentavos).toBe(Number(sums.subtotal));
    expect(totals.discountCentavos).toBe(Number(sums.discount));
    expect(totals.grossCentavos).toBe(Number(sums.subtotal) - Number(sums.discount));
    // Every centavo refunded is ticket money or fee paid back; every fee charged is kept or paid back.
    expect(totals.refundsCentavos + totals.refundedFeesCentavos).toBe(Number(refunded.amount));
    expect(totals.feesCentavos + totals.refundedFeesCentavos).toBe(Number(sums.fee));
    expect(totals.absorbedFeesCentavos).toBe(Number(sums.absorbed));
    expect(totals.netCentavos).toBe(totals.grossCentavos - totals.refundsCentavos - totals.absorbedFeesCentavos);

    // The figures themselves: 2 x 8000 - 1000 + 4000 (meia) + 15000; one Pista ticket (8000 - 500) back with its 750 of fee.
    expect(totals).toEqual({
      units: 5,
      refundedUnits: 1,
      listCentavos: 35000,
      discountCentavos: 1000,
      grossCentavos: 34000,
      refundsCentavos: 7500,
      feesCentavos: 750 + 400 + 1500,
      refundedFeesCentavos: 750,
      absorbedFeesCentavos: 0,
      netCentavos: 26500,
      courtesyFaceCentavos: 15000,
    });
    // The event page reads the same money.
    const page = (await call('GET', `/api/admin/events/${eventId}`, admin.cookie)).json();
    expect(page.money).toEqual({
      grossCentavos: totals.grossCentavos,
      discountCentavos: totals.discountCentavos,
      refundsCentavos: totals.refundsCentavos,
      absorbedFeesCentavos: totals.absorbedFeesCentavos,
      netCentavos: totals.netCentavos,
      feesCentavos: totals.feesCentavos,
      refundedFeesCentavos: totals.refundedFeesCentavos,
    });
  });

  it('breaks the sales down per session, sector, lot, kind and channel, the lines adding up to the totals', () => {
    expect(
      bordero.lines.map((l) => [
        l.session,
        l.sector,
        l.lot,
        l.kindLabel,
        l.channelLabel,
        l.money.units,
        l.money.grossCentavos,
        l.money.netCentavos,
      ]),
    ).toEqual([
      ['Sessão única', 'Pista', '1º lote', 'Inteira', 'Online', 2, 15000, 7500],
      ['Sessão única', 'Pista', '1º lote', 'Meia-entrada (Estudante)', 'Bilheteria', 1, 4000, 4000],
      ['Sessão única', 'Camarote', '1º lote', 'Inteira', 'Bilheteria', 1, 15000, 15000],
      ['Sessão única', 'Camarote', '1º lote', 'Cortesia', 'Online', 1, 0, 0],
    ]);
    const sum = (pick: (m: Bordero['totals']) => number) => bordero.lines.reduce((s, l) => s + pick(l.money), 0);
    expect(sum((m) => m.grossCentavos)).toBe(bordero.totals.grossCentavos);
    expect(sum((m) => m.netCentavos)).toBe(bordero.totals.netCentavos);
    expect(sum((m) => m.feesCentavos)).toBe(bordero.totals.feesCentavos);
    expect(bordero.lines[3].money.courtesyFaceCentavos).toBe(15000);
    expect(bordero.byChannel.map((c) => [c.label, c.money.units, c.money.netCentavos])).toEqual([
      ['Online', 3, 7500],
      ['Bilheteria', 2, 19000],
      ['Lista', 0, 0],
    ]);
  });

  it('counts the meia against the 40 % reserve, the entries per hour and gate, and estimates ECAD at 10 % of the receipts net of refunds', () => {
    expect(bordero.meia).toEqual([
      { sector: 'Pista', stock: 50, reserve: 20, meiaSold: 1, seniorSold: 0, reserveLeft: 19, reserveUsedPercent: 5 },
      { sector: 'Camarote', stock: 10, reserve: 4, meiaSold: 0, seniorSold: 0, reserveLeft: 4, reserveUsedPercent: 0 },
    ]);
    expect(bordero.entries.map((e) => [e.hourLabel, e.gate, e.entries])).toEqual([
      ['28/11/2026 às 20h', 'Portão 1', 2],
      ['28/11/2026 às 21h', 'Portão 2', 1],
    ]);
    expect(bordero.entriesTotal).toBe(3);
    // R$ 340,00 sold less the R$ 75,00 of ticket money refunded (its R$ 7,50 fee apart, as all fees).
    expect(bordero.ecad).toEqual({ basisPoints: 1000, baseCentavos: 26500, estimateCentavos: 2650, setList: '' });
    expect(bordero.split).toEqual([{ name: 'Organizador (restante)', shareBasisPoints: 10000, amountCentavos: 26500, isOrganizer: true }]);
    expect(bordero.nfseText).toContain('Valor dos serviços: R$ 26,50');
    expect(bordero.nfseText).toContain('“Noite do Borderô”');
  });

  it('saves the ECAD rate, the set list and the co-producers, splitting the net to the centavo', async () => {
    const saved = await call('PATCH', `/api/admin/events/${eventId}/bordero`, admin.cookie, {
      ecadBasisPoints: 1500,
      setList: 'Abertura\nAquarela do Brasil',
      coProducers: [
        { name: 'Casa Azul Produções', shareBasisPoints: 3333 },
        { name: 'Som & Luz', shareBasisPoints: 2500 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after: Bordero = saved.json();
    expect(after.ecad).toEqual({ basisPoints: 1500, baseCentavos: 26500, estimateCentavos: 3975, setList: 'Abertura\nAquarela do Brasil' });
    expect(after.split.map((s) => [s.name, s.shareBasisPoints, s.amountCentavos])).toEqual([
      ['Casa Azul Produções', 3333, 8832],
      ['Som & Luz', 2500, 6625],
      ['Organizador (restante)', 4167, 11043],
    ]);
    expect(after.split.reduce((s, p) => s + p.amountCentavos, 0)).toBe(after.totals.netCentavos);
    const [stored] = await server.deps.db.select().from(events).where(eq(events.id, eventId));
    expect(stored).toMatchObject({ ecadBasisPoints: 1500, setList: 'Abertura\nAquarela do Brasil' });
    bordero = after;
  });

  it('refuses a rate other than 10 % or 15 % and shares over 100 %, in Portuguese', async () => {
    const rate = await call('PATCH', `/api/admin/events/${eventId}/bordero`, admin.cookie, { ecadBasisPoints: 1200 });
    expect(rate.statusCode).toBe(400);
    expect(rate.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Escolha 10% ou 15% para o ECAD.',
      details: { field: 'ecadBasisPoints' },
    });
    const over = await call('PATCH', `/api/admin/events/${eventId}/bordero`, admin.cookie, {
      coProducers: [
        { name: 'Casa Azul', shareBasisPoints: 6000 },
        { name: 'Som & Luz', shareBasisPoints: 4001 },
      ],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'validation_failed',
      message: 'A soma das participações dos coprodutores não pode passar de 100%.',
    });
    const unnamed = await call('PATCH', `/api/admin/events/${eventId}/bordero`, admin.cookie, {
      coProducers: [{ name: '', shareBasisPoints: 100 }],
    });
    expect(unnamed.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Informe o nome do coprodutor.',
      details: { field: 'coProducers.0.name' },
    });
    const [stored] = await server.deps.db.select().from(events).where(eq(events.id, eventId));
    expect(stored.ecadBasisPoints).toBe(1500);
  });

  it('gives a PDF whose text holds the totals as R$ 1.234,56, the lines, the set list and the NFS-e', async () => {
    const response = await call('GET', `/api/admin/events/${eventId}/bordero.pdf`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bordero-noite-do-bordero.pdf"');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Borderô - Noite do Borderô');
    // Who issues it, and the lines the producer and the venue sign.
    expect(text).toContain('CNPJ 00.000.000/0000-00');
    expect(text).toContain('Assinatura: Produtor(a)');
    expect(text).toContain('Assinatura: Casa / local do evento');
    for (const amount of [
      bordero.totals.grossCentavos,
      bordero.totals.netCentavos,
      bordero.totals.refundsCentavos,
      bordero.totals.feesCentavos,
      bordero.ecad.estimateCentavos,
    ]) {
      expect(text).toContain(formatCentavos(amount));
    }
    expect(formatCentavos(bordero.totals.grossCentavos)).toBe('R$ 340,00');
    expect(text).toContain('Meia-entrada (Estudante)');
    expect(text).toContain('Bilheteria');
    expect(text).toContain('Aquarela do Brasil');
    expect(text).toContain('Casa Azul Produções');
    expect(text).toContain('intermediação da venda de ingressos');
    expect(text).toContain('Estimativa ECAD (15%) R$ 39,75');
    expect(text).toContain('Base: bilheteria líquida de reembolsos R$ 265,00');
  });

  it('gives a CSV with the lines, the total and every section', async () => {
    const response = await call('GET', `/api/admin/events/${eventId}/bordero.csv`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bordero-noite-do-bordero.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(response.body);
    // The event's date as Excel in pt-BR reads a date: dd/mm/aaaa.
    expect(lines[0]).toMatch(/^Borderô;Noite do Borderô;\d{2}\/\d{2}\/\d{4};/);
    expect(lines).toContain(
      'Sessão;Setor;Lote;Tipo;Canal;Ingressos;Reembolsados;Valor de tabela (R$);Descontos (R$);Vendas brutas (R$);Reembolsos (R$);Taxas de serviço (R$);Taxas devolvidas (R$);Taxas absorvidas (R$);Líquido (R$);Cortesias a valor de face (R$)',
    );
    expect(lines).toContain('Sessão única;Pista;1º lote;Inteira;Online;2;1;160,00;10,00;150,00;75,00;7,50;7,50;0,00;75,00;0,00');
    expect(lines).toContain('Total;;;;;5;1;350,00;10,00;340,00;75,00;26,50;7,50;0,00;265,00;150,00');
    expect(lines).toContain('ECAD;Alíquota;Base: bilheteria líquida de reembolsos (R$);Estimativa (R$);Repertório');
    expect(lines).toContain('Estimativa ECAD;15%;265,00;39,75;"Abertura\nAquarela do Brasil"');
    expect(lines).toContain('Pista;50;20;1;19;5;0');
  });
});

describe('the borderô of an event whose fee the organizer absorbs, then cancelled', () => {
  it('takes the absorbed fee from the net, and after the cancellation refunds everything, as the event page does', async () => {
    const {
      event,
      sectors: [camarote],
    } = await createEvent(server, [{ name: 'Camarote', priceCentavos: 10000, remaining: 10 }], { title: 'Noite Absorvida do Borderô' });
    await server.deps.db.update(events).set({ serviceFeeBasisPoints: 1000, serviceFeeAbsorbed: true }).where(eq(events.id, event.id));
    await buy(event.id, [{ sectorId: camarote.id, quantity: 2 }]);
    const read = async () => (await call('GET', `/api/admin/events/${event.id}/bordero`, admin.cookie)).json() as Promise<Bordero>;
    const pageMoney = async () => (await call('GET', `/api/admin/events/${event.id}`, admin.cookie)).json().money;

    const sold = await read();
    expect(sold.totals).toMatchObject({ grossCentavos: 20000, absorbedFeesCentavos: 2000, feesCentavos: 0, netCentavos: 18000 });
    expect(await pageMoney()).toMatchObject({ grossCentavos: 20000, absorbedFeesCentavos: 2000, netCentavos: 18000 });
    expect(sold.nfseText).toContain('Taxas de serviço absorvidas pelo organizador: R$ 20,00');

    expect((await call('POST', `/api/admin/events/${event.id}/cancel`, admin.cookie, { reason: 'Chuva forte' })).statusCode).toBe(200);
    const cancelled = await read();
    expect(cancelled.event.cancelled).toBe(true);
    expect(cancelled.totals).toMatchObject({
      grossCentavos: 20000,
      refundsCentavos: 20000,
      absorbedFeesCentavos: 0,
      netCentavos: 0,
      refundedUnits: 2,
    });
    const money = await pageMoney();
    expect(money).toMatchObject({
      grossCentavos: cancelled.totals.grossCentavos,
      refundsCentavos: cancelled.totals.refundsCentavos,
      absorbedFeesCentavos: cancelled.totals.absorbedFeesCentavos,
      netCentavos: cancelled.totals.netCentavos,
    });
    const [refunded] = await queryRows<{ amount: string }>(
      server.deps.db,
      sql`
      SELECT coalesce(sum(r.amount_centavos), 0)::text AS amount FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.event_id = ${event.id}::uuid`,
    );
    expect(cancelled.totals.refundsCentavos + cancelled.totals.refundedFeesCentavos).toBe(Number(refunded.amount));
  });
});

describe('the borderô of a guest list', () => {
  it('puts a name let in free under Lista as a courtesy at face value, and one paying after the time as a sale', async () => {
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 6000, remaining: 10 }], { title: 'Lista do Borderô' });
    const [lot] = await server.deps.db.select().from(ticketLots).where(eq(ticketLots.sectorId, pista.id));
    // As the door records a guest-list admission: an order of channel 'guest_list', paid at once.
    for (const [i, charge] of [0, 3000].entries()) {
      const [order] = await server.deps.db
        .insert(orders)
        .values({
          eventId: event.id,
          status: 'completed',
          subtotalCentavos: charge,
          totalCentavos: charge,
          paymentMethod: 'cash',
          channel: 'guest_list',
          buyerName: `Convidado ${i}`,
          buyerEmail: '',
          buyerPhone: '',
          buyerCpf: '',
          paymentProvider: 'guest_list',
          expiresAt: new Date(),
          completedAt: new Date(),
        })
        .returning();
      const [item] = await server.deps.db
        .insert(orderItems)
        .values({
          orderId: order.id,
          sectorId: pista.id,
          sectorName: 'Pista · Lista amiga',
          lotId: lot.id,
          quantity: 1,
          unitPriceCentavos: charge,
        })
        .returning();
      await server.deps.db.insert(tickets).values({
        orderId: order.id,
        orderItemId: item.id,
        eventId: event.id,
        sectorName: 'Pista · Lista amiga',
        code: `lista-bordero-${event.id}-${i}`,
      });
    }
    const bordero: Bordero = (await call('GET', `/api/admin/events/${event.id}/bordero`, admin.cookie)).json();
    expect(
      bordero.lines.map((l) => [l.sector, l.kindLabel, l.channelLabel, l.money.units, l.money.grossCentavos, l.money.courtesyFaceCentavos]),
    ).toEqual([
      ['Pista', 'Inteira', 'Lista', 1, 3000, 0],
      ['Pista', 'Cortesia', 'Lista', 1, 0, 6000],
    ]);
    expect(bordero.byChannel.find((c) => c.label === 'Lista')?.money).toMatchObject({ units: 2, grossCentavos: 3000, netCentavos: 3000 });
  });
});

describe('the borderô of an event with sessions', () => {
  it('names the sessions each sector admits to, and is empty of money with no sale', async () => {
    const {
      event,
      sectors: [sabado, passaporte],
    } = await createEvent(
      server,
      [
        { name: 'Sábado', priceCentavos: 5000, remaining: 10 },
        { name: 'Passaporte', priceCentavos: 9000, remaining: 10 },
      ],
      { title: 'Festival de Dois Dias' },
    );
    const [day1, day2] = await server.deps.db
      .insert(eventSessions)
      .values([
        { eventId: event.id, name: 'Sábado', date: event.date, startTime: '16:00', position: 1 },
        { eventId: event.id, name: 'Domingo', date: event.date, startTime: '16:00', position: 2 },
      ])
      .returning();
    await server.deps.db.insert(sectorSessions).values({ sectorId: sabado.id, sessionId: day1.id });
    void day2;

    const empty: Bordero = (await call('GET', `/api/admin/events/${event.id}/bordero`, admin.cookie)).json();
    expect(empty.lines).toEqual([]);
    expect(empty.totals).toMatchObject({ units: 0, grossCentavos: 0, netCentavos: 0 });
    expect(empty.entries).toEqual([]);
    expect(empty.split).toEqual([{ name: 'Organizador (restante)', shareBasisPoints: 10000, amountCentavos: 0, isOrganizer: true }]);
    const emptyPdf = await call('GET', `/api/admin/events/${event.id}/bordero.pdf`, admin.cookie);
    expect(await pdfText(emptyPdf.rawPayload)).toContain('R$ 0,00');

    await buy(event.id, [
      { sectorId: sabado.id, quantity: 1 },
      { sectorId: passaporte.id, quantity: 2 },
    ]);
    const sold: Bordero = (await call('GET', `/api/admin/events/${event.id}/bordero`, admin.cookie)).json();
    expect(sold.lines.map((l) => [l.session, l.sector, l.money.units, l.money.grossCentavos])).toEqual([
      ['Sábado', 'Sábado', 1, 5000],
      ['Todas as sessões', 'Passaporte', 2, 18000],
    ]);
  });
});

describe('who may read the borderô', () => {
  it('is for admins only, and answers 404 for an event that does not exist', async () => {
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 1000, remaining: 5 }]);
    const door = await server.signUpAs(['validator']);
    for (const url of [
      `/api/admin/events/${event.id}/bordero`,
      `/api/admin/events/${event.id}/bordero.pdf`,
      `/api/admin/events/${event.id}/bordero.csv`,
    ]) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, person.cookie)).statusCode).toBe(403);
      expect((await call('GET', url, door.cookie)).statusCode).toBe(403);
      expect((await call('GET', url, admin.cookie)).statusCode).toBe(200);
    }
    expect((await call('PATCH', `/api/admin/events/${event.id}/bordero`, person.cookie, { ecadBasisPoints: 1500 })).statusCode).toBe(403);
    const missing = await call('GET', '/api/admin/events/00000000-0000-4000-8000-000000000000/bordero', admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('event_not_found');
    const missingPatch = await call('PATCH', '/api/admin/events/00000000-0000-4000-8000-000000000000/bordero', admin.cookie, {
      ecadBasisPoints: 1500,
    });
    expect(missingPatch.statusCode).toBe(404);
  });
});
