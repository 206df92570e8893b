import { useState } from 'react';
import { ChevronDown, Download, Smartphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { promptInstall, useInstallState } from '../../../lib/install-prompt';

/**
 * 'Instale o app' on /auth: the browser's own install dialog behind 'Instalar app' where it offers
 * one, otherwise the steps (iPhone: Compartilhar > Adicionar à Tela de Início). Hidden once the
 * app runs installed.
 */
export function InstallAppNote() {
  const { isInstalled, canPrompt, isIos } = useInstallState();
  const [isPrompting, setPrompting] = useState(false);
  if (isInstalled) return null;

  if (canPrompt) {
    return (
      <section
        aria-labelledby="install-app-title"
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-card p-4"
      >
        <Smartphone aria-hidden className="size-5 shrink-0 text-accent" />
        <div className="min-w-0 flex-1">
          <h2 id="install-app-title" className="font-semibold">
            Instale o app
          </h2>
          <p className="text-sm text-muted">Seus ingressos a um toque, direto da tela inicial.</p>
        </div>
        <Button
          size="sm"
          disabled={isPrompting}
          onClick={() => {
            setPrompting(true);
            void promptInstall().finally(() => setPrompting(false));
          }}
        >
          <Download aria-hidden className="size-4" />
          Instalar app
        </Button>
      </section>
    );
  }

  return (
    <details className="group rounded-2xl border border-border bg-card">
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-4 font-semibold [&::-webkit-details-marker]:hidden">
        <Smartphone aria-hidden className="size-5 text-accent" />
        <span className="flex-1">Instale o app</span>
        <ChevronDown aria-hidden className="size-5 text-muted transition group-open:rotate-180" />
      </summary>
      <div className="space-y-2 px-4 pb-4 text-sm text-muted">
        <p>Tenha seus ingressos a um toque, direto da tela inicial do celular.</p>
        {isIos ? null : (
          <p>
            <strong className="text-fg">Android:</strong> menu ⋮ &gt; Instalar app
          </p>
        )}
        <p>
          <strong className="text-fg">iPhone:</strong> Compartilhar &gt; Adicionar à Tela de Início
        </p>
      </div>
    </details>
  );
}
