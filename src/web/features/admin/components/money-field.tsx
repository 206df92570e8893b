import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { MoneyInput } from './money-input';

export interface MoneyFieldProps<T extends FieldValues, N extends FieldPathByValue<T, string | null | undefined>, TOutput = T> {
  /** The form's control (react-hook-form): the field is a controlled MoneyInput. */
  control: Control<T, unknown, TOutput>;
  /** The form value holding the amount as shown, '1.234,56' ('' or absent: blank). */
  name: N;
  id: string;
  label: string;
  /** The pt-BR message under the field. */
  error?: string;
  hint?: ReactNode;
  /** Shows ' *' after the label and marks the input aria-required (false: aria-required="false"). */
  required?: boolean;
  readOnly?: boolean;
}

/**
 * A reais amount of a back-office form: label, the 'R$' input whose digits fill from the right
 * (MoneyInput), hint and error, wired to the form value `name` (the text typed; the form's schema
 * turns it into integer centavos).
 */
export function MoneyField<T extends FieldValues, N extends FieldPathByValue<T, string | null | undefined>, TOutput = T>({
  control,
  name,
  id,
  label,
  error,
  hint,
  required,
  readOnly,
}: MoneyFieldProps<T, N, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={id} label={label} required={required} error={error} hint={hint}>
          {(aria) => (
            <MoneyInput
              {...aria}
              ref={field.ref}
              name={field.name}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              readOnly={readOnly}
              aria-required={required}
            />
          )}
        </FormField>
      )}
    />
  );
}
