/** Query keys of the back office's banners (one factory, docs/conventions.md 'Web'). */
export const adminBannerKeys = {
  all: ['admin', 'banners'] as const,
  list: () => [...adminBannerKeys.all, 'list'] as const,
};

/** The public home's news and banners are cached under 'content' (content feature); they change with these. */
export const publicContentKey = ['content'] as const;
