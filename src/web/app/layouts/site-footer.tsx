import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { cn } from '../../lib/cn';
import { usePublicConfig } from './public-config';

const legalLinks = [
  { to: '/terms-of-service', label: 'Termos de uso' },
  { to: '/privacy-policy', label: 'Política de privacidade' },
  { to: '/meia-entrada', label: 'Política de meia-entrada' },
];

/**
 * The foot of every public page: who sells (company name, CNPJ and physical address, as the Decreto
 * 7.962/2013 art. 2, I and II asks of online shops), how to reach them, and the terms, privacy and
 * meia-entrada policies. The company comes from the server's configuration (COMPANY_NAME,
 * COMPANY_CNPJ, COMPANY_ADDRESS, COMPANY_EMAIL).
 */
export function SiteFooter({ className }: { className?: string }) {
  const { data: config } = usePublicConfig();
  const company = config?.company;
  return (
    <footer className={cn('border-t border-border bg-card', className)}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 space-y-1 text-sm">
          {company ? (
            <>
              <p className="font-semibold">{company.name}</p>
              <p className="text-muted">
                CNPJ <span className="whitespace-nowrap tabular-nums">{company.cnpj}</span>
              </p>
              <address className="text-muted not-italic">{company.address}</address>
              <p>
                <a
                  href={`mailto:${company.email}`}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold break-all text-accent underline-offset-2 hover:underline md:min-h-0"
                >
                  <Mail aria-hidden className="size-4 shrink-0" />
                  {company.email}
                </a>
              </p>
            </>
          ) : (
            <p className="text-muted">Next Level</p>
          )}
        </div>
        <nav aria-label="Políticas">
          <ul className="flex flex-col gap-1 text-sm md:items-end">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center font-medium text-fg underline-offset-2 hover:underline md:min-h-8"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
