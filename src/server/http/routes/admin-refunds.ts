import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../shared/errors';
import {
  adminRefundListSchema,
  adminRefundSchema,
  decideRefundSchema,
  listAdminRefundsQuerySchema,
} from '../../../shared/schemas/admin-refunds';
import { responses } from '../../../shared/schemas/api-error';
import { decideRefund } from '../../services/refunds/decide-refund';
import { listAdminRefunds } from '../../services/refunds/list-refunds';
import type { SessionUser } from '../session';
import { idNotFound, idParamsSchema, optionalBody } from '../validation';
import type { RouteContext } from '../context';
import { auditActor } from '../audit-actor';

/**
 * The back office's refunds (docs/screens.md 'Admin area', docs/rules/refunds.md 'Refund requests'):
 * list with a status filter, approve, reject. Admins only; anyone else signed in gets 403 with
 * 'Acesso negado. Apenas administradores podem gerenciar reembolsos.' (docs/rules/access.md 'Roles').
 */
export async function adminRefundRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  async function requireRefundAdmin(request: FastifyRequest): Promise<SessionUser> {
    try {
      return await guards.requireRole(request, ['admin']);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'forbidden') throw new DomainError('refunds_admin_only');
      throw error;
    }
  }
  // Before the request is validated: anyone but an admin is refused whatever they sent.
  app.addHook('preValidation', async (request) => {
    await requireRefundAdmin(request);
  });

  app.get(
    '/api/admin/refunds',
    { schema: { querystring: listAdminRefundsQuerySchema, response: responses({ 200: adminRefundListSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminRefunds(deps.db, request.query);
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/refunds/:id/${decision}`,
      {
        schema: { params: idParamsSchema, body: optionalBody(decideRefundSchema), response: responses({ 200: adminRefundSchema }) },
        config: idNotFound(() => new DomainError('refund_not_found')),
      },
      async (request) => {
        const admin = await requireRefundAdmin(request);
        const { adminNotes } = request.body;
        return decideRefund(deps, {
          refundId: request.params.id,
          decision,
          adminId: admin.id,
          adminNotes,
          actor: auditActor(request, admin),
        });
      },
    );
  }
}
