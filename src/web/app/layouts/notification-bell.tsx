import { useState } from 'react';
import { Bell } from 'lucide-react';
import { useNotifications } from '../../features/notifications/api/list-notifications';
import { NotificationPanel } from '../../features/notifications/components/notification-panel';

/** Unread badge text: the count, or '9+' above 9 (docs/rules/notifications.md 'The notification panel'). */
function formatUnreadCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** The header's bell with the unread count; opens the panel 'Notificações'. */
export function NotificationBell({ userId, className }: { userId: string; className?: string }) {
  const [isOpen, setOpen] = useState(false);
  const { data } = useNotifications(userId);
  const unreadCount = data?.unreadCount ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={unreadCount > 0 ? `Notificações (${unreadCount} não ${unreadCount === 1 ? 'lida' : 'lidas'})` : 'Notificações'}
        aria-haspopup="dialog"
        className={`relative inline-flex size-10 items-center justify-center rounded-full text-fg transition hover:bg-surface ${className ?? ''}`}
      >
        <Bell aria-hidden className="size-5" />
        {unreadCount > 0 ? (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] font-bold text-white ring-2 ring-card dark:text-bg"
          >
            {formatUnreadCount(unreadCount)}
          </span>
        ) : null}
      </button>
      <NotificationPanel userId={userId} open={isOpen} onOpenChange={setOpen} />
    </>
  );
}
