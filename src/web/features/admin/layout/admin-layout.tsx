import { useState } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { Dialog } from 'radix-ui';
import { ExternalLink, LogOut, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useSession, useSignOut } from '../../../lib/session';
import { cn } from '../../../lib/cn';
import { adminNav } from './admin-nav';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { MenuCloseButton } from '../../../components/ui/menu-close-button';

function AdminMark({ className = 'size-9 text-sm' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-brand-next-level to-brand-ay-yo font-black tracking-tight text-white',
        className,
      )}
    >
      NL
    </span>
  );
}

/**
 * The sidebar's links. On wide screens (a mouse) they are 36 px tall, so all twelve and the account
 * stay in view on a 1280x800 screen; in the phone drawer they keep 44 px touch targets.
 */
function NavItems({ isCollapsed = false, onNavigate }: { isCollapsed?: boolean; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {adminNav.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            title={isCollapsed ? label : undefined}
            className={({ isActive }) =>
              cn(
                'flex h-11 items-center gap-3 rounded-xl px-3 font-medium transition lg:h-9',
                isCollapsed && 'justify-center px-0',
                isActive ? 'bg-accent/10 font-semibold text-accent' : 'text-fg hover:bg-surface',
              )
            }
          >
            <Icon aria-hidden className="size-5 shrink-0" />
            <span className={isCollapsed ? 'sr-only' : 'truncate'}>{label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function AccountFooter({ isCollapsed = false, onNavigate }: { isCollapsed?: boolean; onNavigate?: () => void }) {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();

  async function handleSignOut() {
    onNavigate?.();
    await signOut();
    navigate('/auth', { replace: true });
  }

  return (
    <div className="space-y-1 border-t border-border p-3">
      <Link
        to="/"
        onClick={onNavigate}
        title={isCollapsed ? 'Ver site' : undefined}
        className={cn(
          'flex h-10 items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted transition hover:bg-surface hover:text-fg',
          isCollapsed && 'justify-center px-0',
        )}
      >
        <ExternalLink aria-hidden className="size-4 shrink-0" />
        <span className={isCollapsed ? 'sr-only' : undefined}>Ver site</span>
      </Link>
      {user && !isCollapsed ? (
        <p className="truncate px-3 pt-1 text-sm text-muted" title={user.email}>
          {user.email}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void handleSignOut()}
        title={isCollapsed ? 'Sair' : undefined}
        className={cn(
          'flex h-11 w-full items-center gap-3 rounded-xl px-3 font-medium text-danger transition hover:bg-surface',
          isCollapsed && 'justify-center px-0',
        )}
      >
        <LogOut aria-hidden className="size-5 shrink-0" />
        <span className={isCollapsed ? 'sr-only' : undefined}>Sair</span>
      </button>
    </div>
  );
}

/**
 * The back office's shell (docs/screens.md 'Admin area'): a sidebar on wide screens that folds
 * to icons (remembered on the device), a drawer on phones, the admin's e-mail and 'Sair'.
 */
export function AdminLayout() {
  const [isCollapsed, toggleCollapsed] = useSidebarCollapsed();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-xl focus:bg-card focus:px-4 focus:py-2 focus:font-semibold focus:shadow-lg"
      >
        Pular para o conteúdo
      </a>

      {/* Phones and tablets: top bar with a drawer. */}
      <header className="fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-2 border-b border-border bg-card/95 px-2 backdrop-blur lg:hidden">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label="Abrir menu"
          aria-expanded={isDrawerOpen}
          aria-haspopup="dialog"
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface"
        >
          <Menu aria-hidden className="size-6" />
        </button>
        <Link to="/admin" className="inline-flex items-center gap-2 rounded-xl font-bold">
          <AdminMark className="size-8 text-xs" />
          Painel Admin
        </Link>
      </header>
      <Dialog.Root open={isDrawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 starting:opacity-0 lg:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-[86vw] max-w-xs flex-col border-r border-border bg-card text-fg shadow-2xl transition-transform duration-200 ease-out starting:-translate-x-full lg:hidden"
          >
            <div className="flex items-center gap-3 border-b border-border p-4">
              <AdminMark />
              <Dialog.Title className="flex-1 text-lg font-bold">Painel Admin</Dialog.Title>
              <MenuCloseButton />
            </div>
            <nav aria-label="Administração" className="flex-1 overflow-y-auto p-3">
              <NavItems onNavigate={closeDrawer} />
            </nav>
            <AccountFooter onNavigate={closeDrawer} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      {/* Wide screens: the sidebar. */}
      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-border bg-card transition-[width] duration-200 lg:flex',
          isCollapsed ? 'w-20' : 'w-64',
        )}
      >
        <div className={cn('flex h-16 items-center gap-3 border-b border-border px-4', isCollapsed && 'justify-center px-0')}>
          <Link to="/admin" className="inline-flex items-center gap-3 rounded-xl font-bold" aria-label="Painel Admin">
            <AdminMark />
            {isCollapsed ? null : <span className="text-lg">Painel Admin</span>}
          </Link>
        </div>
        <nav aria-label="Administração" className="flex-1 overflow-y-auto p-3">
          <NavItems isCollapsed={isCollapsed} />
        </nav>
        <AccountFooter isCollapsed={isCollapsed} />
        <div className="border-t border-border p-3">
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={isCollapsed ? 'Expandir menu' : 'Recolher menu'}
            title={isCollapsed ? 'Expandir menu' : 'Recolher menu'}
            className={cn(
              'flex h-10 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted transition hover:bg-surface hover:text-fg',
              isCollapsed && 'justify-center px-0',
            )}
          >
            {isCollapsed ? <PanelLeftOpen aria-hidden className="size-5" /> : <PanelLeftClose aria-hidden className="size-5" />}
            {isCollapsed ? null : <span>Recolher menu</span>}
          </button>
        </div>
      </aside>

      <main
        id="conteudo"
        tabIndex={-1}
        className={cn(
          'px-4 pt-20 pb-12 transition-[padding] duration-200 focus:outline-none sm:px-6 lg:pt-8',
          isCollapsed ? 'lg:pl-28' : 'lg:pl-72',
        )}
      >
        <div className="mx-auto w-full max-w-6xl">
          <Outlet />
        </div>
      </main>
      <ScrollRestoration />
    </div>
  );
}
