import { LockOpen, Pencil, TicketPercent, TicketX, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminCoupon } from '../../../../../shared/schemas/admin-content';
import { formatCentavos } from '../../../../../shared/money';
import { StatusPill } from '../../components/status-pill';
import { Button } from '../../../../components/ui/button';
import { errorMessageOf } from '../../../../lib/save-error';
import { cn } from '../../../../lib/cn';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { AdminListPage } from '../../components/admin-list-page';
import { useAdminCoupons } from '../api/list-coupons';
import { useSetCouponActive } from '../api/set-coupon-active';
import { useDeleteCoupon } from '../api/delete-coupon';
import { CouponFormDialog, type CouponFormDialogProps } from '../components/coupon-form-dialog';
import { StatusSwitch } from '../../components/status-switch';
import { couponState, couponStateLabel, formatDiscount, formatValidity } from '../lib/coupon-form';
import { useDeleteConfirm } from '../../lib/use-delete-confirm';
import { useFormDialog } from '../../lib/use-form-dialog';

function Uses({ coupon }: { coupon: AdminCoupon }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-semibold tabular-nums">
        {coupon.currentUses}/{coupon.maxUses ?? '∞'}
      </span>
      {coupon.heldUses > 0 ? (
        <span className="block text-xs text-muted">
          +{coupon.heldUses} {coupon.heldUses === 1 ? 'reservado' : 'reservados'}
        </span>
      ) : null}
    </span>
  );
}

function Validity({ coupon }: { coupon: AdminCoupon }) {
  const state = couponState(coupon, new Date());
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="md:whitespace-nowrap">{formatValidity(coupon)}</span>
      {state === 'expired' || state === 'scheduled' || state === 'exhausted' ? (
        <StatusPill tone={state === 'scheduled' ? 'neutral' : 'warning'}>{couponStateLabel[state]}</StatusPill>
      ) : null}
    </span>
  );
}

function Discount({ coupon }: { coupon: AdminCoupon }) {
  return (
    <span>
      <span className="font-semibold whitespace-nowrap">{formatDiscount(coupon)}</span>
      {coupon.minPurchaseCentavos ? (
        <span className="block text-xs whitespace-nowrap text-muted">Mínimo {formatCentavos(coupon.minPurchaseCentavos)}</span>
      ) : null}
    </span>
  );
}

/** The event a coupon is for and, for a pre-sale code, the sector it unlocks. */
function CouponEvent({ coupon }: { coupon: AdminCoupon }) {
  return (
    <span className="block min-w-0">
      <span className="block">{coupon.eventTitle ?? 'Todos os eventos'}</span>
      {coupon.unlocksSectorId ? (
        <span className="mt-0.5 inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:text-amber-300">
          <LockOpen aria-hidden className="size-3" />
          Libera {coupon.unlocksSectorName ?? 'setor de pré-venda'}
        </span>
      ) : null}
      {coupon.accessCodeFailures && coupon.accessCodeFailures.last7d > 0 ? <AccessCodeFailures counts={coupon.accessCodeFailures} /> : null}
    </span>
  );
}

/** How often codes typed on the event's page unlocked nothing: many in a day may be someone guessing. */
function AccessCodeFailures({ counts }: { counts: NonNullable<AdminCoupon['accessCodeFailures']> }) {
  const plural = (n: number) => (n === 1 ? '1 tentativa errada' : `${n} tentativas erradas`);
  return (
    <span className={cn('mt-1 block text-xs', counts.last24h >= 20 ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-muted')}>
      {plural(counts.last24h)} de código nas últimas 24 h · {counts.last7d} em 7 dias
    </span>
  );
}

/** /admin/coupons (docs/screens.md 'Admin area', docs/rules/sale.md 'Coupons'): list, create, edit, turn on/off and delete coupons. */
export function CouponsPage({ useEventDetail }: Pick<CouponFormDialogProps, 'useEventDetail'>) {
  const query = useAdminCoupons();
  const setActive = useSetCouponActive();
  const remove = useDeleteCoupon();
  const deletion = useDeleteConfirm<AdminCoupon, { outcome: string }>(remove, {
    onDeleted: ({ outcome }) => {
      if (outcome === 'deleted') toast.success('Cupom excluído com sucesso!');
      else toast.success('Cupom desativado', { description: 'Ele já foi usado em pedidos, então foi mantido no histórico.' });
    },
    failure: 'Erro ao excluir cupom',
  });
  const formDialog = useFormDialog<AdminCoupon>({ openFromAddress: true });

  function toggle(coupon: AdminCoupon, isActive: boolean) {
    setActive.mutate(
      { id: coupon.id, isActive },
      {
        onSuccess: () => toast.success(isActive ? `Cupom ${coupon.code} ativado` : `Cupom ${coupon.code} desativado`),
        onError: (error) => toast.error('Erro ao salvar cupom', { description: errorMessageOf(error) }),
      },
    );
  }

  // Icons only in the table (the names say which coupon); words too on the phone cards.
  const actions = (coupon: AdminCoupon, withText = false) => (
    <span className="inline-flex gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => formDialog.openEdit(coupon)}
        aria-label={`Editar cupom ${coupon.code}`}
        title="Editar"
        className={withText ? undefined : 'w-9 px-0'}
      >
        <Pencil aria-hidden className="size-4" />
        {withText ? 'Editar' : null}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => deletion.ask(coupon)}
        aria-label={`Excluir cupom ${coupon.code}`}
        title="Excluir"
        className={withText ? 'text-danger' : 'w-9 px-0 text-danger'}
      >
        <Trash2 aria-hidden className="size-4" />
        {withText ? 'Excluir' : null}
      </Button>
    </span>
  );

  const activeSwitch = (coupon: AdminCoupon) => (
    <StatusSwitch
      checked={coupon.isActive}
      onCheckedChange={(checked) => toggle(coupon, checked)}
      label={`Cupom ${coupon.code} ativo`}
      onText="Ativo"
      offText="Inativo"
      disabled={setActive.isPending && setActive.variables?.id === coupon.id}
    />
  );

  const columns: DataTableColumn<AdminCoupon>[] = [
    {
      key: 'code',
      header: 'Código',
      cell: (coupon) => (
        <span>
          <span className="block font-mono font-bold tracking-wide">{coupon.code}</span>
          {coupon.description ? <span className="block text-xs text-muted">{coupon.description}</span> : null}
        </span>
      ),
    },
    { key: 'discount', header: 'Desconto', cell: (coupon) => <Discount coupon={coupon} /> },
    { key: 'uses', header: 'Usos', cell: (coupon) => <Uses coupon={coupon} /> },
    { key: 'validity', header: 'Validade', cell: (coupon) => <Validity coupon={coupon} /> },
    { key: 'event', header: 'Evento', className: 'min-w-40', cell: (coupon) => <CouponEvent coupon={coupon} /> },
    { key: 'active', header: 'Ativo', cell: activeSwitch },
    { key: 'actions', header: 'Ações', className: 'text-right', cell: (coupon) => actions(coupon) },
  ];

  return (
    <>
      <AdminListPage
        header={{
          title: 'Cupons',
          description: 'Cupons de desconto para a compra de ingressos.',
        }}
        create={{ label: 'Novo cupom', onClick: formDialog.openCreate }}
        query={query}
        items={(data) => data.coupons}
        loadError="Erro ao carregar cupons"
        errorIcon={TicketX}
        skeleton={{ count: 5 }}
        empty={{
          icon: TicketPercent,
          title: 'Nenhum cupom cadastrado',
          description: 'Crie um cupom de porcentagem ou de valor fixo para um evento ou para todos.',
        }}
        counted={(count) => (count === 1 ? '1 cupom' : `${count} cupons`)}
      >
        {(items) => (
          <DataTable
            caption="Lista de cupons"
            columns={columns}
            rows={items}
            rowKey={(coupon) => coupon.id}
            renderCard={(coupon) => (
              <div className="space-y-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-mono text-lg font-bold tracking-wide">{coupon.code}</p>
                    {coupon.description ? <p className="text-sm text-muted">{coupon.description}</p> : null}
                  </div>
                  {activeSwitch(coupon)}
                </div>
                <dl className="grid grid-cols-2 gap-3 rounded-xl bg-surface p-3 text-sm">
                  <div>
                    <dt className="text-muted">Desconto</dt>
                    <dd>
                      <Discount coupon={coupon} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Usos</dt>
                    <dd>
                      <Uses coupon={coupon} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Validade</dt>
                    <dd>
                      <Validity coupon={coupon} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Evento</dt>
                    <dd>
                      <CouponEvent coupon={coupon} />
                    </dd>
                  </div>
                </dl>
                {actions(coupon, true)}
              </div>
            )}
          />
        )}
      </AdminListPage>

      <CouponFormDialog
        open={formDialog.isOpen}
        onOpenChange={formDialog.setOpen}
        coupon={formDialog.editing}
        useEventDetail={useEventDetail}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Tem certeza que deseja excluir este cupom?"
        description={
          deletion.deleting?.hasOrders
            ? `O cupom ${deletion.deleting.code} já foi usado em pedidos: ele será desativado e mantido no histórico, e esses pedidos continuam com o desconto.`
            : `O cupom ${deletion.deleting?.code ?? ''} será excluído. Esta ação não pode ser desfeita.`
        }
        confirmLabel={deletion.deleting?.hasOrders ? 'Desativar' : 'Excluir'}
      />
    </>
  );
}
