import { AlertDialog } from 'radix-ui';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useSignOut } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';

/**
 * 'Tem certeza?' before deleting the account for good (docs/screens.md 'Legal and data pages';
 * docs/rules/accounts-and-data.md 'Deleting an account': it really deletes). On success: home, signed out, 'Conta excluída'.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const deleteAccount = useDeleteAccount();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const isPending = deleteAccount.isPending;

  async function confirm() {
    try {
      await deleteAccount.mutateAsync();
    } catch (error) {
      toast.error('Não foi possível excluir a conta', {
        description: error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado',
      });
      return;
    }
    onOpenChange(false);
    // Leave the signed-in page first, so its guard does not send us to /auth: the home page is
    // loaded on demand, so the sign-out waits until the home page is rendered (flushSync: not in a
    // transition that would still show the guarded page when the session turns null).
    await navigate('/', { replace: true, flushSync: true });
    await signOut();
    toast.success('Conta excluída', { description: 'Seus dados foram removidos.' });
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-5 text-fg shadow-xl">
          <AlertDialog.Title className="text-xl font-bold">Tem certeza?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-muted">
              <p>
                Esta ação não pode ser desfeita. Sua conta, seu perfil, seus favoritos, suas notificações e suas configurações serão
                apagados para sempre, e você sairá de todos os aparelhos.
              </p>
              <p>
                Seus pedidos ficam guardados sem seus dados pessoais, apenas com valores e datas, como exige a legislação fiscal. Ingressos
                de eventos futuros deixam de aparecer para você.
              </p>
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={isPending}>
                Cancelar
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={isPending}
              onClick={(event) => {
                event.preventDefault();
                void confirm();
              }}
            >
              {isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              Sim, excluir conta
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
