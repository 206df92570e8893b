import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { isValidBrazilianPhone } from '../phone';
import { imageRefusal } from './admin-events';
import { brandSlugs } from './events';
import { isImageAddress } from '../image-address';

// The signed-in person's own pages: profile, statistics, notification settings, their data
// (docs/rules/accounts-and-data.md 'Accounts and data', docs/rules/notifications.md 'Notification settings';
// the screens of docs/screens.md 'Profile' and 'Settings'). The edit form and the API parse with the same schemas.

/** Longest full name the profile takes. */
export const FULL_NAME_MAX = 120;
/** Longest avatar address the profile takes. */
const AVATAR_URL_MAX = 2000;

/** Blank or absent becomes null; otherwise trimmed. */
const optionalTrimmed = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Body of PUT /api/me/profile. No field is required (docs/rules/accounts-and-data.md 'Profile'): a blank name becomes
 * the e-mail on the server (docs/data-model.md 'Profiles'), a blank phone or avatar address clears it. A
 * phone, when given, must be a Brazilian number (src/shared/phone.ts).
 */
export const updateProfileSchema = z.object({
  fullName: optionalTrimmed(FULL_NAME_MAX, `O nome deve ter no máximo ${FULL_NAME_MAX} caracteres`),
  phone: optionalTrimmed(30, 'Telefone inválido').refine((value) => value === null || isValidBrazilianPhone(value), 'Telefone inválido'),
  avatarUrl: optionalTrimmed(AVATAR_URL_MAX, 'URL do avatar muito longa').refine(
    (value) => value === null || isImageAddress(value),
    'URL do avatar inválida: use um endereço que comece com https://',
  ),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfileData = z.output<typeof updateProfileSchema>;

/** GET /api/me/profile: the account and its profile. Instants are UTC ISO 8601 strings. */
export const myProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** When the account was created ('Membro desde'). */
  createdAt: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/**
 * GET /api/me/stats (docs/data-model.md 'User statistics', computed by the server): distinct events
 * with an accepted check-in of the user's tickets, what the user paid for their orders less what
 * refunds paid back ('Total gasto', server/domain/sales-money.ts buyerSpentCentavos) in centavos, and
 * the average rating of the attended events that have one (null when none has).
 */
export const userStatsSchema = z.object({
  eventsAttended: z.number(),
  totalSpentCentavos: z.number(),
  averageRating: z.number().nullable(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** Texts of a refused avatar, checked in the browser before sending (docs/rules/accounts-and-data.md 'Profile picture'). */
export const avatarRefusal = imageRefusal;

/** POST /api/me/avatar answer: the stored picture's public path, already saved in the profile. */
export const uploadAvatarResponseSchema = z.object({ avatarUrl: z.string() });
export type UploadAvatarResponse = z.infer<typeof uploadAvatarResponseSchema>;

/**
 * Body of PUT /api/me/notification-settings and answer of GET (
 * docs/data-model.md 'Notification settings'). With WhatsApp on, a Brazilian number is needed.
 */
export const notificationSettingsSchema = z
  .object({
    emailNotifications: z.boolean('Escolha ligado ou desligado'),
    pushNotifications: z.boolean('Escolha ligado ou desligado'),
    whatsappNotifications: z.boolean('Escolha ligado ou desligado'),
    whatsappNumber: optionalTrimmed(30, 'Número de WhatsApp inválido').refine(
      (value) => value === null || isValidBrazilianPhone(value),
      'Número de WhatsApp inválido',
    ),
    geolocationEnabled: z.boolean('Escolha ligado ou desligado'),
    /** 'Novidades das marcas': new events of the followed brands as notifications (opt-in). Left out: unchanged. */
    brandNewsNotifications: z.boolean('Escolha ligado ou desligado').optional(),
    /** The brands followed, by slug; left out: unchanged. */
    followedBrands: z
      .array(z.enum(brandSlugs, 'Marca inválida'), 'Escolha as marcas')
      .max(brandSlugs.length, 'Marca inválida')
      .transform((slugs) => [...new Set(slugs)])
      .optional(),
  })
  .refine((settings) => !settings.whatsappNotifications || settings.whatsappNumber !== null, {
    message: 'Informe o número do WhatsApp',
    path: ['whatsappNumber'],
  });
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

/** Answer of GET and PUT /api/me/notification-settings. */
export const notificationSettingsViewSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  whatsappNotifications: z.boolean(),
  whatsappNumber: z.string().nullable(),
  /**
   * Whether the saved WhatsApp number was confirmed with the code sent to it (and not changed
   * since). Until it is, no WhatsApp message goes to it but the code (LGPD, Lei 13.709/2018 art. 6).
   */
  whatsappConfirmed: z.boolean(),
  /** Whether a code for the saved, unconfirmed number was asked for and can still be typed (not expired, tries left). */
  whatsappCodeSent: z.boolean(),
  geolocationEnabled: z.boolean(),
  /** 'Novidades das marcas' (docs/rules/notifications.md 'Brand news': brand news only for those who opted in). */
  brandNewsNotifications: z.boolean(),
  /** Slugs of the brands followed, in the brands' order. */
  followedBrands: z.array(z.enum(brandSlugs)),
});
export type NotificationSettings = z.infer<typeof notificationSettingsViewSchema>;

/**
 * What PUT /api/me/notification-settings takes: the settings, the brand news ones optional (kept
 * when left out); the WhatsApp confirmation is the server's to say, never the client's.
 */
export type NotificationSettingsUpdate = Omit<
  NotificationSettings,
  'brandNewsNotifications' | 'followedBrands' | 'whatsappConfirmed' | 'whatsappCodeSent'
> &
  Partial<Pick<NotificationSettings, 'brandNewsNotifications' | 'followedBrands'>>;

/**
 * Body of POST /api/me/notification-settings/whatsapp/confirm: the 6-digit code sent by WhatsApp
 * to the saved number. Spaces and hyphens typed or pasted with it are dropped ('123 456').
 */
export const whatsappCodeSchema = z.object({
  code: text('Digite o código de confirmação')
    .max(20, 'O código tem 6 números')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'O código tem 6 números')),
});
export type WhatsappCodeInput = z.input<typeof whatsappCodeSchema>;

/** Settings of a user who never saved any (docs/rules/notifications.md 'Notification settings': e-mail on, others off). */
export const defaultNotificationSettings: Readonly<NotificationSettings> = {
  emailNotifications: true,
  pushNotifications: false,
  whatsappNotifications: false,
  whatsappNumber: null,
  whatsappConfirmed: false,
  whatsappCodeSent: false,
  geolocationEnabled: false,
  brandNewsNotifications: false,
  followedBrands: [],
};

/**
 * GET /api/me/export: everything the product keeps about the user (
 * docs/rules/accounts-and-data.md 'Data export', LGPD art. 18 II). Money in centavos, instants UTC ISO 8601, dates yyyy-MM-dd.
 */
export interface MyDataExport {
  exportedAt: string;
  account: { id: string; name: string; email: string; emailVerified: boolean; createdAt: string };
  profile: { fullName: string; phone: string | null; avatarUrl: string | null; createdAt: string; updatedAt: string } | null;
  roles: string[];
  /** How the user signs in: 'credential' (e-mail and password), 'google', 'facebook', 'apple'. */
  logins: { provider: string; createdAt: string }[];
  /** The sign-ins kept (one per device, until it expires or signs out): where from and with what browser. */
  sessions: { createdAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
  notificationSettings: NotificationSettings;
  /** Browsers subscribed to push: the push service's host ('fcm.googleapis.com'), never the endpoint's path or keys. */
  pushSubscriptions: { endpointHost: string; userAgent: string | null; createdAt: string }[];
  favorites: { eventId: string; eventTitle: string; eventDate: string; createdAt: string }[];
  orders: {
    id: string;
    status: string;
    createdAt: string;
    completedAt: string | null;
    event: { id: string; title: string; date: string; startTime: string; location: string };
    buyer: { name: string; email: string; phone: string; cpf: string };
    paymentMethod: string;
    installments: number;
    couponCode: string | null;
    subtotalCentavos: number;
    discountCentavos: number;
    totalCentavos: number;
    items: { sectorName: string; quantity: number; unitPriceCentavos: number; holderNames: string[] }[];
    tickets: { code: string; sectorName: string; holderName: string | null; status: string; checkedInAt: string | null }[];
  }[];
  refunds: {
    id: string;
    orderId: string;
    amountCentavos: number;
    ticketCount: number;
    reason: string;
    status: string;
    requestedAt: string;
    processedAt: string | null;
    adminNotes: string | null;
  }[];
  notifications: { id: string; type: string; title: string; message: string; read: boolean; actionUrl: string | null; createdAt: string }[];
  /** Access records kept 6 months (Marco Civil da Internet, art. 15), newest first: the address and UTC instant of each sign-in or request. */
  accessRecords: { ip: string; at: string; kind: 'sign_in' | 'request' }[];
}

/** DELETE /api/me answer. */
export const deleteAccountResponseSchema = z.object({ deleted: z.boolean() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
