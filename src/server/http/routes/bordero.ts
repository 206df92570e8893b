import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import { borderoPdfBodySchema, borderoSettingsSchema, borderoViewSchema } from '../../../shared/schemas/bordero';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { loadBordero, type BorderoCompany } from '../../services/reports/bordero';
import { borderoCsv } from '../../services/reports/bordero-csv';
import { sendCsv } from '../../lib/csv';
import { borderoPdf } from '../../services/reports/bordero-pdf';
import { saveBorderoSettings } from '../../services/reports/save-bordero-settings';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';

/**
 * The borderô of an event (docs/rules/bordero.md 'Borderô'), admins only: GET it as JSON (the
 * back office's page reads it again and again while the event sells and admits), as a PDF
 * ('Baixar PDF') and as a CSV ('Baixar CSV'); PATCH its ECAD rate, set list and co-producers.
 */
export async function borderoRoutes(fastify: FastifyInstance, { deps, guards, config }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Admins only: the role is checked before anything else about the request.
  app.addHook('preValidation', guards.withRole(['admin']));
  const eventNotFound = idNotFound(() => new DomainError('event_not_found'));
  const jsonRoute = { schema: { params: idParamsSchema, response: responses({ 200: borderoViewSchema }) }, config: eventNotFound };
  const csvRoute = { schema: { params: idParamsSchema, response: responses({ 200: rawBodySchema }) }, config: eventNotFound };
  const pdfRoute = { schema: { params: idParamsSchema, response: responses({ 200: borderoPdfBodySchema }) }, config: eventNotFound };
  const company: BorderoCompany = { name: config.COMPANY_NAME, cnpj: config.COMPANY_CNPJ, email: config.COMPANY_EMAIL };

  app.get('/api/admin/events/:id/bordero', jsonRoute, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadBordero(db, request.params.id, company);
  });

  app.get('/api/admin/events/:id/bordero.pdf', pdfRoute, async (request, reply) => {
    const { pdf, fileName } = await borderoPdf(await loadBordero(db, request.params.id, company), company);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get('/api/admin/events/:id/bordero.csv', csvRoute, async (request, reply) => {
    return sendCsv(reply, borderoCsv(await loadBordero(db, request.params.id, company)));
  });

  app.patch(
    '/api/admin/events/:id/bordero',
    { ...jsonRoute, schema: { ...jsonRoute.schema, body: borderoSettingsSchema } },
    async (request) => {
      await saveBorderoSettings(db, request.params.id, request.body);
      return loadBordero(db, request.params.id, company);
    },
  );
}
