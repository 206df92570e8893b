import { z } from 'zod';
import '../zod-locale';

// 'Vendas por campanha' of an event (docs/rules/sale.md 'Campaign attribution'): its paid orders
// per utm source, medium and campaign. Money in integer centavos.

/** What a group of paid orders adds up to: orders, the tickets they bought and their 'Vendas brutas' (centavos). */
export const campaignFiguresSchema = z.object({
  orders: z.number(),
  tickets: z.number(),
  /** 'Vendas brutas' (docs/rules/money.md 'The figures'): tickets less discounts, without service fees, refunded later or not. */
  grossCentavos: z.number(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

/** One campaign: its utm values as the orders stored them (null where the link had none); all three null: 'Sem campanha'. */
export const campaignRowSchema = campaignFiguresSchema.extend({
  source: z.string().nullable(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

/**
 * GET /api/admin/events/:id/campaigns: the campaigns, most 'Vendas brutas' first, then most orders,
 * then by name; the 'Sem campanha' row (every utm value null) last, when there are such orders.
 * `totals` adds up every row: the event's paid orders.
 */
export const campaignReportSchema = z.object({
  event: z.object({ id: z.string(), title: z.string() }),
  rows: z.array(campaignRowSchema),
  totals: campaignFiguresSchema,
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

/** What the report and its CSV call the orders without a utm value. */
export const NO_CAMPAIGN_LABEL = 'Sem campanha';

/** Whether the row is 'Sem campanha': no utm value at all. */
export function isNoCampaign(row: Pick<CampaignRow, 'source' | 'medium' | 'campaign'>): boolean {
  return row.source === null && row.medium === null && row.campaign === null;
}
