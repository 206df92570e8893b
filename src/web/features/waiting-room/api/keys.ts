export const roomKeys = {
  all: ['waiting-room'] as const,
  event: (eventId: string) => [...roomKeys.all, 'event', eventId] as const,
  admin: (eventId: string) => [...roomKeys.all, 'admin', eventId] as const,
};
