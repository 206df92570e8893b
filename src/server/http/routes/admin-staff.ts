import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { grantStaffRoleSchema, staffRoles } from '../../../shared/schemas/staff';
import { grantStaffRole, listStaff, revokeStaffRole } from '../../services/staff/staff';
import { parse } from '../parse';
import type { RouteContext } from '../context';

const roleParam = z.enum(staffRoles);

/** The back office's 'Equipe' (issue: staff): list, give and remove the admin and validator roles. Admins only. */
export async function adminStaffRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  app.get('/api/admin/staff', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    reply.header('cache-control', 'no-store');
    return listStaff(deps.db);
  });

  app.post('/api/admin/staff', async (request, reply) => {
    const admin = await guards.requireRole(request, ['admin']);
    const input = parse(grantStaffRoleSchema, request.body);
    const result = await grantStaffRole(deps, { ...input, adminId: admin.id });
    return reply.status(201).send(result);
  });

  app.delete<{ Params: { userId: string; role: string } }>('/api/admin/staff/:userId/roles/:role', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const role = parse(roleParam, request.params.role);
    await revokeStaffRole(deps.db, { userId: request.params.userId.slice(0, 100) }, role);
    return reply.status(204).send();
  });

  app.delete<{ Params: { role: string }; Querystring: { email?: string } }>('/api/admin/staff/invitations/:role', async (request, reply) => {
    await guards.requireRole(request, ['admin']);
    const role = parse(roleParam, request.params.role);
    await revokeStaffRole(deps.db, { email: String(request.query.email ?? '').slice(0, 254) }, role);
    return reply.status(204).send();
  });
}
