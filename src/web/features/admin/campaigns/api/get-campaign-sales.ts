import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignReport } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../../lib/api';
import { campaignSalesKeys } from './keys';

/** GET /api/admin/events/:id/campaigns: the event's paid orders per utm source, medium and campaign (docs/rules/sale.md 'Campaign attribution'). */
export function getCampaignSales(eventId: string, signal?: AbortSignal) {
  return api<CampaignReport>(`/api/admin/events/${encodeURIComponent(eventId)}/campaigns`, { signal });
}

// Sales change all the time: refetched on every visit.
export const campaignSalesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: campaignSalesKeys.event(eventId), queryFn: ({ signal }) => getCampaignSales(eventId, signal), staleTime: 0 });

export function useCampaignSales(eventId: string) {
  return useQuery(campaignSalesQueryOptions(eventId));
}

/** Address of 'Baixar CSV' (the server names the file vendas-por-campanha-<event>.csv). */
export const campaignSalesCsvUrl = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/campaigns.csv`;
