import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../../shared/errors';
import { decideRefundSchema, listAdminRefundsQuerySchema } from '../../../shared/schemas/admin-refunds';
import { decideRefund } from '../../services/refunds/decide-refund';
import { listAdminRefunds } from '../../services/refunds/list-refunds';
import type { SessionUser } from '../session';
import { parse } from '../parse';
import type { RouteContext } from '../context';

/** A refund id from the path; anything but a UUID is an unknown refund. */
function refundIdParam(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new DomainError('refund_not_found');
  return value.toLowerCase();
}

/**
 * The back office's refunds (SPEC.md section 2 /admin/refunds, section 7 'Refunds' admin calls):
 * list with a status filter, approve, reject. Admins only; anyone else signed in gets 403 with
 * 'Acesso negado. Apenas administradores podem gerenciar reembolsos.' (SPEC.md section 6).
 */
export async function adminRefundRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  async function requireRefundAdmin(request: FastifyRequest): Promise<SessionUser> {
    try {
      return await guards.requireRole(request, ['admin']);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'forbidden') throw new DomainError('refunds_admin_only');
      throw error;
    }
  }

  app.get('/api/admin/refunds', async (request, reply) => {
    await requireRefundAdmin(request);
    const query = parse(listAdminRefundsQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listAdminRefunds(deps.db, query);
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post<{ Params: { id: string } }>(`/api/admin/refunds/:id/${decision}`, async (request) => {
      const admin = await requireRefundAdmin(request);
      const refundId = refundIdParam(request.params.id);
      const { adminNotes } = parse(decideRefundSchema, request.body ?? {});
      return decideRefund(deps, { refundId, decision, adminId: admin.id, adminNotes });
    });
  }
}
