import { useState } from 'react';
import { toast } from 'sonner';
import { Download, Share, Smartphone, SquarePlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { promptInstall, useInstallState } from '../../../lib/install-prompt';
import { SettingsCard } from './settings-card';

/**
 * How to put the app on the home screen (docs/screens.md 'Settings': install-app
 * instructions): the browser's own install dialog behind 'Instalar app' where it offers one, the
 * iPhone's Safari steps there, and the menu steps elsewhere. Hidden once the app runs installed.
 */
export function InstallAppCard() {
  const { isInstalled, canPrompt, isIos } = useInstallState();
  const [isPrompting, setPrompting] = useState(false);
  if (isInstalled) return null;

  async function install() {
    setPrompting(true);
    try {
      if (await promptInstall()) toast.success('App instalado!', { description: 'Abra a Next Level direto da tela inicial.' });
    } finally {
      setPrompting(false);
    }
  }

  return (
    <SettingsCard id="settings-install" title="Instale o app" description="Seus ingressos a um toque, direto da tela inicial.">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent">
          <Smartphone aria-hidden className="size-5" />
        </span>
        {canPrompt ? (
          <div className="min-w-0 flex-1 space-y-3 text-sm">
            <p>Instale em um toque: o app abre em tela cheia e seus ingressos ficam à mão na entrada do evento.</p>
            <Button onClick={() => void install()} disabled={isPrompting}>
              <Download aria-hidden className="size-4" />
              Instalar app
            </Button>
          </div>
        ) : isIos ? (
          <ol className="min-w-0 flex-1 list-decimal space-y-2 pl-5 text-sm">
            <li>
              No Safari, toque em <strong>Compartilhar</strong> <Share aria-hidden className="inline size-4 align-text-bottom" />.
            </li>
            <li>
              Escolha <strong>Adicionar à Tela de Início</strong> <SquarePlus aria-hidden className="inline size-4 align-text-bottom" />.
            </li>
            <li className="list-none text-muted">O app abre em tela cheia e seus ingressos ficam à mão na entrada do evento.</li>
          </ol>
        ) : (
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
        )}
      </div>
    </SettingsCard>
  );
}
