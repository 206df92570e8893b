import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { meQueryOptions, useSession } from '../../../lib/session';
import { useSendVerificationEmail } from '../api/send-verification-email';

/**
 * 'Confirme seu e-mail': a new account buys at once and confirms its address afterwards; until then
 * every page of the app asks for it, with a button that sends the link again. The link is usually
 * opened in another tab, so the account is asked again whenever this page comes back into view.
 */
export function ConfirmEmailBanner() {
  const { user } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const send = useSendVerificationEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isUnconfirmed = user !== null && !user.emailVerified;

  useEffect(() => {
    if (!isUnconfirmed) return;
    const check = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [isUnconfirmed, queryClient]);

  if (!user || user.emailVerified) return null;
  const email = user.email;

  function resend() {
    send.mutate(
      { email, callbackURL: location.pathname + location.search },
      {
        onSuccess: () => {
          setSentTo(email);
          toast.success(`Enviamos um novo link para ${email}.`);
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Não foi possível enviar o link. Tente novamente.'),
      },
    );
  }

  return (
    <section
      aria-labelledby="confirm-email-title"
      className="mb-5 flex items-start gap-3 rounded-2xl border border-amber-500/40 bg-amber-500/10 p-3 pl-4 sm:items-center"
    >
      <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700 sm:mt-0 dark:text-amber-300" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <h2 id="confirm-email-title" className="text-sm font-bold">
            Confirme seu e-mail
          </h2>
          <p className="text-sm text-muted [overflow-wrap:anywhere]">
            {sentTo ? `Enviamos um novo link para ${email}.` : `Abra o link que enviamos para ${email}.`}
          </p>
        </div>
        <Button variant="outline" size="sm" className="shrink-0 bg-card" disabled={send.isPending} onClick={resend}>
          {send.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          Reenviar link
        </Button>
      </div>
    </section>
  );
}
