import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../auth-schemas';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  isSubmitting: boolean;
  onSubmit(values: ForgotPasswordInput): void;
  onBack(): void;
}

/** 'Esqueceu sua senha?': the e-mail that gets the link to create a new password. */
export function ForgotPasswordForm({ defaultEmail = '', isSubmitting, onSubmit, onBack }: ForgotPasswordFormProps) {
  const { register, handleSubmit, formState } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors } = formState;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div>
        <h2 className="text-lg font-bold">Recuperar senha</h2>
        <p className="mt-1 text-sm text-muted">Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.</p>
      </div>
      <div>
        <Label htmlFor="forgot-email">E-mail</Label>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@email.com"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'forgot-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="forgot-email-error" message={errors.email?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 aria-hidden className="size-5 animate-spin" /> : null}
        Enviar link
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        Voltar para o login
      </Button>
    </form>
  );
}
