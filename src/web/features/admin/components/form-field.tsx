import { forwardRef, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Multi-line text input with the look of Input. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cn(
        'w-full rounded-xl border border-border bg-card px-3 py-2.5 text-base text-fg placeholder:text-muted aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
});

/** Native select (good on phones) with the look of Input; pass <option>s as children. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, children, ...props },
  ref,
) {
  return (
    <div className="relative">
      <select
        ref={ref}
        className={cn(
          'h-11 w-full appearance-none rounded-xl border border-border bg-card pr-10 pl-3 text-base text-fg aria-[invalid=true]:border-danger',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted" />
    </div>
  );
});

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  description?: string;
}

export interface ChoiceFieldProps<V extends string> {
  /** Base for the inputs' ids and their shared `name`. */
  name: string;
  legend: string;
  options: ChoiceOption<V>[];
  value: V;
  onChange(value: V): void;
  className?: string;
}

/**
 * Two or three exclusive choices shown as cards (radio buttons), e.g. 'Publicado' / 'Rascunho'
 * or 'Ativo' / 'Inativo'.
 */
export function ChoiceField<V extends string>({ name, legend, options, value, onChange, className }: ChoiceFieldProps<V>) {
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-1 block text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent',
                value === option.value ? 'border-accent bg-accent/10' : 'border-border bg-card hover:bg-surface',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="mt-1 size-4 accent-(--accent)"
              />
              <span className="min-w-0">
                <span className="block font-semibold">{option.label}</span>
                {option.description ? <span className="block text-sm text-muted">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export interface OnOffChoiceFieldProps<T extends FieldValues, TOutput> {
  control: Control<T, unknown, TOutput>;
  /** The form's boolean field. */
  name: FieldPathByValue<T, boolean>;
  /** Base for the inputs' ids, e.g. 'banner-active'. */
  id: string;
  /** The choice that sets the field true, e.g. { value: 'on', label: 'Ativo', description: 'Aparece na página inicial' }. */
  on: ChoiceOption<string>;
  /** The choice that sets it false. */
  off: ChoiceOption<string>;
}

/** A form's yes/no field (active or not, published or draft) as two ChoiceField cards under 'Situação'. */
export function OnOffChoiceField<T extends FieldValues, TOutput = T>({ control, name, id, on, off }: OnOffChoiceFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ChoiceField
          name={id}
          legend="Situação"
          value={field.value ? on.value : off.value}
          onChange={(value) => field.onChange(value === on.value)}
          options={[on, off]}
        />
      )}
    />
  );
}
