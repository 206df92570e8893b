import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';

/** 'Voltar' (one step back, or `fallback` when the page was opened directly), the page title and an optional line under it. */
export function PageHeader({ title, subtitle, fallback = '/' }: { title: string; subtitle?: ReactNode; fallback?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  return (
    <header className="mb-6">
      <title>{`${title} - Next Level`}</title>
      <button
        type="button"
        onClick={() => (hasHistory ? navigate(-1) : navigate(fallback))}
        className="-ml-2 inline-flex h-10 items-center gap-2 rounded-xl px-2 font-semibold text-fg transition hover:bg-surface"
      >
        <ArrowLeft aria-hidden className="size-5" />
        Voltar
      </button>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{title}</h1>
      {subtitle ? <p className="mt-1 text-muted">{subtitle}</p> : null}
    </header>
  );
}
