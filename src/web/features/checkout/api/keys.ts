/** Query keys of the checkout feature (one factory, docs/conventions.md 'Web'). */
export const orderKeys = {
  all: ['orders'] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  paymentSuccess: (sessionId: string) => ['orders', 'payment-success', sessionId] as const,
  quotes: () => ['orders', 'quote'] as const,
  lastBuyer: () => ['orders', 'last-buyer'] as const,
  quote: (eventId: string, order: string) => ['orders', 'quote', eventId, order] as const,
  couponPreview: (eventId: string, lines: string, code: string) => ['orders', 'coupon-preview', eventId, lines, code] as const,
};
