import type { AuditFilters } from '../lib/audit-filters';

/** Query keys of 'Histórico'. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: AuditFilters, limit: number) => [...auditKeys.all, 'list', filters, limit] as const,
};
