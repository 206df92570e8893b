import { MapPin, Repeat } from 'lucide-react';
import { formatEventDateShort, formatEventTime } from '../../../../shared/dates';
import { DEFAULT_GATE, type DoorSession } from '../../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../../shared/statuses';
import { Button } from '../../../components/ui/button';
import type { DoorSelection } from '../lib/door-device';
import { DoorTurnControls } from './door-turn';

/**
 * 'Evento da portaria': the event being admitted, its date, time and gate, 'Trocar evento', and
 * the turn (the session, and 'Entrada' or 'Saída' when the event has exit scans).
 */
export function DoorEventCard({
  selection,
  sessions,
  exitScans,
  sessionId,
  direction,
  onSession,
  onDirection,
  onChangeEvent,
}: {
  selection: DoorSelection;
  sessions: DoorSession[];
  exitScans: boolean;
  sessionId: string | null;
  direction: ScanDirection;
  onSession(sessionId: string | null): void;
  onDirection(direction: ScanDirection): void;
  onChangeEvent(): void;
}) {
  return (
    <section aria-label="Evento da portaria" className="rounded-3xl border border-border bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">Evento</p>
        <Button variant="outline" size="sm" className="shrink-0" onClick={onChangeEvent}>
          <Repeat className="size-4" aria-hidden /> Trocar evento
        </Button>
      </div>
      <p className="mt-1 text-lg leading-tight font-bold break-words" data-testid="door-event">
        {selection.title}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
        <span>
          {formatEventDateShort(selection.date)} às {formatEventTime(selection.startTime)}
        </span>
        <span aria-hidden>·</span>
        <span className="inline-flex items-center gap-1">
          <MapPin className="size-4 shrink-0" aria-hidden /> {selection.gate || DEFAULT_GATE}
        </span>
      </p>
      <DoorTurnControls
        sessions={sessions}
        exitScans={exitScans}
        sessionId={sessionId}
        direction={exitScans ? direction : 'in'}
        onSession={onSession}
        onDirection={onDirection}
      />
    </section>
  );
}
