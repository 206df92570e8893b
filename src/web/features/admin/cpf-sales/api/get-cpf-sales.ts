import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CpfSalesReport } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { cpfSalesKeys } from './keys';

/** GET /api/admin/events/:id/cpf-sales: every CPF holding tickets of the event, as the limit per CPF counts them. */
export function getCpfSales(eventId: string, signal?: AbortSignal) {
  return api<CpfSalesReport>(`/api/admin/events/${encodeURIComponent(eventId)}/cpf-sales`, { signal });
}

// Sales change all the time: refetched on every visit.
export const cpfSalesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: cpfSalesKeys.event(eventId), queryFn: ({ signal }) => getCpfSales(eventId, signal), staleTime: 0 });

export function useCpfSales(eventId: string) {
  return useQuery(cpfSalesQueryOptions(eventId));
}

/** Address of 'Exportar CSV' (the server names the file vendas-por-cpf-<event>.csv). */
export const cpfSalesCsvUrl = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/cpf-sales.csv`;
