import type { GoogleWalletSave } from '../../../../shared/schemas/wallet';
import { api } from '../../../lib/api';

/** GET /api/tickets/:id/wallet/google: Google's 'save to wallet' link for the ticket (docs/rules/tickets.md 'Wallet passes'). */
export function getGoogleWalletLink(ticketId: string): Promise<GoogleWalletSave> {
  return api(`/api/tickets/${encodeURIComponent(ticketId)}/wallet/google`);
}

/** The address of the ticket's Apple Wallet pass (.pkpass), downloaded by a plain link. */
export function appleWalletPassUrl(ticketId: string): string {
  return `/api/tickets/${encodeURIComponent(ticketId)}/wallet/apple`;
}
