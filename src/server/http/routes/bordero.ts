import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import { borderoSettingsSchema, type Bordero } from '../../../shared/schemas/bordero';
import { loadBordero, type BorderoCompany } from '../../services/reports/bordero';
import { borderoCsv } from '../../services/reports/bordero-csv';
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
  const event = { schema: { params: idParamsSchema }, config: idNotFound(() => new DomainError('event_not_found')) };
  const company: BorderoCompany = { name: config.COMPANY_NAME, cnpj: config.COMPANY_CNPJ, email: config.COMPANY_EMAIL };

  app.get('/api/admin/events/:id/bordero', event, async (request, reply): Promise<Bordero> => {
    reply.header('cache-control', 'no-store');
    return loadBordero(db, request.params.id, company);
  });

  app.get('/api/admin/events/:id/bordero.pdf', event, async (request, reply) => {
    const { pdf, fileName } = await borderoPdf(await loadBordero(db, request.params.id, company), company);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get('/api/admin/events/:id/bordero.csv', event, async (request, reply) => {
    const { csv, fileName } = borderoCsv(await loadBordero(db, request.params.id, company));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.patch(
    '/api/admin/events/:id/bordero',
    { ...event, schema: { params: idParamsSchema, body: borderoSettingsSchema } },
    async (request): Promise<Bordero> => {
      await saveBorderoSettings(db, request.params.id, request.body);
      return loadBordero(db, request.params.id, company);
    },
  );
}
