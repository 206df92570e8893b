import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema';
import { unnestRows } from '../lib/unnest';

/**
 * Every kind of background job the worker runs (src/server/worker.ts holds one handler per kind,
 * so a kind added here without a handler does not compile). The strings are stored in
 * `outbox.kind`: renaming one strands the rows already queued under the old name.
 */
export const JOB_KINDS = [
  'order_confirmation_email',
  'refund_payment',
  'notification_email',
  'notification_push',
  'notification_whatsapp',
  'transfer_email',
  'whatsapp_confirmation_code',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** The payload stored with each kind of job (`outbox.payload`, jsonb); ids are text. */
export interface JobPayloads {
  /** The purchase e-mail with the tickets (send-order-email.ts). */
  order_confirmation_email: { orderId: string };
  /** Pays an approved refund back through the provider (refunds/pay-refund.ts). */
  refund_payment: { refundId: string };
  /** Delivers a stored notification on one channel (deliver-notification.ts). */
  notification_email: { notificationId: string };
  notification_push: { notificationId: string };
  notification_whatsapp: { notificationId: string };
  /** The e-mail with a transfer's accept link to its recipient (tickets/send-transfer-email.ts). */
  transfer_email: { transferId: string };
  /**
   * The code that confirms a user's WhatsApp number, drawn and sent when the job runs, so it is
   * never stored in clear (profile/whatsapp-confirmation.ts). `requestedAt` (UTC ISO 8601) names
   * the request: a job superseded by a newer request, or by a change of number, sends nothing.
   */
  whatsapp_confirmation_code: { userId: string; requestedAt: string };
}

/** One job to queue: a kind with its own payload; `runAfter` (UTC instant) defaults to `now`. */
export type Job = { [K in JobKind]: { kind: K; payload: JobPayloads[K]; runAfter?: Date } }[JobKind];

/** True when `kind` (read from `outbox.kind`) is a kind this build runs. */
export function isJobKind(kind: string): kind is JobKind {
  return (JOB_KINDS as readonly string[]).includes(kind);
}

/**
 * The one INSERT that queues jobs in the outbox, as a statement to run or to embed as a CTE in a
 * larger statement (notifyUsers does): all rows at once from one unnest of their columns
 * (lib/unnest.ts), in the order of `jobs`. `now` (UTC instant) is `created_at`, and `run_after`
 * where the job has none. An empty `jobs` inserts nothing.
 */
export function insertJobsStatement(jobs: readonly Job[], now: Date): SQL {
  const rows = unnestRows(jobs, 'job', {
    kind: ['text', (job) => job.kind],
    payload: ['jsonb', (job) => JSON.stringify(job.payload)],
    run_after: ['timestamptz', (job) => job.runAfter ?? now],
    created_at: ['timestamptz', () => now],
  });
  return sql`INSERT INTO ${outbox} (${rows.names}) SELECT ${rows.names} FROM ${rows.from} ORDER BY ord`;
}

/**
 * Queues `jobs` in the outbox inside the caller's transaction `tx`, in one statement, so none
 * runs unless the transaction commits; the worker then runs each with retries and backoff.
 * `now` is a UTC instant (created_at, and run_after by default). Nothing to queue: no query.
 */
export async function enqueueJobs(tx: Db | Tx, jobs: readonly Job[], now: Date): Promise<void> {
  if (jobs.length === 0) return;
  await tx.execute(insertJobsStatement(jobs, now));
}
