/** Query keys of the back office's sales per campaign (one factory, docs/conventions.md 'Web'). */
export const campaignSalesKeys = {
  all: ['admin', 'campaign-sales'] as const,
  event: (eventId: string) => [...campaignSalesKeys.all, eventId] as const,
};
