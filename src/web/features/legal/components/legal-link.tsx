import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An inline link inside legal text. */
export function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  const className = 'font-semibold text-accent underline underline-offset-2';
  if (to.startsWith('mailto:')) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
