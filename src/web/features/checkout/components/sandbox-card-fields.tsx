import type { UseFormReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { formatCardNumber, formatExpiry } from '../lib/card';
import type { CheckoutFormValues } from '../lib/checkout-form';
import { FormField } from '../../../components/form-field';
import { MaskedField } from './masked-field';

/**
 * The sandbox's test card form (number, name, validity, CVV), sent to POST
 * /api/orders/:id/card-payment as a provider's test mode takes it. With Stripe the card is typed
 * into Stripe's own frame instead (StripeCardSection) and never reaches our server.
 */
export function SandboxCardFields({ form }: { form: UseFormReturn<CheckoutFormValues> }) {
  const { control, register, formState } = form;
  const cardErrors = formState.errors.card;
  return (
    <>
      <MaskedField
        control={control}
        name="card.cardNumber"
        id="card-number"
        label="Número do cartão"
        error={cardErrors?.cardNumber?.message}
        hint="Modo de teste: use 4242 4242 4242 4242"
        format={formatCardNumber}
        inputProps={{
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          placeholder: '0000 0000 0000 0000',
          className: 'font-mono tracking-wider',
        }}
      />
      <FormField id="card-holder" label="Nome impresso no cartão" error={cardErrors?.holderName?.message}>
        {(aria) => (
          <Input
            {...aria}
            {...register('card.holderName')}
            autoComplete="cc-name"
            autoCapitalize="characters"
            className="uppercase"
            required
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <MaskedField
          control={control}
          name="card.expiry"
          id="card-expiry"
          label="Validade"
          error={cardErrors?.expiry?.message}
          format={formatExpiry}
          inputProps={{ inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/AA' }}
        />
        <FormField id="card-cvc" label="CVV" error={cardErrors?.cvc?.message}>
          {(aria) => (
            <Input {...aria} {...register('card.cvc')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="123" required />
          )}
        </FormField>
      </div>
    </>
  );
}
