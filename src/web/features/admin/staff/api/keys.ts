/** Query keys of the back office's team ('Equipe'; one factory, STYLE.md section 7). */
export const staffKeys = {
  all: ['admin', 'staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
};
