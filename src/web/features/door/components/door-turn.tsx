import { LogIn, LogOut } from 'lucide-react';
import type { DoorSession } from '../../../../shared/schemas/tickets';
import type { ScanDirection } from '../../../../shared/statuses';
import { Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { pickDoorSession } from '../lib/offline-decision';

/**
 * What the door admits to (docs/rules/sessions.md 'Sessions at the door'): on an event with sessions, the
 * session ('Automática' follows the clock: the one open now, named), and with exit scans the
 * direction, 'Entrada' or 'Saída', big enough to switch with a thumb.
 */
export function DoorTurnControls({
  sessions,
  exitScans,
  sessionId,
  direction,
  onSession,
  onDirection,
}: {
  sessions: DoorSession[];
  exitScans: boolean;
  sessionId: string | null;
  direction: ScanDirection;
  onSession: (sessionId: string | null) => void;
  onDirection: (direction: ScanDirection) => void;
}) {
  if (sessions.length === 0 && !exitScans) return null;
  const current = pickDoorSession(sessions, new Date());
  return (
    <div className="mt-3 space-y-3 border-t border-border pt-3">
      {sessions.length > 0 ? (
        <div>
          <Label htmlFor="door-session">Sessão</Label>
          <select
            id="door-session"
            value={sessionId ?? ''}
            onChange={(e) => onSession(e.target.value || null)}
            className="mt-1.5 h-12 w-full rounded-xl border border-border bg-bg px-3 text-base"
          >
            <option value="">{current ? `Automática (agora: ${current.label})` : 'Automática'}</option>
            {sessions.map((session) => (
              <option key={session.id} value={session.id}>
                {session.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {exitScans ? (
        <div role="group" aria-label="Direção da leitura" className="grid grid-cols-2 gap-2">
          <DirectionButton
            isOn={direction === 'in'}
            onClick={() => onDirection('in')}
            icon={<LogIn className="size-5" aria-hidden />}
            label="Entrada"
          />
          <DirectionButton
            isOn={direction === 'out'}
            onClick={() => onDirection('out')}
            icon={<LogOut className="size-5" aria-hidden />}
            label="Saída"
          />
        </div>
      ) : null}
    </div>
  );
}

function DirectionButton({ isOn, onClick, icon, label }: { isOn: boolean; onClick: () => void; icon: React.ReactNode; label: string }) {
  return (
    <button
      type="button"
      aria-pressed={isOn}
      onClick={onClick}
      className={cn(
        'flex h-12 items-center justify-center gap-2 rounded-xl border text-base font-bold',
        isOn ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-surface text-fg',
      )}
    >
      {icon}
      {label}
    </button>
  );
}
