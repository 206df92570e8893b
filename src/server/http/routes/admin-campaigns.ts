import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import { campaignReportSchema } from '../../../shared/schemas/campaigns';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { campaignSalesCsv, listCampaignSales } from '../../services/reports/campaign-sales';
import { sendCsv } from '../../lib/csv';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';

/**
 * 'Vendas por campanha' of an event (docs/rules/sale.md 'Campaign attribution'), admins only, like
 * the event's other reports: GET it as JSON and as a CSV ('Baixar CSV').
 */
export async function adminCampaignRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Admins only: the role is checked before anything else about the request.
  app.addHook('preValidation', guards.withRole(['admin']));
  const eventNotFound = idNotFound(() => new DomainError('event_not_found'));

  app.get(
    '/api/admin/events/:id/campaigns',
    { schema: { params: idParamsSchema, response: responses({ 200: campaignReportSchema }) }, config: eventNotFound },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCampaignSales(db, request.params.id);
    },
  );

  app.get(
    '/api/admin/events/:id/campaigns.csv',
    { schema: { params: idParamsSchema, response: responses({ 200: rawBodySchema }) }, config: eventNotFound },
    async (request, reply) => sendCsv(reply, await campaignSalesCsv(db, request.params.id)),
  );
}
