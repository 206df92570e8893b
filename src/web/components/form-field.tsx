import type { ReactNode } from 'react';
import { FieldError, Label } from './ui/input';
import { cn } from '../lib/cn';

/** The aria attributes FormField hands to its control. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  id: string;
  label: string;
  /** The pt-BR message under the field, in red; the control is marked invalid. */
  error?: string;
  hint?: ReactNode;
  /** Shows ' *' after the label (the control should also get `required` or aria-required). */
  required?: boolean;
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/**
 * Label + control + hint + pt-BR error, wired by ids:
 * `<FormField id="title" label="Título" error={errors.title?.message}>{(p) => <Input {...p} {...register('title')} />}</FormField>`.
 */
export function FormField({ id, label, error, hint, required, className, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
