import { Link } from 'react-router';

export function AuthLogo() {
  return (
    <Link to="/" className="inline-flex items-center gap-2.5 rounded-xl" aria-label="Next Level - página inicial">
      <span
        aria-hidden
        className="inline-flex size-10 items-center justify-center rounded-xl bg-linear-to-br from-brand-next-level to-brand-ay-yo text-sm font-black tracking-tight text-white"
      >
        NL
      </span>
      <span aria-hidden className="text-lg font-black tracking-tight">
        Next Level
      </span>
    </Link>
  );
}
