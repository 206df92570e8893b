import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-accent text-accent-foreground hover:opacity-90',
  secondary: 'bg-surface text-fg hover:bg-border',
  outline: 'border border-border bg-transparent text-fg hover:bg-surface',
  ghost: 'bg-transparent text-fg hover:bg-surface',
  danger: 'bg-danger text-danger-foreground hover:opacity-90',
  success: 'bg-success text-success-foreground hover:opacity-90',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-base',
  lg: 'h-12 px-6 text-base',
  icon: 'size-11',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a Link, an anchor) with the button's look. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = 'primary', size = 'md', asChild, type, ...props },
  ref,
) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-opacity disabled:pointer-events-none disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
