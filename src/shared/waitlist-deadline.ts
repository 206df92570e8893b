import { formatClockTime, formatNotificationDate, saoPauloToday } from './dates';

/**
 * Until when a waiting-list offer holds, as the notice and the event page say it (São Paulo
 * time): '22:40' when it ends the same day as `now`, '27/11 às 10:40' otherwise.
 */
export function offerDeadlineText(expiresAt: Date | string, now: Date): string {
  const end = new Date(expiresAt);
  return saoPauloToday(end) === saoPauloToday(now) ? formatClockTime(end) : formatNotificationDate(end);
}
