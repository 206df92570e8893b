import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { walletPassRegistrations } from '../../db/schema';
import { isWalletPassToken, walletPassToken } from '../../domain/wallet-pass';
import { buildApplePassFile, type ApplePassFile } from './apple-pass';
import { loadPassTickets, passVersions, type LoadedPassTicket } from './pass-ticket';
import type { AppleWalletCredentials, WalletSettings } from './wallet-settings';

/**
 * Apple's 'Wallet Web Service' (docs/rules/tickets.md 'Wallet passes'), under /api/wallet/apple:
 * devices register the passes they hold, ask which changed, fetch the new pass. Every call about
 * one pass carries 'Authorization: ApplePass <token>' (domain/wallet-pass.ts walletPassToken).
 * Pushing APNs notifications to devices is not done: a device learns of a change when it asks.
 */

/** The ticket of a pass and the code the presented token belongs to; the pass is voided when that code is an old one (a transfer). */
interface AuthorizedPass {
  ticket: LoadedPassTicket;
  code: string;
}

/** Why a web-service call is refused: a pass type that is not this server's, an unknown serial or a wrong token (401). */
function refuse(): never {
  throw new DomainError('unauthenticated');
}

/** `Authorization: ApplePass <token>` read: the token, or null. */
export function applePassToken(header: string | undefined): string | null {
  const match = /^ApplePass\s+(\S+)\s*$/.exec(header ?? '');
  return match ? match[1] : null;
}

async function authorize(
  db: Db,
  apple: AppleWalletCredentials | undefined,
  signingKey: Buffer,
  passTypeId: string,
  serialNumber: string,
  token: string | null,
  now: Date,
): Promise<{ apple: AppleWalletCredentials; pass: AuthorizedPass }> {
  if (!apple || passTypeId !== apple.passTypeId || !token || !/^[0-9a-f-]{36}$/i.test(serialNumber)) refuse();
  const [ticket] = await loadPassTickets(db, [serialNumber.toLowerCase()], now);
  if (!ticket) refuse();
  const code = [ticket.code, ...ticket.previousCodes].find((c) => isWalletPassToken(signingKey, ticket.id, c, token));
  if (!code) refuse();
  return { apple, pass: { ticket, code } };
}

/**
 * POST /v1/devices/{device}/registrations/{passType}/{serial}: the device will ask for this pass's
 * changes. Answers 'created' the first time, 'exists' after (Apple's 201 / 200). Throws
 * DomainError('unauthenticated') for a wrong token or pass.
 */
export async function registerApplePassDevice(
  db: Db,
  wallet: WalletSettings,
  signingKey: Buffer,
  input: { deviceLibraryId: string; passTypeId: string; serialNumber: string; pushToken: string; token: string | null },
  now: Date = new Date(),
): Promise<'created' | 'exists'> {
  const { pass } = await authorize(db, wallet.apple, signingKey, input.passTypeId, input.serialNumber, input.token, now);
  const key = and(
    eq(walletPassRegistrations.deviceLibraryId, input.deviceLibraryId),
    eq(walletPassRegistrations.passTypeId, input.passTypeId),
    eq(walletPassRegistrations.ticketId, pass.ticket.id),
  );
  const updated = await db
    .update(walletPassRegistrations)
    .set({ pushToken: input.pushToken })
    .where(key)
    .returning({ ticketId: walletPassRegistrations.ticketId });
  if (updated.length === 0) {
    await db
      .insert(walletPassRegistrations)
      .values({
        deviceLibraryId: input.deviceLibraryId,
        passTypeId: input.passTypeId,
        ticketId: pass.ticket.id,
        pushToken: input.pushToken,
      })
      .onConflictDoNothing();
  }
  // Dates the pass from now on, so the device's next 'updated since' compares with what it holds.
  await passVersions(db, [pass.ticket], now);
  return updated.length === 0 ? 'created' : 'exists';
}

/** DELETE /v1/devices/{device}/registrations/{passType}/{serial}: the device removed the pass. Throws DomainError('unauthenticated') for a wrong token. */
export async function unregisterApplePassDevice(
  db: Db,
  wallet: WalletSettings,
  signingKey: Buffer,
  input: { deviceLibraryId: string; passTypeId: string; serialNumber: string; token: string | null },
  now: Date = new Date(),
): Promise<void> {
  const { pass } = await authorize(db, wallet.apple, signingKey, input.passTypeId, input.serialNumber, input.token, now);
  await db
    .delete(walletPassRegistrations)
    .where(
      and(
        eq(walletPassRegistrations.deviceLibraryId, input.deviceLibraryId),
        eq(walletPassRegistrations.passTypeId, input.passTypeId),
        eq(walletPassRegistrations.ticketId, pass.ticket.id),
      ),
    );
}

/**
 * GET /v1/devices/{device}/registrations/{passType}?passesUpdatedSince=<tag>: the serial numbers
 * of the device's passes that changed after `tag` (all without one), and the tag to send next (UTC
 * milliseconds). Null when none changed (Apple's 204). Needs no token (Apple sends none).
 */
export async function listUpdatedApplePasses(
  db: Db,
  wallet: WalletSettings,
  input: { deviceLibraryId: string; passTypeId: string; updatedSince?: string },
  now: Date = new Date(),
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  if (!wallet.apple || input.passTypeId !== wallet.apple.passTypeId) return null;
  const registered = await db
    .select({ ticketId: walletPassRegistrations.ticketId })
    .from(walletPassRegistrations)
    .where(
      and(eq(walletPassRegistrations.deviceLibraryId, input.deviceLibraryId), eq(walletPassRegistrations.passTypeId, input.passTypeId)),
    );
  if (registered.length === 0) return null;
  const passes = await loadPassTickets(
    db,
    registered.map((r) => r.ticketId),
    now,
  );
  const versions = await passVersions(db, passes, now);
  const since = input.updatedSince && /^\d{1,15}$/.test(input.updatedSince) ? Number(input.updatedSince) : null;
  const serialNumbers = passes.filter((p) => since === null || versions.get(p.id)!.getTime() > since).map((p) => p.id);
  if (serialNumbers.length === 0) return null;
  return { serialNumbers, lastUpdated: String(now.getTime()) };
}

/**
 * GET /v1/passes/{passType}/{serial}: the pass as it is now (a holder edit shows; voided after a
 * refund or cancellation), or, for a token of a code the ticket carried before a transfer, that
 * old pass voided (never the new code). Null when not modified since `ifModifiedSince` (Apple's
 * 304). Throws DomainError('unauthenticated') for a wrong token or pass.
 */
export async function getApplePassForDevice(
  db: Db,
  wallet: WalletSettings,
  icon: () => Buffer,
  signingKey: Buffer,
  input: { passTypeId: string; serialNumber: string; token: string | null; ifModifiedSince?: string },
  now: Date = new Date(),
): Promise<ApplePassFile | null> {
  const { apple, pass } = await authorize(db, wallet.apple, signingKey, input.passTypeId, input.serialNumber, input.token, now);
  const versions = await passVersions(db, [pass.ticket], now);
  const updatedAt = versions.get(pass.ticket.id)!;
  const since = input.ifModifiedSince ? Date.parse(input.ifModifiedSince) : NaN;
  if (!Number.isNaN(since) && Math.floor(updatedAt.getTime() / 1000) * 1000 <= since) return null;
  const isOld = pass.code !== pass.ticket.code;
  const shown = isOld ? { ...pass.ticket, code: pass.code, voided: true } : pass.ticket;
  const file = buildApplePassFile(shown, apple, wallet.organizationName, icon(), walletPassToken(signingKey, shown.id, shown.code));
  return { file, fileName: `${shown.id}.pkpass`, updatedAt };
}
