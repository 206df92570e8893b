import { Link, NavLink, useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/cn';
import { BrandLogo } from './brand-logo';
import { primaryNav } from './nav-items';
import { NotificationBell } from './notification-bell';
import { PersonAvatar } from './person-avatar';
import { splitPersonName } from './person-name';

interface AppHeaderProps {
  isMenuOpen: boolean;
  onOpenMenu(): void;
}

export function AppHeader({ isMenuOpen, onOpenMenu }: AppHeaderProps) {
  const { user, profile, isLoading } = useSession();
  const location = useLocation();
  const authHref = `/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-border bg-card/90 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-2 sm:px-4">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Abrir menu"
          aria-expanded={isMenuOpen}
          aria-haspopup="dialog"
          className="inline-flex size-11 items-center justify-center rounded-full text-fg transition hover:bg-surface"
        >
          <Menu aria-hidden className="size-6" />
        </button>
        <BrandLogo />
        <nav aria-label="Principal" className="ml-8 hidden md:block">
          <ul className="flex items-center gap-1">
            {primaryNav.map(({ to, label, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-9 items-center rounded-full px-4 text-sm font-semibold transition',
                      isActive ? 'bg-accent/10 text-accent' : 'text-muted hover:bg-surface hover:text-fg',
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          {isLoading ? null : user ? (
            <>
              {/* On phones too: the bell sits in the header, where people look for it in the apps they use. */}
              <NotificationBell userId={user.id} />
              <Link
                to="/profile"
                aria-label="Perfil"
                className="inline-flex size-10 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                <PersonAvatar
                  avatarUrl={profile?.avatarUrl ?? null}
                  initials={splitPersonName(profile?.fullName ?? user.name).initials}
                  className="size-10 text-sm"
                />
              </Link>
            </>
          ) : (
            <Button asChild size="sm">
              <Link to={authHref}>Entrar</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
