import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '../../../shared/schemas/admin-events';
import {
  deleteAccountResponseSchema,
  myProfileSchema,
  notificationSettingsSchema,
  notificationSettingsViewSchema,
  updateProfileSchema,
  uploadAvatarResponseSchema,
  userStatsSchema,
  type DeleteAccountResponse,
  type MyProfile,
  type NotificationSettings,
  type UploadAvatarResponse,
  type UserStats,
  whatsappCodeSchema,
} from '../../../shared/schemas/profile';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { ensureAvatarFolder } from '../../services/profile/avatar-files';
import { getMyProfile } from '../../services/profile/get-my-profile';
import { getUserStats } from '../../services/profile/get-user-stats';
import { updateProfile } from '../../services/profile/update-profile';
import { uploadAvatar } from '../../services/profile/upload-avatar';
import { getNotificationSettings } from '../../services/profile/get-notification-settings';
import { saveNotificationSettings } from '../../services/profile/save-notification-settings';
import { confirmWhatsappNumber, requestWhatsappCode } from '../../services/profile/whatsapp-confirmation';
import { exportFileName, exportMyData } from '../../services/profile/export-my-data';
import { deleteAccount } from '../../services/profile/delete-account';
import { readUploadedImage } from '../parse';
import type { RouteContext } from '../context';

/**
 * The signed-in person's own data (docs/rules/accounts-and-data.md 'Accounts and data';
 * docs/rules/notifications.md 'Notification settings'; the screens of docs/screens.md 'Profile' and 'Settings').
 * Every route acts on the session's user only; signed out is 401.
 */
export async function profileRoutes(fastify: FastifyInstance, { deps, guards, config }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const files = { db, dataDir: config.DATA_DIR };
  // Before app.ts decides whether to serve /uploads, so avatars are always served.
  ensureAvatarFolder(config.DATA_DIR);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/api/me/profile', { schema: { response: responses({ 200: myProfileSchema }) } }, async (request, reply): Promise<MyProfile> => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return getMyProfile(db, user.id);
  });

  app.put(
    '/api/me/profile',
    { preValidation: guards.signedIn, schema: { body: updateProfileSchema, response: responses({ 200: myProfileSchema }) } },
    async (request): Promise<MyProfile> => {
      const user = await guards.requireUser(request);
      return updateProfile(files, user.id, request.body);
    },
  );

  app.get('/api/me/stats', { schema: { response: responses({ 200: userStatsSchema }) } }, async (request, reply): Promise<UserStats> => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return getUserStats(db, user.id);
  });

  // One picture as multipart/form-data (field 'file'); answers { avatarUrl } under /uploads.
  app.post('/api/me/avatar', { schema: { response: responses({ 201: uploadAvatarResponseSchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    const stored: UploadAvatarResponse = await uploadAvatar(files, user.id, await readUploadedImage(request));
    return reply.status(201).send(stored);
  });

  app.get(
    '/api/me/notification-settings',
    { schema: { response: responses({ 200: notificationSettingsViewSchema }) } },
    async (request, reply): Promise<NotificationSettings> => {
      const user = await guards.requireUser(request);
      reply.header('cache-control', 'no-store');
      return getNotificationSettings(db, user.id);
    },
  );

  app.put(
    '/api/me/notification-settings',
    {
      preValidation: guards.signedIn,
      schema: { body: notificationSettingsSchema, response: responses({ 200: notificationSettingsViewSchema }) },
    },
    async (request): Promise<NotificationSettings> => {
      const user = await guards.requireUser(request);
      return saveNotificationSettings(db, user.id, request.body);
    },
  );

  // Confirming the WhatsApp number with the 6-digit code sent to it: until then no WhatsApp
  // message but the code goes to it (services/profile/whatsapp-confirmation.ts). Both answer the
  // settings as stored; a wrong code is 400 and counted, at most 5 per code.
  app.post(
    '/api/me/notification-settings/whatsapp/confirm',
    {
      preValidation: guards.signedIn,
      schema: { body: whatsappCodeSchema, response: responses({ 200: notificationSettingsViewSchema }) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request): Promise<NotificationSettings> => {
      const user = await guards.requireUser(request);
      return confirmWhatsappNumber(db, deps.ticketSigningKey, user.id, request.body.code);
    },
  );

  // 'Reenviar código': a new code to the saved number, at most one a minute per user.
  app.post(
    '/api/me/notification-settings/whatsapp/code',
    {
      preValidation: guards.signedIn,
      schema: { response: responses({ 200: notificationSettingsViewSchema }) },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request): Promise<NotificationSettings> => {
      const user = await guards.requireUser(request);
      return requestWhatsappCode(db, user.id);
    },
  );

  // 'Solicitar Download': the user's data as a JSON file.
  // The export is a JSON file, sent as the text written here.
  app.get('/api/me/export', { schema: { response: responses({ 200: rawBodySchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    const now = new Date();
    const data = await exportMyData(db, user.id, now);
    const fileName = exportFileName(now);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });

  // 'Excluir conta': really deletes; the client then signs out.
  app.delete(
    '/api/me',
    { schema: { response: responses({ 200: deleteAccountResponseSchema }) } },
    async (request): Promise<DeleteAccountResponse> => {
      const user = await guards.requireUser(request);
      await deleteAccount({ ...files, signingKey: deps.ticketSigningKey }, user.id);
      return { deleted: true };
    },
  );
}
