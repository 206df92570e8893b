import { useEffect, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, type EmptyStateProps } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { PageHeader, type PageHeaderProps } from './page-header';

export interface AdminQueryListProps<TData, TItem> {
  /** The list's query (TanStack Query's result). */
  query: { data: TData | undefined; isPending: boolean; isError: boolean; refetch(): unknown };
  items(data: TData): TItem[];
  /** What failed, as the toast and the placeholder say it: 'Erro ao carregar banners'. */
  loadError: string;
  errorIcon: LucideIcon;
  /** Placeholder rows while the list loads. */
  skeleton: { count: number; className?: string };
  /** Shown when the list is empty; without it an empty list is just drawn. */
  empty?: EmptyStateProps;
  /** The line above the list, e.g. '3 banners'. */
  counted?(count: number): string;
  children(items: TItem[]): ReactNode;
}

/**
 * A back-office list as its query stands: placeholder rows while loading, a toast and 'Tentar
 * novamente' when loading fails, the empty state, then the count and the list.
 */
export function AdminQueryList<TData, TItem>({
  query,
  items,
  loadError,
  errorIcon,
  skeleton,
  empty,
  counted,
  children,
}: AdminQueryListProps<TData, TItem>) {
  const { data, isPending, isError, refetch } = query;

  useEffect(() => {
    if (isError) toast.error(loadError);
  }, [isError, loadError]);

  if (isPending) return <ListSkeleton count={skeleton.count} className={skeleton.className} />;
  if (data === undefined) return <LoadError icon={errorIcon} title={loadError} onRetry={() => void refetch()} />;
  const list = items(data);
  if (empty && list.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      {counted ? (
        <p className="mb-3 text-sm text-muted" aria-live="polite">
          {counted(list.length)}
        </p>
      ) : null}
      {children(list)}
    </>
  );
}

export interface AdminListPageProps<TData, TItem> extends AdminQueryListProps<TData, TItem> {
  header: PageHeaderProps;
  /**
   * The page's create button, e.g. { label: 'Novo banner', onClick }: with a plus in the header
   * (after the header's own actions) and, plain, under the empty state.
   */
  create?: { label: string; onClick(): void };
}

/** A back-office list page: its header (and create button), then the list as its query stands (AdminQueryList). */
export function AdminListPage<TData, TItem>({ header, create, empty, ...list }: AdminListPageProps<TData, TItem>) {
  return (
    <>
      <PageHeader
        {...header}
        actions={
          create ? (
            <>
              {header.actions}
              <Button onClick={create.onClick}>
                <Plus aria-hidden className="size-5" />
                {create.label}
              </Button>
            </>
          ) : (
            header.actions
          )
        }
      />
      <AdminQueryList
        {...list}
        empty={create && empty ? { ...empty, action: <Button onClick={create.onClick}>{create.label}</Button> } : empty}
      />
    </>
  );
}
