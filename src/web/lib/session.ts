import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, Role } from '../../shared/schemas/me';
import { api } from './api';

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: () => api<Me>('/api/me'), staleTime: 60_000 });

/** The signed-in user (or null), their roles and profile; `isLoading` until known. */
export function useSession() {
  const query = useQuery(meQueryOptions());
  const me = query.data;
  const hasRole = (role: Role) => me?.roles.includes(role) ?? false;
  return {
    isLoading: query.isLoading,
    user: me?.user ?? null,
    profile: me?.profile ?? null,
    roles: me?.roles ?? [],
    isAdmin: hasRole('admin'),
    isValidator: hasRole('validator') || hasRole('admin'),
  };
}

/** Signs out through better-auth and forgets everything cached for the user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await fetch('/api/auth/sign-out', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' });
    queryClient.clear();
    await queryClient.fetchQuery(meQueryOptions());
  };
}
