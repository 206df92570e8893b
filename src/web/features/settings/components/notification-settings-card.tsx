import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Bell, Check, Loader2, Mail, MapPin, Megaphone, MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { formatPhone } from '../../../../shared/phone';
import type { NotificationSettings } from '../../../../shared/schemas/profile';
import type { BrandSlug } from '../../../../shared/schemas/events';
import { brandOrder, brandStyles, toggleFollowedBrand } from '../../../lib/brand';
import { cn } from '../../../lib/cn';
import { useNotificationSettings } from '../../../lib/notification-settings/get-notification-settings';
import { useSaveNotificationSettings } from '../../../lib/notification-settings/save-notification-settings';
import { requestGeolocation, requestNotificationPermission } from '../lib/browser-permissions';
import { hasDeviceSubscription, isPushSupported, subscribeThisDevice, unsubscribeThisDevice } from '../lib/push-subscription';
import { SettingSwitch } from './setting-switch';
import { SettingsCard } from './settings-card';
import { WhatsappConfirmation } from './whatsapp-confirmation';

const SAVED = 'Configurações atualizadas com sucesso!';

/**
 * With push on and the permission already given, this device receives pushes too: after the
 * person signed out and in again (signing out drops the device's subscription), or on a device
 * that had the permission before push was switched on elsewhere.
 */
function useKeepDeviceSubscribed(isPushOn: boolean) {
  useEffect(() => {
    if (!isPushOn || !isPushSupported() || Notification.permission !== 'granted') return;
    void (async () => {
      if (!(await hasDeviceSubscription())) await subscribeThisDevice();
    })().catch((error) => console.error('Notificações push:', error));
  }, [isPushOn]);
}

/**
 * Notification toggles saved on the server (docs/screens.md 'Settings',
 * docs/rules/notifications.md 'Notification settings'): push (asks the browser's permission, subscribes this device through the service
 * worker, then saves), e-mail, WhatsApp with its number and 'Salvar' (the number then confirmed
 * with the code sent to it: WhatsappConfirmation), 'Novidades das marcas'
 * with the brands followed (docs/rules/notifications.md 'Brand news': brand news for those who opted in; switched on with none
 * followed, it follows all three), and geolocation (asks for the position first).
 */
export function NotificationSettingsCard() {
  const { data: settings, isLoading, isError, refetch } = useNotificationSettings();
  useKeepDeviceSubscribed(settings?.pushNotifications ?? false);
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

  async function persist(change: Partial<NotificationSettings>, successMessage = SAVED, description?: string): Promise<boolean> {
    try {
      const saved = await save.mutateAsync({ ...current, ...change });
      // A number saved unconfirmed was sent a code: say where to look.
      const isCodeNew = saved.whatsappCodeSent && (!current.whatsappCodeSent || saved.whatsappNumber !== current.whatsappNumber);
      const codeNews = isCodeNew ? 'Enviamos um código por WhatsApp para confirmar o número.' : undefined;
      toast.success(successMessage, { description: description ?? codeNews });
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      toast.error('Erro ao atualizar configurações', { description: message });
      if (error instanceof ApiError && error.details.field === 'whatsappNumber') setNumberError(message);
      return false;
    }
  }

  async function togglePush(on: boolean) {
    setAsking('push');
    try {
      if (!on) {
        // The setting is saved even if this device could not be reached: the server then sends nothing.
        await unsubscribeThisDevice().catch((error) => console.error('Notificações push:', error));
        await persist({ pushNotifications: false });
        return;
      }
      const permission = isPushSupported() ? await requestNotificationPermission() : 'unsupported';
      if (permission === 'unsupported') toast.error('Notificações não suportadas neste navegador');
      else if (permission === 'denied') toast.error('Permissão de notificação negada');
      else if (permission !== 'granted') toast.warning('Permissão de notificação não concedida');
      else {
        await subscribeThisDevice();
        await persist({ pushNotifications: true }, 'Notificações ativadas!', 'Você receberá notificações sobre eventos e atualizações.');
      }
    } catch (error) {
      console.error('Notificações push:', error);
      toast.error('Erro ao solicitar permissões', {
        description: 'Não foi possível ativar as notificações neste aparelho. Tente novamente.',
      });
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

  async function toggleBrandNews(on: boolean) {
    const followedBrands = on && current.followedBrands.length === 0 ? brandOrder : current.followedBrands;
    await persist({ brandNewsNotifications: on, followedBrands });
  }

  async function toggleFollowed(brand: BrandSlug) {
    const followedBrands = toggleFollowedBrand(current.followedBrands, brand);
    await persist({ followedBrands, brandNewsNotifications: followedBrands.length > 0 });
  }

  const isBusy = save.isPending || asking !== null;
  const isWhatsappOn = current.whatsappNotifications || isWhatsappDraft;
  const numberValue = whatsappNumber ?? current.whatsappNumber ?? '';

  return (
    <SettingsCard
      id="settings-notifications"
      title="Notificações"
      description="Escolha como quer ser avisado sobre pedidos, ingressos e eventos."
    >
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
          {current.whatsappNotifications && !isWhatsappDraft && (whatsappNumber === null || whatsappNumber === current.whatsappNumber) ? (
            <WhatsappConfirmation settings={current} disabled={isBusy} />
          ) : null}
        </SettingSwitch>
        <SettingSwitch
          id="setting-brand-news"
          icon={Megaphone}
          label="Novidades das marcas"
          description="Novos eventos das marcas que você segue."
          checked={current.brandNewsNotifications}
          disabled={isBusy}
          onCheckedChange={(on) => void toggleBrandNews(on)}
        >
          {current.brandNewsNotifications ? (
            <div role="group" aria-labelledby="setting-brand-news-brands" className="mt-3 sm:pl-13">
              <p id="setting-brand-news-brands" className="text-sm font-semibold">
                Marcas que você segue
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {brandOrder.map((brand) => {
                  const isFollowed = current.followedBrands.includes(brand);
                  return (
                    <button
                      key={brand}
                      type="button"
                      aria-pressed={isFollowed}
                      disabled={isBusy}
                      onClick={() => void toggleFollowed(brand)}
                      className={cn(
                        'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold transition disabled:opacity-60',
                        isFollowed ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-card text-fg hover:bg-surface',
                      )}
                    >
                      {isFollowed ? <Check aria-hidden className="size-4" /> : null}
                      {brandStyles[brand].name}
                    </button>
                  );
                })}
              </div>
            </div>
          ) : null}
        </SettingSwitch>
        <SettingSwitch
          id="setting-geolocation"
          icon={MapPin}
          label="Localização"
          description={
            asking === 'geolocation' ? 'Aguardando a permissão do navegador...' : 'Permite que o app use a localização do aparelho.'
          }
          checked={current.geolocationEnabled}
          disabled={isBusy}
          onCheckedChange={(on) => void toggleGeolocation(on)}
        />
      </div>
    </SettingsCard>
  );
}
