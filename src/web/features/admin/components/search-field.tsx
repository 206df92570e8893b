import { useEffect, useState } from 'react';
import { Search, X } from 'lucide-react';
import { Input } from '../../../components/ui/input';

export interface SearchFieldProps {
  /** The committed search (e.g. from the URL). */
  value: string;
  onChange(value: string): void;
  /** Accessible name and placeholder, e.g. 'Buscar por título ou local'. */
  label: string;
  delayMs?: number;
}

/** Search box that commits what is typed after a short pause and follows outside changes. */
export function SearchField({ value, onChange, label, delayMs = 300 }: SearchFieldProps) {
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
    <div className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={label}
        aria-label={label}
        enterKeyHint="search"
        className="pr-11 pl-11 [&::-webkit-search-cancel-button]:hidden"
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
