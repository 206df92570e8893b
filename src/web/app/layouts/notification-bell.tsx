import { useState } from 'react';
import { Bell, BellOff } from 'lucide-react';
import { Dialog } from '../../components/ui/dialog';

/** Unread badge text: the count, or '9+' above 9 (SPEC.md section 9). */
export function formatUnreadCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function NotificationBell({ unreadCount = 0, className }: { unreadCount?: number; className?: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={unreadCount > 0 ? `Notificações (${unreadCount} não lidas)` : 'Notificações'}
        className={`relative inline-flex size-10 items-center justify-center rounded-full text-fg transition hover:bg-surface ${className ?? ''}`}
      >
        <Bell aria-hidden className="size-5" />
        {unreadCount > 0 ? (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] font-bold text-white dark:text-bg"
          >
            {formatUnreadCount(unreadCount)}
          </span>
        ) : null}
      </button>
      <Dialog open={isOpen} onOpenChange={setOpen} title="Notificações">
        <div className="flex flex-col items-center gap-3 py-8 text-center text-muted">
          <BellOff aria-hidden className="size-8" />
          <p>Nenhuma notificação ainda</p>
        </div>
      </Dialog>
    </>
  );
}
