/** Query keys of the back office's coupons (one factory, docs/conventions.md 'Web'). */
export const adminCouponKeys = {
  all: ['admin', 'coupons'] as const,
  list: () => [...adminCouponKeys.all, 'list'] as const,
  events: () => [...adminCouponKeys.all, 'events'] as const,
};
