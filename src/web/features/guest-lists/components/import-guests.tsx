import { useRef, useState } from 'react';
import { FileUp, Loader2 } from 'lucide-react';
import type { GuestImportResult } from '../../../../shared/schemas/guest-lists';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useImportGuestCsv } from '../api/import-guest-csv';

/** 'Importar CSV': a file with columns nome,email,cpf; shows how many went in and each refused line with its reason. */
export function ImportGuests({ listId, disabled }: { listId: string; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const importCsv = useImportGuestCsv(listId);
  const [result, setResult] = useState<GuestImportResult | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setResult(null);
    const text = await file.text();
    importCsv.mutate(text, { onSuccess: setResult });
    if (input.current) input.current.value = '';
  }

  return (
    <div>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        id={`csv-${listId}`}
        onChange={(e) => void onFile(e.target.files?.[0])}
        tabIndex={-1}
        aria-hidden
      />
      <Button
        type="button"
        variant="outline"
        disabled={disabled || importCsv.isPending}
        onClick={() => input.current?.click()}
        className="w-full sm:w-auto"
      >
        {importCsv.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <FileUp className="size-5" aria-hidden />}
        Importar CSV
      </Button>
      <p className="mt-1 text-xs text-muted">Colunas: nome, email, cpf (o cabeçalho é opcional).</p>
      <div aria-live="polite">
        {importCsv.isError ? (
          <p className="mt-2 text-sm font-semibold text-danger" role="alert">
            {importCsv.error instanceof ApiError ? importCsv.error.message : 'Não foi possível importar.'}
          </p>
        ) : null}
        {result ? (
          <div className="mt-2 rounded-2xl bg-surface p-3 text-sm">
            <p className="font-semibold">
              {result.added === 1 ? '1 nome adicionado' : `${result.added} nomes adicionados`}
              {result.refused.length > 0
                ? `, ${result.refused.length === 1 ? '1 linha recusada' : `${result.refused.length} linhas recusadas`}`
                : ''}
            </p>
            {result.refused.length > 0 ? (
              <ul className="mt-1 space-y-0.5" aria-label="Linhas recusadas">
                {result.refused.map((row) => (
                  <li key={row.line}>
                    Linha {row.line}: {row.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
