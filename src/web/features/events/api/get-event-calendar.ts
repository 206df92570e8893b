/**
 * GET /api/events/:id/calendar.ics: the event as an iCalendar file. The browser downloads it
 * (a phone hands it to its calendar app), so this is a link, not a fetch.
 */
export function eventCalendarFileUrl(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
}
