import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Bordero, BorderoSettings } from '../../../../../shared/schemas/bordero';
import { Button } from '../../../../components/ui/button';
import { FieldError, Input } from '../../../../components/ui/input';
import { reportSaveError } from '../../../../lib/save-error';
import { FormField } from '../../../../components/form-field';
import { ChoiceField, Textarea } from '../../components/form-field';
import { useSaveBorderoSettings } from '../api/save-bordero-settings';
import { borderoFormSchema, borderoFormValues, type BorderoFormValues } from '../lib/bordero-form';

const SAVE_ERROR = 'Não foi possível salvar o borderô';

/** Maps the server's field ('coProducers.0.name', 'ecadBasisPoints') to the form's. */
function fieldOf(field: unknown) {
  if (field === 'ecadBasisPoints' || field === 'setList' || field === 'coProducers') return field;
  const match = typeof field === 'string' ? /^coProducers\.(\d+)\.(name|shareBasisPoints)$/.exec(field) : null;
  if (!match) return null;
  return `coProducers.${Number(match[1])}.${match[2] === 'name' ? 'name' : 'percent'}` as const;
}

/**
 * What the organizer chooses on the borderô: the ECAD rate (10 % live music, 15 % recorded), the
 * set list sent with the ECAD report, and the co-producers with their share of the net in percent
 * (the rest is the organizer's).
 */
export function BorderoSettingsForm({ bordero }: { bordero: Bordero }) {
  const save = useSaveBorderoSettings();
  const { control, register, handleSubmit, reset, setError, formState } = useForm<BorderoFormValues, unknown, BorderoSettings>({
    defaultValues: borderoFormValues(bordero),
    resolver: zodResolver(borderoFormSchema),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'coProducers' });
  const { errors } = formState;
  const listError = errors.coProducers?.root?.message ?? errors.coProducers?.message;

  async function submit(settings: BorderoSettings) {
    try {
      const saved = await save.mutateAsync({ eventId: bordero.event.id, settings });
      reset(borderoFormValues(saved));
      toast.success('Borderô salvo');
    } catch (error) {
      reportSaveError(error, SAVE_ERROR, setError, fieldOf);
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      aria-labelledby="bordero-ajustes"
      aria-busy={save.isPending}
      className="space-y-5 rounded-2xl border border-border bg-card p-4 sm:p-6"
    >
      <h2 id="bordero-ajustes" className="text-lg font-bold">
        ECAD e coprodutores
      </h2>
      <Controller
        control={control}
        name="ecadBasisPoints"
        render={({ field }) => (
          <ChoiceField
            name="ecad"
            legend="Alíquota do ECAD"
            value={field.value}
            onChange={field.onChange}
            options={[
              { value: '1000', label: '10%', description: 'Música ao vivo' },
              { value: '1500', label: '15%', description: 'Música mecânica (DJ, som gravado)' },
            ]}
          />
        )}
      />
      <FormField
        id="bordero-set-list"
        label="Repertório (set list)"
        error={errors.setList?.message}
        hint="Uma música ou set por linha; vai junto com a estimativa do ECAD no PDF."
      >
        {(aria) => <Textarea {...aria} rows={5} {...register('setList')} />}
      </FormField>
      <fieldset className="space-y-3">
        <legend className="mb-1 block text-sm font-medium">Coprodutores</legend>
        <p className="text-sm text-muted">Cada um recebe a sua parte do líquido; o restante fica com o organizador.</p>
        {fields.map((field, index) => (
          <div key={field.id} className="grid grid-cols-[minmax(0,1fr)_6.5rem_auto] items-start gap-2">
            <FormField
              id={`co-producer-${index}-name`}
              label={`Nome do coprodutor ${index + 1}`}
              error={errors.coProducers?.[index]?.name?.message}
            >
              {(aria) => <Input {...aria} autoComplete="off" {...register(`coProducers.${index}.name`)} />}
            </FormField>
            <FormField id={`co-producer-${index}-percent`} label="Parte (%)" error={errors.coProducers?.[index]?.percent?.message}>
              {(aria) => (
                <Input {...aria} inputMode="decimal" autoComplete="off" placeholder="25" {...register(`coProducers.${index}.percent`)} />
              )}
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-6"
              onClick={() => remove(index)}
              aria-label={`Remover coprodutor ${index + 1}`}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </div>
        ))}
        <FieldError id="co-producers-error" message={listError} />
        <Button type="button" variant="outline" size="sm" onClick={() => append({ name: '', percent: '' })}>
          <Plus aria-hidden className="size-4" />
          Adicionar coprodutor
        </Button>
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Salvando...' : 'Salvar'}
      </Button>
    </form>
  );
}
