import { Link, useNavigate } from 'react-router';
import { ChevronRight, Database, FileText, Globe, LogOut, ShieldCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useSignOut } from '../../../lib/session';
import { InstallAppCard } from '../components/install-app-card';
import { NotificationSettingsCard } from '../components/notification-settings-card';
import { PageHeader } from '../../../components/page-header';
import { SettingsCard } from '../components/settings-card';
import { ThemeCard } from '../components/theme-card';

const privacyLinks: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/privacy-policy', label: 'Política de privacidade', icon: ShieldCheck },
  { to: '/terms-of-service', label: 'Termos de uso', icon: FileText },
  { to: '/data-management', label: 'Gerenciar meus dados', icon: Database },
];

/** /settings (docs/screens.md 'Settings'). */
export function SettingsPage() {
  const signOut = useSignOut();
  const navigate = useNavigate();

  async function handleSignOut() {
    // Leave the signed-in page first, so its guard does not send us to /auth: the home page is
    // loaded on demand, so the sign-out waits until the home page is rendered (flushSync: not in a
    // transition that would still show the guarded page when the session turns null).
    await navigate('/', { replace: true, flushSync: true });
    await signOut();
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageHeader title="Configurações" subtitle="Notificações, aparência e privacidade" />
      <InstallAppCard />
      <NotificationSettingsCard />
      <ThemeCard />
      <SettingsCard id="settings-language" title="Idioma">
        <p className="flex items-center gap-3">
          <Globe aria-hidden className="size-5 text-accent" />
          <span className="font-medium">Português (Brasil)</span>
        </p>
      </SettingsCard>
      <SettingsCard id="settings-privacy" title="Privacidade">
        <ul className="-mx-2">
          {privacyLinks.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="flex min-h-12 items-center gap-3 rounded-xl px-2 font-medium transition hover:bg-surface">
                <Icon aria-hidden className="size-5 text-muted" />
                <span className="flex-1">{label}</span>
                <ChevronRight aria-hidden className="size-5 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </SettingsCard>
      <Button variant="outline" size="lg" className="w-full" onClick={() => void handleSignOut()}>
        <LogOut aria-hidden className="size-5" /> Sair da conta
      </Button>
    </div>
  );
}
