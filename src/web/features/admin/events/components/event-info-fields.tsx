import { useFormContext, useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import type { EventFormValues } from '../../../../../shared/schemas/admin-events';
import {
  accessibilityResourceLabel,
  accessibilityResources,
  ageRatingDescription,
  ageRatingLabel,
  ageRatings,
  isAgeRating,
  policyLines,
  suggestedPolicies,
} from '../../../../../shared/event-info';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { FormField } from '../../../../components/form-field';
import { Select, Textarea } from '../../components/form-field';

/**
 * What the sale page shows besides dates and prices (docs/rules/events.md 'What the sale page
 * shows'): the age rating ('Classificação indicativa', ECA art. 74) with whether younger people
 * enter accompanied, the venue's accessibility resources and contact, and the policy lines, one
 * per line, with quick adds for common ones ('Água potável gratuita').
 */
export function EventInfoFields() {
  const { control, register, formState, getValues, setValue } = useFormContext<EventFormValues>();
  const { errors } = formState;
  const rating = useWatch({ control, name: 'ageRating' });
  const policies = useWatch({ control, name: 'policies' }) ?? '';
  const hasAge = isAgeRating(rating) && rating !== 'L';
  const typed = policyLines(policies);

  function addPolicy(line: string) {
    const current = getValues('policies') ?? '';
    const next = current.trim() === '' ? line : `${current.replace(/\s+$/, '')}\n${line}`;
    setValue('policies', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  }

  return (
    <section aria-labelledby="secao-pagina-de-venda" className="rounded-2xl border border-border bg-card p-4 sm:p-6">
      <h2 id="secao-pagina-de-venda" className="mb-4 text-lg font-bold">
        Classificação, acessibilidade e políticas
      </h2>
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-3">
          <FormField
            id="ageRating"
            label="Classificação indicativa"
            error={errors.ageRating?.message}
            hint={isAgeRating(rating) ? ageRatingDescription(rating) : 'Opcional. Aparece no card, na página do evento e no ingresso.'}
          >
            {(aria) => (
              <Select {...aria} {...register('ageRating')}>
                <option value="">Não informada</option>
                {ageRatings.map((value) => (
                  <option key={value} value={value}>
                    {ageRatingLabel(value)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {hasAge ? (
            <label className="flex min-h-11 items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-accent" {...register('minorsAccompanied')} />
              <span>
                <span className="block font-medium">Menores acompanhados</span>
                <span className="block text-muted">
                  Menores de {rating} anos entram somente acompanhados dos pais ou responsável legal.
                </span>
              </span>
            </label>
          ) : null}
          {errors.minorsAccompanied?.message ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.minorsAccompanied.message}
            </p>
          ) : null}
        </div>

        <fieldset className="min-w-0 space-y-2 sm:row-span-2">
          <legend className="mb-1 block text-sm font-medium">Acessibilidade</legend>
          <p className="text-sm text-muted">Marque os recursos do local. Sem nenhum, a página do evento não mostra esta seção.</p>
          <div className="grid gap-1">
            {accessibilityResources.map((resource) => (
              <label key={resource} className="flex min-h-11 items-center gap-3 text-sm">
                <input type="checkbox" value={resource} className="size-5 shrink-0 accent-accent" {...register('accessibilityResources')} />
                <span className="min-w-0">{accessibilityResourceLabel[resource]}</span>
              </label>
            ))}
          </div>
          {errors.accessibilityResources?.message ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.accessibilityResources.message}
            </p>
          ) : null}
          <FormField
            id="accessibilityContact"
            label="Contato para acessibilidade"
            error={errors.accessibilityContact?.message}
            hint="Opcional. Telefone, WhatsApp ou e-mail para quem precisa de atendimento."
          >
            {(aria) => <Input {...aria} autoComplete="off" placeholder="Ex.: (47) 99999-0000" {...register('accessibilityContact')} />}
          </FormField>
        </fieldset>

        <div className="space-y-2">
          <FormField
            id="policies"
            label="Políticas do evento"
            error={errors.policies?.message}
            hint="Opcional. Uma por linha, ex.: Proibida a entrada com garrafas de vidro."
          >
            {(aria) => <Textarea {...aria} rows={4} {...register('policies')} />}
          </FormField>
          <div className="flex flex-wrap gap-2">
            {suggestedPolicies
              .filter((line) => !typed.includes(line))
              .map((line) => (
                <Button key={line} type="button" variant="outline" onClick={() => addPolicy(line)}>
                  <Plus aria-hidden className="size-4" />
                  {line}
                </Button>
              ))}
          </div>
        </div>
      </div>
    </section>
  );
}
