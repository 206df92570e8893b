import { useLocation, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * 'Voltar': back in the app's history, or to `fallback` when the page was opened directly
 * (a shared link, a new tab) and there is nothing in the app to go back to.
 */
export function BackButton({ fallback, className }: { fallback: string; className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  return (
    <button
      type="button"
      onClick={() => (hasHistory ? navigate(-1) : navigate(fallback))}
      className={cn('inline-flex h-10 items-center gap-2 rounded-xl px-2 font-semibold text-fg transition hover:bg-surface', className)}
    >
      <ArrowLeft aria-hidden className="size-5" />
      Voltar
    </button>
  );
}
