import { useEffect, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, type EmptyStateProps } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { PageHeader, type PageHeaderProps } from './page-header';

export interface AdminListPageProps<TData, TItem> {
  header: PageHeaderProps;
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
 * A back-office list page: its header, placeholder rows while loading, a toast and 'Tentar
 * novamente' when loading fails, the empty state, then the count and the list.
 */
export function AdminListPage<TData, TItem>({
  header,
  query,
  items,
  loadError,
  errorIcon,
  skeleton,
  empty,
  counted,
  children,
}: AdminListPageProps<TData, TItem>) {
  const { data, isPending, isError, refetch } = query;

  useEffect(() => {
    if (isError) toast.error(loadError);
  }, [isError, loadError]);

  let body: ReactNode;
  if (isPending) body = <ListSkeleton count={skeleton.count} className={skeleton.className} />;
  else if (data === undefined) body = <LoadError icon={errorIcon} title={loadError} onRetry={() => void refetch()} />;
  else {
    const list = items(data);
    body =
      empty && list.length === 0 ? (
        <EmptyState {...empty} />
      ) : (
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

  return (
    <>
      <PageHeader {...header} />
      {body}
    </>
  );
}
