import { auditActions, type AuditAction } from '../../../../../shared/audit-actions';

/** The filters of 'Histórico', as the address keeps them (the API's query names). */
export interface AuditFilters {
  eventId?: string;
  orderId?: string;
  personId?: string;
  actorId?: string;
  action?: AuditAction;
  /** São Paulo days 'yyyy-MM-dd', both included. */
  from?: string;
  to?: string;
}

const names = ['eventId', 'orderId', 'personId', 'actorId', 'action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of an address's query; values that cannot be one are left out. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (name === 'action') {
      if ((auditActions as string[]).includes(value)) filters.action = value as AuditAction;
    } else if (name === 'from' || name === 'to') {
      if (DAY.test(value)) filters[name] = value;
    } else filters[name] = value;
  }
  return filters;
}

/** The filters as a query, in a fixed order (the same filters, the same address and cache key). */
export function searchOf(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** The address of 'Histórico' with these filters. */
export function auditPath(filters: AuditFilters): string {
  const search = searchOf(filters).toString();
  return `/admin/audit${search ? `?${search}` : ''}`;
}
