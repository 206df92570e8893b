import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { signInSchema, type SignInInput } from '../auth-schemas';
import { PasswordField } from './password-field';

interface SignInFormProps {
  defaultEmail?: string;
  isSubmitting: boolean;
  onSubmit(values: SignInInput): void;
}

export function SignInForm({ defaultEmail = '', isSubmitting, onSubmit }: SignInFormProps) {
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = formState;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div>
        <Label htmlFor="sign-in-email">E-mail</Label>
        <Input
          id="sign-in-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@email.com"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'sign-in-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="sign-in-email-error" message={errors.email?.message} />
      </div>
      <div>
        <Label htmlFor="sign-in-password">Senha</Label>
        <PasswordField
          id="sign-in-password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
          {...register('password')}
        />
        <FieldError id="sign-in-password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 aria-hidden className="size-5 animate-spin" /> : null}
        Entrar
      </Button>
    </form>
  );
}
