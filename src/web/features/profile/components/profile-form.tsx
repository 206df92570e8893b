import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { formatPhone } from '../../../../shared/phone';
import { updateProfileSchema, type MyProfile, type UpdateProfileData } from '../../../../shared/schemas/profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarUploader } from './avatar-uploader';

const fields = ['fullName', 'phone', 'avatarUrl'] as const;

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * /profile/edit's form (docs/screens.md 'Profile edit'): picture, 'Nome completo', 'E-mail'
 * (read-only), 'Telefone', 'URL do Avatar'; 'Salvar alterações' goes to /profile on success.
 */
export function ProfileForm({ profile }: { profile: MyProfile }) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const form = useForm({
    defaultValues: { fullName: profile.fullName, phone: profile.phone ?? '', avatarUrl: profile.avatarUrl ?? '' },
    resolver: zodResolver(updateProfileSchema),
  });
  const { register, handleSubmit, formState, setError, setValue, control, watch } = form;
  const errors = formState.errors;

  async function onValid(values: UpdateProfileData) {
    try {
      await updateProfile.mutateAsync(values);
      toast.success('Perfil atualizado', { description: 'Suas informações foram salvas com sucesso.' });
      navigate('/profile');
    } catch (error) {
      toast.error('Erro ao atualizar perfil', { description: 'Não foi possível salvar as alterações.' });
      const field = error instanceof ApiError ? error.details.field : undefined;
      const match = fields.find((f) => f === field);
      if (match && error instanceof ApiError) setError(match, { type: 'server', message: error.message });
    }
  }

  const isSubmitting = formState.isSubmitting;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={isSubmitting} className="space-y-6">
      <div className="rounded-3xl border border-border bg-card p-5 sm:p-6">
        <AvatarUploader
          name={watch('fullName') || profile.email}
          avatarUrl={watch('avatarUrl') || null}
          onUploaded={(url) => setValue('avatarUrl', url, { shouldDirty: false })}
        />
      </div>

      <div className="space-y-5 rounded-3xl border border-border bg-card p-5 sm:p-6">
        <Field id="profile-full-name" label="Nome completo" error={errors.fullName?.message}>
          {(aria) => <Input {...aria} autoComplete="name" maxLength={120} {...register('fullName')} />}
        </Field>
        <Field id="profile-email" label="E-mail" hint="O e-mail não pode ser alterado">
          {(aria) => <Input {...aria} type="email" value={profile.email} readOnly className="bg-surface text-muted" />}
        </Field>
        <Field id="profile-phone" label="Telefone" error={errors.phone?.message}>
          {(aria) => (
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <Input
                  {...aria}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="(11) 99999-9999"
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(formatPhone(event.target.value))}
                />
              )}
            />
          )}
        </Field>
        <Field id="profile-avatar-url" label="URL do avatar" error={errors.avatarUrl?.message} hint="Ou envie uma foto acima.">
          {(aria) => <Input {...aria} type="url" inputMode="url" placeholder="https://" {...register('avatarUrl')} />}
        </Field>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" size="lg" onClick={() => navigate('/profile')} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-52">
          {isSubmitting ? <Loader2 aria-hidden className="size-5 animate-spin" /> : null}
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
