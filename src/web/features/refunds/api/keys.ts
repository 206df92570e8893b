/** Query keys of the buyer's refunds; a new request invalidates ['refunds']. */
export const refundKeys = {
  all: ['refunds'] as const,
  eligible: () => ['refunds', 'eligible'] as const,
  mine: () => ['refunds', 'mine'] as const,
};
