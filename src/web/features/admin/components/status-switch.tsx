import { Switch } from 'radix-ui';
import { cn } from '../../../lib/cn';

export interface StatusSwitchProps {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** Accessible name, e.g. 'Cupom VERAO10 ativo'. */
  label: string;
  /** Text next to the switch for each state, e.g. 'Ativo' / 'Inativo'. */
  onText: string;
  offText: string;
  disabled?: boolean;
}

/** An on/off switch with its state written next to it (coupons, news and banners lists). */
export function StatusSwitch({ checked, onCheckedChange, label, onText, offText, disabled }: StatusSwitchProps) {
  return (
    <span className="inline-flex items-center gap-2">
      <Switch.Root
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={label}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition disabled:cursor-wait disabled:opacity-60',
          checked ? 'bg-success' : 'bg-muted/50',
        )}
      >
        <Switch.Thumb
          className={cn('block size-6 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0')}
        />
      </Switch.Root>
      <span aria-hidden className={cn('text-sm font-medium', checked ? 'text-success' : 'text-muted')}>
        {checked ? onText : offText}
      </span>
    </span>
  );
}
