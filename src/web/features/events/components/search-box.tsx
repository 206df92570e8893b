import { useEffect, useState } from 'react';
import { Search, X } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

interface SearchBoxProps {
  /** The committed search (from the URL). */
  value: string;
  onChange(value: string): void;
  delayMs?: number;
  className?: string;
}

/** Search field that commits what is typed after a pause, and follows outside changes (back, 'Limpar filtros'). */
export function SearchBox({ value, onChange, delayMs = 300, className }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => onChange(next), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onChange, delayMs]);

  return (
    <div className={cn('relative', className)}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Buscar eventos..."
        aria-label="Buscar eventos"
        enterKeyHint="search"
        className={cn('h-12 rounded-2xl pl-11 [&::-webkit-search-cancel-button]:hidden', text ? 'pr-11' : 'pr-3')}
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            onChange('');
          }}
          aria-label="Limpar busca"
          className="absolute top-1/2 right-2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
