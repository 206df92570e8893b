import { useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  cityChoices,
  categoryLabel,
  eventCategories,
  eventFormSchema,
  formFieldOfServerField,
  toEventInput,
  type EventFormOutput,
  type EventFormValues,
  type EventInputBody,
} from '../../../../../shared/schemas/admin-events';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api';
import { FormField } from '../../../../components/form-field';
import { ChoiceField, Select, Textarea } from '../../components/form-field';
import { FormImageField } from '../../components/image-upload-field';
import type { SavedSectorInfo } from '../lib/event-form-values';
import { EventInfoFields } from './event-info-fields';
import { SaleRulesFields } from './sale-rules-fields';
import { SectorFields } from './sector-fields';

const OTHER_CITY = '__outra__';
const INVALID_TOAST = 'Por favor, corrija os erros destacados em vermelho';

export interface EventFormProps {
  defaultValues: EventFormValues;
  submitLabel: string;
  /** Saves; a rejection with an ApiError carrying details.field marks that field. */
  onSubmit(input: EventInputBody): Promise<void>;
  /** Edit form: sales per saved sector id. */
  savedSectors?: Record<string, SavedSectorInfo>;
  /** Edit form: the event has sales, so the service fee is read-only. */
  isFeeLocked?: boolean;
  onRemoveSavedSector?(sectorId: string): Promise<void>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `secao-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-4 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** The create / edit event form (docs/rules/events.md 'Creating and editing events'): same rules and messages as the server. */
export function EventForm({ defaultValues, submitLabel, onSubmit, savedSectors, isFeeLocked, onRemoveSavedSector }: EventFormProps) {
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    defaultValues,
    resolver: zodResolver(eventFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  const city = useWatch({ control, name: 'city' }) ?? '';
  const [isOtherCity, setOtherCity] = useState(() => city !== '' && !(cityChoices as readonly string[]).includes(city));

  async function submit(values: EventFormOutput) {
    try {
      await onSubmit(toEventInput(values));
    } catch (error) {
      const field = error instanceof ApiError ? formFieldOfServerField(error.details.field) : null;
      if (field) setError(field as FieldPath<EventFormValues>, { message: (error as ApiError).message }, { shouldFocus: true });
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(submit, () => toast.error(INVALID_TOAST))} className="space-y-6">
        <Section title="Informações do evento">
          <FormField id="title" label="Título do evento" required error={errors.title?.message} className="sm:col-span-2">
            {(aria) => <Input {...aria} aria-required autoComplete="off" {...register('title')} />}
          </FormField>
          <FormField id="category" label="Marca" required error={errors.category?.message}>
            {(aria) => (
              <Select {...aria} aria-required {...register('category')}>
                <option value="">Selecione a marca</option>
                {eventCategories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabel(category)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <Controller
            control={control}
            name="isPublished"
            render={({ field }) => (
              <ChoiceField
                name="isPublished"
                legend="Visibilidade"
                value={field.value === false ? 'draft' : 'published'}
                onChange={(value) => field.onChange(value === 'published')}
                options={[
                  { value: 'draft', label: 'Rascunho', description: 'Só a equipe vê' },
                  { value: 'published', label: 'Publicado', description: 'Aparece no site e vende' },
                ]}
              />
            )}
          />
          <FormField id="description" label="Descrição" error={errors.description?.message} className="sm:col-span-2">
            {(aria) => <Textarea {...aria} rows={5} placeholder="Conte o que vai acontecer no evento" {...register('description')} />}
          </FormField>
          <FormImageField
            control={control}
            name="imageUrl"
            id="imageUrl"
            label="Imagem do evento"
            folder="events"
            error={errors.imageUrl?.message}
            className="sm:col-span-2"
          />
        </Section>

        <Section title="Data e horário">
          <FormField id="date" label="Data do evento" required error={errors.date?.message} className="sm:col-span-2">
            {(aria) => <Input {...aria} aria-required type="date" className="sm:max-w-xs" {...register('date')} />}
          </FormField>
          <FormField id="startTime" label="Horário de início" required error={errors.startTime?.message}>
            {(aria) => <Input {...aria} aria-required type="time" {...register('startTime')} />}
          </FormField>
          <FormField
            id="endTime"
            label="Horário de término"
            error={errors.endTime?.message}
            hint="Opcional. Igual ou antes do início = termina no dia seguinte; sem término, o evento dura 6 horas."
          >
            {(aria) => <Input {...aria} type="time" {...register('endTime')} />}
          </FormField>
        </Section>

        <Section title="Local">
          <FormField id="location" label="Local do evento" required error={errors.location?.message} className="sm:col-span-2">
            {(aria) => <Input {...aria} aria-required placeholder="Ex.: Audio Club" autoComplete="off" {...register('location')} />}
          </FormField>
          <FormField id="fullAddress" label="Endereço completo" error={errors.fullAddress?.message} className="sm:col-span-2">
            {(aria) => <Input {...aria} placeholder="Rua, número, bairro" autoComplete="off" {...register('fullAddress')} />}
          </FormField>
          <FormField id="city-choice" label="Cidade" error={isOtherCity ? undefined : errors.city?.message}>
            {(aria) => (
              <Select
                {...aria}
                value={isOtherCity ? OTHER_CITY : city}
                onChange={(event) => {
                  const choice = event.target.value;
                  setOtherCity(choice === OTHER_CITY);
                  setValue('city', choice === OTHER_CITY ? '' : choice, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                }}
              >
                <option value="">Selecione a cidade</option>
                {cityChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
                <option value={OTHER_CITY}>Outra cidade</option>
              </Select>
            )}
          </FormField>
          {isOtherCity ? (
            <FormField id="city" label="Nome da cidade" error={errors.city?.message}>
              {(aria) => <Input {...aria} autoComplete="address-level2" {...register('city')} />}
            </FormField>
          ) : null}
          <FormField
            id="capacity"
            label="Capacidade"
            error={errors.capacity?.message}
            hint="Opcional. Em branco = sem limite."
            className={isOtherCity ? 'sm:col-span-2' : undefined}
          >
            {(aria) => <Input {...aria} inputMode="numeric" autoComplete="off" placeholder="Sem limite" {...register('capacity')} />}
          </FormField>
        </Section>

        <EventInfoFields />

        <SectorFields saved={savedSectors} onRemoveSaved={onRemoveSavedSector} />

        <SaleRulesFields isFeeLocked={isFeeLocked} />

        <div className="sticky bottom-0 z-10 -mx-4 flex gap-2 border-t border-border bg-card/95 px-4 py-3 backdrop-blur sm:mx-0 sm:justify-end sm:rounded-2xl sm:border">
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <Link to="/admin/events">Cancelar</Link>
          </Button>
          <Button type="submit" disabled={isSubmitting} className="flex-[2] sm:flex-none">
            {isSubmitting ? <Loader2 aria-hidden className="size-5 animate-spin" /> : null}
            {isSubmitting ? 'Salvando...' : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
