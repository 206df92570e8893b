import { z } from 'zod';

/** Why a ticket offers no Apple Wallet pass on an event whose QR rotates (docs/rules/tickets.md 'Wallet passes'). */
export const APPLE_WALLET_ROTATING_REASON =
  'Este evento usa QR rotativo: a Apple Wallet não mostra códigos que mudam. Use o app ou o Google Wallet.';

/**
 * Which wallets a ticket of 'Meus ingressos' can be added to (docs/rules/tickets.md 'Wallet
 * passes'): only a valid ticket, only where the server has that wallet's credentials. With
 * `apple` false on a rotating-QR event, `appleUnavailableReason` says why in pt-BR.
 */
export const ticketWalletSchema = z.object({
  apple: z.boolean(),
  appleUnavailableReason: z.string().optional(),
  google: z.boolean(),
});
export type TicketWallet = z.infer<typeof ticketWalletSchema>;

/** Answer of GET /api/tickets/:id/wallet/google: Google's 'save to wallet' link (https://pay.google.com/gp/v/save/<jwt>). */
export const googleWalletSaveSchema = z.object({ saveUrl: z.string() });
export type GoogleWalletSave = z.infer<typeof googleWalletSaveSchema>;

/** Body of Apple's device registration (Wallet Web Service): the APNs push token of the device. */
export const appleDeviceRegistrationSchema = z.object({ pushToken: z.string().trim().min(1).max(400) });

/** Answer of Apple's 'serial numbers updated since': the serials and the tag to send next time. */
export const appleUpdatedSerialsSchema = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });

/** Body of Apple's POST /v1/log: messages a device reports about the web service. */
export const appleLogSchema = z.object({ logs: z.array(z.string().max(2000)).max(100) });
