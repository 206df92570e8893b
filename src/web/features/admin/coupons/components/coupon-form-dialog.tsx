import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { discountTypeLabel, type AdminCoupon, type CouponInput } from '../../../../../shared/schemas/admin-content';
import type { AdminEventDetail } from '../../../../../shared/schemas/admin-events';
import { discountTypes, type DiscountType } from '../../../../../shared/statuses';
import { formatEventDateShort } from '../../../../../shared/dates';
import { Input } from '../../../../components/ui/input';
import { FormField } from '../../../../components/form-field';
import { ChoiceField, OnOffChoiceField, Select } from '../../components/form-field';
import { FormDialog } from '../../components/form-dialog';
import { MoneyField } from '../../components/money-field';
import { useCouponEvents } from '../api/list-coupon-events';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { couponFormFieldOf, couponFormSchema, couponToFormValues, emptyCouponForm, type CouponFormValues } from '../lib/coupon-form';

const discountTypeExample: Readonly<Record<DiscountType, string>> = {
  percentage: 'Ex.: 10% do valor dos ingressos',
  fixed: 'Ex.: R$ 20,00 de desconto',
};

export interface CouponFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The coupon to edit; null creates a new one. */
  coupon: AdminCoupon | null;
  /** An event's details (its sectors), loaded when `enabled`. */
  useEventDetail(eventId: string, enabled: boolean): { data?: AdminEventDetail; isPending: boolean };
}

/** Create or edit a coupon (docs/rules/sale.md 'Coupons'); the server's rules and messages decide. */
export function CouponFormDialog({ open, onOpenChange, coupon, useEventDetail }: CouponFormDialogProps) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const { data: eventOptions, isError: eventsFailed } = useCouponEvents(open);
  const form = useForm<CouponFormValues, unknown, CouponInput>({
    defaultValues: emptyCouponForm,
    resolver: zodResolver(couponFormSchema),
  });
  const { register, control, reset, setValue, formState } = form;
  const errors = formState.errors;
  const discountType = useWatch({ control, name: 'discountType' });
  const eventId = useWatch({ control, name: 'eventId' });
  const unlocksSectorId = useWatch({ control, name: 'unlocksSectorId' });
  // The chosen event's sectors, for 'Libera setor de pré-venda'.
  const { data: chosenEvent, isPending: sectorsPending } = useEventDetail(eventId, open && eventId !== '');
  const presaleSectors = chosenEvent?.sectors.filter((type) => type.hiddenWithoutCode || type.id === unlocksSectorId) ?? [];
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) reset(coupon ? couponToFormValues(coupon) : emptyCouponForm);
  }, [open, coupon, reset]);

  const taken = coupon ? coupon.currentUses + coupon.heldUses : 0;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? 'Editar cupom' : 'Novo cupom'}
      description="Campos com * são obrigatórios. As datas seguem o horário de Brasília."
      form={form}
      save={(input) => (coupon ? update.mutateAsync({ id: coupon.id, input }) : create.mutateAsync(input))}
      isPending={isPending}
      success={coupon ? 'Cupom atualizado com sucesso!' : 'Cupom criado com sucesso!'}
      failure="Erro ao salvar cupom"
      fieldOf={couponFormFieldOf}
      submitLabel={coupon ? 'Salvar alterações' : 'Criar cupom'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="coupon-code" label="Código" required error={errors.code?.message} hint="Letras e números; salvo em maiúsculas.">
          {(aria) => (
            <Input
              {...aria}
              {...register('code')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="uppercase"
              aria-required
            />
          )}
        </FormField>
        <FormField id="coupon-description" label="Descrição" error={errors.description?.message}>
          {(aria) => <Input {...aria} {...register('description')} placeholder="Ex.: Promoção de lançamento" />}
        </FormField>
      </div>

      <Controller
        control={control}
        name="discountType"
        render={({ field }) => (
          <ChoiceField
            name="coupon-discount-type"
            legend="Tipo de desconto *"
            value={field.value}
            onChange={(type) => {
              // '10' means 10 % or R$ 0,10: start the value over rather than read it the other way.
              if (type !== field.value) setValue('discountValue', '');
              field.onChange(type);
            }}
            options={discountTypes.map((type) => ({
              value: type,
              label: discountTypeLabel[type],
              description: discountTypeExample[type],
            }))}
          />
        )}
      />

      <div className="grid gap-4 sm:grid-cols-3">
        {discountType === 'percentage' ? (
          <FormField
            id="coupon-value"
            label="Desconto (%)"
            required={!unlocksSectorId}
            error={errors.discountValue?.message}
            hint={unlocksSectorId ? 'De 1 a 100. Em branco: sem desconto.' : 'De 1 a 100.'}
          >
            {(aria) => (
              <Input {...aria} {...register('discountValue')} inputMode="numeric" autoComplete="off" aria-required={!unlocksSectorId} />
            )}
          </FormField>
        ) : (
          <MoneyField
            control={control}
            name="discountValue"
            id="coupon-value"
            label="Desconto (R$)"
            required={!unlocksSectorId}
            error={errors.discountValue?.message}
            hint={unlocksSectorId ? 'Em branco: sem desconto.' : undefined}
          />
        )}
        <MoneyField
          control={control}
          name="minPurchase"
          id="coupon-min-purchase"
          label="Compra mínima (R$)"
          error={errors.minPurchase?.message}
          hint="Em branco: sem mínimo."
        />
        <FormField
          id="coupon-max-uses"
          label="Limite de usos"
          error={errors.maxUses?.message}
          hint={coupon ? `Em branco: ilimitado. Já usados ou reservados: ${taken}.` : 'Em branco: ilimitado.'}
        >
          {(aria) => <Input {...aria} {...register('maxUses')} inputMode="numeric" autoComplete="off" />}
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="coupon-valid-from" label="Válido a partir de" error={errors.validFrom?.message} hint="Desde o início do dia.">
          {(aria) => <Input {...aria} {...register('validFrom')} type="date" />}
        </FormField>
        <FormField id="coupon-valid-until" label="Válido até" error={errors.validUntil?.message} hint="Até o fim do dia.">
          {(aria) => <Input {...aria} {...register('validUntil')} type="date" />}
        </FormField>
      </div>

      <Controller
        control={control}
        name="eventId"
        render={({ field }) => (
          <FormField
            id="coupon-event"
            label="Evento"
            error={errors.eventId?.message}
            hint={eventsFailed ? 'Não foi possível carregar os eventos.' : undefined}
          >
            {(aria) => (
              // Controlled, so the chosen event survives the options arriving after the form opens.
              <Select
                {...aria}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event);
                  setValue('unlocksSectorId', '');
                }}
                onBlur={field.onBlur}
              >
                <option value="">Todos os eventos</option>
                {coupon?.eventId && !eventOptions?.events.some((e) => e.id === coupon.eventId) ? (
                  <option value={coupon.eventId}>{coupon.eventTitle ?? 'Evento atual'}</option>
                ) : null}
                {eventOptions?.events.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title} ({formatEventDateShort(event.date)})
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
      />

      {eventId ? (
        <Controller
          control={control}
          name="unlocksSectorId"
          render={({ field }) => (
            <FormField
              id="coupon-unlocks"
              label="Libera setor de pré-venda"
              error={errors.unlocksSectorId?.message}
              hint={
                sectorsPending
                  ? 'Carregando os setores do evento...'
                  : presaleSectors.length === 0
                    ? 'Este evento não tem setor de pré-venda. Ligue “Pré-venda” num setor, na página do evento.'
                    : 'Quem digitar este código vê o setor escondido na página do evento.'
              }
            >
              {(aria) => (
                // Controlled, so the saved sector survives the options arriving after the form opens.
                <Select {...aria} ref={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                  <option value="">Nenhum: só desconto</option>
                  {coupon?.unlocksSectorId &&
                  coupon.unlocksSectorId === field.value &&
                  !presaleSectors.some((type) => type.id === field.value) ? (
                    <option value={coupon.unlocksSectorId}>{coupon.unlocksSectorName ?? 'Setor atual'}</option>
                  ) : null}
                  {presaleSectors.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
        />
      ) : null}

      <OnOffChoiceField
        control={control}
        name="isActive"
        id="coupon-active"
        on={{ value: 'on', label: 'Ativo', description: 'Pode ser usado na compra' }}
        off={{ value: 'off', label: 'Inativo', description: 'Ninguém consegue usar' }}
      />
    </FormDialog>
  );
}
