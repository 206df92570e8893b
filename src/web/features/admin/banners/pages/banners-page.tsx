import { ImageOff, Images, Link2 } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminBanner } from '../../../../../shared/schemas/admin-content';
import { StatusPill } from '../../components/status-pill';
import { errorMessageOf } from '../../../../lib/save-error';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { AdminListPage } from '../../components/admin-list-page';
import { StatusSwitch } from '../../components/status-switch';
import { RowActions } from '../../components/row-actions';
import { useAdminBanners } from '../api/list-banners';
import { useSetBannerActive } from '../api/set-banner-active';
import { useDeleteBanner } from '../api/delete-banner';
import { BannerFormDialog } from '../components/banner-form-dialog';
import { useDeleteConfirm } from '../../lib/use-delete-confirm';
import { useFormDialog } from '../../lib/use-form-dialog';

/** /admin/banners (docs/screens.md 'Admin area', docs/rules/content.md 'Banners'): list, create, edit, turn on/off and delete banners. */
export function BannersPage() {
  const query = useAdminBanners();
  const setActive = useSetBannerActive();
  const remove = useDeleteBanner();
  const deletion = useDeleteConfirm<AdminBanner, unknown>(remove, {
    onDeleted: () => toast.success('Banner excluído com sucesso!'),
    failure: 'Erro ao deletar banner',
  });
  const formDialog = useFormDialog<AdminBanner>();

  function toggle(banner: AdminBanner, active: boolean) {
    setActive.mutate(
      { id: banner.id, active },
      {
        onSuccess: () => toast.success(active ? 'Banner ativado' : 'Banner desativado'),
        onError: (error) => toast.error('Erro ao atualizar banner', { description: errorMessageOf(error) }),
      },
    );
  }

  return (
    <>
      <AdminListPage
        header={{
          title: 'Banners',
          description: 'Os banners ativos aparecem na página inicial.',
        }}
        create={{ label: 'Novo banner', onClick: formDialog.openCreate }}
        query={query}
        items={(data) => data.banners}
        loadError="Erro ao carregar banners"
        errorIcon={ImageOff}
        skeleton={{ count: 6, className: 'h-40' }}
        empty={{
          icon: Images,
          title: 'Nenhum banner cadastrado',
          description: 'Crie um banner com imagem, título e um link opcional para um evento.',
        }}
        counted={(count) => (count === 1 ? '1 banner' : `${count} banners`)}
      >
        {(items) => (
          <ul aria-label="Lista de banners" className="grid gap-4 md:grid-cols-2">
            {items.map((banner) => (
              <li key={banner.id} className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card">
                <img src={banner.imageUrl} alt="" loading="lazy" className="aspect-[16/7] w-full bg-surface object-cover" />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="text-lg leading-snug font-bold">{banner.title}</h2>
                    <StatusPill tone={banner.active ? 'success' : 'neutral'}>{banner.active ? 'Ativo' : 'Inativo'}</StatusPill>
                  </div>
                  <p className="line-clamp-2 text-sm text-muted">{banner.description}</p>
                  {banner.linkUrl ? (
                    <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted">
                      <Link2 aria-hidden className="size-4 shrink-0" />
                      <span className="sr-only">Link: </span>
                      <span className="truncate">{banner.linkUrl}</span>
                    </p>
                  ) : null}
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
                    <StatusSwitch
                      checked={banner.active}
                      onCheckedChange={(checked) => toggle(banner, checked)}
                      label={`Banner ${banner.title} ativo`}
                      onText="Ativo"
                      offText="Inativo"
                      disabled={setActive.isPending && setActive.variables?.id === banner.id}
                    />
                    <RowActions
                      subject={`o banner ${banner.title}`}
                      onEdit={() => formDialog.openEdit(banner)}
                      onDelete={() => deletion.ask(banner)}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminListPage>

      <BannerFormDialog open={formDialog.isOpen} onOpenChange={formDialog.setOpen} banner={formDialog.editing} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Tem certeza que deseja excluir este banner?"
        description={`“${deletion.deleting?.title ?? ''}” será excluído e sai da página inicial. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
      />
    </>
  );
}
