import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, Role } from '../../shared/schemas/me';
import { forgetOfflineCopies, lastSignedIn, rememberSignedIn } from './offline-copy';
import { api, ApiError } from './api';

/**
 * GET /api/me. With no network (status 0), the last user seen online on this device stands in, so
 * an offline reload of 'Meus ingressos' shows the saved tickets instead of the sign-in screen.
 */
async function getMe(signal?: AbortSignal): Promise<Me> {
  try {
    const me = await api<Me>('/api/me', { signal });
    rememberSignedIn(me);
    return me;
  } catch (error) {
    const saved = error instanceof ApiError && error.status === 0 ? lastSignedIn() : null;
    if (saved) return saved;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: 60_000, networkMode: 'always' });

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

/** Signs out through better-auth and forgets everything cached for the user, on the device too. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    forgetOfflineCopies();
    // Everything of the user goes; the 'me' query is asked again in place (not removed), so the
    // screens showing it see the sign-out at once: a removed query's observers would keep the user.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  };
}
