import { Newspaper } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminNews } from '../../../../../shared/schemas/admin-content';
import { formatEventDateShort, saoPauloToday } from '../../../../../shared/dates';
import { StatusPill } from '../../components/status-pill';
import { errorMessageOf } from '../../../../lib/save-error';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { AdminListPage } from '../../components/admin-list-page';
import { StatusSwitch } from '../../components/status-switch';
import { RowActions } from '../../components/row-actions';
import { useAdminNews } from '../api/list-news';
import { useSetNewsPublished } from '../api/set-news-published';
import { useDeleteNews } from '../api/delete-news';
import { NewsFormDialog } from '../components/news-form-dialog';
import { useDeleteConfirm } from '../../lib/use-delete-confirm';
import { useFormDialog } from '../../lib/use-form-dialog';

function NewsThumb({ item }: { item: AdminNews }) {
  return item.imageUrl ? (
    <img src={item.imageUrl} alt="" loading="lazy" className="aspect-[16/10] w-full rounded-xl bg-surface object-cover sm:w-40" />
  ) : (
    <span aria-hidden className="flex aspect-[16/10] w-full items-center justify-center rounded-xl bg-surface text-muted sm:w-40">
      <Newspaper className="size-8" />
    </span>
  );
}

/** /admin/news (docs/screens.md 'Admin area', docs/rules/content.md 'News'): list, create, edit, publish or draft, and delete news. */
export function NewsPage() {
  const query = useAdminNews();
  const setPublished = useSetNewsPublished();
  const remove = useDeleteNews();
  const deletion = useDeleteConfirm<AdminNews, unknown>(remove, {
    onDeleted: () => toast.success('Notícia excluída com sucesso!'),
    failure: 'Erro ao deletar notícia',
  });
  const formDialog = useFormDialog<AdminNews>({ openFromAddress: true });

  function togglePublished(item: AdminNews, published: boolean) {
    setPublished.mutate(
      { id: item.id, published },
      {
        onSuccess: () => toast.success(published ? 'Notícia publicada!' : 'Notícia voltou para rascunho'),
        onError: (error) => toast.error('Erro ao atualizar notícia', { description: errorMessageOf(error) }),
      },
    );
  }

  return (
    <>
      <AdminListPage
        header={{
          title: 'Notícias',
          description: "As notícias publicadas aparecem em 'Últimas notícias' na página inicial.",
        }}
        create={{ label: 'Nova notícia', onClick: formDialog.openCreate }}
        query={query}
        items={(data) => data.news}
        loadError="Erro ao carregar notícias"
        errorIcon={Newspaper}
        skeleton={{ count: 6, className: 'h-32' }}
        empty={{
          icon: Newspaper,
          title: 'Nenhuma notícia cadastrada',
          description: 'Escreva a primeira notícia; ela pode ficar como rascunho até você publicar.',
        }}
        counted={(count) => (count === 1 ? '1 notícia' : `${count} notícias`)}
      >
        {(items) => (
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
                    <RowActions
                      subject={`a notícia ${item.title}`}
                      onEdit={() => formDialog.openEdit(item)}
                      onDelete={() => deletion.ask(item)}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminListPage>

      <NewsFormDialog open={formDialog.isOpen} onOpenChange={formDialog.setOpen} item={formDialog.editing} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Tem certeza que deseja excluir esta notícia?"
        description={`“${deletion.deleting?.title ?? ''}” será excluída e sai da página inicial. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
      />
    </>
  );
}
