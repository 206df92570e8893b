import { useNavigate } from 'react-router';
import { BellOff, CheckCheck } from 'lucide-react';
import type { NotificationView } from '../../../../shared/schemas/notifications';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { resolveActionUrl } from '../lib/action-path';
import { NotificationItem } from './notification-item';

interface NotificationPanelProps {
  userId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The modal 'Notificações' (docs/screens.md 'Layout shell'): the newest 50, 'Marcar todas' while any is
 * unread, 'Nenhuma notificação ainda' when there are none. A click marks the notification read
 * and, when it has an action_url, goes there and closes the panel.
 */
export function NotificationPanel({ userId, open, onOpenChange }: NotificationPanelProps) {
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useNotifications(userId);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const unreadCount = data?.unreadCount ?? 0;

  function openNotification(notification: NotificationView) {
    if (!notification.read) markRead.mutate(notification.id);
    if (!notification.actionUrl) return;
    const target = resolveActionUrl(notification.actionUrl, window.location.origin);
    if (!target) return;
    onOpenChange(false);
    if ('path' in target) navigate(target.path);
    else window.open(target.href, '_blank', 'noopener,noreferrer');
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Notificações" className="sm:max-w-md">
      {unreadCount > 0 ? (
        <div className="-mt-2 mb-2 flex items-center justify-between gap-3">
          <p className="text-sm text-muted">{unreadCount === 1 ? '1 não lida' : `${unreadCount} não lidas`}</p>
          <button
            type="button"
            onClick={() => markAll.mutate()}
            className="-mr-2 inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-accent transition hover:bg-accent/10"
          >
            <CheckCheck aria-hidden className="size-4" />
            Marcar todas como lidas
          </button>
        </div>
      ) : null}
      {isLoading ? (
        <div role="status" aria-label="Carregando notificações" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3 p-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-full" />
                <Skeleton className="h-3 w-1/4" />
              </div>
            </div>
          ))}
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
          <p>Não foi possível carregar as notificações.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : data && data.notifications.length > 0 ? (
        <ul aria-label="Notificações" className="-mx-2 max-h-[min(68dvh,34rem)] space-y-1 overflow-y-auto overscroll-contain pb-1">
          {data.notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onOpen={openNotification}
              onDelete={(n) => remove.mutate(n.id)}
            />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted">
          <span className="flex size-14 items-center justify-center rounded-full bg-surface">
            <BellOff aria-hidden className="size-7" />
          </span>
          <p className="font-medium">Nenhuma notificação ainda</p>
        </div>
      )}
    </Dialog>
  );
}
