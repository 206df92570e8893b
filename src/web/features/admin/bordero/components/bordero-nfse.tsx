import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';

/** The NFS-e text of the event, with 'Copiar' to paste it into the city's NFS-e system. */
export function BorderoNfse({ text }: { text: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Texto da NFS-e copiado');
    } catch {
      toast.error('Não foi possível copiar', { description: 'Selecione o texto e copie manualmente.' });
    }
  }
  return (
    <section aria-labelledby="bordero-nfse" className="space-y-3 rounded-2xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bordero-nfse" className="text-lg font-bold">
          Texto da NFS-e
        </h2>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          Copiar
        </Button>
      </div>
      <pre className="rounded-xl bg-surface p-3 font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="nfse-text">
        {text}
      </pre>
    </section>
  );
}
