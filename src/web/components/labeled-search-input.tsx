import { Search } from 'lucide-react';
import { Input, Label } from './ui/input';

export interface LabeledSearchInputProps {
  id: string;
  /** The visible label above the box, e.g. 'Buscar'. */
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** Classes of the wrapper (spacing, width). */
  className?: string;
}

/** A search box with its visible label above and the magnifier inside; reports every keystroke (no delay). */
export function LabeledSearchInput({ id, label, value, onChange, placeholder, className }: LabeledSearchInputProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className="pl-10"
          autoComplete="off"
        />
      </div>
    </div>
  );
}
