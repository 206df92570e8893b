import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { reportSaveError } from '../../../lib/save-error';

export interface FormDialogProps<TValues extends FieldValues, TInput> {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** The react-hook-form form whose fields are the children. */
  form: UseFormReturn<TValues, unknown, TInput>;
  /** Sends the valid input; a rejection is shown under `failure` and under the field the server named. */
  save(input: TInput): Promise<unknown>;
  isPending: boolean;
  /** The toast after saving, e.g. 'Banner criado com sucesso!'. */
  success: string;
  /** The toast's title when the form is invalid or the save fails, e.g. 'Erro ao criar banner'. */
  failure: string;
  /** The server's `details.field` as a field of this form, or null. */
  fieldOf(serverField: unknown): FieldPath<TValues> | null;
  /** The submit button's text when not saving, e.g. 'Criar banner' or 'Salvar alterações'. */
  submitLabel: string;
  children: ReactNode;
}

/**
 * The back office's create / edit dialog: the form, 'Cancelar' and the submit button ('Salvando...'
 * while it saves); the dialog stays open while saving, closes with a success toast, and a refusal
 * becomes a toast and the message under its field.
 */
export function FormDialog<TValues extends FieldValues, TInput>({
  open,
  onOpenChange,
  title,
  description = 'Campos com * são obrigatórios.',
  form,
  save,
  isPending,
  success,
  failure,
  fieldOf,
  submitLabel,
  children,
}: FormDialogProps<TValues, TInput>) {
  async function submit(input: TInput) {
    try {
      await save(input);
      toast.success(success);
      onOpenChange(false);
    } catch (error) {
      reportSaveError(error, failure, form.setError, fieldOf);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isPending && onOpenChange(next)}
      title={title}
      description={description}
      className="sm:max-w-2xl"
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(submit, () =>
          toast.error(failure, { description: 'Por favor, corrija os erros destacados em vermelho' }),
        )}
        className="space-y-5"
        aria-busy={isPending}
      >
        {children}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? (
              <>
                <Loader2 aria-hidden className="size-4 animate-spin" /> Salvando...
              </>
            ) : (
              submitLabel
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
