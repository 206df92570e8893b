import type { ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { BackButton } from '../../../components/back-button';

/** Both legal pages were last revised on this day (docs/screens.md 'Legal and data pages'). */
export const LEGAL_UPDATED_AT = '10 de julho de 2025';

export interface LegalSection {
  /** Anchor of the section, e.g. 'informacoes-coletadas'. */
  id: string;
  title: string;
  body: ReactNode;
}

/** Legal and data pages share one look: back button, title, date, numbered sections (docs/screens.md 'Legal and data pages'). */
export function LegalDocument({
  title,
  updatedAt,
  intro,
  sections,
  footer,
}: {
  title: string;
  /** pt-BR date text, e.g. '10 de julho de 2025'. */
  updatedAt: string;
  intro: ReactNode;
  sections: LegalSection[];
  footer?: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl" aria-labelledby="legal-title">
      <title>{`${title} - Next Level`}</title>
      <BackButton fallback="/" className="-ml-2" />
      <header className="mt-2 border-b border-border pb-6">
        <h1 id="legal-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 flex items-center gap-2 text-sm text-muted">
          <CalendarDays className="size-4" aria-hidden />
          Última atualização: {updatedAt}
        </p>
        <div className="mt-4 leading-relaxed text-fg/90">{intro}</div>
      </header>

      <nav aria-label="Nesta página" className="mt-6 rounded-2xl border border-border bg-card p-4">
        <p className="text-sm font-semibold">Nesta página</p>
        <ol className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="inline-flex min-h-8 items-center text-accent underline-offset-2 hover:underline">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-10">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
            <h2 id={`${section.id}-title`} className="flex items-baseline gap-3 text-xl font-bold sm:text-2xl">
              <span className="text-accent tabular-nums" aria-hidden>
                {index + 1}.
              </span>
              {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-fg/90 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-fg [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
              {section.body}
            </div>
          </section>
        ))}
      </div>

      {footer ? <footer className="mt-12 border-t border-border pt-6">{footer}</footer> : null}
    </article>
  );
}
