import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand, BrandPage } from '../../../../shared/schemas/brands';
import type { BrandSlug } from '../../../../shared/schemas/events';
import { api } from '../../../lib/api';

/** Keys of the public brands; the back office invalidates 'brands' when it saves one. */
export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  page: (slug: BrandSlug) => [...brandKeys.all, 'page', slug] as const,
};

/** GET /api/brands: the brands in the site's order, with their figures for the home's slides. */
export function listBrands(signal?: AbortSignal) {
  return api<Brand[]>('/api/brands', { signal });
}

export const brandsQueryOptions = () =>
  queryOptions({ queryKey: brandKeys.list(), queryFn: ({ signal }) => listBrands(signal), staleTime: 60_000 });

export function useBrands() {
  return useQuery(brandsQueryOptions());
}

/** GET /api/brands/:slug: a brand page's header, with its followers count. */
export function getBrandPage(slug: BrandSlug, signal?: AbortSignal) {
  return api<BrandPage>(`/api/brands/${encodeURIComponent(slug)}`, { signal });
}

export const brandPageQueryOptions = (slug: BrandSlug) =>
  queryOptions({ queryKey: brandKeys.page(slug), queryFn: ({ signal }) => getBrandPage(slug, signal) });

export function useBrandPage(slug: BrandSlug) {
  return useQuery(brandPageQueryOptions(slug));
}
