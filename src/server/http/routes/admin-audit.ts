import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListSchema, listAuditQuerySchema } from '../../../shared/schemas/admin-audit';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { auditCsv, listAudit, type AuditViewer } from '../../services/audit/list-audit';
import { sendCsv } from '../../lib/csv';
import type { RouteContext } from '../context';

/**
 * 'Histórico' (docs/screens.md 'Histórico'): the audit trail read with filters, and as a CSV.
 * The back office is for admins (docs/rules/access.md 'Who may see what'): anyone else gets 403
 * before the query is read, and an admin reads every entry with its client address.
 */
export async function adminAuditRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', guards.withRole(['admin']));
  const admin: AuditViewer = { kind: 'admin' };

  app.get(
    '/api/admin/audit',
    { schema: { querystring: listAuditQuerySchema, response: responses({ 200: auditListSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAudit(deps.db, admin, request.query);
    },
  );

  app.get(
    '/api/admin/audit.csv',
    { schema: { querystring: listAuditQuerySchema, response: responses({ 200: rawBodySchema }) } },
    async (request, reply) => sendCsv(reply, await auditCsv(deps.db, admin, request.query)),
  );
}
