import { CalendarSearch, Home, ScanLine, Ticket, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path ('Início'). */
  end?: boolean;
}

/** The three main destinations, as the bottom tabs name them (docs/screens.md 'Layout shell'). */
export const primaryNav: NavItem[] = [
  { to: '/', label: 'Início', icon: Home, end: true },
  { to: '/tickets', label: 'Meus ingressos', icon: Ticket },
  { to: '/events', label: 'Todos os eventos', icon: CalendarSearch },
];

/** The door screen, in the side menu of door staff and admins (issue 10 'Staff'). */
export const staffNav: NavItem = { to: '/validator', label: 'Validador', icon: ScanLine };
