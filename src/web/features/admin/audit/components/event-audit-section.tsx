import { Link } from 'react-router';
import { ArrowRight, History } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { LoadError } from '../../../../components/load-error';
import { useAuditList } from '../api/list-audit';
import { auditPath } from '../lib/audit-filters';
import { AuditEntryList } from './audit-entry-list';

/** How many of an event's latest entries its page shows. */
const LATEST = 5;

/** The 'Histórico' section of an event's page: its latest entries and 'Ver histórico completo'. */
export function EventAuditSection({ eventId }: { eventId: string }) {
  const filters = { eventId };
  const { data, isPending, isError, refetch } = useAuditList(filters, LATEST);
  const entries = data?.pages[0]?.entries ?? [];
  return (
    <section aria-labelledby="event-audit-title" className="mb-6 rounded-2xl border border-border bg-card p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="event-audit-title" className="flex items-center gap-2 text-lg font-bold">
          <History aria-hidden className="size-5 text-muted" />
          Histórico
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={auditPath(filters)}>
            Ver histórico completo
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </Button>
      </div>
      {isPending ? (
        <ListSkeleton count={3} className="h-16" />
      ) : isError && !data ? (
        <LoadError compact icon={History} title="Erro ao carregar o histórico" onRetry={() => void refetch()} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">Nada registrado neste evento ainda.</p>
      ) : (
        <AuditEntryList entries={entries} filters={filters} label="Últimas ações do evento" />
      )}
    </section>
  );
}
