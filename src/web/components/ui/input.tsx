import { forwardRef, type InputHTMLAttributes, type LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { keepEmailTogether } from '../keep-email-together';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return (
    <input
      ref={ref}
      className={cn(
        'h-11 w-full rounded-xl border border-border bg-card px-3 text-base text-fg placeholder:text-muted aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
});

/** A field's label; 'e-mail' in it never breaks across lines. */
export function Label({ className, children, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    <label className={cn('mb-1 block text-sm font-medium', className)} {...props}>
      {keepEmailTogether(children)}
    </label>
  );
}

/** The pt-BR message under a form field; link it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger" role="alert">
      {message}
    </p>
  );
}
