import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { primaryNav } from './nav-items';

/** Tab bar on phones (hidden from md up); NavLink marks the current tab with aria-current="page". */
export function BottomTabs() {
  return (
    <nav
      aria-label="Atalhos"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-3">
        {primaryNav.map(({ to, label, icon: Icon, end }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'relative flex flex-1 flex-col items-center justify-center gap-1 text-center text-xs font-medium whitespace-nowrap transition max-[359px]:text-[0.6875rem]',
                  isActive ? 'font-semibold text-accent' : 'text-muted hover:text-fg',
                )
              }
            >
              {({ isActive }) => (
                <>
                  {isActive ? <span aria-hidden className="absolute top-0 h-0.5 w-10 rounded-full bg-accent" /> : null}
                  <Icon aria-hidden className="size-5" strokeWidth={isActive ? 2.4 : 2} />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
