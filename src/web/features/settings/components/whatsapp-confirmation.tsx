import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BadgeCheck, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { notificationSettingsKeys } from '../../../lib/notification-settings/keys';
import { whatsappCodeSchema, type NotificationSettings } from '../../../../shared/schemas/profile';
import { confirmWhatsappNumber, requestWhatsappCode } from '../api/whatsapp-confirmation';

/** '(47) 99123-4567' as WhatsApp shows it: '+55 47 99123-4567'. */
function internationalNumber(masked: string): string {
  return `+55 ${masked.replace(/[()]/g, '')}`;
}

// Codes after which the code field no longer helps: the settings are read again, so the screen
// offers to send a new code (or shows the number confirmed).
const STALE_CODES = new Set([
  'whatsapp_code_exhausted',
  'whatsapp_code_expired',
  'whatsapp_code_missing',
  'whatsapp_number_missing',
  'whatsapp_already_confirmed',
]);

/**
 * Under the WhatsApp switch, for the saved number: 'Número confirmado' once it is; until then,
 * no message but the code goes to it, and this asks for the 6-digit code sent by WhatsApp
 * ('Código de confirmação', 'Confirmar', 'Reenviar código'), or offers 'Enviar código' when no
 * code can be typed (none sent yet, expired or spent). Errors show under the field in pt-BR.
 */
export function WhatsappConfirmation({ settings, disabled }: { settings: NotificationSettings; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const store = (saved: NotificationSettings) => queryClient.setQueryData(notificationSettingsKeys.notifications(), saved);
  const refusal = (caught: unknown) => {
    setError(caught instanceof ApiError ? caught.message : 'Não foi possível confirmar agora. Tente novamente.');
    if (caught instanceof ApiError && STALE_CODES.has(caught.code))
      void queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.notifications() });
  };
  const confirm = useMutation({
    mutationFn: confirmWhatsappNumber,
    onSuccess: (saved) => {
      store(saved);
      setCode('');
      setError(undefined);
      toast.success('Número confirmado!', { description: 'Agora você recebe as mensagens neste WhatsApp.' });
    },
    onError: refusal,
  });
  const resend = useMutation({
    mutationFn: requestWhatsappCode,
    onSuccess: (saved) => {
      store(saved);
      setCode('');
      setError(undefined);
      toast.success('Código enviado!', { description: 'Confira a mensagem no seu WhatsApp.' });
    },
    onError: refusal,
  });
  if (!settings.whatsappNumber) return null;
  const number = internationalNumber(settings.whatsappNumber);

  if (settings.whatsappConfirmed) {
    return (
      <p className="mt-3 flex items-center gap-1.5 text-sm font-semibold text-success sm:pl-13">
        <BadgeCheck aria-hidden className="size-4" />
        Número confirmado
      </p>
    );
  }

  const isBusy = disabled || confirm.isPending || resend.isPending;
  if (!settings.whatsappCodeSent) {
    return (
      <div className="mt-4 sm:pl-13">
        <p className="text-sm text-muted">
          Confirme este número para receber mensagens: enviaremos um código por WhatsApp para{' '}
          <span className="font-semibold whitespace-nowrap text-fg">{number}</span>.
        </p>
        <Button variant="outline" size="sm" className="mt-2" disabled={isBusy} onClick={() => resend.mutate()}>
          {resend.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          Enviar código
        </Button>
        <FieldError id="setting-whatsapp-code-error" message={error} />
      </div>
    );
  }

  function submit() {
    const parsed = whatsappCodeSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    confirm.mutate(parsed.data);
  }

  return (
    <form
      noValidate
      className="mt-4 sm:pl-13"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p id="setting-whatsapp-code-hint" className="text-sm text-muted">
        Enviamos um código por WhatsApp para <span className="font-semibold whitespace-nowrap text-fg">{number}</span>. Digite-o para
        confirmar o número: até lá, não enviamos mensagens para ele.
      </p>
      <Label htmlFor="setting-whatsapp-code" className="mt-3">
        Código de confirmação
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="setting-whatsapp-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          placeholder="000000"
          value={code}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'setting-whatsapp-code-hint setting-whatsapp-code-error' : 'setting-whatsapp-code-hint'}
          className="tracking-[0.3em] sm:flex-1"
          onChange={(event) => {
            setError(undefined);
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
          }}
        />
        <Button type="submit" disabled={isBusy} className="sm:w-28">
          {confirm.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          Confirmar
        </Button>
      </div>
      <FieldError id="setting-whatsapp-code-error" message={error} />
      <Button variant="ghost" size="sm" className="mt-2 -ml-3" disabled={isBusy} onClick={() => resend.mutate()}>
        {resend.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
        Reenviar código
      </Button>
    </form>
  );
}
