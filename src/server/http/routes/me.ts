import type { FastifyInstance } from 'fastify';
import { meSchema, publicConfigSchema, type Me, type PublicConfig } from '../../../shared/schemas/me';
import { responses } from '../../../shared/schemas/api-error';
import { getProfileSummary } from '../../services/profile/get-profile-summary';
import { activeSocialProviders } from '../../auth';
import type { RouteContext } from '../context';

export async function meRoutes(app: FastifyInstance, { deps, guards, config, auth }: RouteContext) {
  app.get('/api/me', { schema: { response: responses({ 200: meSchema }) } }, async (request, reply): Promise<Me> => {
    reply.header('cache-control', 'no-store');
    const user = await guards.optionalUser(request);
    if (!user) return { user: null, roles: [], profile: null };
    const profile = await getProfileSummary(deps.db, user.id);
    return {
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, createdAt: user.createdAt.toISOString() },
      roles: user.roles,
      profile,
    };
  });

  app.get('/api/config', { schema: { response: responses({ 200: publicConfigSchema }) } }, async (): Promise<PublicConfig> => ({
    supportWhatsappUrl: config.SUPPORT_WHATSAPP_URL,
    networkingGroupUrl: config.NETWORKING_GROUP_URL,
    paymentProvider: deps.payments.name,
    stripePublishableKey: deps.payments.publishableKey,
    company: { name: config.COMPANY_NAME, cnpj: config.COMPANY_CNPJ, email: config.COMPANY_EMAIL, address: config.COMPANY_ADDRESS },
    socialProviders: await activeSocialProviders(auth),
  }));
}
