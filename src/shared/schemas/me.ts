import type { Role } from '../statuses';

export type { Role };
import '../zod-locale';

/** GET /api/me */
export interface Me {
  user: { id: string; email: string; name: string; emailVerified: boolean; createdAt: string } | null;
  roles: Role[];
  profile: { fullName: string; phone: string | null; avatarUrl: string | null } | null;
}

/** GET /api/config: the public settings the web needs. */
export interface PublicConfig {
  supportWhatsappUrl: string;
  networkingGroupUrl: string;
  paymentProvider: 'sandbox' | 'stripe';
  /** Stripe's publishable key for Stripe.js; null in the sandbox (Stripe.js is then never loaded). */
  stripePublishableKey: string | null;
  /** Who sells and receives the money (server COMPANY_*): footer and PIX screen. CNPJ masked '00.000.000/0000-00'. */
  company: { name: string; cnpj: string; email: string };
  /** The sign-in providers besides e-mail and password that are on (their keys are set), in button order. */
  socialProviders: ('google' | 'facebook' | 'apple')[];
}
