import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import { grantStaffRoleSchema, staffGrantedSchema, staffListSchema, staffRoles } from '../../../shared/schemas/staff';
import { noContentSchema, responses } from '../../../shared/schemas/api-error';
import { grantStaffRole, listStaff, revokeStaffRole } from '../../services/staff/staff';
import type { RouteContext } from '../context';
import { auditActor, signedInActor } from '../audit-actor';

const roleParamsSchema = z.object({ userId: z.string(), role: z.enum(staffRoles) });
const invitationParamsSchema = z.object({ role: z.enum(staffRoles) });
/** The invitation's e-mail address, as typed (a repeated parameter reads as its values joined with commas). */
const invitationQuerySchema = z.object({ email: z.coerce.string().optional() });

/** A role in the path that is not a staff role: 400 with the enum's message on no field, as always answered. */
const roleParamErrors = { role: (message?: string) => new DomainError('validation_failed', { field: '' }, message) };

/** The back office's 'Equipe' (issue: staff): list, give and remove the admin and validator roles. Admins only. */
export async function adminStaffRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Admins only: the role is checked before anything else about the request.
  app.addHook('preValidation', guards.withRole(['admin']));

  app.get('/api/admin/staff', { schema: { response: responses({ 200: staffListSchema }) } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listStaff(deps.db);
  });

  app.post(
    '/api/admin/staff',
    { schema: { body: grantStaffRoleSchema, response: responses({ 201: staffGrantedSchema }) } },
    async (request, reply) => {
      const admin = await guards.requireRole(request, ['admin']);
      const result = await grantStaffRole(deps, { ...request.body, adminId: admin.id }, auditActor(request, admin));
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/admin/staff/:userId/roles/:role',
    { schema: { params: roleParamsSchema, response: responses({ 204: noContentSchema }) }, config: { paramErrors: roleParamErrors } },
    async (request, reply) => {
      const { userId, role } = request.params;
      await revokeStaffRole(deps.db, { userId: userId.slice(0, 100) }, role, await signedInActor(request, guards));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/admin/staff/invitations/:role',
    {
      schema: { params: invitationParamsSchema, querystring: invitationQuerySchema, response: responses({ 204: noContentSchema }) },
      config: { paramErrors: roleParamErrors },
    },
    async (request, reply) => {
      await revokeStaffRole(
        deps.db,
        { email: (request.query.email ?? '').slice(0, 254) },
        request.params.role,
        await signedInActor(request, guards),
      );
      return reply.status(204).send();
    },
  );
}
