/** Query keys of the back office's brands (one factory, docs/conventions.md 'Web'). */
export const adminBrandKeys = {
  all: ['admin', 'brands'] as const,
  list: () => [...adminBrandKeys.all, 'list'] as const,
};

/** The public site caches the brands (home slides, brand pages) under 'brands' (events feature); they change with these. */
export const publicBrandsKey = ['brands'] as const;
