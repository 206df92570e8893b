import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';

/** A native select (good on phones) with the look of Input. */
export const GuestSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function GuestSelect(
  { children, ...props },
  ref,
) {
  return (
    <div className="relative">
      <select
        ref={ref}
        className="h-11 w-full appearance-none rounded-xl border border-border bg-card pr-10 pl-3 text-base text-fg aria-[invalid=true]:border-danger"
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted" />
    </div>
  );
});
