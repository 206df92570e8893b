import { z } from 'zod';
import { adminEventFilters, adminEventStatuses, salesMoneySchema } from './admin-events';

/** GET /api/admin/dashboard. Money in centavos; days 'yyyy-MM-dd' in America/Sao_Paulo. */
export const adminDashboardSchema = z.object({
  /** Every event in the catalogue. */
  eventsCount: z.number(),
  /** Tickets (one admission each) issued for orders that are completed (a refunded order is not). */
  ticketsSold: z.number(),
  /** Totals charged by completed orders: a refunded order left it when its refund was approved. */
  revenueCentavos: z.number(),
  /** Every event's sales as a producer reconciles them: gross - refunds - absorbed fees = net; fees charged to buyers apart. */
  money: salesMoneySchema,
  /** Accepted entries at the door. */
  checkIns: z.number(),
  /** Units every lot ever put on sale (sold + held + remaining), all events together. */
  ticketsOffered: z.number(),
  /** Tickets sold / tickets offered, as a rounded percent (services/catalog/dashboard.ts conversionPercent). */
  conversionPercent: z.number(),
  /** Revenue of the last 30 days (today included) against the 30 before. */
  revenueGrowth: z.object({
    currentCentavos: z.number(),
    previousCentavos: z.number(),
    /** Rounded percent change; null when the previous period had no revenue. */
    percent: z.number().nullable(),
  }),
  /** Revenue per day of the last 30 days (each order on the day it was paid), oldest first, today last. */
  salesByDay: z.array(z.object({ day: z.string(), revenueCentavos: z.number() })),
  /** The 10 events created last. */
  recentEvents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      date: z.string(),
      startTime: z.string(),
      location: z.string(),
      /** docs/rules/events.md 'Event status': 'active' when the date is today or later, otherwise 'finished'. */
      status: z.enum(adminEventStatuses),
      /** Its one back-office state (shared/event-state.ts adminEventState): 'Publicado', 'Rascunho', 'Encerrado' or 'Cancelado'. */
      state: z.enum(adminEventFilters),
      ticketsSold: z.number(),
      /** Units its lots ever put on sale; with none left (and some offered) it is sold out. */
      ticketsOffered: z.number(),
      isSoldOut: z.boolean(),
    }),
  ),
  /** Today's and upcoming events, soonest first: entries so far against tickets sold. */
  checkInProgress: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      date: z.string(),
      startTime: z.string(),
      checkedIn: z.number(),
      ticketsSold: z.number(),
    }),
  ),
  /** São Paulo calendar day the figures were computed on. */
  today: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
