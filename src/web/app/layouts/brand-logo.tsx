import { Link } from 'react-router';

export function BrandMark({ className = 'size-9 text-sm' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-brand-next-level to-brand-ay-yo font-black tracking-tight text-white ${className}`}
    >
      NL
    </span>
  );
}

export function BrandLogo() {
  return (
    <Link to="/" className="inline-flex items-center gap-2.5 rounded-xl">
      <BrandMark />
      {/* The name read out starts with the words seen (WCAG 2.5.3 'Label in Name'). */}
      <span className="text-lg font-black tracking-tight">
        Next Level<span className="sr-only"> - página inicial</span>
      </span>
    </Link>
  );
}
