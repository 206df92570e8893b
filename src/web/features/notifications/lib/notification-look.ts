import { CalendarDays, Download, Megaphone, Tag, type LucideIcon } from 'lucide-react';

interface NotificationLook {
  icon: LucideIcon;
  /** Colours of the round icon badge, light and dark. */
  className: string;
}

const looks: Record<string, NotificationLook> = {
  install: { icon: Download, className: 'bg-brand-kxp/12 text-brand-kxp dark:bg-teal-400/15 dark:text-teal-300' },
  event: { icon: CalendarDays, className: 'bg-accent/12 text-accent' },
  promotion: { icon: Tag, className: 'bg-brand-ay-yo/12 text-brand-ay-yo dark:bg-pink-400/15 dark:text-pink-300' },
};

const announcement: NotificationLook = { icon: Megaphone, className: 'bg-surface text-muted' };

/** The icon of a notification by its type (docs/screens.md 'Layout shell'): install, event, promotion, anything else an announcement. */
export function notificationLook(type: string): NotificationLook {
  return looks[type] ?? announcement;
}
