import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { isoToSaoPauloLocal, saoPauloLocalToIso } from '../lib/sao-paulo-date-time';

export interface DateTimeInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** A UTC ISO instant, or '' / null for none. */
  value: string | null | undefined;
  onChange(value: string): void;
}

/** Date and time typed in São Paulo time (the events' time zone, whatever the device's) and kept as a UTC instant. */
export const DateTimeInput = forwardRef<HTMLInputElement, DateTimeInputProps>(function DateTimeInput(
  { value, onChange, className, readOnly, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      {...props}
      type="datetime-local"
      readOnly={readOnly}
      value={isoToSaoPauloLocal(value)}
      onChange={(event) => onChange(saoPauloLocalToIso(event.target.value))}
      className={cn(readOnly && 'bg-surface text-muted', className)}
    />
  );
});
