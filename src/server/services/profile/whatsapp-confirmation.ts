import { and, eq, isNotNull } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { NotificationSettings } from '../../../shared/schemas/profile';
import type { Db, Tx } from '../../db/client';
import { userNotificationSettings } from '../../db/schema';
import {
  isWhatsappCodeMatch,
  isWhatsappConfirmed,
  judgeWhatsappCode,
  newWhatsappCode,
  WHATSAPP_CODE_MAX_ATTEMPTS,
  WHATSAPP_CODE_TTL_MS,
  whatsappCodeHash,
  whatsappCodeMessage,
  whatsappCodeWaitMs,
} from '../../domain/whatsapp-confirmation';
import type { ServiceDeps } from '../deps';
import { enqueueJobs } from '../jobs';
import { getNotificationSettings } from './get-notification-settings';

// Confirming the WhatsApp number with a code sent to it (domain/whatsapp-confirmation.ts holds the
// rules: a 6-digit code from crypto.randomInt, kept only as a keyed hash, valid 10 minutes, 5
// wrong tries, one code a minute per user). Until the saved number is confirmed, the code is the
// only WhatsApp message it receives (LGPD, Lei 13.709/2018 art. 6).

/** The columns that ask for a new code at `now` (UTC): the one before it, if any, stops counting. */
function codeRequestColumns(now: Date) {
  return {
    whatsappCodeHash: null,
    whatsappCodeExpiresAt: new Date(now.getTime() + WHATSAPP_CODE_TTL_MS),
    whatsappCodeAttempts: 0,
    whatsappCodeRequestedAt: now,
  };
}

/** The columns that forget the confirmation and any pending code: a number changed, or removed. */
const whatsappUnconfirmedColumns = {
  whatsappVerifiedNumber: null,
  whatsappVerifiedAt: null,
  whatsappCodeHash: null,
  whatsappCodeExpiresAt: null,
  whatsappCodeAttempts: 0,
} as const;

/**
 * What saving notification settings does to the WhatsApp confirmation, inside the saving
 * transaction `tx`, from the row as it was (`before`, null: none) and the number being saved
 * (E.164 or null) with the switch: a number new or changed is unconfirmed, and its pending code
 * forgotten; with WhatsApp on and the number not confirmed, a code is asked for when the number is
 * new or changed or WhatsApp was just switched on, unless one was asked for less than a minute
 * ago (then the settings screen offers 'Reenviar código'). Returns the columns to save along with
 * the settings; the send job, when a code is asked for, is queued in `tx`. `now` is a UTC instant.
 */
export async function whatsappColumnsOnSave(
  tx: Tx,
  userId: string,
  before: {
    whatsappNotifications: boolean;
    whatsappNumber: string | null;
    whatsappVerifiedNumber: string | null;
    whatsappVerifiedAt: Date | null;
    whatsappCodeRequestedAt: Date | null;
  } | null,
  saving: { whatsappNotifications: boolean; whatsappNumber: string | null },
  now: Date,
): Promise<Partial<typeof userNotificationSettings.$inferInsert>> {
  const isChanged = (before?.whatsappNumber ?? null) !== saving.whatsappNumber;
  const isConfirmed = !isChanged && before !== null && isWhatsappConfirmed(before);
  const isSwitchedOn = saving.whatsappNotifications && !before?.whatsappNotifications;
  const columns: Partial<typeof userNotificationSettings.$inferInsert> = isChanged ? { ...whatsappUnconfirmedColumns } : {};
  const asksCode =
    saving.whatsappNotifications &&
    saving.whatsappNumber !== null &&
    !isConfirmed &&
    (isChanged || isSwitchedOn) &&
    whatsappCodeWaitMs(before?.whatsappCodeRequestedAt ?? null, now) === 0;
  if (!asksCode) return columns;
  await enqueueCodeJob(tx, userId, now);
  return { ...columns, ...codeRequestColumns(now) };
}

async function enqueueCodeJob(tx: Db | Tx, userId: string, now: Date): Promise<void> {
  await enqueueJobs(tx, [{ kind: 'whatsapp_confirmation_code', payload: { userId, requestedAt: now.toISOString() } }], now);
}

/** The user's row, locked for the rest of the transaction; undefined: none. */
async function lockedSettings(tx: Tx, userId: string) {
  const [row] = await tx.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, userId)).for('update');
  return row;
}

/**
 * 'Reenviar código': asks for a new code for the saved number of `userId` (the previous one stops
 * counting, its wrong tries too) and queues the job that sends it by WhatsApp (retried by the
 * worker until the sender takes it). `now` is a UTC instant. Returns the settings, with
 * `whatsappCodeSent` true. Throws DomainError 'whatsapp_number_missing' (409: WhatsApp off or no
 * number saved), 'whatsapp_already_confirmed' (409), or 'whatsapp_code_too_soon' (429, with
 * `retryAfterSeconds`: one code per minute per user).
 */
export async function requestWhatsappCode(db: Db, userId: string, now: Date = new Date()): Promise<NotificationSettings> {
  await db.transaction(async (tx) => {
    const row = await lockedSettings(tx, userId);
    if (!row?.whatsappNotifications || !row.whatsappNumber) throw new DomainError('whatsapp_number_missing', { field: 'code' });
    if (isWhatsappConfirmed(row)) throw new DomainError('whatsapp_already_confirmed', { field: 'code' });
    const waitMs = whatsappCodeWaitMs(row.whatsappCodeRequestedAt, now);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new DomainError(
        'whatsapp_code_too_soon',
        { field: 'code', retryAfterSeconds: seconds },
        `Aguarde ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} para pedir outro código.`,
      );
    }
    await tx.update(userNotificationSettings).set(codeRequestColumns(now)).where(eq(userNotificationSettings.userId, userId));
    await enqueueCodeJob(tx, userId, now);
  });
  return getNotificationSettings(db, userId, now);
}

/**
 * Confirms the saved WhatsApp number of `userId` with `code` (6 digits, already parsed by
 * whatsappCodeSchema): the right code, typed before it expires and within
 * WHATSAPP_CODE_MAX_ATTEMPTS tries, marks the number confirmed (from then on messages go to it)
 * and spends the code. A wrong code counts a try, and is kept counted though the request fails.
 * `signingKey` keys the codes' hashes; `now` is a UTC instant. Returns the settings, with
 * `whatsappConfirmed` true. Throws DomainError 'whatsapp_code_invalid' (400, with
 * `attemptsLeft`), 'whatsapp_code_exhausted' (400: a new code must be asked for),
 * 'whatsapp_code_expired' (400), 'whatsapp_code_missing' (400: none asked for),
 * 'whatsapp_code_on_its_way' (409: not sent yet), 'whatsapp_number_missing' (409) or
 * 'whatsapp_already_confirmed' (409); all but a wrong code change nothing.
 */
export async function confirmWhatsappNumber(
  db: Db,
  signingKey: Buffer,
  userId: string,
  code: string,
  now: Date = new Date(),
): Promise<NotificationSettings> {
  // The refusal is thrown after the commit, so the wrong try stays counted.
  const refusal = await db.transaction(async (tx): Promise<DomainError | null> => {
    const row = await lockedSettings(tx, userId);
    if (!row?.whatsappNotifications || !row.whatsappNumber) return new DomainError('whatsapp_number_missing', { field: 'code' });
    if (isWhatsappConfirmed(row)) return new DomainError('whatsapp_already_confirmed', { field: 'code' });
    const number = row.whatsappNumber;
    const pending = { hash: row.whatsappCodeHash, expiresAt: row.whatsappCodeExpiresAt, attempts: row.whatsappCodeAttempts };
    const verdict = judgeWhatsappCode(pending, (hash) => isWhatsappCodeMatch(signingKey, userId, number, code, hash), now);
    switch (verdict) {
      case 'right':
        await tx
          .update(userNotificationSettings)
          .set({ ...whatsappUnconfirmedColumns, whatsappVerifiedNumber: number, whatsappVerifiedAt: now, updatedAt: now })
          .where(eq(userNotificationSettings.userId, userId));
        return null;
      case 'wrong': {
        const attempts = row.whatsappCodeAttempts + 1;
        await tx
          .update(userNotificationSettings)
          .set({ whatsappCodeAttempts: attempts })
          .where(eq(userNotificationSettings.userId, userId));
        const left = WHATSAPP_CODE_MAX_ATTEMPTS - attempts;
        const message =
          left === 0
            ? 'Código incorreto. Você errou 5 vezes: peça um novo código.'
            : `Código incorreto. Você ainda tem ${left} ${left === 1 ? 'tentativa' : 'tentativas'}.`;
        return new DomainError('whatsapp_code_invalid', { field: 'code', attemptsLeft: left }, message);
      }
      case 'exhausted':
        return new DomainError('whatsapp_code_exhausted', { field: 'code' });
      case 'expired':
        return new DomainError('whatsapp_code_expired', { field: 'code' });
      case 'on_its_way':
        return new DomainError('whatsapp_code_on_its_way', { field: 'code' });
      case 'none':
        return new DomainError('whatsapp_code_missing', { field: 'code' });
    }
  });
  if (refusal) throw refusal;
  return getNotificationSettings(db, userId, now);
}

/**
 * The job 'whatsapp_confirmation_code': draws a new code for the request `requestedAt` (UTC ISO
 * 8601) of `userId`, stores its keyed hash with a fresh expiry (WHATSAPP_CODE_TTL_MS from now) and
 * sends it by WhatsApp to the saved number, the one message an unconfirmed number receives.
 * Nothing is sent ('superseded') when the request is no longer the pending one (a newer request,
 * a number changed or removed, WhatsApp switched off, already confirmed), nor ('off') without a
 * WhatsApp sender. Runs outside any transaction; a sender that throws retries the job, which then
 * draws another code (only the last one sent is valid). Returns what happened, for tests and logs.
 */
export async function sendWhatsappCode(
  deps: Pick<ServiceDeps, 'db' | 'whatsapp' | 'ticketSigningKey'>,
  payload: { userId: string; requestedAt: string },
  now: Date = new Date(),
): Promise<'sent' | 'off' | 'superseded'> {
  if (!deps.whatsapp) return 'off';
  const { db } = deps;
  const requestedAt = new Date(payload.requestedAt);
  const [row] = await db.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, payload.userId));
  const isPending =
    row?.whatsappNotifications &&
    row.whatsappNumber !== null &&
    !isWhatsappConfirmed(row) &&
    row.whatsappCodeExpiresAt !== null &&
    row.whatsappCodeRequestedAt?.getTime() === requestedAt.getTime();
  if (!isPending) return 'superseded';
  const number = row.whatsappNumber!;
  const code = newWhatsappCode();
  // Stored before it is sent: a code that reached the phone always has its hash in place.
  const stored = await db
    .update(userNotificationSettings)
    .set({
      whatsappCodeHash: whatsappCodeHash(deps.ticketSigningKey, payload.userId, number, code),
      whatsappCodeExpiresAt: new Date(now.getTime() + WHATSAPP_CODE_TTL_MS),
    })
    .where(
      and(
        eq(userNotificationSettings.userId, payload.userId),
        eq(userNotificationSettings.whatsappNotifications, true),
        eq(userNotificationSettings.whatsappNumber, number),
        eq(userNotificationSettings.whatsappCodeRequestedAt, requestedAt),
        isNotNull(userNotificationSettings.whatsappCodeExpiresAt),
      ),
    )
    .returning({ userId: userNotificationSettings.userId });
  if (stored.length === 0) return 'superseded';
  await deps.whatsapp.send(number, whatsappCodeMessage(code));
  return 'sent';
}
