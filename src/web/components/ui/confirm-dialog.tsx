import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Loader2 } from 'lucide-react';
import { Button } from './button';
import { useSingleFlight } from '../../lib/use-single-flight';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The question, e.g. 'Tem certeza que deseja excluir este cupom?'. */
  title: string;
  /** A sentence or two under the title (rendered inside a paragraph: text only). */
  description?: ReactNode;
  /** What exactly will happen, as blocks (a list of tickets, a summary of sums), between the description and the buttons. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for deletions (red button), 'primary' otherwise. */
  tone?: 'danger' | 'primary';
  /** While true the confirm button shows a spinner and both buttons are disabled. */
  isPending?: boolean;
  /**
   * Runs on confirm; the dialog stays open until the caller closes it (e.g. after the request).
   * When it returns a promise, taps on confirm are ignored until it settles (one request per double tap).
   */
  onConfirm(): unknown;
}

/** A yes/no question before a destructive action (Radix AlertDialog: focus trapped, Esc cancels). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  tone = 'danger',
  isPending = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const confirming = useSingleFlight();
  const isBusy = isPending || confirming.isRunning;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isBusy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-5 text-fg shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
          )}
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={isBusy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={tone === 'danger' ? 'danger' : 'primary'}
              disabled={isBusy}
              onClick={(event) => {
                event.preventDefault();
                void confirming.run(onConfirm);
              }}
            >
              {isBusy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
