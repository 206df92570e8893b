import { CalendarRange } from 'lucide-react';
import { sectorCoverage, sessionLine } from '../../../../shared/sessions';
import { useEventSessions } from '../api/get-event-sessions';

/**
 * The sessions of an event with several (docs/rules/sessions.md 'Sessions'): each as the page
 * lists it ('Sexta 13/03 · 22:00', with its name), and what each sector covers ('Passaporte 3
 * dias', 'Vale para: Sábado'). Nothing for an event without sessions.
 */
export function EventSessions({ eventId }: { eventId: string }) {
  const { data } = useEventSessions(eventId);
  if (!data || data.sessions.length === 0) return null;
  const sessions = data.sessions.map((s) => ({ id: s.id, name: s.name }));
  return (
    <section aria-labelledby="event-sessions-title" className="mt-4 rounded-2xl border border-border bg-surface p-4">
      <h2 id="event-sessions-title" className="flex items-center gap-2 font-bold">
        <CalendarRange aria-hidden className="size-5 text-accent" />
        Sessões
      </h2>
      <ul className="mt-2 space-y-1" aria-label="Sessões do evento">
        {data.sessions.map((session) => (
          <li key={session.id} className="font-semibold tabular-nums">
            {sessionLine(session)}
          </li>
        ))}
      </ul>
      <ul className="mt-3 space-y-1 border-t border-border pt-3 text-sm" aria-label="O que cada ingresso cobre">
        {data.sectors.map((sector) => (
          <li key={sector.sectorId} className="[overflow-wrap:anywhere]">
            <span className="font-semibold">{sector.name}:</span> {sectorCoverage(sessions, sector.sessionIds)}
          </li>
        ))}
      </ul>
    </section>
  );
}
