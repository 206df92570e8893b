import { useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ConfirmEmailBanner } from '../../features/auth/components/confirm-email-banner';
import { useLiveNotifications } from '../../features/notifications/hooks/use-live-notifications';
import { useSession } from '../../lib/session';
import { AppHeader } from './app-header';
import { BottomTabs } from './bottom-tabs';
import { SideMenu } from './side-menu';
import { usePublicConfig } from './public-config';
import { SiteFooter } from './site-footer';

/** The shell of every buyer page: fixed header, side menu, the site's footer, and on phones the tab bar (not for admins). */
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
      <main id="conteudo" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 pt-20 pb-12 focus:outline-none sm:px-6 sm:pt-24 md:pb-16">
        <ConfirmEmailBanner />
        <Outlet />
      </main>
      {/* On phones the tab bar (and the event page's buy bar above it) covers the bottom: the footer ends above them. */}
      <SiteFooter
        className={
          isAdmin
            ? 'max-md:[body:has([data-buy-bar])_&]:pb-20'
            : 'pb-[calc(4rem+env(safe-area-inset-bottom))] max-md:[body:has([data-buy-bar])_&]:pb-[calc(9rem+env(safe-area-inset-bottom))] md:pb-0'
        }
      />
      {isAdmin ? null : <BottomTabs />}
      <ScrollRestoration />
    </div>
  );
}
