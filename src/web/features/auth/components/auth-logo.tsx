import { Link } from 'react-router';

export function AuthLogo() {
  return (
    <Link to="/" className="inline-flex items-center gap-2.5 rounded-xl">
      <span
        aria-hidden
        className="inline-flex size-10 items-center justify-center rounded-xl bg-linear-to-br from-brand-next-level to-brand-ay-yo text-sm font-black tracking-tight text-white"
      >
        NL
      </span>
      {/* The name read out starts with the words seen (WCAG 2.5.3 'Label in Name'). */}
      <span className="text-lg font-black tracking-tight">
        Next Level<span className="sr-only"> - página inicial</span>
      </span>
    </Link>
  );
}
