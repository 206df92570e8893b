import type { UseFormReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { formatCpf } from '../../../../shared/cpf';
import { formatPhone } from '../../../../shared/phone';
import type { CheckoutFormValues } from '../lib/checkout-form';
import { FormField } from '../../../components/form-field';
import { MaskedField } from './masked-field';

/** Buyer data of docs/rules/sale.md 'Checkout': all required, phone and CPF masked as typed. */
export function BuyerFields({ form }: { form: UseFormReturn<CheckoutFormValues> }) {
  const { register, control, formState } = form;
  const errors = formState.errors.buyer;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-bold">Dados do comprador</legend>
      <FormField id="buyer-name" label="Nome completo" error={errors?.name?.message}>
        {(aria) => <Input {...aria} {...register('buyer.name')} autoComplete="name" required />}
      </FormField>
      <FormField id="buyer-email" label="E-mail" error={errors?.email?.message}>
        {(aria) => <Input {...aria} {...register('buyer.email')} type="email" autoComplete="email" inputMode="email" required />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <MaskedField
          control={control}
          name="buyer.phone"
          id="buyer-phone"
          label="Telefone"
          error={errors?.phone?.message}
          format={formatPhone}
          inputProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', placeholder: '(11) 99999-9999' }}
        />
        <MaskedField
          control={control}
          name="buyer.cpf"
          id="buyer-cpf"
          label="CPF"
          error={errors?.cpf?.message}
          format={formatCpf}
          inputProps={{ inputMode: 'numeric', autoComplete: 'off', placeholder: '000.000.000-00' }}
        />
      </div>
    </fieldset>
  );
}
