import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Dialog } from 'radix-ui';
import { ExternalLink, ListChecks, LogIn, LogOut, MessageCircle, Settings, Store, User, Users } from 'lucide-react';
import { PersonAvatar } from './person-avatar';
import { useSession, useSignOut } from '../../lib/session';
import { cn } from '../../lib/cn';
import { brandOrder, brandStyles } from '../../lib/brand';
import { primaryNav, staffNav } from './nav-items';
import { splitPersonName } from './person-name';
import { usePublicConfig } from './public-config';
import { MenuCloseButton } from '../../components/ui/menu-close-button';

interface SideMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

const itemBase = 'flex h-11 w-full items-center gap-3 rounded-xl px-3 font-medium transition';
const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(itemBase, isActive ? 'bg-accent/10 font-semibold text-accent' : 'text-fg hover:bg-surface');

/** Navigation labels of the side menu (docs/screens.md 'Layout shell'). */
const menuLabels: Record<string, string> = { '/': 'Início', '/tickets': 'Meus ingressos', '/events': 'Todos os eventos' };

function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="px-3 py-3">
      <h2 className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted uppercase">{title}</h2>
      <ul className="space-y-0.5">{children}</ul>
    </div>
  );
}

function ExternalItem({ href, icon, label }: { href: string | undefined; icon: ReactNode; label: string }) {
  if (!href) return null;
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className={itemClass({ isActive: false })}>
        {icon}
        <span className="flex-1">{label}</span>
        <ExternalLink aria-hidden className="size-4 text-muted" />
        <span className="sr-only">(abre em nova aba)</span>
      </a>
    </li>
  );
}

function MenuHeader() {
  const { profile } = useSession();
  const name = splitPersonName(profile?.fullName);
  return (
    <div className="flex items-center gap-3 border-b border-border p-4">
      <PersonAvatar avatarUrl={profile?.avatarUrl ?? null} initials={name.initials} className="size-12 shrink-0 text-base" />
      <p className="min-w-0 flex-1 leading-tight">
        <span className="block truncate font-bold">{name.first}</span>
        {name.rest ? <span className="block truncate text-sm text-muted">{name.rest}</span> : null}
      </p>
      <MenuCloseButton />
    </div>
  );
}

/** Left drawer with the app's navigation, brands, account and support links. */
export function SideMenu({ open, onOpenChange }: SideMenuProps) {
  const { user, isValidator } = useSession();
  // 'Bilheteria' (the box office) for box-office staff and admins.
  const canSellAtDoor = useSession().roles.some((role) => role === 'box_office' || role === 'admin');
  // 'Minhas listas' (Lista amiga) for whoever may own a guest list: promoters and the team.
  const canOwnLists = useSession().roles.some(
    (role) => role === 'promoter' || role === 'admin' || role === 'validator' || role === 'box_office',
  );
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: config } = usePublicConfig();
  const close = () => onOpenChange(false);

  async function handleSignOut() {
    close();
    await signOut();
    navigate('/', { replace: true });
  }

  const authHref = `/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[86vw] max-w-xs flex-col border-r border-border bg-card text-fg shadow-2xl transition-transform duration-200 ease-out starting:-translate-x-full"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <MenuHeader />
          <nav aria-label="Menu" className="flex-1 overflow-y-auto">
            <MenuSection title="Navegação">
              {primaryNav.map(({ to, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink to={to} end={end} onClick={close} className={itemClass}>
                    <Icon aria-hidden className="size-5" />
                    {menuLabels[to]}
                  </NavLink>
                </li>
              ))}
              {isValidator ? (
                <li>
                  <NavLink to={staffNav.to} onClick={close} className={itemClass}>
                    <staffNav.icon aria-hidden className="size-5" />
                    {staffNav.label}
                  </NavLink>
                </li>
              ) : null}
              {canSellAtDoor ? (
                <li>
                  <NavLink to="/bilheteria" onClick={close} className={itemClass}>
                    <Store aria-hidden className="size-5" />
                    Bilheteria
                  </NavLink>
                </li>
              ) : null}
              {canOwnLists ? (
                <li>
                  <NavLink to="/listas" onClick={close} className={itemClass}>
                    <ListChecks aria-hidden className="size-5" />
                    Minhas listas
                  </NavLink>
                </li>
              ) : null}
            </MenuSection>
            <MenuSection title="Eventos">
              {brandOrder.map((slug) => (
                <li key={slug}>
                  <NavLink to={`/events/${slug}`} onClick={close} className={itemClass}>
                    <span aria-hidden className="inline-flex size-5 items-center justify-center">
                      <span className={cn('size-3 rounded-full', brandStyles[slug].solid)} />
                    </span>
                    {brandStyles[slug].name}
                  </NavLink>
                </li>
              ))}
            </MenuSection>
          </nav>
          <div className="border-t border-border px-3 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <ul className="space-y-0.5">
              <li>
                <NavLink to="/profile" onClick={close} className={itemClass}>
                  <User aria-hidden className="size-5" />
                  Perfil
                </NavLink>
              </li>
              <ExternalItem
                href={config?.supportWhatsappUrl}
                icon={<MessageCircle aria-hidden className="size-5" />}
                label="Suporte WhatsApp"
              />
              <ExternalItem href={config?.networkingGroupUrl} icon={<Users aria-hidden className="size-5" />} label="Grupo de networking" />
              <li>
                <NavLink to="/settings" onClick={close} className={itemClass}>
                  <Settings aria-hidden className="size-5" />
                  Configurações
                </NavLink>
              </li>
              <li>
                {user ? (
                  <button type="button" onClick={() => void handleSignOut()} className={cn(itemBase, 'text-danger hover:bg-surface')}>
                    <LogOut aria-hidden className="size-5" />
                    Sair
                  </button>
                ) : (
                  <Link to={authHref} onClick={close} className={cn(itemBase, 'text-accent hover:bg-surface')}>
                    <LogIn aria-hidden className="size-5" />
                    Entrar
                  </Link>
                )}
              </li>
            </ul>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
