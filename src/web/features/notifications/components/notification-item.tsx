import { Trash2 } from 'lucide-react';
import type { NotificationView } from '../../../../shared/schemas/notifications';
import { formatNotificationDate } from '../../../../shared/dates';
import { cn } from '../../../lib/cn';
import { notificationLook } from '../lib/notification-look';

interface NotificationItemProps {
  notification: NotificationView;
  onOpen(notification: NotificationView): void;
  onDelete(notification: NotificationView): void;
}

/** One row of the panel: icon by type, title, message in two lines, 'dd/MM às HH:mm', unread dot, delete. */
export function NotificationItem({ notification, onOpen, onDelete }: NotificationItemProps) {
  const { icon: Icon, className: iconClass } = notificationLook(notification.type);
  const isUnread = !notification.read;
  return (
    <li className={cn('group relative flex items-start gap-1 rounded-2xl transition', isUnread ? 'bg-accent/6' : 'hover:bg-surface')}>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-2xl py-3 pl-3 text-left focus-visible:outline-offset-0"
      >
        <span className={cn('mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full', iconClass)}>
          <Icon aria-hidden className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className={cn('min-w-0 flex-1 truncate', isUnread ? 'font-bold' : 'font-semibold')}>{notification.title}</span>
            {isUnread ? (
              <>
                <span aria-hidden className="size-2.5 shrink-0 rounded-full bg-accent" />
                <span className="sr-only">(não lida)</span>
              </>
            ) : null}
          </span>
          <span className="mt-0.5 line-clamp-2 text-sm break-words text-muted">{notification.message}</span>
          <time dateTime={notification.createdAt} className="mt-1 block text-xs font-medium text-muted">
            {formatNotificationDate(notification.createdAt)}
          </time>
        </span>
      </button>
      <button
        type="button"
        onClick={() => onDelete(notification)}
        aria-label={`Excluir notificação: ${notification.title}`}
        className="mt-2 mr-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted transition hover:bg-danger/10 hover:text-danger"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </li>
  );
}
