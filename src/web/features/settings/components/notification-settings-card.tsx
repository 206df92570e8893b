import { useState } from 'react';
import { toast } from 'sonner';
import { Bell, Loader2, Mail, MapPin, MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { formatPhone } from '../../../../shared/phone';
import type { NotificationSettings } from '../../../../shared/schemas/profile';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSaveNotificationSettings } from '../api/save-notification-settings';
import { requestGeolocation, requestNotificationPermission } from '../lib/browser-permissions';
import { SettingSwitch } from './setting-switch';
import { SettingsCard } from './settings-card';

const SAVED = 'Configurações atualizadas com sucesso!';

/**
 * Notification toggles saved on the server (SPEC.md sections 2 'Settings', 7 'Notifications', 8
 * 'Settings'): push (asks the browser's permission first), e-mail, WhatsApp with its number and
 * 'Salvar', and geolocation (asks for the position first).
 */
export function NotificationSettingsCard() {
  const { data: settings, isLoading, isError, refetch } = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [asking, setAsking] = useState<'push' | 'geolocation' | null>(null);
  // WhatsApp switched on here but not saved yet (it needs a number first).
  const [isWhatsappDraft, setWhatsappDraft] = useState(false);
  const [whatsappNumber, setWhatsappNumber] = useState<string | null>(null);
  const [numberError, setNumberError] = useState<string | undefined>();

  if (isLoading) {
    return (
      <SettingsCard id="settings-notifications" title="Notificações">
        <div role="status" aria-label="Carregando configurações" className="space-y-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      </SettingsCard>
    );
  }
  if (isError || !settings) {
    return (
      <SettingsCard id="settings-notifications" title="Notificações">
        <div role="alert" className="text-sm">
          <p>Não foi possível carregar suas configurações.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => refetch()}>
            Tentar novamente
          </Button>
        </div>
      </SettingsCard>
    );
  }
  const current: NotificationSettings = settings;

  async function persist(change: Partial<NotificationSettings>, successMessage = SAVED): Promise<boolean> {
    try {
      await save.mutateAsync({ ...current, ...change });
      toast.success(successMessage);
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      toast.error('Erro ao atualizar configurações', { description: message });
      if (error instanceof ApiError && error.details.field === 'whatsappNumber') setNumberError(message);
      return false;
    }
  }

  async function togglePush(on: boolean) {
    if (!on) return void persist({ pushNotifications: false });
    setAsking('push');
    try {
      const permission = await requestNotificationPermission();
      if (permission === 'unsupported') toast.error('Notificações não suportadas neste navegador');
      else if (permission === 'granted') await persist({ pushNotifications: true }, 'Notificações ativadas!');
      else if (permission === 'denied') toast.error('Permissão de notificação negada');
      else toast.warning('Permissão de notificação não concedida');
    } catch {
      toast.error('Erro ao solicitar permissões');
    } finally {
      setAsking(null);
    }
  }

  async function toggleGeolocation(on: boolean) {
    if (!on) return void persist({ geolocationEnabled: false });
    setAsking('geolocation');
    try {
      const result = await requestGeolocation();
      if (result === 'unsupported') toast.error('Geolocalização não suportada neste navegador');
      else if (result === 'failed') toast.error('Não foi possível acessar a localização');
      else await persist({ geolocationEnabled: true }, 'Localização ativada!');
    } catch {
      toast.error('Erro ao solicitar permissões');
    } finally {
      setAsking(null);
    }
  }

  async function toggleWhatsapp(on: boolean) {
    setNumberError(undefined);
    if (on) {
      if (current.whatsappNumber) await persist({ whatsappNotifications: true });
      else setWhatsappDraft(true);
      return;
    }
    setWhatsappDraft(false);
    setWhatsappNumber(null);
    if (current.whatsappNotifications) await persist({ whatsappNotifications: false });
  }

  async function saveWhatsappNumber() {
    setNumberError(undefined);
    const ok = await persist({ whatsappNotifications: true, whatsappNumber: whatsappNumber ?? current.whatsappNumber });
    if (ok) {
      setWhatsappDraft(false);
      setWhatsappNumber(null);
    }
  }

  const isBusy = save.isPending || asking !== null;
  const isWhatsappOn = current.whatsappNotifications || isWhatsappDraft;
  const numberValue = whatsappNumber ?? current.whatsappNumber ?? '';

  return (
    <SettingsCard id="settings-notifications" title="Notificações" description="Escolha como quer ser avisado sobre pedidos, ingressos e eventos.">
      <div className="divide-y divide-border" aria-busy={isBusy}>
        <SettingSwitch
          id="setting-push"
          icon={Bell}
          label="Notificações push"
          description={asking === 'push' ? 'Aguardando a permissão do navegador...' : 'Avisos no aparelho, mesmo com o app fechado.'}
          checked={current.pushNotifications}
          disabled={isBusy}
          onCheckedChange={(on) => void togglePush(on)}
        />
        <SettingSwitch
          id="setting-email"
          icon={Mail}
          label="Notificações por e-mail"
          description="Confirmações de compra e lembretes dos seus eventos."
          checked={current.emailNotifications}
          disabled={isBusy}
          onCheckedChange={(on) => void persist({ emailNotifications: on })}
        />
        <SettingSwitch
          id="setting-whatsapp"
          icon={MessageCircle}
          label="Notificações por WhatsApp"
          description="Lembretes dos seus eventos no seu WhatsApp."
          checked={isWhatsappOn}
          disabled={isBusy}
          onCheckedChange={(on) => void toggleWhatsapp(on)}
        >
          {isWhatsappOn ? (
            <form
              noValidate
              className="mt-3 sm:pl-13"
              onSubmit={(event) => {
                event.preventDefault();
                void saveWhatsappNumber();
              }}
            >
              <Label htmlFor="setting-whatsapp-number">Número do WhatsApp</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="setting-whatsapp-number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="(11) 99999-9999"
                  value={numberValue}
                  aria-invalid={Boolean(numberError)}
                  aria-describedby={numberError ? 'setting-whatsapp-number-error' : undefined}
                  className="sm:flex-1"
                  onChange={(event) => {
                    setNumberError(undefined);
                    setWhatsappNumber(formatPhone(event.target.value));
                  }}
                />
                <Button type="submit" disabled={isBusy} className="sm:w-28">
                  {save.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                  Salvar
                </Button>
              </div>
              <FieldError id="setting-whatsapp-number-error" message={numberError} />
            </form>
          ) : null}
        </SettingSwitch>
        <SettingSwitch
          id="setting-geolocation"
          icon={MapPin}
          label="Localização"
          description={asking === 'geolocation' ? 'Aguardando a permissão do navegador...' : 'Permite que o app use a localização do aparelho.'}
          checked={current.geolocationEnabled}
          disabled={isBusy}
          onCheckedChange={(on) => void toggleGeolocation(on)}
        />
      </div>
    </SettingsCard>
  );
}
