import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Download, History, Loader2, SearchX } from 'lucide-react';
import { toast } from 'sonner';
import type { AuditList } from '../../../../../shared/schemas/admin-audit';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/empty-state';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { LoadError } from '../../../../components/load-error';
import { DownloadButton } from '../../components/download-button';
import { PageHeader } from '../../components/page-header';
import { auditCsvUrl, useAuditList } from '../api/list-audit';
import { AuditEntryList } from '../components/audit-entry-list';
import { AuditFiltersBar } from '../components/audit-filters-bar';
import { readAuditFilters, searchOf, type AuditFilters } from '../lib/audit-filters';

/** The page's subject: the event, the order or the person it is filtered to, and where 'Voltar' leads. */
function headingOf(filters: AuditFilters, context: AuditList['context'] | undefined) {
  if (filters.eventId) {
    return {
      description: context?.event?.title ?? 'Evento',
      back: { to: `/admin/events/${filters.eventId}/edit`, label: 'Voltar para o evento' },
      title: 'Histórico do evento',
    };
  }
  if (filters.orderId) {
    const order = context?.order;
    return {
      description: order ? `${order.buyerName} · ${order.eventTitle}` : undefined,
      back: { to: '/admin/refunds', label: 'Voltar para reembolsos' },
      title: `Histórico do pedido #${filters.orderId.slice(0, 8)}`,
    };
  }
  if (filters.personId) {
    const person = context?.person;
    return {
      description: person
        ? `${person.name} · ${person.email} · o que fez e o que foi feito com a conta`
        : 'O que fez e o que foi feito com a conta',
      back: { to: '/admin/staff', label: 'Voltar para a equipe' },
      title: person ? `Histórico de ${person.name}` : 'Histórico da pessoa',
    };
  }
  return {
    description: 'Tudo o que foi feito no painel, na bilheteria, na portaria e com o dinheiro.',
    back: undefined,
    title: 'Histórico',
  };
}

/**
 * /admin/audit ('Histórico', docs/screens.md 'Histórico'): the audit trail newest first, filtered
 * by the event, order or person in the address and by 'Ação', 'Quem', 'De' and 'Até'; 'Carregar
 * mais' and 'Baixar CSV'.
 */
export function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readAuditFilters(searchParams), [searchParams]);
  const query = useAuditList(filters);
  const { data, isPending, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetching } = query;

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar o histórico');
  }, [isError]);

  // From the address as it is now (two quick changes never undo each other); a period never ends
  // before it starts: the other end is dropped.
  const changeFilters = useCallback(
    (change: Partial<AuditFilters>, { keepScopeOnly = false } = {}) =>
      setSearchParams(
        (current) => {
          const now = readAuditFilters(current);
          if (keepScopeOnly) return searchOf({ eventId: now.eventId, orderId: now.orderId, personId: now.personId });
          const next = { ...now, ...change };
          if (next.from && next.to && next.from > next.to) {
            if ('from' in change) next.to = undefined;
            else next.from = undefined;
          }
          return searchOf(next);
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const first = data?.pages[0];
  const entries = data?.pages.flatMap((page) => page.entries) ?? [];
  const heading = headingOf(filters, first?.context);
  const isNarrowed = Boolean(filters.action || filters.actorId || filters.from || filters.to);

  return (
    <>
      <PageHeader
        title={heading.title}
        documentTitle={`${heading.title} - Painel Admin`}
        description={heading.description}
        back={heading.back}
        actions={
          entries.length > 0 ? (
            <DownloadButton href={auditCsvUrl(filters)} icon={Download}>
              Baixar CSV
            </DownloadButton>
          ) : null
        }
      />
      <AuditFiltersBar
        filters={filters}
        actors={first?.actors ?? []}
        onChange={(change) => changeFilters(change)}
        onClear={() => changeFilters({}, { keepScopeOnly: true })}
      />
      {isPending ? (
        <ListSkeleton count={6} className="h-20" />
      ) : isError && !data ? (
        <LoadError icon={History} title="Erro ao carregar o histórico" onRetry={() => void refetch()} />
      ) : entries.length === 0 ? (
        isNarrowed ? (
          <EmptyState icon={SearchX} title="Nada encontrado" description="Nenhum registro com esses filtros." />
        ) : (
          <EmptyState icon={History} title="Nada registrado ainda" description="As ações aparecem aqui assim que alguém as fizer." />
        )
      ) : (
        <div aria-busy={isFetching}>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            {hasNextPage
              ? `Os ${entries.length} registros mais recentes`
              : entries.length === 1
                ? '1 registro'
                : `${entries.length} registros`}
          </p>
          <AuditEntryList entries={entries} filters={filters} label={heading.title} />
          {hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button type="button" variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                Carregar mais
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
