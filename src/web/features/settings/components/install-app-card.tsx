import { Smartphone } from 'lucide-react';
import { SettingsCard } from './settings-card';

/** How to put the app on the phone's home screen (SPEC.md section 2 'Settings': install-app instructions). */
export function InstallAppCard() {
  return (
    <SettingsCard id="settings-install" title="Instale o app" description="Seus ingressos a um toque, direto da tela inicial.">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent">
          <Smartphone aria-hidden className="size-5" />
        </span>
        <ol className="min-w-0 flex-1 space-y-2 text-sm">
          <li>
            <strong>Android (Chrome):</strong> toque no menu <span aria-label="de três pontos">⋮</span> e escolha{' '}
            <strong>Instalar app</strong> ou <strong>Adicionar à tela inicial</strong>.
          </li>
          <li>
            <strong>iPhone (Safari):</strong> toque em <strong>Compartilhar</strong> e depois em{' '}
            <strong>Adicionar à Tela de Início</strong>.
          </li>
          <li className="text-muted">O app abre em tela cheia e seus ingressos ficam à mão na entrada do evento.</li>
        </ol>
      </div>
    </SettingsCard>
  );
}
