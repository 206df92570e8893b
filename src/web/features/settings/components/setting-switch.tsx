import type { ReactNode } from 'react';
import { Switch } from 'radix-ui';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** One on/off setting: icon, label, a line of explanation and a switch (role="switch", named by its label). */
export function SettingSwitch({
  id,
  icon: Icon,
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
  children,
}: {
  id: string;
  icon: LucideIcon;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange(checked: boolean): void;
  /** Shown under the row (e.g. the WhatsApp number). */
  children?: ReactNode;
}) {
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface text-accent">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block font-semibold">
            {label}
          </label>
          <p id={`${id}-description`} className="text-sm text-muted">
            {description}
          </p>
        </div>
        <Switch.Root
          id={id}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          aria-describedby={`${id}-description`}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-50',
            'bg-surface ring-1 ring-muted ring-inset data-[state=checked]:bg-accent data-[state=checked]:ring-accent',
          )}
        >
          <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-muted shadow-sm transition-transform data-[state=checked]:translate-x-[1.375rem] data-[state=checked]:bg-accent-foreground data-[state=unchecked]:translate-x-0.5" />
        </Switch.Root>
      </div>
      {children}
    </div>
  );
}
