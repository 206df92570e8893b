import { CalendarCheck, Star, Wallet } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCentavos } from '../../../../shared/money';
import { useUserStats } from '../api/get-user-stats';
import { formatRating } from '../lib/person';

function Stat({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: string; detail?: string }) {
  return (
    <div className="relative rounded-2xl border border-border bg-card py-4 pr-4 pl-18">
      <dt className="text-sm text-muted">
        <span
          aria-hidden
          className="absolute top-1/2 left-4 flex size-11 -translate-y-1/2 items-center justify-center rounded-xl bg-accent/15 text-accent"
        >
          <Icon className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-xl font-extrabold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-muted">{detail}</dd> : null}
    </div>
  );
}

/**
 * 'Estatísticas' of /profile (docs/screens.md 'Profile', docs/data-model.md 'User statistics'), computed by the server;
 * 'Total gasto' is what the fan paid less what refunds paid back (docs/rules/money.md 'The figures').
 */
export function ProfileStats() {
  const { data: stats, isLoading, isError } = useUserStats();
  return (
    <section aria-labelledby="profile-stats-title">
      <h2 id="profile-stats-title" className="mb-3 text-lg font-bold">
        Estatísticas
      </h2>
      {isLoading ? (
        <div role="status" aria-label="Carregando estatísticas" className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : isError || !stats ? (
        <p className="rounded-2xl border border-border bg-card p-4 text-sm text-muted">Não foi possível carregar suas estatísticas.</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat icon={CalendarCheck} label="Eventos frequentados" value={String(stats.eventsAttended)} />
          <Stat
            icon={Wallet}
            label="Total gasto"
            value={formatCentavos(stats.totalSpentCentavos)}
            detail="Ingressos e taxas, já sem os reembolsos"
          />
          <Stat icon={Star} label="Avaliação média" value={formatRating(stats.averageRating)} />
        </dl>
      )}
    </section>
  );
}
