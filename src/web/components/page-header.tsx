import type { ReactNode } from 'react';
import { BackButton } from './back-button';

/** 'Voltar' (one step back, or `fallback` when the page was opened directly), the page title and an optional line under it. */
export function PageHeader({ title, subtitle, fallback = '/' }: { title: string; subtitle?: ReactNode; fallback?: string }) {
  return (
    <header className="mb-6">
      <title>{`${title} - Next Level`}</title>
      <BackButton fallback={fallback} className="-ml-2" />
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{title}</h1>
      {subtitle ? <p className="mt-1 text-muted">{subtitle}</p> : null}
    </header>
  );
}
