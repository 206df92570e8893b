import type { InputHTMLAttributes } from 'react';
import { formatCpf } from '../../../../shared/cpf';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';

/** A labelled text field of the holder and transfer forms, with its pt-BR error wired by id. */
export function PersonField({
  id,
  label,
  error,
  hint,
  ...inputProps
}: { id: string; label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The pt-BR message of each field a zod parse refused (first issue per field). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A CPF field ('000.000.000-00', numeric keyboard) that hands back what was typed already masked. */
export function CpfField({
  onValueChange,
  ...props
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onValueChange(masked: string): void;
}) {
  return (
    <PersonField {...props} inputMode="numeric" placeholder="000.000.000-00" onChange={(e) => onValueChange(formatCpf(e.target.value))} />
  );
}

/** The server's refusal as a form error: on its field where the answer names one (`details.field`), else on the whole form. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const field = error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : 'form';
  return { [field]: error instanceof Error ? error.message : 'Ocorreu um erro inesperado' };
}

/** The end of a holder or transfer form: the form's own error, announced, and its full-width submit button. */
export function PersonFormSubmit({
  formError,
  isPending,
  label,
  pendingLabel,
}: {
  formError?: string;
  isPending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {formError ? (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? pendingLabel : label}
      </Button>
    </>
  );
}
