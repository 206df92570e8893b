import {
  CalendarDays,
  History,
  Image,
  Tags,
  LayoutDashboard,
  ListChecks,
  Newspaper,
  ScanLine,
  Store,
  TicketPercent,
  Undo2,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard). */
  end?: boolean;
}

/** The back office's sidebar, in the order of docs/screens.md 'Admin area'. */
export const adminNav: AdminNavItem[] = [
  { to: '/admin', label: 'Painel', icon: LayoutDashboard, end: true },
  { to: '/admin/events', label: 'Eventos', icon: CalendarDays },
  { to: '/admin/brands', label: 'Marcas', icon: Tags },
  { to: '/admin/news', label: 'Notícias', icon: Newspaper },
  { to: '/admin/banners', label: 'Banners', icon: Image },
  { to: '/admin/coupons', label: 'Cupons', icon: TicketPercent },
  { to: '/admin/refunds', label: 'Reembolsos', icon: Undo2 },
  { to: '/admin/staff', label: 'Equipe', icon: UsersRound },
  { to: '/admin/box-office', label: 'Bilheteria', icon: Store },
  { to: '/admin/guest-lists', label: 'Listas amigas', icon: ListChecks },
  { to: '/admin/audit', label: 'Histórico', icon: History },
  { to: '/ticket-validator', label: 'Validador', icon: ScanLine },
];
