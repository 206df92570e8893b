import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api';
import { meQueryOptions, useSession } from '../../../lib/session';
import { useIsGoogleSignInEnabled } from '../api/get-public-config';
import { useSignIn } from '../api/sign-in';
import { useSignInWithSocial } from '../api/sign-in-social';
import { useSignUp } from '../api/sign-up';
import { safeRedirect, type SignInInput, type SignUpInput } from '../auth-schemas';
import { AuthLogo } from '../components/auth-logo';
import { GoogleButton } from '../components/google-button';
import { InstallAppNote } from '../components/install-app-note';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

type Mode = 'sign-in' | 'sign-up';

const confirmMessage = 'Verifique seu email para confirmar o cadastro';

function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado';
}

const tabClass =
  'h-10 flex-1 rounded-lg text-sm font-semibold text-muted transition data-[state=active]:bg-card data-[state=active]:text-fg data-[state=active]:shadow-sm data-[state=active]:ring-1 data-[state=active]:ring-border';

/** /auth (SPEC.md section 2 'Auth screen'): sign in or create an account, then back to `redirect`. */
export function AuthPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const social = useSignInWithSocial();
  const isGoogleEnabled = useIsGoogleSignInEnabled();

  if (user) return <Navigate to={destination ?? '/'} replace />;

  async function handleSignIn(values: SignInInput) {
    try {
      await signIn.mutateAsync({ ...values, callbackURL: redirect });
      setDestination(redirect);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function handleSignUp(values: SignUpInput) {
    try {
      await signUp.mutateAsync({ ...values, callbackURL: redirect });
      toast.success(confirmMessage);
      setConfirmEmail(values.email);
      setMode('sign-in');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  function handleGoogle() {
    social.mutate({ provider: 'google', callbackURL: redirect }, { onError: (error) => toast.error(errorMessage(error)) });
  }

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <title>{mode === 'sign-in' ? 'Entrar - Next Level' : 'Criar conta - Next Level'}</title>
      <header className="mx-auto w-full max-w-md px-4 pt-6">
        <AuthLogo />
      </header>
      <main className="mx-auto w-full max-w-md px-4 pt-8 pb-12">
        <h1 className="text-3xl font-black tracking-tight">{mode === 'sign-in' ? 'Acesse sua conta' : 'Crie sua conta'}</h1>
        <p className="mt-2 text-muted">
          {mode === 'sign-in'
            ? 'Entre para comprar ingressos e ver seus QR codes.'
            : 'Leva menos de um minuto. Depois é só confirmar pelo e-mail.'}
        </p>

        {confirmEmail ? (
          <div role="status" className="mt-6 flex gap-3 rounded-2xl border border-success/40 bg-success/10 p-4">
            <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <div>
              <p className="font-semibold">{confirmMessage}</p>
              <p className="mt-0.5 text-sm text-muted">{`Enviamos um link para ${confirmEmail}.`}</p>
            </div>
          </div>
        ) : null}

        <div className="mt-6 rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-6">
          <Tabs.Root value={mode} onValueChange={(value) => setMode(value as Mode)}>
            <Tabs.List aria-label="Entrar ou criar conta" className="flex gap-1 rounded-xl bg-surface p-1">
              <Tabs.Trigger value="sign-in" className={tabClass}>
                Entrar
              </Tabs.Trigger>
              <Tabs.Trigger value="sign-up" className={tabClass}>
                Criar conta
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sign-in" className="mt-6">
              <SignInForm defaultEmail={confirmEmail ?? ''} isSubmitting={signIn.isPending} onSubmit={handleSignIn} />
            </Tabs.Content>
            <Tabs.Content value="sign-up" className="mt-6">
              <SignUpForm isSubmitting={signUp.isPending} onSubmit={handleSignUp} />
            </Tabs.Content>
          </Tabs.Root>

          {isGoogleEnabled ? (
            <>
              <div className="my-5 flex items-center gap-3 text-xs font-semibold text-muted uppercase">
                <span aria-hidden className="h-px flex-1 bg-border" />
                ou
                <span aria-hidden className="h-px flex-1 bg-border" />
              </div>
              <GoogleButton isPending={social.isPending} onClick={handleGoogle} />
            </>
          ) : null}
        </div>

        <div className="mt-6">
          <InstallAppNote />
        </div>
      </main>
    </div>
  );
}
