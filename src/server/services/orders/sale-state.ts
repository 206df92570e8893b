import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import { jsonValue } from '../../db/rows';
import { normalizeCouponCode } from '../../domain/pricing';
import type { CpfTaken, SaleCoupon, SaleState, SessionCapacity } from '../../domain/sale';
import { accountHoldingsSql, cpfHoldingsSql } from './cpf-holdings';
import { loadSectorLots } from './sector-lots';

/** The event row a sale reads: what domain/sale decides on, and what the answer shows. */
export type SaleEventRow = {
  id: string;
  title: string;
  date: string;
  start_time: string;
  end_time: string | null;
  location: string;
  is_published: boolean;
  is_cancelled: boolean;
  capacity: number | null;
  meia_entrada: boolean;
  nominal: boolean;
  max_tickets_per_order: number | null;
  max_tickets_per_cpf: number | null;
  service_fee_basis_points: number;
  service_fee_min_centavos: number | null;
  service_fee_max_centavos: number | null;
  service_fee_absorbed: boolean;
  session_capacities: SessionCapacity[] | string;
};

/** What the requests of a sale name: codes as typed, the CPFs whose holdings count, and whether any asks for a half price. */
export interface SaleAsks {
  codes: string[];
  cpfs: string[];
  anyMeia: boolean;
  /** The accounts the units would come to, whose holdings the limit per CPF counts too (absent: none). */
  userIds?: string[];
}

/**
 * Reads the state a sale of `eventId` is decided on (domain/sale SaleState). With `lock` (placing
 * an order, inside its transaction) the rows are locked in the order every writer follows: the
 * event (key share: a cancellation waits, or is seen), then every sector of the event (for update,
 * in id order; a sector's row is the lock of its lots, which are read after it), then the codes
 * named (for update, in id order). Without `lock` (a quote) it only reads. The CPFs' holdings
 * (cpf-holdings.ts: the units of pending orders and the valid tickets of paid ones, each for its
 * named holder, else the buyer) are read only when the event limits CPFs or a request asks for a
 * half price, and the accounts' holdings (`userIds`) only when it limits CPFs, after the locks, so a group that waited sees what the one before it placed. The event's
 * sessions with a capacity come with the event's row, with the sectors admitting to each. `event` is
 * null when there is no such event.
 */
export async function loadSaleState(
  db: Db | Tx,
  eventId: string,
  asks: SaleAsks & { lock: boolean },
): Promise<{ state: SaleState; event: SaleEventRow | null }> {
  const [event] = await queryRows<SaleEventRow>(
    db,
    sql`
    SELECT id, title, date::text AS date, start_time::text AS start_time, end_time::text AS end_time, location, is_published,
           cancelled_at IS NOT NULL AS is_cancelled, capacity, meia_entrada, nominal, max_tickets_per_order, max_tickets_per_cpf,
           service_fee_basis_points, service_fee_min_centavos, service_fee_max_centavos, service_fee_absorbed,
           (SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'capacity', s.capacity, 'sectorIds', (
              SELECT coalesce(jsonb_agg(t.id), '[]'::jsonb) FROM ticket_types t
              WHERE t.event_id = s.event_id
                AND (EXISTS (SELECT 1 FROM ticket_type_sessions x WHERE x.ticket_type_id = t.id AND x.session_id = s.id)
                     OR NOT EXISTS (SELECT 1 FROM ticket_type_sessions x WHERE x.ticket_type_id = t.id))))), '[]'::jsonb)
            FROM event_sessions s WHERE s.event_id = events.id AND s.capacity IS NOT NULL) AS session_capacities
    FROM events WHERE id = ${eventId}::uuid ${asks.lock ? sql`FOR KEY SHARE` : sql``}`,
  );
  if (!event) return { event: null, state: { event: null, sectors: [], couponsByCode: new Map(), takenByCpf: new Map() } };

  const sectors = await queryRows<{
    id: string;
    event_id: string;
    name: string;
    remaining: number;
    half_taken: number;
    sales_start_at: Date | string | null;
    sales_end_at: Date | string | null;
    hidden_without_code: boolean;
    door_price_centavos: number | null;
  }>(
    db,
    sql`
    SELECT id, event_id, name, remaining, half_taken, sales_start_at, sales_end_at, hidden_without_code, door_price_centavos
    FROM ticket_types WHERE event_id = ${eventId}::uuid ORDER BY id ${asks.lock ? sql`FOR UPDATE` : sql``}`,
  );
  const lots = await loadSectorLots(db, [eventId]);

  const codes = [...new Set(asks.codes.map(normalizeCouponCode))];
  const coupons =
    codes.length === 0
      ? []
      : await queryRows<CouponRow>(
          db,
          sql`
        SELECT id, code, discount_type, discount_value, min_purchase_centavos, max_uses, current_uses, held_uses, valid_from, valid_until,
               is_active, event_id, unlocks_ticket_type_id
        FROM coupons WHERE code IN (${sql.join(
          codes.map((code) => sql`${code}`),
          sql`, `,
        )}) ORDER BY id ${asks.lock ? sql`FOR UPDATE` : sql``}`,
        );

  // What the CPFs and the accounts of the requests hold, in one statement.
  const cpfs = [...new Set(asks.cpfs)];
  const userIds = event.max_tickets_per_cpf !== null ? [...new Set(asks.userIds ?? [])] : [];
  const byCpf = cpfs.length > 0 && (event.max_tickets_per_cpf !== null || asks.anyMeia);
  const takenByCpf = new Map<string, CpfTaken>();
  const takenByAccount = new Map<string, number>();
  if (byCpf || userIds.length > 0) {
    const parts = [
      ...(byCpf
        ? [
            sql`SELECT 'cpf' AS kind, cpf AS holder, sum(units)::int AS units, sum(meia)::int AS meia FROM (${cpfHoldingsSql(eventId, cpfs)}) held GROUP BY cpf`,
          ]
        : []),
      ...(userIds.length > 0
        ? [sql`SELECT 'account' AS kind, user_id AS holder, units, 0 AS meia FROM (${accountHoldingsSql(eventId, userIds)}) accounts`]
        : []),
    ];
    const rows = await queryRows<{ kind: 'cpf' | 'account'; holder: string; units: number; meia: number }>(
      db,
      sql.join(parts, sql` UNION ALL `),
    );
    for (const row of rows) {
      if (row.kind === 'cpf') takenByCpf.set(row.holder, { units: Number(row.units), meia: Number(row.meia) });
      else takenByAccount.set(row.holder, Number(row.units));
    }
  }

  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    event,
    state: {
      event: {
        id: event.id,
        isPublished: event.is_published,
        isCancelled: event.is_cancelled,
        date: event.date,
        startTime: event.start_time,
        endTime: event.end_time,
        capacity: event.capacity === null ? null : Number(event.capacity),
        meiaEntrada: event.meia_entrada,
        nominal: event.nominal,
        maxTicketsPerOrder: event.max_tickets_per_order,
        maxTicketsPerCpf: event.max_tickets_per_cpf,
        fee: {
          basisPoints: Number(event.service_fee_basis_points),
          minCentavos: event.service_fee_min_centavos,
          maxCentavos: event.service_fee_max_centavos,
          absorbed: event.service_fee_absorbed,
        },
        sessionCapacities: (jsonValue(event.session_capacities) ?? []).map((s) => ({ ...s, capacity: Number(s.capacity) })),
      },
      sectors: sectors.map((t) => ({
        id: t.id,
        eventId: t.event_id,
        name: t.name,
        remaining: Number(t.remaining),
        meiaTaken: Number(t.half_taken),
        salesStartAt: at(t.sales_start_at),
        salesEndAt: at(t.sales_end_at),
        hiddenWithoutCode: t.hidden_without_code,
        doorPriceCentavos: t.door_price_centavos === null ? null : Number(t.door_price_centavos),
        lots: lots.get(t.id) ?? [],
      })),
      couponsByCode: new Map(coupons.map((c) => [c.code, toSaleCoupon(c)])),
      takenByCpf,
      takenByAccount,
    },
  };
}

interface CouponRow {
  id: string;
  code: string;
  discount_type: 'percentage' | 'fixed';
  discount_value: number;
  min_purchase_centavos: number | null;
  max_uses: number | null;
  current_uses: number;
  held_uses: number;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  is_active: boolean;
  event_id: string | null;
  unlocks_ticket_type_id: string | null;
}

function toSaleCoupon(row: CouponRow): SaleCoupon {
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: row.id,
    code: row.code,
    discountType: row.discount_type,
    discountValue: row.discount_value,
    minPurchaseCentavos: row.min_purchase_centavos,
    maxUses: row.max_uses,
    currentUses: row.current_uses,
    heldUses: row.held_uses,
    validFrom: at(row.valid_from),
    validUntil: at(row.valid_until),
    isActive: row.is_active,
    eventId: row.event_id,
    unlocksSectorId: row.unlocks_ticket_type_id,
  };
}
