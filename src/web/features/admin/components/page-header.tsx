import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (stacked under the title on phones). */
  actions?: ReactNode;
  /** Adds a back link above the title, e.g. { to: '/admin/events', label: 'Voltar para eventos' }. */
  back?: { to: string; label: string };
  /** The browser tab's title; default '<title> - Painel Admin'. */
  documentTitle?: string;
}

/** Title row of an admin page: the page's one h1 (and the tab title), a description, back link and actions. */
export function PageHeader({ title, description, actions, back, documentTitle }: PageHeaderProps) {
  return (
    <header className="mb-6">
      <title>{documentTitle ?? `${title} - Painel Admin`}</title>
      {back ? (
        <Link to={back.to} className="mb-3 inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-muted hover:text-fg">
          <ArrowLeft aria-hidden className="size-4" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
