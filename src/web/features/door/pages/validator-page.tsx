import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Info } from 'lucide-react';
import { useDoorCounts } from '../api/get-door-counts';
import { DoorConflicts } from '../components/door-conflicts';
import { DoorEventCard } from '../components/door-event-card';
import { DoorHeader } from '../components/door-header';
import { DoorScannerPanel } from '../components/door-scanner-panel';
import { ConnectionBar, DoorStatus } from '../components/door-status';
import { DoorVerdict } from '../components/door-verdict';
import { EventPicker } from '../components/event-picker';
import { TicketLookup } from '../components/ticket-lookup';
import type { ScanDirection } from '../../../../shared/statuses';
import { type DoorSelection, readLastGate, readSelection, saveSelection } from '../lib/door-device';
import { useDoorScan } from '../lib/use-door-scan';
import { useOfflineDoor } from '../lib/use-offline-door';

/**
 * Door screen for /validator and /ticket-validator (docs/screens.md 'Validator', docs/rules/door.md 'Tickets and the door').
 * Once the event is chosen, the camera is the first action (above the fold on a 360 x 740 phone),
 * then a typed code, the verdict, the counts and the look-up.
 */
export function ValidatorPage() {
  const { pathname } = useLocation();
  const isAdminValidator = pathname.startsWith('/ticket-validator');
  const [selection, setSelection] = useState<DoorSelection | null>(readSelection);

  function choose(next: DoorSelection | null) {
    saveSelection(next);
    setSelection(next);
  }

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <title>Validador - Next Level</title>
      <DoorHeader isAdminValidator={isAdminValidator} />
      <main className="mx-auto max-w-2xl space-y-4 px-4 py-5">
        {selection ? (
          <DoorScreen
            key={selection.eventId}
            selection={selection}
            isAdminValidator={isAdminValidator}
            onChangeEvent={() => choose(null)}
          />
        ) : (
          <EventPicker initialGate={readLastGate()} onPick={choose} />
        )}
      </main>
    </div>
  );
}

/**
 * The door of one event: the connection bar, the offline entries the server refused on sync, the event and its turn, the scanner, the latest
 * verdict, the counts with the offline list's sync, and the look-up by name or CPF.
 */
function DoorScreen({
  selection,
  isAdminValidator,
  onChangeEvent,
}: {
  selection: DoorSelection;
  isAdminValidator: boolean;
  onChangeEvent: () => void;
}) {
  // The session picked (null: the one open now) and, with exit scans, 'Entrada' or 'Saída'.
  const [pickedSession, setPickedSession] = useState<string | null>(null);
  const [direction, setDirection] = useState<ScanDirection>('in');
  const turn = useMemo(() => ({ sessionId: pickedSession, direction }), [pickedSession, direction]);
  const door = useOfflineDoor(selection, turn);
  const counts = useDoorCounts(selection.eventId);
  const scan = useDoorScan({ checkIn: door.checkIn, isAdminValidator });

  return (
    <>
      <ConnectionBar isOnline={door.isOnline} queueLength={door.queueLength} lastSync={door.lastSync} />

      <DoorConflicts conflicts={door.conflicts} onDismiss={door.dismissConflicts} />

      <DoorEventCard
        selection={selection}
        sessions={door.list?.event.sessions ?? selection.sessions ?? []}
        exitScans={door.list?.event.exitScans ?? selection.exitScans ?? false}
        sessionId={pickedSession}
        direction={direction}
        onSession={setPickedSession}
        onDirection={setDirection}
        onChangeEvent={onChangeEvent}
      />

      <DoorScannerPanel scan={scan} />

      <DoorVerdict verdict={scan.verdict} resultRef={scan.resultRef} />

      <DoorStatus
        isOnline={door.isOnline}
        queueLength={door.queueLength}
        list={door.list}
        counts={counts.data}
        isSyncing={door.isSyncing}
        onSync={() => void door.sync()}
      />

      <TicketLookup
        eventId={selection.eventId}
        gate={selection.gate}
        deviceId={door.deviceId}
        isOnline={door.isOnline}
        onResult={scan.showManual}
        sessionId={pickedSession}
      />

      <aside className="flex gap-3 rounded-3xl border border-border bg-surface p-4">
        <Info className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
        <div>
          <h2 className="font-bold">Sistema de validação</h2>
          <p className="text-sm text-muted">Escaneie ou digite o código QR do ingresso para validar a entrada</p>
        </div>
      </aside>
    </>
  );
}
