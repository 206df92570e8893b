import { ChevronDown, Smartphone } from 'lucide-react';

/** Short 'add to home screen' steps for Android and iPhone. */
export function InstallAppNote() {
  return (
    <details className="group rounded-2xl border border-border bg-card">
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-4 font-semibold [&::-webkit-details-marker]:hidden">
        <Smartphone aria-hidden className="size-5 text-accent" />
        <span className="flex-1">Instale o app</span>
        <ChevronDown aria-hidden className="size-5 text-muted transition group-open:rotate-180" />
      </summary>
      <div className="space-y-2 px-4 pb-4 text-sm text-muted">
        <p>Tenha seus ingressos a um toque, direto da tela inicial do celular.</p>
        <p>
          <strong className="text-fg">Android:</strong> menu ⋮ &gt; Instalar app
        </p>
        <p>
          <strong className="text-fg">iPhone:</strong> Compartilhar &gt; Adicionar à Tela de Início
        </p>
      </div>
    </details>
  );
}
