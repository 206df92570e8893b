import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessageOf } from '../../../lib/save-error';

/**
 * The delete of a back-office list: `ask(item)` opens the ConfirmDialog (spread `dialog` on it);
 * confirming deletes the item, calls `onDeleted` and closes, or toasts `failure` with the server's message.
 */
export function useDeleteConfirm<T extends { id: string }, TResult>(
  remove: UseMutationResult<TResult, Error, string, unknown>,
  { onDeleted, failure }: { onDeleted(result: TResult): void; failure: string },
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    deleting,
    ask: setDeleting,
    dialog: {
      open: deleting !== null,
      onOpenChange: (open: boolean) => !open && setDeleting(null),
      isPending: remove.isPending,
      onConfirm() {
        if (!deleting) return;
        remove.mutate(deleting.id, {
          onSuccess: (result) => {
            onDeleted(result);
            setDeleting(null);
          },
          onError: (error) => toast.error(failure, { description: errorMessageOf(error) }),
        });
      },
    },
  };
}
