import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrderTickets, MyTicketsAnswer } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { readSavedTickets, saveTickets } from '../../../lib/offline-copy';
import { ticketKeys } from './keys';

/** GET /api/tickets: the signed-in user's tickets grouped by order, newest order first. */
export async function getMyTickets(signal?: AbortSignal): Promise<MyOrderTickets[]> {
  const body = await api<MyTicketsAnswer>('/api/tickets', { signal });
  return body.orders;
}

export interface MyTickets {
  orders: MyOrderTickets[];
  /** Set when the answer could not be had and the copy saved on this device is shown: when it was taken. */
  savedCopyAt: string | null;
}

/**
 * The tickets, kept on the device for the signed-in user at every answer; when the request fails
 * (no network, server unreachable) the last saved copy is shown instead, if there is one.
 */
async function getMyTicketsOrSavedCopy(userId: string | null, signal?: AbortSignal): Promise<MyTickets> {
  try {
    const orders = await getMyTickets(signal);
    if (userId) saveTickets(userId, orders);
    return { orders, savedCopyAt: null };
  } catch (error) {
    const saved = userId && (error as Error).name !== 'AbortError' ? readSavedTickets(userId) : null;
    if (saved) return { orders: saved.orders, savedCopyAt: saved.savedAt };
    throw error;
  }
}

export const myTicketsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ticketKeys.mine(),
    queryFn: ({ signal }) => getMyTicketsOrSavedCopy(userId, signal),
    staleTime: 15_000,
    // Offline the request is still tried, so the saved copy shows at once instead of waiting.
    networkMode: 'always',
  });

/**
 * The signed-in user's tickets. `refreshEveryMs` re-reads them on that interval while the page is
 * visible (the QR screen, so a ticket admitted at the door turns 'Utilizado' on the fan's phone).
 */
export function useMyTickets(refreshEveryMs?: number) {
  const { user } = useSession();
  return useQuery({ ...myTicketsQueryOptions(user?.id ?? null), refetchInterval: refreshEveryMs ?? false });
}
