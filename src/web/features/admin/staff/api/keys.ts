/** Query keys of the back office's team ('Equipe'; one factory, docs/conventions.md 'Web'). */
export const staffKeys = {
  all: ['admin', 'staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
};
