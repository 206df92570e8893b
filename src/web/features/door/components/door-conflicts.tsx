import { TriangleAlert } from 'lucide-react';
import { formatClockTime } from '../../../../shared/dates';
import { plural } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import type { DoorConflict } from '../lib/offline-store';

/**
 * The entries this device let in offline that the server refused once they were sent
 * (docs/rules/door.md 'The offline door'): 'N entradas offline em conflito', each with the
 * holder's name from the device's list, when it was let in and why the server refused it (the
 * ticket had got in at another door; the device's clock outside the door's window). Kept until
 * the door staff tap 'Entendi'; nothing shows while there is none.
 */
export function DoorConflicts({ conflicts, onDismiss }: { conflicts: DoorConflict[]; onDismiss: () => void }) {
  if (conflicts.length === 0) return null;
  const title = `${plural(conflicts.length, 'entrada offline', 'entradas offline')} em conflito`;
  return (
    <section
      aria-labelledby="door-conflicts-title"
      className="rounded-3xl border-2 border-danger bg-danger/10 p-4 shadow-sm"
      data-testid="door-conflicts"
    >
      <h2 id="door-conflicts-title" className="flex items-center gap-2 text-lg font-bold">
        <TriangleAlert className="size-5 shrink-0 text-danger" aria-hidden />
        {title}
      </h2>
      <p className="mt-1 text-sm">Liberadas neste aparelho sem rede, recusadas pelo servidor ao sincronizar.</p>
      <ul className="mt-3 space-y-2" aria-label="Entradas em conflito">
        {conflicts.map((conflict) => (
          <li key={conflict.nonce} className="rounded-2xl bg-card p-3">
            <p className="font-bold break-words">{conflict.holderName ?? conflict.sectorName ?? 'Ingresso sem nome'}</p>
            <p className="text-sm break-words">
              Liberado offline às {formatClockTime(conflict.scannedAt)} · {conflict.message}
            </p>
          </li>
        ))}
      </ul>
      <Button variant="outline" className="mt-3 w-full sm:w-auto" onClick={onDismiss}>
        Entendi
      </Button>
    </section>
  );
}
