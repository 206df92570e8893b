import { Link } from 'react-router';
import { CalendarPlus, Newspaper, ScanLine, TicketPercent, type LucideIcon } from 'lucide-react';

const actions: { to: string; label: string; description: string; icon: LucideIcon }[] = [
  { to: '/admin/events/new', label: 'Novo evento', description: 'Cadastre um evento e seus ingressos', icon: CalendarPlus },
  { to: '/admin/coupons?novo=1', label: 'Novo cupom', description: 'Crie um cupom de desconto', icon: TicketPercent },
  { to: '/admin/news?novo=1', label: 'Nova notícia', description: 'Publique na página inicial', icon: Newspaper },
  { to: '/ticket-validator', label: 'Validar ingressos', description: 'Leia os QR codes na entrada', icon: ScanLine },
];

/** Shortcuts to the back office's most common tasks. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="mb-3 text-lg font-bold">
        Ações rápidas
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {actions.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 rounded-2xl border border-border bg-card p-4 transition hover:border-accent hover:bg-accent/5"
            >
              <Icon aria-hidden className="size-6 text-accent" />
              <span className="font-semibold">{label}</span>
              <span className="text-sm text-muted">{description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
