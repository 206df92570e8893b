/** Query keys of the back office's box office ('Bilheteria'; one factory, docs/conventions.md 'Web'). */
export const boxOfficeKeys = {
  all: ['admin', 'box-office'] as const,
  drawers: () => [...boxOfficeKeys.all, 'drawers'] as const,
  conflicts: () => [...boxOfficeKeys.all, 'conflicts'] as const,
  events: () => [...boxOfficeKeys.all, 'events'] as const,
  sectors: (eventId: string) => [...boxOfficeKeys.all, 'sectors', eventId] as const,
};
