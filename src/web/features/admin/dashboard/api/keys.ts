/** Query keys of the admin dashboard (one factory, STYLE.md section 7). */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
};
