import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loader2 } from 'lucide-react';
import { useSession } from '../lib/session';

function authRedirect(location: { pathname: string; search: string }) {
  return `/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * True while the address bar has already moved to another page that React has not shown yet
 * (the router renders navigations in a transition). A guarded page that is leaving, e.g. for the
 * home page after 'Sair' or 'Excluir conta', must not send the person to /auth on its way out.
 */
function isLeaving(location: { pathname: string }) {
  return typeof window !== 'undefined' && window.location.pathname !== location.pathname;
}

/** Signed-in guard (docs/rules/access.md 'Guards'): 'Carregando...', then /auth, and back here after sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, user } = useSession();
  const location = useLocation();
  if (isLoading)
    return (
      <p className="p-8 text-center text-muted" role="status">
        Carregando...
      </p>
    );
  if (!user) return isLeaving(location) ? null : <Navigate to={authRedirect(location)} replace />;
  return children;
}

/** Admin guard (docs/screens.md 'Guards'): 'Verificando permissões...', non-admins go to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoading, user, isAdmin } = useSession();
  const location = useLocation();
  if (isLoading)
    return (
      <p className="p-8 text-center text-muted" role="status">
        Verificando permissões...
      </p>
    );
  if (!user) return isLeaving(location) ? null : <Navigate to={authRedirect(location)} replace />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return children;
}

/** Validator guard (docs/screens.md 'Guards'): spinner, /auth when signed out, / when not door staff. */
export function RequireValidator({ children }: { children: ReactNode }) {
  const { isLoading, user, isValidator } = useSession();
  const location = useLocation();
  if (isLoading)
    return (
      <div className="flex min-h-dvh items-center justify-center" role="status" aria-label="Carregando">
        <Loader2 className="size-8 animate-spin text-accent" aria-hidden />
      </div>
    );
  if (!user) return isLeaving(location) ? null : <Navigate to={authRedirect(location)} replace />;
  if (!isValidator) return <Navigate to="/" replace />;
  return children;
}
