import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { CircleAlert, MailCheck, ShoppingCart } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api';
import { meQueryOptions, useSession } from '../../../lib/session';
import { isResumePurchasePath } from '../../../lib/pending-purchase';
import { useSocialProviders } from '../api/get-public-config';
import { useSignIn } from '../api/sign-in';
import { useSignInWithSocial, type SocialProvider } from '../api/sign-in-social';
import { useSignUp } from '../api/sign-up';
import { useRequestPasswordReset } from '../api/password-reset';
import { safeRedirect, type ForgotPasswordInput, type SignInInput, type SignUpInput } from '../auth-schemas';
import { AuthLogo } from '../components/auth-logo';
import { InstallAppNote } from '../components/install-app-note';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { SocialButtons } from '../components/social-buttons';
import { useSingleFlight } from '../../../lib/use-single-flight';

type Mode = 'sign-in' | 'sign-up' | 'forgot-password';

const resetSentMessage = 'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha.';

const titles: Record<Mode, { tab: string; heading: string; lead: string }> = {
  'sign-in': { tab: 'Entrar', heading: 'Acesse sua conta', lead: 'Entre para comprar ingressos e ver seus QR codes.' },
  'sign-up': {
    tab: 'Criar conta',
    heading: 'Crie sua conta',
    lead: 'Leva menos de um minuto, e você já pode comprar. O e-mail você confirma depois.',
  },
  'forgot-password': { tab: 'Recuperar senha', heading: 'Esqueceu sua senha?', lead: 'Acontece. Em dois minutos você cria uma nova.' },
};

/** Why a Google, Facebook or Apple sign-in came back to /auth (better-auth's `?error=` codes). */
function socialErrorMessage(code: string): string {
  if (code === 'account_not_linked') {
    return 'Já existe uma conta com este e-mail. Entre com sua senha: depois de confirmar seu e-mail, você também pode entrar por aqui.';
  }
  if (code === 'access_denied') return 'A entrada foi cancelada. Tente de novo quando quiser.';
  return 'Não foi possível entrar desta forma. Tente de novo ou use seu e-mail e senha.';
}

function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado';
}

const tabClass =
  'h-10 flex-1 rounded-lg text-sm font-semibold text-muted transition data-[state=active]:bg-card data-[state=active]:text-fg data-[state=active]:shadow-sm data-[state=active]:ring-1 data-[state=active]:ring-border';

/** /auth (docs/screens.md 'Auth screen'): sign in or create an account, then back to `redirect`. */
export function AuthPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  // Sent here by 'Comprar': the chosen tickets wait on the event page (lib/pending-purchase.ts).
  const isBuying = isResumePurchasePath(redirect);
  const queryClient = useQueryClient();
  const { user, roles } = useSession();
  // Links that know who is coming (a staff invitation, a ticket transfer) give the e-mail, and
  // 'cadastro=1' when it is a new account: the form opens filled in.
  const invitedEmail = (params.get('email') ?? '').trim().slice(0, 254);
  const [mode, setMode] = useState<Mode>(params.get('cadastro') === '1' ? 'sign-up' : 'sign-in');
  const [resetEmail, setResetEmail] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const signingUp = useSingleFlight();
  const requestReset = useRequestPasswordReset();
  const social = useSignInWithSocial();
  const socialProviders = useSocialProviders();
  const socialError = params.get('error');

  // Door staff (not admins) land on the door screen unless they were going somewhere else.
  const isDoorStaff = roles.includes('validator') && !roles.includes('admin');
  const landing = isDoorStaff && !params.get('redirect') ? '/validator' : (destination ?? '/');
  if (user) return <Navigate to={landing} replace />;

  async function handleSignIn(values: SignInInput) {
    try {
      await signIn.mutateAsync({ ...values, callbackURL: redirect });
      setDestination(redirect);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  // One account per tap: a second tap while the first is sent does nothing, so 'Conta criada!' never
  // sits beside the 'already registered' of the repeat (useSingleFlight, one toast id).
  function handleSignUp(values: SignUpInput) {
    return signingUp.run(async () => {
      try {
        // The account is signed in at once; the confirmation link leads back to `redirect` too.
        await signUp.mutateAsync({ ...values, callbackURL: redirect });
        toast.success('Conta criada! Enviamos um link para confirmar seu e-mail.', { id: 'sign-up' });
        setDestination(redirect);
        await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      } catch (error) {
        toast.error(errorMessage(error), { id: 'sign-up' });
      }
    });
  }

  async function handleForgotPassword(values: ForgotPasswordInput) {
    try {
      await requestReset.mutateAsync(values.email);
      setResetEmail(values.email);
      setMode('sign-in');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  // Back from the provider: signed in at `redirect` (a chosen purchase opens again there), or here with ?error=.
  function handleSocial(provider: SocialProvider) {
    social.mutate(
      { provider, callbackURL: redirect, errorCallbackURL: `/auth?redirect=${encodeURIComponent(redirect)}` },
      { onError: (error) => toast.error(errorMessage(error)) },
    );
  }

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <title>{`${titles[mode].tab} - Next Level`}</title>
      <header className="mx-auto w-full max-w-md px-4 pt-6">
        <AuthLogo />
      </header>
      <main className="mx-auto w-full max-w-md px-4 pt-8 pb-12">
        <h1 className="text-3xl font-black tracking-tight">{titles[mode].heading}</h1>
        <p className="mt-2 text-muted">{titles[mode].lead}</p>

        {isBuying && mode !== 'forgot-password' ? (
          <div role="status" className="mt-6 flex gap-3 rounded-2xl border border-accent/30 bg-accent/10 p-4">
            <ShoppingCart aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <p className="text-sm">
              <span className="block font-semibold">Você precisa estar logado para comprar ingressos.</span>
              <span className="font-semibold">Seus ingressos escolhidos estão guardados.</span>{' '}
              <span className="text-muted">Entre ou crie sua conta e a compra continua de onde parou.</span>
            </p>
          </div>
        ) : null}
        {socialError && mode !== 'forgot-password' ? (
          <div role="alert" className="mt-6 flex gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
            <p className="text-sm font-semibold">{socialErrorMessage(socialError)}</p>
          </div>
        ) : null}
        {resetEmail && mode === 'sign-in' ? (
          <div role="status" className="mt-6 flex gap-3 rounded-2xl border border-success/40 bg-success/10 p-4">
            <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <div>
              <p className="font-semibold">{resetSentMessage}</p>
              <p className="mt-0.5 text-sm text-muted">{`Confira a caixa de entrada de ${resetEmail}. O link vale por 1 hora.`}</p>
            </div>
          </div>
        ) : null}

        <div className="mt-6 rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-6">
          {mode === 'forgot-password' ? (
            <ForgotPasswordForm
              defaultEmail={resetEmail ?? ''}
              isSubmitting={requestReset.isPending}
              onSubmit={handleForgotPassword}
              onBack={() => setMode('sign-in')}
            />
          ) : (
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
                <SignInForm defaultEmail={resetEmail ?? invitedEmail} isSubmitting={signIn.isPending} onSubmit={handleSignIn} />
                <button
                  type="button"
                  onClick={() => setMode('forgot-password')}
                  className="mt-4 w-full rounded-lg py-1 text-center text-sm font-semibold text-accent hover:underline"
                >
                  Esqueceu sua senha?
                </button>
              </Tabs.Content>
              <Tabs.Content value="sign-up" className="mt-6">
                <SignUpForm defaultEmail={invitedEmail} isSubmitting={signUp.isPending || signingUp.isRunning} onSubmit={handleSignUp} />
              </Tabs.Content>
            </Tabs.Root>
          )}

          {socialProviders.length > 0 && mode !== 'forgot-password' ? (
            <>
              <div className="my-5 flex items-center gap-3 text-xs font-semibold text-muted uppercase">
                <span aria-hidden className="h-px flex-1 bg-border" />
                ou
                <span aria-hidden className="h-px flex-1 bg-border" />
              </div>
              <SocialButtons
                available={socialProviders}
                pendingProvider={social.isPending ? social.variables.provider : null}
                onSelect={handleSocial}
              />
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
