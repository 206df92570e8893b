import { useEffect, useState } from 'react';
import { Newspaper, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminNews } from '../../../../../shared/schemas/admin-content';
import { formatEventDateShort, saoPauloToday } from '../../../../../shared/dates';
import { StatusPill } from '../../coupons/components/status-pill';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ListSkeleton } from '../../components/list-skeleton';
import { PageHeader } from '../../components/page-header';
import { StatusSwitch } from '../../coupons/components/status-switch';
import { useAdminNews } from '../api/list-news';
import { useSetNewsPublished } from '../api/set-news-published';
import { useDeleteNews } from '../api/delete-news';
import { NewsFormDialog } from '../components/news-form-dialog';
import { useFormDialog } from '../../lib/use-form-dialog';

const errorMessageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado');

function NewsThumb({ item }: { item: AdminNews }) {
  return item.imageUrl ? (
    <img src={item.imageUrl} alt="" loading="lazy" className="aspect-[16/10] w-full rounded-xl bg-surface object-cover sm:w-40" />
  ) : (
    <span aria-hidden className="flex aspect-[16/10] w-full items-center justify-center rounded-xl bg-surface text-muted sm:w-40">
      <Newspaper className="size-8" />
    </span>
  );
}

/** /admin/news (SPEC.md sections 2, 5, 7, 8): list, create, edit, publish or draft, and delete news. */
export function NewsPage() {
  const { data, isPending, isError, refetch } = useAdminNews();
  const setPublished = useSetNewsPublished();
  const remove = useDeleteNews();
  const formDialog = useFormDialog<AdminNews>({ openFromAddress: true });
  const [deleting, setDeleting] = useState<AdminNews | null>(null);

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar notícias');
  }, [isError]);

  function togglePublished(item: AdminNews, published: boolean) {
    setPublished.mutate(
      { id: item.id, published },
      {
        onSuccess: () => toast.success(published ? 'Notícia publicada!' : 'Notícia voltou para rascunho'),
        onError: (error) => toast.error('Erro ao atualizar notícia', { description: errorMessageOf(error) }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Notícia excluída com sucesso!');
        setDeleting(null);
      },
      onError: (error) => toast.error('Erro ao deletar notícia', { description: errorMessageOf(error) }),
    });
  }

  const items = data?.news ?? [];

  return (
    <>
      <PageHeader
        title="Notícias"
        description="As notícias publicadas aparecem em 'Últimas notícias' na página inicial."
        actions={
          <Button onClick={formDialog.openCreate}>
            <Plus aria-hidden className="size-5" />
            Nova notícia
          </Button>
        }
      />
      {isPending ? (
        <ListSkeleton count={6} className="h-32" />
      ) : isError && !data ? (
        <EmptyState
          icon={Newspaper}
          title="Erro ao carregar notícias"
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title="Nenhuma notícia cadastrada"
          description="Escreva a primeira notícia; ela pode ficar como rascunho até você publicar."
          action={<Button onClick={formDialog.openCreate}>Nova notícia</Button>}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            {items.length === 1 ? '1 notícia' : `${items.length} notícias`}
          </p>
          <ul aria-label="Lista de notícias" className="space-y-3">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 sm:flex-row">
                <NewsThumb item={item} />
                <div className="min-w-0 flex-1 space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusPill tone="neutral">{item.category}</StatusPill>
                    <StatusPill tone={item.published ? 'success' : 'warning'}>{item.published ? 'Publicada' : 'Rascunho'}</StatusPill>
                    <span className="text-xs text-muted">{formatEventDateShort(saoPauloToday(new Date(item.createdAt)))}</span>
                  </div>
                  <h2 className="text-lg leading-snug font-bold">{item.title}</h2>
                  <p className="line-clamp-2 text-sm text-muted">{item.preview}</p>
                  <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
                    <StatusSwitch
                      checked={item.published}
                      onCheckedChange={(checked) => togglePublished(item, checked)}
                      label={`Publicar a notícia ${item.title}`}
                      onText="Publicada"
                      offText="Rascunho"
                      disabled={setPublished.isPending && setPublished.variables?.id === item.id}
                    />
                    <span className="inline-flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => formDialog.openEdit(item)}
                        aria-label={`Editar a notícia ${item.title}`}
                      >
                        <Pencil aria-hidden className="size-4" />
                        Editar
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-danger"
                        onClick={() => setDeleting(item)}
                        aria-label={`Excluir a notícia ${item.title}`}
                      >
                        <Trash2 aria-hidden className="size-4" />
                        Excluir
                      </Button>
                    </span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <NewsFormDialog open={formDialog.isOpen} onOpenChange={formDialog.setOpen} item={formDialog.editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Tem certeza que deseja excluir esta notícia?"
        description={`"${deleting?.title ?? ''}" será excluída e sai da página inicial. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
