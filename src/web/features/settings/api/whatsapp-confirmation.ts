import type { NotificationSettings, WhatsappCodeInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';

/**
 * POST /api/me/notification-settings/whatsapp/confirm: the 6-digit code sent by WhatsApp to the
 * saved number. Answers the settings, `whatsappConfirmed` true; a wrong, expired or spent code
 * throws ApiError (400) with the pt-BR message to show under the field.
 */
export function confirmWhatsappNumber(input: WhatsappCodeInput): Promise<NotificationSettings> {
  return api<NotificationSettings>('/api/me/notification-settings/whatsapp/confirm', { method: 'POST', body: input });
}

/**
 * POST /api/me/notification-settings/whatsapp/code: a new code to the saved number ('Reenviar
 * código'). Answers the settings, `whatsappCodeSent` true; asked again within a minute throws
 * ApiError (429) saying how long to wait.
 */
export function requestWhatsappCode(): Promise<NotificationSettings> {
  return api<NotificationSettings>('/api/me/notification-settings/whatsapp/code', { method: 'POST', body: {} });
}
