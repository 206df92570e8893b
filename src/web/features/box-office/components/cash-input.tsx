import { Input } from '../../../components/ui/input';

/**
 * An amount of cash typed at the box office, in reais as the seller writes it ('R$ 0,00' until
 * typed, a decimal keypad on phones); marked invalid while `error` holds a message.
 */
export function CashInput({ id, value, onChange, error }: { id: string; value: string; onChange(text: string): void; error?: string }) {
  return (
    <Input
      id={id}
      inputMode="decimal"
      placeholder="R$ 0,00"
      value={value}
      aria-invalid={!!error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
