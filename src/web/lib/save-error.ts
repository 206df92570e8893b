import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from './api';

/**
 * Shows why a form could not be saved: a toast titled `title` (e.g. 'Erro ao criar banner') with
 * the server's pt-BR message, and the same message under the field the server named
 * (`details.field`), focused, when `fieldOf` maps it to a field of this form.
 */
/** The server's pt-BR message of a failed request, or a generic one for anything else. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado';
}

export function reportSaveError<T extends FieldValues>(
  error: unknown,
  title: string,
  setError: UseFormSetError<T>,
  fieldOf: (serverField: unknown) => FieldPath<T> | null,
): void {
  const message = errorMessageOf(error);
  toast.error(title, { description: message });
  const field = error instanceof ApiError ? fieldOf(error.details.field) : null;
  if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
}

/** A `fieldOf` for forms whose fields carry the server's names: any key of `emptyForm`. */
export function sameNameFieldOf<T extends FieldValues>(emptyForm: T) {
  return (serverField: unknown): FieldPath<T> | null =>
    typeof serverField === 'string' && serverField in emptyForm ? (serverField as FieldPath<T>) : null;
}
