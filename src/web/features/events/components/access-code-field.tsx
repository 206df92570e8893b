import { useState, type FormEvent } from 'react';
import { CheckCircle2, KeyRound, Loader2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';

interface AccessCodeFieldProps {
  /** The code applied on the page, or null. */
  appliedCode: string | null;
  isChecking: boolean;
  /** The applied code unlocks no sector of this event. */
  isRefused: boolean;
  /** Why the last code was not even tried (too many wrong codes: 'Tente de novo em 8 segundos.'), or null. */
  refusal?: string | null;
  onApply(code: string): void;
  onRemove(): void;
}

/**
 * 'Tem um código de acesso?' (docs/rules/sale.md 'Pre-sale access codes': pre-sale sectors hidden until a code unlocks
 * them): the event is asked again with the code and shows the sector it unlocks; the code goes
 * with the order.
 */
export function AccessCodeField({ appliedCode, isChecking, isRefused, refusal = null, onApply, onRemove }: AccessCodeFieldProps) {
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [blankError, setBlankError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = text.trim().toUpperCase();
    if (!code) {
      setBlankError('Digite o código de acesso');
      return;
    }
    setBlankError(null);
    onApply(code);
  }

  if (appliedCode && !isRefused && !isChecking) {
    return (
      <div role="status" className="mt-4 flex items-center gap-3 rounded-xl border border-success/40 bg-success/10 px-3 py-2.5">
        <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />
        <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
          Código <span className="font-mono font-bold">{appliedCode}</span> aplicado.
          <span className="block text-muted">Setor de pré-venda liberado.</span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0 px-2"
          aria-label={`Remover código ${appliedCode}`}
          onClick={() => {
            setText('');
            onRemove();
          }}
        >
          <X aria-hidden className="size-4" />
          <span className="max-[380px]:sr-only">Remover</span>
        </Button>
      </div>
    );
  }

  if (!isOpen && !appliedCode && !refusal) {
    return (
      <button
        type="button"
        className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-accent underline-offset-4 hover:underline"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        <KeyRound aria-hidden className="size-4" />
        Tem um código de acesso?
      </button>
    );
  }

  const error = blankError ?? refusal ?? (isRefused ? 'Código de acesso inválido para este evento' : undefined);
  return (
    <form noValidate onSubmit={submit} className="mt-4">
      <Label htmlFor="access-code">Código de acesso</Label>
      <div className="flex gap-2">
        <Input
          id="access-code"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setBlankError(null);
          }}
          autoFocus={!appliedCode}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Digite o código"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'access-code-error' : undefined}
          className="min-w-0 flex-1 uppercase placeholder:normal-case"
        />
        <Button type="submit" variant="outline" className="shrink-0" disabled={isChecking}>
          {isChecking ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          Aplicar
        </Button>
      </div>
      <FieldError id="access-code-error" message={error} />
    </form>
  );
}
