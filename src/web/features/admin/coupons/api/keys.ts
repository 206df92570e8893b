/** Query keys of the back office's coupons (one factory, STYLE.md section 7). */
export const adminCouponKeys = {
  all: ['admin', 'coupons'] as const,
  list: () => [...adminCouponKeys.all, 'list'] as const,
  events: () => [...adminCouponKeys.all, 'events'] as const,
};
