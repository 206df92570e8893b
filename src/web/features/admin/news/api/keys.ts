/** Query keys of the back office's news (one factory, docs/conventions.md 'Web'). */
export const adminNewsKeys = {
  all: ['admin', 'news'] as const,
  list: () => [...adminNewsKeys.all, 'list'] as const,
};

/** The public home's news and banners are cached under 'content' (content feature); they change with these. */
export const publicContentKey = ['content'] as const;
