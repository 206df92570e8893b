/** Query keys of the admin dashboard (one factory, docs/conventions.md 'Web'). */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
};
