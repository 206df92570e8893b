import type { FastifyInstance } from 'fastify';
import type { AdminDashboard } from '../../../shared/schemas/admin-content';
import { getDashboard } from '../../services/catalog/dashboard';
import type { RouteContext } from '../context';

/** The admin dashboard's figures (docs/screens.md 'Admin area'): admins only. */
export async function adminDashboardRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  app.get('/api/admin/dashboard', async (request): Promise<AdminDashboard> => {
    await guards.requireRole(request, ['admin']);
    return getDashboard(deps.db);
  });
}
