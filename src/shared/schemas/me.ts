import { z } from 'zod';
import { roles, type Role } from '../statuses';

export type { Role };
import '../zod-locale';

/** GET /api/me */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean(), createdAt: z.string() }).nullable(),
  roles: z.array(z.enum(roles)),
  profile: z.object({ fullName: z.string(), phone: z.string().nullable(), avatarUrl: z.string().nullable() }).nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/config: the public settings the web needs. */
export const publicConfigSchema = z.object({
  supportWhatsappUrl: z.string(),
  networkingGroupUrl: z.string(),
  paymentProvider: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key for Stripe.js; null in the sandbox (Stripe.js is then never loaded). */
  stripePublishableKey: z.string().nullable(),
  /**
   * Who sells and receives the money (server COMPANY_*): footer and PIX screen. CNPJ masked
   * '00.000.000/0000-00'; the address as one line (Decreto 7.962/2013 art. 2, II).
   */
  company: z.object({ name: z.string(), cnpj: z.string(), email: z.string(), address: z.string() }),
  /** The sign-in providers besides e-mail and password that are on (their keys are set), in button order. */
  socialProviders: z.array(z.enum(['google', 'facebook', 'apple'])),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
