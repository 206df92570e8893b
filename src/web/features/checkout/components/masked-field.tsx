import type { InputHTMLAttributes, ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import type { CheckoutFormValues } from '../lib/checkout-form';
import { FormField } from '../../../components/form-field';

type MaskedName = 'buyer.phone' | 'buyer.cpf' | 'card.cardNumber' | 'card.expiry' | `meia.${number}.cpf` | `meia.${number}.birthDate`;

/**
 * A checkout text field whose value is re-formatted as it is typed (phone, CPF, card number,
 * expiry, birth date): `format` receives the raw text and returns the masked one kept in the form.
 */
export function MaskedField({
  control,
  name,
  id,
  label,
  error,
  hint,
  format,
  inputProps,
}: {
  control: Control<CheckoutFormValues>;
  name: MaskedName;
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  format(text: string): string;
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name'>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={id} label={label} error={error} hint={hint}>
          {(aria) => (
            <Input
              {...aria}
              {...inputProps}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(format(e.target.value))}
              required
            />
          )}
        </FormField>
      )}
    />
  );
}
