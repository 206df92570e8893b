import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditList } from '../../../../../shared/schemas/admin-audit';
import { api } from '../../../../lib/api';
import { searchOf, type AuditFilters } from '../lib/audit-filters';
import { auditKeys } from './keys';

/** GET /api/admin/audit with the filters, `limit` entries after `cursor`. */
export function listAudit(filters: AuditFilters, limit: number, cursor: string | null, signal?: AbortSignal) {
  const params = searchOf(filters);
  if (limit !== AUDIT_PAGE_SIZE) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return api<AuditList>(`/api/admin/audit${search ? `?${search}` : ''}`, { signal });
}

/** The history's pages, newest first; 'Carregar mais' asks for the next. Refetched on every visit. */
export function useAuditList(filters: AuditFilters, limit = AUDIT_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters, limit),
    queryFn: ({ pageParam, signal }) => listAudit(filters, limit, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Address of 'Baixar CSV': what the filters show (the server names the file historico-<event or person>.csv). */
export function auditCsvUrl(filters: AuditFilters): string {
  const search = searchOf(filters).toString();
  return `/api/admin/audit.csv${search ? `?${search}` : ''}`;
}
