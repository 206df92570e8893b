import { useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ConfirmEmailBanner } from '../../features/auth/components/confirm-email-banner';
import { useLiveNotifications } from '../../features/notifications/hooks/use-live-notifications';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/cn';
import { AppHeader } from './app-header';
import { BottomTabs } from './bottom-tabs';
import { SideMenu } from './side-menu';
import { usePublicConfig } from './public-config';

/** The shell of every buyer page: fixed header, side menu, and on phones the tab bar (not for admins). */
export function MainLayout() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { user, isAdmin } = useSession();
  usePublicConfig();
  useLiveNotifications(user !== null);

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-xl focus:bg-card focus:px-4 focus:py-2 focus:font-semibold focus:shadow-lg"
      >
        Pular para o conteúdo
      </a>
      <AppHeader isMenuOpen={isMenuOpen} onOpenMenu={() => setMenuOpen(true)} />
      <SideMenu open={isMenuOpen} onOpenChange={setMenuOpen} />
      <main
        id="conteudo"
        tabIndex={-1}
        className={cn('mx-auto w-full max-w-6xl px-4 pt-20 focus:outline-none sm:px-6 sm:pt-24', isAdmin ? 'pb-12' : 'pb-28 md:pb-16')}
      >
        <ConfirmEmailBanner />
        <Outlet />
      </main>
      {isAdmin ? null : <BottomTabs />}
      <ScrollRestoration />
    </div>
  );
}
