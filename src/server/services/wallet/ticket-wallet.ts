import type { MyOrderTickets } from '../../../shared/schemas/tickets';
import { ticketWalletOptions } from '../../domain/wallet-pass';
import type { WalletSettings } from './wallet-settings';

/**
 * 'Meus ingressos' with each valid ticket's wallet options (docs/rules/tickets.md 'Wallet passes';
 * domain/wallet-pass.ts ticketWalletOptions): a ticket that carries a rotation secret is of a
 * rotating-QR event, so no Apple pass, with the reason. Tickets without an option are left as they are.
 */
export function withWalletOptions(orders: MyOrderTickets[], wallet: Pick<WalletSettings, 'apple' | 'google'>): MyOrderTickets[] {
  const configured = { apple: Boolean(wallet.apple), google: Boolean(wallet.google) };
  if (!configured.apple && !configured.google) return orders;
  return orders.map((order) => ({
    ...order,
    tickets: order.tickets.map((ticket) => {
      const options = ticket.code
        ? ticketWalletOptions({ displayStatus: ticket.displayStatus, rotatingQr: Boolean(ticket.rotationSecret) }, configured)
        : undefined;
      return options ? { ...ticket, wallet: options } : ticket;
    }),
  }));
}
