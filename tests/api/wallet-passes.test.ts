import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { importSPKI, jwtVerify } from 'jose';
import { Secret } from 'otpauth';
import { events, tickets } from '../../src/server/db/schema';
import { runDueJobs } from '../../src/server/worker';
import type { MyOrderTickets } from '../../src/shared/schemas/tickets';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { makeWalletCredentials, type TestWalletCredentials } from '../support/wallet-credentials';

// Tickets in Apple Wallet and Google Wallet (docs/rules/tickets.md 'Wallet passes'): a signed .pkpass
// and Apple's Wallet Web Service, Google's save link; offered only where configured.

let server: TestServer;
let bare: TestServer;
let creds: TestWalletCredentials;
beforeAll(async () => {
  creds = makeWalletCredentials();
  server = await startTestServer({ env: creds.env });
  bare = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  await bare?.stop();
});

async function boughtTicket(on: TestServer, options: { rotating?: boolean } = {}) {
  const { cookie, userId } = await on.signUpAs();
  const {
    event,
    sectors: [sector],
  } = await createEvent(on, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }], { title: `Noite Wallet ${randomUUID().slice(0, 6)}` });
  await on.deps.db
    .update(events)
    .set({ rotatingQr: Boolean(options.rotating), location: 'Arena Itajaí', startTime: '22:00' })
    .where(eq(events.id, event.id));
  const placed = await on.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { eventId: event.id, items: [{ sectorId: sector.id, quantity: 1 }], buyer, paymentMethod: 'pix' },
  });
  expect(placed.statusCode).toBe(201);
  await on.app.inject({ method: 'POST', url: `/api/orders/${placed.json().id}/simulate-pix-payment`, headers: { cookie } });
  const mine = (await on.app.inject({ method: 'GET', url: '/api/tickets', headers: { cookie } })).json().orders as MyOrderTickets[];
  const order = mine.find((o) => o.event.id === event.id)!;
  return { cookie, userId, event: { ...event, date: order.event.date }, orderId: order.orderId, ticket: order.tickets[0] };
}

/** The .pkpass unpacked into a folder: its files by name. */
function unpack(file: Buffer): { dir: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
  writeFileSync(join(dir, 'pass.pkpass'), file);
  execFileSync('unzip', ['-q', 'pass.pkpass', '-d', 'out'], { cwd: dir });
  return { dir: join(dir, 'out'), files: readdirSync(join(dir, 'out')) };
}

const passJsonOf = (file: Buffer) => JSON.parse(readFileSync(join(unpack(file).dir, 'pass.json'), 'utf8'));

const device = (id: string, serial?: string) =>
  `/api/wallet/apple/v1/devices/${id}/registrations/${creds.passTypeId}${serial ? `/${serial}` : ''}`;
const passUrl = (serial: string) => `/api/wallet/apple/v1/passes/${creds.passTypeId}/${serial}`;

describe('Apple Wallet pass', () => {
  it('downloads a signed .pkpass with the ticket: pass.json, a manifest of every file, a detached signature the CA verifies', async () => {
    const { cookie, event, ticket } = await boughtTicket(server);
    expect(ticket.wallet).toEqual({ apple: true, google: true });
    const response = await server.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/apple`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="ingresso-noite-wallet-[a-z0-9]+\.pkpass"$/);
    const { dir, files } = unpack(response.rawPayload);
    expect(files).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']));

    const pass = JSON.parse(readFileSync(join(dir, 'pass.json'), 'utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: creds.passTypeId,
      teamIdentifier: 'TESTTEAM01',
      serialNumber: ticket.id,
      webServiceURL: 'https://ingressos.test/api/wallet/apple',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.code, messageEncoding: 'iso-8859-1' }],
    });
    expect(pass.authenticationToken).toMatch(/^[0-9a-f]{40}$/);
    expect(pass.voided).toBeUndefined();
    const fields = [...pass.eventTicket.primaryFields, ...pass.eventTicket.secondaryFields, ...pass.eventTicket.auxiliaryFields];
    const value = (key: string) => fields.find((f: { key: string }) => f.key === key)?.value;
    expect(value('event')).toBe(event.title);
    expect(value('sector')).toBe('Pista');
    expect(value('holder')).toBe(ticket.holderName ?? '—');
    expect(value('venue')).toBe('Arena Itajaí');
    // 22:00 in São Paulo, written with its offset and shown as there.
    expect(value('date')).toBe(`${event.date}T22:00:00-03:00`);
    expect(new Date(pass.relevantDate).getTime()).toBe(new Date(`${event.date}T22:00:00-03:00`).getTime());

    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, string>;
    const packed = files.filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(packed.sort());
    for (const name of packed)
      expect(manifest[name], name).toBe(
        createHash('sha1')
          .update(readFileSync(join(dir, name)))
          .digest('hex'),
      );

    const verified = execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-CAfile',
        creds.caPath,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    expect(verified).toBeDefined();
    // A manifest changed after signing no longer verifies.
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
    expect(() =>
      execFileSync(
        'openssl',
        [
          'smime',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'signature',
          '-content',
          'manifest.json',
          '-CAfile',
          creds.caPath,
          '-purpose',
          'any',
        ],
        {
          cwd: dir,
          stdio: 'pipe',
        },
      ),
    ).toThrow();
  });

  it("is only the owner's: another account, a signed-out visitor and an unknown ticket get nothing", async () => {
    const { ticket } = await boughtTicket(server);
    const other = await server.signUpAs();
    const url = `/api/tickets/${ticket.id}/wallet/apple`;
    expect((await server.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/tickets/${randomUUID()}/wallet/apple`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('is not offered on a rotating-QR event, and says why', async () => {
    const { cookie, ticket } = await boughtTicket(server, { rotating: true });
    expect(ticket.wallet).toEqual({
      apple: false,
      appleUnavailableReason: 'Este evento usa QR rotativo: a Apple Wallet não mostra códigos que mudam. Use o app ou o Google Wallet.',
      google: true,
    });
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/apple`, headers: { cookie } })).statusCode,
    ).toBe(404);
  });

  it('is not offered without the credentials', async () => {
    const { cookie, ticket } = await boughtTicket(bare);
    expect(ticket.wallet).toBeUndefined();
    expect((await bare.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/apple`, headers: { cookie } })).statusCode).toBe(
      404,
    );
    expect((await bare.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/google`, headers: { cookie } })).statusCode).toBe(
      404,
    );
  });
});

describe("Apple's Wallet Web Service", () => {
  it('registers a device, lists the passes updated since, answers the updated pass after a holder edit and a voided one after a refund', async () => {
    const { cookie, orderId, ticket } = await boughtTicket(server);
    const download = await server.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/apple`, headers: { cookie } });
    const token = passJsonOf(download.rawPayload).authenticationToken as string;
    const auth = { authorization: `ApplePass ${token}` };
    const deviceId = `device${randomUUID().replace(/-/g, '')}`;

    const wrong = await server.app.inject({
      method: 'POST',
      url: device(deviceId, ticket.id),
      headers: { authorization: 'ApplePass 0123456789abcdef0123456789abcdef01234567' },
      payload: { pushToken: 'push-token-1' },
    });
    expect(wrong.statusCode).toBe(401);
    const registered = await server.app.inject({
      method: 'POST',
      url: device(deviceId, ticket.id),
      headers: auth,
      payload: { pushToken: 'push-token-1' },
    });
    expect(registered.statusCode).toBe(201);
    const again = await server.app.inject({
      method: 'POST',
      url: device(deviceId, ticket.id),
      headers: auth,
      payload: { pushToken: 'push-token-2' },
    });
    expect(again.statusCode).toBe(200);

    const all = await server.app.inject({ method: 'GET', url: device(deviceId) });
    expect(all.statusCode).toBe(200);
    expect(all.json().serialNumbers).toEqual([ticket.id]);
    const tag = all.json().lastUpdated as string;
    expect((await server.app.inject({ method: 'GET', url: `${device(deviceId)}?passesUpdatedSince=${tag}` })).statusCode).toBe(204);
    expect((await server.app.inject({ method: 'GET', url: device('unknown-device') })).statusCode).toBe(204);

    // The pass itself: the right token, a wrong one, not modified since.
    const current = await server.app.inject({ method: 'GET', url: passUrl(ticket.id), headers: auth });
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = current.headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: passUrl(ticket.id),
          headers: { authorization: 'ApplePass 0000000000000000000000000000000000000000' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: passUrl(ticket.id) })).statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: passUrl(ticket.id), headers: { ...auth, 'if-modified-since': lastModified } }))
        .statusCode,
    ).toBe(304);

    // A holder edit: the device hears of it and gets the new holder.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const edited = await server.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticket.id}/holder`,
      headers: { cookie },
      payload: { holderName: 'Carla Souza Wallet' },
    });
    expect(edited.statusCode).toBe(200);
    const changed = await server.app.inject({ method: 'GET', url: `${device(deviceId)}?passesUpdatedSince=${tag}` });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([ticket.id]);
    const updated = await server.app.inject({
      method: 'GET',
      url: passUrl(ticket.id),
      headers: { ...auth, 'if-modified-since': lastModified },
    });
    expect(updated.statusCode).toBe(200);
    const updatedPass = passJsonOf(updated.rawPayload);
    expect(updatedPass.eventTicket.secondaryFields.find((f: { key: string }) => f.key === 'holder').value).toBe('Carla Souza Wallet');
    expect(updatedPass.voided).toBeUndefined();

    // A refund: the pass comes back voided.
    await server.deps.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.orderId, orderId));
    const tag2 = changed.json().lastUpdated as string;
    const afterRefund = await server.app.inject({ method: 'GET', url: `${device(deviceId)}?passesUpdatedSince=${tag2}` });
    expect(afterRefund.json().serialNumbers).toEqual([ticket.id]);
    const voided = await server.app.inject({ method: 'GET', url: passUrl(ticket.id), headers: auth });
    expect(voided.statusCode).toBe(200);
    expect(passJsonOf(voided.rawPayload).voided).toBe(true);
    // Nor is a refunded ticket offered any more.
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/apple`, headers: { cookie } })).statusCode,
    ).toBe(404);

    const log = await server.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/log', payload: { logs: ['web service error'] } });
    expect(log.statusCode).toBe(200);
    const removed = await server.app.inject({ method: 'DELETE', url: device(deviceId, ticket.id), headers: auth });
    expect(removed.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: device(deviceId) })).statusCode).toBe(204);
  });

  it("after a transfer gives the old holder's pass back voided with its old code, and the new holder a pass of the new code", async () => {
    const { cookie, ticket } = await boughtTicket(server);
    const download = await server.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/apple`, headers: { cookie } });
    const oldAuth = { authorization: `ApplePass ${passJsonOf(download.rawPayload).authenticationToken}` };
    const deviceId = `device${randomUUID().replace(/-/g, '')}`;
    expect(
      (await server.app.inject({ method: 'POST', url: device(deviceId, ticket.id), headers: oldAuth, payload: { pushToken: 'p' } }))
        .statusCode,
    ).toBe(201);
    const tag = (await server.app.inject({ method: 'GET', url: device(deviceId) })).json().lastUpdated as string;

    const bia = await server.signUpAs();
    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket.id}/transfers`,
      headers: { cookie },
      payload: { toName: 'Beatriz Souza', toEmail: bia.email },
    });
    expect(sent.statusCode).toBe(201);
    await runDueJobs(server.deps);
    const link = server.sentMail.filter((m) => m.to === bia.email).at(-1)!.link!;
    const token = /\/transfer\/([A-Za-z0-9_-]+)/.exec(link)![1];
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/transfers/accept', headers: { cookie: bia.cookie }, payload: { token } }))
        .statusCode,
    ).toBe(200);

    expect((await server.app.inject({ method: 'GET', url: `${device(deviceId)}?passesUpdatedSince=${tag}` })).json().serialNumbers).toEqual(
      [ticket.id],
    );
    const old = passJsonOf((await server.app.inject({ method: 'GET', url: passUrl(ticket.id), headers: oldAuth })).rawPayload);
    expect(old).toMatchObject({ voided: true, barcodes: [{ message: ticket.code }] });

    const [moved] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(moved.code).not.toBe(ticket.code);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/apple`, headers: { cookie } })).statusCode,
    ).toBe(404);
    const fresh = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticket.id}/wallet/apple`,
      headers: { cookie: bia.cookie },
    });
    expect(fresh.statusCode).toBe(200);
    const freshPass = passJsonOf(fresh.rawPayload);
    expect(freshPass.barcodes[0].message).toBe(moved.code);
    expect(freshPass.voided).toBeUndefined();
    expect(freshPass.authenticationToken).not.toBe(oldAuth.authorization.slice('ApplePass '.length));
  });

  it('answers 401 when Apple Wallet is not configured', async () => {
    const { ticket } = await boughtTicket(bare);
    const response = await bare.app.inject({ method: 'GET', url: passUrl(ticket.id), headers: { authorization: 'ApplePass abc' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('Google Wallet', () => {
  async function saveClaims(cookie: string, ticketId: string) {
    const response = await server.app.inject({ method: 'GET', url: `/api/tickets/${ticketId}/wallet/google`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { saveUrl } = response.json() as { saveUrl: string };
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(creds.googlePublicKey, 'RS256'), { audience: 'google' });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'test-key-1' });
    return payload as Record<string, unknown> & {
      payload: { eventTicketClasses: Record<string, unknown>[]; eventTicketObjects: Record<string, unknown>[] };
    };
  }

  it('signs a save link whose EventTicketObject carries the ticket, with the event class inline', async () => {
    const { cookie, event, ticket } = await boughtTicket(server);
    const claims = await saveClaims(cookie, ticket.id);
    expect(claims).toMatchObject({
      iss: 'wallet@test-project.iam.gserviceaccount.com',
      typ: 'savetowallet',
      origins: ['https://ingressos.test'],
    });
    const [eventClass] = claims.payload.eventTicketClasses;
    expect(eventClass).toMatchObject({
      id: `${creds.issuerId}.${event.id}`,
      eventName: { defaultValue: { language: 'pt-BR', value: event.title } },
      venue: { name: { defaultValue: { value: 'Arena Itajaí' } } },
      dateTime: { start: `${event.date}T22:00:00-03:00` },
    });
    const [object] = claims.payload.eventTicketObjects;
    expect(object).toMatchObject({
      classId: `${creds.issuerId}.${event.id}`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: ticket.code },
      ticketType: { defaultValue: { value: 'Pista' } },
    });
    expect(object.id).toMatch(new RegExp(`^${creds.issuerId}\\.${ticket.id}-[0-9a-f]{12}$`));
    expect(object.rotatingBarcode).toBeUndefined();
  });

  it("makes the product's rotating QR on a rotating-QR event: the code, '~' and a 6-digit TOTP of the ticket's secret every 30 s", async () => {
    const { cookie, ticket } = await boughtTicket(server, { rotating: true });
    const [object] = (await saveClaims(cookie, ticket.id)).payload.eventTicketObjects;
    expect(object.barcode).toBeUndefined();
    expect(object.rotatingBarcode).toEqual({
      type: 'QR_CODE',
      valuePattern: `${ticket.code}~{totp_value_0}`,
      alternateText: expect.any(String),
      totpDetails: {
        periodMillis: '30000',
        algorithm: 'TOTP_SHA1',
        parameters: [{ key: Secret.fromBase32(ticket.rotationSecret!).hex.toUpperCase(), valueLength: 6 }],
      },
    });
  });

  it("is only the owner's", async () => {
    const { ticket } = await boughtTicket(server);
    const other = await server.signUpAs();
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/tickets/${ticket.id}/wallet/google`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});
