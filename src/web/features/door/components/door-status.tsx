import { CloudOff, ListChecks, Loader2, RefreshCw, Wifi } from 'lucide-react';
import { formatNotificationDate } from '../../../../shared/dates';
import { plural } from '../../../../shared/plural';
import type { DoorCounts, DoorOfflineData } from '../../../../shared/schemas/tickets';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const numbers = new Intl.NumberFormat('pt-BR');

/**
 * What the door must always see (docs/rules/door.md 'The offline door'): online or offline, the scans waiting to be sent and
 * when the device last synced. A bar that stays under the header while the page scrolls.
 */
export function ConnectionBar({ isOnline, queueLength, lastSync }: { isOnline: boolean; queueLength: number; lastSync: string | null }) {
  return (
    <div
      role="region"
      aria-label="Conexão da portaria"
      className={cn(
        'sticky top-16 z-10 -mx-4 -mt-5 mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-2 text-sm',
        isOnline ? 'border-border bg-card' : 'border-amber-400 bg-amber-100 text-black dark:bg-amber-300',
      )}
    >
      <span
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-bold',
          isOnline ? 'bg-success/15 text-success' : 'bg-black text-amber-300',
        )}
        data-testid="door-connection"
      >
        {isOnline ? <Wifi className="size-4" aria-hidden /> : <CloudOff className="size-4" aria-hidden />}
        {isOnline ? 'Online' : 'Offline'}
      </span>
      <span className="font-semibold" data-testid="door-queue">
        Fila: {numbers.format(queueLength)}
      </span>
      <span className={isOnline ? 'text-muted' : ''} data-testid="door-last-sync">
        {lastSync ? `Última sincronização: ${formatNotificationDate(lastSync)}` : 'Nenhuma sincronização ainda'}
      </span>
    </div>
  );
}

/** Entries against tickets sold, live; the offline list the device keeps; a sync button while scans wait. */
export function DoorStatus({
  isOnline,
  queueLength,
  list,
  counts,
  isSyncing,
  onSync,
}: {
  isOnline: boolean;
  queueLength: number;
  list: DoorOfflineData | null;
  counts: DoorCounts | undefined;
  isSyncing: boolean;
  onSync: () => void;
}) {
  return (
    <section aria-label="Entradas do evento" className="rounded-3xl border border-border bg-card p-4 shadow-sm">
      {!isOnline ? (
        <p className="mb-3 text-sm font-medium">
          Sem conexão: os ingressos são conferidos na lista deste aparelho e enviados quando a rede voltar.
        </p>
      ) : null}
      <div className={counts?.inside === undefined ? 'grid grid-cols-2 gap-2' : 'grid grid-cols-3 gap-2'}>
        {/* With exit scans the live count is people inside, not entries. */}
        {counts?.inside === undefined ? null : <Figure label="Dentro" value={counts.inside} testId="door-inside" />}
        <Figure label="Entradas" value={counts?.entries} testId="door-entries" />
        <Figure label="Vendidos" value={counts?.sold} testId="door-sold" />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <p className="flex min-w-0 flex-1 items-center gap-1.5 text-xs text-muted">
          <ListChecks className="size-4 shrink-0" aria-hidden />
          {list
            ? `Lista offline: ${plural(list.tickets.length, 'ingresso', 'ingressos')}, atualizada ${formatNotificationDate(list.generatedAt)}`
            : 'Lista offline ainda não baixada'}
        </p>
        {queueLength > 0 && isOnline ? (
          <Button variant="outline" size="sm" onClick={onSync} disabled={isSyncing}>
            {isSyncing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />}
            Sincronizar
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="rounded-2xl bg-surface px-3 py-2">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className="text-3xl leading-tight font-black tabular-nums" data-testid={testId}>
        {value === undefined ? '–' : numbers.format(value)}
      </p>
    </div>
  );
}
