import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { CalendarDays, Gift, Loader2, MapPin } from 'lucide-react';
import { describeEventStart } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { useTransfer } from '../api/get-transfer';
import { AcceptTransferForm } from '../components/accept-transfer-form';

/**
 * /transfer/:token 'Aceitar ingresso' (docs/rules/transfers.md 'Transfers'): the page of the link
 * e-mailed to a transfer's recipient. Anyone with the link sees the event, the ticket and who
 * sent it; to accept, the recipient signs in or creates an account with the e-mail it was sent
 * to (/auth?redirect= brings them back here, the confirmation link included), then 'Aceitar
 * ingresso' gives them the ticket, in their name, with a new QR code.
 */
export function AcceptTransferPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, isLoading: isSessionLoading } = useSession();
  const { data: transfer, isLoading, isError, error } = useTransfer(token);
  const here = `/transfer/${encodeURIComponent(token)}`;

  return (
    <div className="mx-auto w-full max-w-lg">
      <title>Aceitar ingresso - Next Level</title>
      <h1 className="text-3xl font-extrabold tracking-tight">Aceitar ingresso</h1>
      <div className="mt-6">
        {isLoading || isSessionLoading ? (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Loader2 className="size-5 animate-spin" aria-hidden /> Carregando...
          </p>
        ) : isError || !transfer ? (
          <div role="alert" className="rounded-3xl border border-border bg-card p-6">
            <p className="font-semibold">{error?.message ?? 'Transferência não encontrada.'}</p>
            <p className="mt-1 text-sm text-muted">Confira se o link está completo ou peça um novo a quem enviou o ingresso.</p>
          </div>
        ) : (
          <article className="rounded-3xl border border-border bg-card p-5">
            <div className="flex items-start gap-3">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent" aria-hidden>
                <Gift className="size-6" />
              </span>
              <div className="min-w-0">
                <h2 className="text-xl leading-snug font-bold">{transfer.event.title}</h2>
                <p>{transfer.sectorName}</p>
                <p className="mt-1 text-sm">
                  {transfer.fromName} transferiu este ingresso para {transfer.toName}.
                </p>
              </div>
            </div>
            <ul className="mt-4 space-y-1.5 text-sm text-muted">
              <li className="flex items-start gap-2">
                <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{describeEventStart(transfer.event.date, transfer.event.startTime).text}</span>
              </li>
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{transfer.event.location}</span>
              </li>
            </ul>

            <div className="mt-5 border-t border-border pt-5">
              {transfer.status === 'accepted' ? (
                <div role="status">
                  <p className="font-semibold">Esta transferência já foi aceita.</p>
                  <Button asChild className="mt-3 w-full">
                    <Link to="/tickets">Ver meus ingressos</Link>
                  </Button>
                </div>
              ) : transfer.status === 'cancelled' ? (
                <p role="status" className="font-semibold">
                  Esta transferência foi cancelada por quem enviou o ingresso.
                </p>
              ) : !user ? (
                <div>
                  <p className="text-sm">
                    Para aceitar, entre ou crie sua conta com o e-mail <strong className="break-all">{transfer.toEmail}</strong>.
                  </p>
                  <Button asChild className="mt-3 w-full">
                    <Link to={`/auth?redirect=${encodeURIComponent(here)}&email=${encodeURIComponent(transfer.toEmail)}`}>
                      Entrar para aceitar
                    </Link>
                  </Button>
                  <Button asChild variant="outline" className="mt-2 w-full">
                    <Link to={`/auth?redirect=${encodeURIComponent(here)}&email=${encodeURIComponent(transfer.toEmail)}&cadastro=1`}>
                      Criar conta com este e-mail
                    </Link>
                  </Button>
                </div>
              ) : user.email.toLowerCase() !== transfer.toEmail.toLowerCase() ? (
                <div role="alert">
                  <p className="text-sm">
                    Você está conectado como <strong className="break-all">{user.email}</strong>, mas este ingresso foi enviado para{' '}
                    <strong className="break-all">{transfer.toEmail}</strong>. Saia e entre com a conta desse e-mail para aceitar.
                  </p>
                </div>
              ) : (
                <AcceptTransferForm
                  transfer={transfer}
                  by={{ token }}
                  onAccepted={() => {
                    toast.success('Ingresso aceito! Ele já está em Meus ingressos, no seu nome.');
                    void navigate('/tickets');
                  }}
                />
              )}
            </div>
          </article>
        )}
      </div>
    </div>
  );
}
