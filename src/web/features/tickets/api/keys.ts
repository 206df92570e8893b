/** Query keys of the tickets feature; checkout invalidates ['tickets'] after a purchase. */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: () => ['tickets', 'mine'] as const,
  orderDetails: (orderId: string) => ['tickets', 'order', orderId] as const,
  people: () => ['tickets', 'people'] as const,
  transfer: (token: string) => ['tickets', 'transfer', token] as const,
};
