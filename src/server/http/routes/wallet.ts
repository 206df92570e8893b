import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import { noContentSchema, okSchema, rawBodySchema, responses } from '../../../shared/schemas/api-error';
import {
  appleDeviceRegistrationSchema,
  appleLogSchema,
  appleUpdatedSerialsSchema,
  googleWalletSaveSchema,
} from '../../../shared/schemas/wallet';
import { getApplePassForOwner } from '../../services/wallet/apple-pass';
import {
  applePassToken,
  getApplePassForDevice,
  listUpdatedApplePasses,
  registerApplePassDevice,
  unregisterApplePassDevice,
} from '../../services/wallet/apple-web-service';
import { getGoogleSaveUrlForOwner } from '../../services/wallet/google-pass';
import { walletPassIcon, walletSettingsOf } from '../../services/wallet/wallet-settings';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';

/** The .pkpass body: the package's bytes, sent as they are. */
const pkpassBodySchema = rawBodySchema.or(z.custom<Uint8Array>((body) => body instanceof Uint8Array));
const PKPASS_TYPE = 'application/vnd.apple.pkpass';

const segment = z.string().trim().min(1).max(200);
const deviceParamsSchema = z.object({ deviceLibraryIdentifier: segment, passTypeIdentifier: segment });
const passParamsSchema = z.object({ passTypeIdentifier: segment, serialNumber: segment });
const registrationParamsSchema = deviceParamsSchema.extend({ serialNumber: segment });
const updatedQuerySchema = z.object({ passesUpdatedSince: z.string().max(40).optional() });

/**
 * Wallet passes of a ticket (docs/rules/tickets.md 'Wallet passes'): the owner's 'Adicionar à
 * Apple Wallet' (.pkpass) and 'Adicionar ao Google Wallet' (Google's save link), and Apple's
 * 'Wallet Web Service' under /api/wallet/apple, where devices register passes and fetch their
 * changes. A wallet without credentials answers 404 (its routes for the owner) or 401 (Apple's
 * device calls).
 */
export async function walletRoutes(fastify: FastifyInstance, context: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps, guards, config } = context;
  const wallet = walletSettingsOf(config, deps.publicUrl);
  const { db, ticketSigningKey } = deps;
  const icon = () => walletPassIcon(config.WEB_DIST_DIR);
  const ticketRoute = { preValidation: guards.signedIn, config: idNotFound(() => new DomainError('not_found')) };
  const deviceLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

  app.get(
    '/api/tickets/:id/wallet/apple',
    { ...ticketRoute, schema: { params: idParamsSchema, response: responses({ 200: pkpassBodySchema }) } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      const pass = await getApplePassForOwner(db, wallet, icon, ticketSigningKey, user.id, request.params.id);
      return reply
        .type(PKPASS_TYPE)
        .header('content-disposition', `attachment; filename="${pass.fileName}"`)
        .header('cache-control', 'no-store')
        .header('last-modified', pass.updatedAt.toUTCString())
        .send(pass.file);
    },
  );

  app.get(
    '/api/tickets/:id/wallet/google',
    { ...ticketRoute, schema: { params: idParamsSchema, response: responses({ 200: googleWalletSaveSchema }) } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      reply.header('cache-control', 'no-store');
      return getGoogleSaveUrlForOwner(db, wallet, ticketSigningKey, user.id, request.params.id);
    },
  );

  // Apple's 'Wallet Web Service' (its paths, under /api/wallet/apple).
  const base = '/api/wallet/apple/v1';

  app.post(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      config: deviceLimit,
      schema: {
        params: registrationParamsSchema,
        body: appleDeviceRegistrationSchema,
        response: responses({ 200: okSchema, 201: okSchema }),
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      const outcome = await registerApplePassDevice(db, wallet, ticketSigningKey, {
        deviceLibraryId: deviceLibraryIdentifier,
        passTypeId: passTypeIdentifier,
        serialNumber,
        pushToken: request.body.pushToken,
        token: applePassToken(request.headers.authorization),
      });
      return reply.status(outcome === 'created' ? 201 : 200).send({ ok: true });
    },
  );

  app.delete(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    { config: deviceLimit, schema: { params: registrationParamsSchema, response: responses({ 200: okSchema }) } },
    async (request) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      await unregisterApplePassDevice(db, wallet, ticketSigningKey, {
        deviceLibraryId: deviceLibraryIdentifier,
        passTypeId: passTypeIdentifier,
        serialNumber,
        token: applePassToken(request.headers.authorization),
      });
      return { ok: true };
    },
  );

  app.get(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    {
      config: deviceLimit,
      schema: {
        params: deviceParamsSchema,
        querystring: updatedQuerySchema,
        response: responses({ 200: appleUpdatedSerialsSchema, 204: noContentSchema }),
      },
    },
    async (request, reply) => {
      const updated = await listUpdatedApplePasses(db, wallet, {
        deviceLibraryId: request.params.deviceLibraryIdentifier,
        passTypeId: request.params.passTypeIdentifier,
        updatedSince: request.query.passesUpdatedSince,
      });
      reply.header('cache-control', 'no-store');
      if (!updated) return reply.status(204).send();
      return updated;
    },
  );

  app.get(
    `${base}/passes/:passTypeIdentifier/:serialNumber`,
    { config: deviceLimit, schema: { params: passParamsSchema, response: responses({ 200: pkpassBodySchema, 304: noContentSchema }) } },
    async (request, reply) => {
      const pass = await getApplePassForDevice(db, wallet, icon, ticketSigningKey, {
        passTypeId: request.params.passTypeIdentifier,
        serialNumber: request.params.serialNumber,
        token: applePassToken(request.headers.authorization),
        ifModifiedSince: request.headers['if-modified-since'],
      });
      reply.header('cache-control', 'no-store');
      if (!pass) return reply.status(304).send();
      return reply.type(PKPASS_TYPE).header('last-modified', pass.updatedAt.toUTCString()).send(pass.file);
    },
  );

  app.post(
    `${base}/log`,
    { config: deviceLimit, schema: { body: appleLogSchema, response: responses({ 200: okSchema }) } },
    async (request) => {
      for (const line of request.body.logs) deps.log.warn({ appleWallet: line.slice(0, 500) }, 'Apple Wallet device log');
      return { ok: true };
    },
  );
}
