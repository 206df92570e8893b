import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { EmptyState } from './empty-state';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. 'Não foi possível carregar seus ingressos.' */
  title: string;
  onRetry(): void;
  /** Greys out 'Tentar novamente' while the retry runs. */
  retrying?: boolean;
  /** With an icon, the back office's look (an empty list's placeholder); without, a card. */
  icon?: LucideIcon;
  /** The smaller card of a section inside a page. */
  compact?: boolean;
}

/** Something could not be loaded: says what and offers 'Tentar novamente'. */
export function LoadError({ title, onRetry, retrying, icon, compact }: LoadErrorProps) {
  const retry = (
    <Button
      variant="outline"
      size={compact ? 'sm' : undefined}
      className={icon ? undefined : compact ? 'mt-3' : 'mt-4'}
      onClick={onRetry}
      disabled={retrying}
    >
      Tentar novamente
    </Button>
  );
  if (icon) return <EmptyState icon={icon} title={title} action={retry} />;
  return (
    <div role="alert" className={cn('border border-border bg-card text-center', compact ? 'rounded-2xl p-5' : 'rounded-3xl p-8')}>
      <p className="font-semibold">{title}</p>
      {retry}
    </div>
  );
}
