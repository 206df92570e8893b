import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Loader2, UserPlus } from 'lucide-react';
import { z } from 'zod';
import { formatCpf } from '../../../../shared/cpf';
import { addGuestEntrySchema } from '../../../../shared/schemas/guest-lists';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useAddGuestEntry } from '../api/add-guest-entry';

type FormValues = z.input<typeof addGuestEntrySchema>;

/** 'Nome na lista': the owner types a name (e-mail and CPF when known); the server's refusal shows under the form. */
export function AddGuestForm({ listId, disabled }: { listId: string; disabled: boolean }) {
  const add = useAddGuestEntry(listId);
  const form = useForm<FormValues, unknown, z.output<typeof addGuestEntrySchema>>({
    resolver: zodResolver(addGuestEntrySchema),
    defaultValues: { name: '', email: '', cpf: '' },
  });
  const { errors } = form.formState;
  const idOf = (field: string) => `guest-${listId}-${field}`;

  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (entry) => {
        toast.success(`${entry.name} está na lista`);
        form.reset();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[2fr_2fr_1.5fr_auto] sm:items-end" aria-label="Adicionar nome">
      <div>
        <Label htmlFor={idOf('name')}>Nome na lista</Label>
        <Input
          id={idOf('name')}
          {...form.register('name')}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${idOf('name')}-error` : undefined}
        />
        <FieldError id={`${idOf('name')}-error`} message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor={idOf('email')}>E-mail (opcional)</Label>
        <Input
          id={idOf('email')}
          type="email"
          inputMode="email"
          {...form.register('email')}
          autoComplete="off"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${idOf('email')}-error` : undefined}
        />
        <FieldError id={`${idOf('email')}-error`} message={errors.email?.message} />
      </div>
      <div>
        <Label htmlFor={idOf('cpf')}>CPF (opcional)</Label>
        <Input
          id={idOf('cpf')}
          inputMode="numeric"
          placeholder="000.000.000-00"
          {...form.register('cpf', {
            onChange: (e) => form.setValue('cpf', formatCpf(e.target.value), { shouldValidate: form.formState.isSubmitted }),
          })}
          autoComplete="off"
          aria-invalid={errors.cpf ? true : undefined}
          aria-describedby={errors.cpf ? `${idOf('cpf')}-error` : undefined}
        />
        <FieldError id={`${idOf('cpf')}-error`} message={errors.cpf?.message} />
      </div>
      <Button type="submit" disabled={disabled || add.isPending} className="w-full sm:w-auto">
        {add.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <UserPlus className="size-5" aria-hidden />}
        Adicionar
      </Button>
      {add.isError ? (
        <p className="text-sm font-semibold text-danger sm:col-span-4" role="alert">
          {add.error instanceof ApiError ? add.error.message : 'Não foi possível adicionar.'}
        </p>
      ) : null}
    </form>
  );
}
