import { sql } from 'drizzle-orm';
import { formatEventTime } from '../../../shared/dates';
import { queryRows } from '../../db/client';
import type { ServiceDeps } from '../deps';
import { notifyUsers } from './notify-user';

/** A PIX order is reminded this long before its hold ends. */
const PIX_EXPIRING_NOTICE_MS = 5 * 60_000;

interface ReminderRow {
  key: string;
  user_id: string;
  event_id: string;
  title: string;
  location: string;
  start_time: string;
  kind: 'reminder-24h' | 'reminder-3h';
  [key: string]: unknown;
}

interface PixRow {
  key: string;
  user_id: string;
  order_id: string;
  title: string;
  [key: string]: unknown;
}

/**
 * The notices sent on a schedule (docs/rules/notifications.md 'What is notified': reminders the day before and 3
 * hours before, PIX about to expire), one round. Each notice is claimed by inserting its key into
 * `scheduled_notices` (ON CONFLICT DO NOTHING) in the transaction that notifies, so it goes out
 * once whatever the number of server instances or rounds. Reminders go to every user holding a
 * valid ticket of an event (not cancelled) starting within 24 hours ('Amanhã tem ...', sent when
 * more than 3 hours remain) or within 3 hours ('Falta pouco ...'); event start in São Paulo time.
 * The PIX notice goes to the buyer of a pending PIX order whose hold ends within
 * PIX_EXPIRING_NOTICE_MS. `now` is a UTC instant. Returns how many notices were sent.
 */
export async function sendScheduledNotices(deps: Pick<ServiceDeps, 'db'>, now: Date = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const reminders = await queryRows<ReminderRow>(
      tx,
      sql`
      WITH upcoming AS (
        SELECT e.id, e.title, e.location, e.start_time::text AS start_time,
          timezone('America/Sao_Paulo', e.date + e.start_time) AS starts_at
        FROM events e
        WHERE e.cancelled_at IS NULL AND e.date BETWEEN (${now}::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date - 1
          AND (${now}::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date + 2
      ), due AS (
        SELECT DISTINCT u.id AS event_id, u.title, u.location, u.start_time, t.user_id,
          CASE WHEN u.starts_at <= ${now}::timestamptz + interval '3 hours' THEN 'reminder-3h' ELSE 'reminder-24h' END AS kind
        FROM upcoming u JOIN tickets t ON t.event_id = u.id AND t.status = 'valid' AND t.user_id IS NOT NULL
        WHERE u.starts_at > ${now}::timestamptz AND u.starts_at <= ${now}::timestamptz + interval '24 hours'
      ), claimed AS (
        INSERT INTO scheduled_notices (key, sent_at)
        SELECT kind || ':' || event_id || ':' || user_id, ${now}::timestamptz FROM due
        ON CONFLICT (key) DO NOTHING
        RETURNING key
      )
      SELECT d.*, c.key FROM due d JOIN claimed c ON c.key = d.kind || ':' || d.event_id || ':' || d.user_id`,
    );
    await notifyUsers(
      tx,
      reminders.map((r) => {
        const at = formatEventTime(r.start_time);
        return {
          userId: r.user_id,
          type: 'event',
          title: r.kind === 'reminder-3h' ? `Falta pouco: ${r.title}` : `Amanhã tem ${r.title}`,
          message:
            r.kind === 'reminder-3h'
              ? `Começa às ${at} em ${r.location}. Deixe seu QR code à mão em Meus ingressos.`
              : `É amanhã, às ${at}, em ${r.location}. Seus ingressos estão em Meus ingressos.`,
          actionUrl: '/tickets',
        };
      }),
      now,
    );

    const pix = await queryRows<PixRow>(
      tx,
      sql`
      WITH due AS (
        SELECT o.id AS order_id, o.user_id, e.title FROM orders o JOIN events e ON e.id = o.event_id
        WHERE o.status = 'pending' AND o.payment_method = 'pix' AND o.user_id IS NOT NULL AND o.pix_code IS NOT NULL
          AND o.expires_at > ${now}::timestamptz AND o.expires_at <= ${now}::timestamptz + ${`${PIX_EXPIRING_NOTICE_MS / 1000} seconds`}::interval
      ), claimed AS (
        INSERT INTO scheduled_notices (key, sent_at) SELECT 'pix-expiring:' || order_id, ${now}::timestamptz FROM due
        ON CONFLICT (key) DO NOTHING RETURNING key
      )
      SELECT d.*, c.key FROM due d JOIN claimed c ON c.key = 'pix-expiring:' || d.order_id`,
    );
    await notifyUsers(
      tx,
      pix.map((p) => ({
        userId: p.user_id,
        type: 'event',
        title: 'Seu PIX está quase expirando',
        message: `Pague em poucos minutos para garantir seus ingressos de ${p.title}; depois disso eles voltam à venda.`,
        actionUrl: '/tickets',
      })),
      now,
    );
    return reminders.length + pix.length;
  });
}
