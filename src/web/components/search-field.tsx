import { useEffect, useState } from 'react';
import { Search, X } from 'lucide-react';
import { Input } from './ui/input';
import { cn } from '../lib/cn';

export interface SearchFieldProps {
  /** The committed search (e.g. from the URL). */
  value: string;
  onChange(value: string): void;
  /** Accessible name, e.g. 'Buscar eventos'. */
  label: string;
  /** Shown while empty; the label when not given. */
  placeholder?: string;
  delayMs?: number;
  className?: string;
  inputClassName?: string;
}

/**
 * Search box that commits what is typed (trimmed) after a short pause, clears with 'Limpar
 * busca', and follows outside changes of `value` (back button, 'Limpar filtros').
 */
export function SearchField({ value, onChange, label, placeholder, delayMs = 300, className, inputClassName }: SearchFieldProps) {
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
        placeholder={placeholder ?? label}
        aria-label={label}
        enterKeyHint="search"
        className={cn('pl-11 [&::-webkit-search-cancel-button]:hidden', text ? 'pr-11' : 'pr-3', inputClassName)}
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
