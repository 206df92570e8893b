import { sql } from 'drizzle-orm';
import type { UserStats } from '../../../shared/schemas/profile';
import { queryRows, type Db } from '../../db/client';

interface StatsRow {
  events_attended: number | string;
  total_spent_centavos: number | string;
  average_rating: number | string | null;
  [key: string]: unknown;
}

/**
 * The statistics of /profile (docs/rules/accounts-and-data.md 'Profile': 0 / 0 / none for a new user),
 * computed from the records rather than stored:
 * - eventsAttended: distinct events with an accepted check-in of one of the user's tickets;
 * - totalSpentCentavos: sum of the totals of the user's `completed` orders (refunded ones no
 *   longer count), in centavos;
 * - averageRating: mean rating (0 to 5) of the attended events that have one, rounded to one
 *   decimal, or null when none has.
 */
export async function getUserStats(db: Db, userId: string): Promise<UserStats> {
  const [row] = await queryRows<StatsRow>(
    db,
    sql`
    WITH attended AS (
      SELECT DISTINCT t.event_id
      FROM tickets t
      JOIN check_ins c ON c.ticket_id = t.id AND c.accepted
      WHERE t.user_id = ${userId}
    )
    SELECT
      (SELECT count(*)::int FROM attended) AS events_attended,
      (SELECT coalesce(sum(o.total_centavos), 0)::bigint FROM orders o
        WHERE o.user_id = ${userId} AND o.status = 'completed') AS total_spent_centavos,
      (SELECT avg(e.rating)::float8 FROM events e JOIN attended a ON a.event_id = e.id
        WHERE e.rating IS NOT NULL) AS average_rating
  `,
  );
  const average = row.average_rating === null ? null : Number(row.average_rating);
  return {
    eventsAttended: Number(row.events_attended),
    totalSpentCentavos: Number(row.total_spent_centavos),
    averageRating: average === null ? null : Math.round(average * 10) / 10,
  };
}
