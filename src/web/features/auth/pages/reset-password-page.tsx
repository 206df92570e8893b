import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FieldError, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { meQueryOptions } from '../../../lib/session';
import { useResetPassword } from '../api/password-reset';
import { resetPasswordSchema, type ResetPasswordInput } from '../auth-schemas';
import { AuthLogo } from '../components/auth-logo';
import { PasswordField } from '../components/password-field';

const INVALID_LINK = 'Este link para criar uma nova senha é inválido ou expirou.';

/**
 * /reset-password: where the e-mailed link lands (docs/rules/accounts-and-data.md 'Sign-up and sign-in': password
 * reset). With ?token=..., the person types the new password twice; with ?error=INVALID_TOKEN
 * (or no token) the link is refused and a new one can be asked for.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('error') ? null : params.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const { register, handleSubmit, formState } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = formState;

  async function submit(values: ResetPasswordInput) {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword: values.password });
      // Every session of the account was signed out, this browser's included.
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      toast.success('Senha alterada! Entre com a nova senha.');
      navigate('/auth', { replace: true });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado');
    }
  }

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <title>Criar nova senha - Next Level</title>
      <header className="mx-auto w-full max-w-md px-4 pt-6">
        <AuthLogo />
      </header>
      <main className="mx-auto w-full max-w-md px-4 pt-8 pb-12">
        <h1 className="text-3xl font-black tracking-tight">Criar nova senha</h1>
        <div className="mt-6 rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-6">
          {token ? (
            <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
              <p className="text-sm text-muted">Escolha uma senha com pelo menos 8 caracteres. Depois, entre com ela.</p>
              <div>
                <Label htmlFor="new-password">Nova senha</Label>
                <PasswordField
                  id="new-password"
                  autoComplete="new-password"
                  aria-invalid={Boolean(errors.password)}
                  aria-describedby={errors.password ? 'new-password-error' : undefined}
                  {...register('password')}
                />
                <FieldError id="new-password-error" message={errors.password?.message} />
              </div>
              <div>
                <Label htmlFor="confirm-password">Confirmar nova senha</Label>
                <PasswordField
                  id="confirm-password"
                  autoComplete="new-password"
                  aria-invalid={Boolean(errors.confirmPassword)}
                  aria-describedby={errors.confirmPassword ? 'confirm-password-error' : undefined}
                  {...register('confirmPassword')}
                />
                <FieldError id="confirm-password-error" message={errors.confirmPassword?.message} />
              </div>
              <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? <Loader2 aria-hidden className="size-5 animate-spin" /> : <KeyRound aria-hidden className="size-5" />}
                Salvar nova senha
              </Button>
            </form>
          ) : (
            <div role="alert" className="space-y-4">
              <p className="font-semibold">{INVALID_LINK}</p>
              <p className="text-sm text-muted">Peça um novo link em 'Esqueceu sua senha?' na tela de login.</p>
              <Button asChild size="lg" className="w-full">
                <Link to="/auth">Ir para o login</Link>
              </Button>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
