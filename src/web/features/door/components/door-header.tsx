import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Loader2, LogOut, ScanLine } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useSession, useSignOut } from '../../../lib/session';
import { leaveDoor } from '../lib/leave-door';

/**
 * The door's header: 'Validador' with the staff's e-mail, back to the panel on the back office's
 * validator, and 'Sair', which first sends the entries made offline (never lost on the way out)
 * and leaves nothing of the door on the device.
 */
export function DoorHeader({ isAdminValidator }: { isAdminValidator: boolean }) {
  const { user } = useSession();
  const signOut = useSignOut();
  const [isSigningOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      // Nothing of the door stays on the device, and no entry made offline is lost on the way out.
      const { unsent } = await leaveDoor();
      if (unsent > 0) {
        toast.error(
          `${unsent === 1 ? 'Há 1 leitura feita' : `Há ${unsent} leituras feitas`} sem internet ainda não ${unsent === 1 ? 'enviada' : 'enviadas'}. Conecte-se e toque em Sair de novo.`,
        );
        return;
      }
      await signOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <header className="sticky top-0 z-20 border-b border-border bg-card">
      <div className="mx-auto flex h-16 max-w-2xl items-center gap-3 px-4">
        {isAdminValidator ? (
          <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
            <Link to="/admin" aria-label="Voltar ao painel">
              <ArrowLeft className="size-5" aria-hidden />
            </Link>
          </Button>
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground" aria-hidden>
            <ScanLine className="size-5" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-lg leading-tight font-bold">Validador</h1>
          {user?.email ? <p className="truncate text-sm text-muted">{user.email}</p> : null}
        </div>
        <Button variant="ghost" size="icon" aria-label="Sair" onClick={handleSignOut} disabled={isSigningOut}>
          {isSigningOut ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <LogOut className="size-5" aria-hidden />}
        </Button>
      </div>
    </header>
  );
}
