import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '../../../shared/schemas/admin-dashboard';
import { responses } from '../../../shared/schemas/api-error';
import { getDashboard } from '../../services/catalog/dashboard';
import type { RouteContext } from '../context';

/** The admin dashboard's figures (docs/screens.md 'Admin area'): admins only. */
export async function adminDashboardRoutes(fastify: FastifyInstance, { deps, guards }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/dashboard', { schema: { response: responses({ 200: adminDashboardSchema }) } }, async (request) => {
    await guards.requireRole(request, ['admin']);
    return getDashboard(deps.db);
  });
}
