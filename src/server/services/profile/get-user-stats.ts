import { sql } from 'drizzle-orm';
import type { UserStats } from '../../../shared/schemas/profile';
import { queryRows, type Db } from '../../db/client';
import { buyerSpentCentavos } from '../../domain/sales-money';
import { loadSalesMoneyOf } from '../catalog/sales-money';

interface StatsRow {
  events_attended: number | string;
  average_rating: number | string | null;
  [key: string]: unknown;
}

/**
 * The statistics of /profile (docs/rules/accounts-and-data.md 'Profile': 0 / 0 / none for a new user),
 * computed from the records rather than stored:
 * - eventsAttended: distinct events with an accepted check-in of one of the user's tickets;
 * - totalSpentCentavos ('Total gasto'): what the user paid for the orders they bought, tickets
 *   and service fees, less what refunds paid back (the tickets' part and the fee's), in centavos:
 *   domain/sales-money.ts buyerSpentCentavos of the same figures every screen reads
 *   (services/catalog/sales-money.ts loadSalesMoneyOf, docs/rules/money.md 'The figures');
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
      (SELECT avg(e.rating)::float8 FROM events e JOIN attended a ON a.event_id = e.id
        WHERE e.rating IS NOT NULL) AS average_rating
  `,
  );
  const money = await loadSalesMoneyOf(db, { buyerId: userId });
  const average = row.average_rating === null ? null : Number(row.average_rating);
  return {
    eventsAttended: Number(row.events_attended),
    totalSpentCentavos: buyerSpentCentavos(money),
    averageRating: average === null ? null : Math.round(average * 10) / 10,
  };
}
