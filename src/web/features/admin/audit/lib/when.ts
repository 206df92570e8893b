import { formatClockTime, formatInstant, saoPauloToday } from '../../../../../shared/dates';

/**
 * When an entry happened as the history reads it, in São Paulo time: 'Hoje, 14:32', 'Ontem, 09:10',
 * else '12/11/2026, 14:32'. `now` is the reader's clock.
 */
export function whenInWords(at: string, now: Date): string {
  const day = saoPauloToday(new Date(at));
  const clock = formatClockTime(at);
  if (day === saoPauloToday(now)) return `Hoje, ${clock}`;
  if (day === saoPauloToday(new Date(now.getTime() - 86_400_000))) return `Ontem, ${clock}`;
  return `${formatInstant(at).split(' às ')[0]}, ${clock}`;
}
