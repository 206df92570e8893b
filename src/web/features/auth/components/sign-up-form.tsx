import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { MIN_PASSWORD_LENGTH, signUpSchema, type SignUpInput } from '../auth-schemas';
import { PasswordField } from './password-field';
import { TermsLinks } from './terms-links';

interface SignUpFormProps {
  /** The e-mail the form starts with (an invitation's or a transfer's). */
  defaultEmail?: string;
  isSubmitting: boolean;
  onSubmit(values: SignUpInput): void;
}

export function SignUpForm({ defaultEmail = '', isSubmitting, onSubmit }: SignUpFormProps) {
  const { register, handleSubmit, formState } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: defaultEmail, password: '', acceptTerms: false },
  });
  const { errors } = formState;
  const passwordHintId = 'sign-up-password-hint';
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div>
        <Label htmlFor="sign-up-name">Nome completo</Label>
        <Input
          id="sign-up-name"
          autoComplete="name"
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? 'sign-up-name-error' : undefined}
          {...register('name')}
        />
        <FieldError id="sign-up-name-error" message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor="sign-up-email">E-mail</Label>
        <Input
          id="sign-up-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@email.com"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'sign-up-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="sign-up-email-error" message={errors.email?.message} />
      </div>
      <div>
        <Label htmlFor="sign-up-password">Senha</Label>
        <PasswordField
          id="sign-up-password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'sign-up-password-error' : passwordHintId}
          {...register('password')}
        />
        {errors.password ? (
          <FieldError id="sign-up-password-error" message={errors.password.message} />
        ) : (
          <p id={passwordHintId} className="mt-1 text-sm text-muted">
            {`Mínimo de ${MIN_PASSWORD_LENGTH} caracteres.`}
          </p>
        )}
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="sign-up-accept-terms"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-accent"
            aria-invalid={Boolean(errors.acceptTerms)}
            aria-describedby={errors.acceptTerms ? 'sign-up-accept-terms-error' : undefined}
            {...register('acceptTerms')}
          />
          <label htmlFor="sign-up-accept-terms" className="text-sm">
            Li e aceito <TermsLinks />
          </label>
        </div>
        <FieldError id="sign-up-accept-terms-error" message={errors.acceptTerms?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 aria-hidden className="size-5 animate-spin" /> : null}
        Criar conta
      </Button>
    </form>
  );
}
