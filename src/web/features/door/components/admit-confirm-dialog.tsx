import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * 'Liberar entrada?' before a door admission by hand: who (`who`, in bold), what they hold
 * (`what`), an optional line to act on (`note`: a charge, the document to check) and the reminder
 * to check a photo ID. Open while `isOpen`; `onClose` on cancel, `onConfirm` on 'Liberar entrada'.
 */
export function AdmitConfirmDialog({
  isOpen,
  onClose,
  who,
  what,
  note,
  isPending,
  onConfirm,
}: {
  isOpen: boolean;
  onClose(): void;
  who?: ReactNode;
  what?: ReactNode;
  note?: ReactNode;
  isPending: boolean;
  onConfirm(): void;
}) {
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Liberar entrada?"
      description={
        isOpen ? (
          <>
            <strong className="text-fg">{who}</strong> · {what}
            {note ? <span className="mt-2 block font-semibold text-fg">{note}</span> : null}
            <span className="mt-2 block">Confira um documento com foto antes de liberar.</span>
          </>
        ) : undefined
      }
      confirmLabel="Liberar entrada"
      tone="primary"
      isPending={isPending}
      onConfirm={onConfirm}
    />
  );
}
