import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Loader2, Plus } from 'lucide-react';
import { eventInstant } from '../../../../shared/dates';
import { parseReaisToCentavos } from '../../../../shared/money';
import type { CreateGuestListInput, GuestListAfterKind } from '../../../../shared/schemas/guest-lists';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useCreateGuestList } from '../api/create-guest-list';
import { GuestSelect } from './guest-select';

/** A 'datetime-local' value read as São Paulo wall time, as an ISO UTC instant; null when empty or malformed. */
function saoPauloInputToIso(value: string): string | null {
  const [date, time] = value.split('T');
  if (!date || !time) return null;
  try {
    return eventInstant(date, time.slice(0, 5)).toISOString();
  } catch {
    return null;
  }
}

/** The back office's 'Nova lista' for one event: owner, sector, quota, rule and closing time (times in São Paulo). */
export function CreateGuestListForm({ eventId, sectors }: { eventId: string; sectors: { id: string; name: string }[] }) {
  const create = useCreateGuestList(eventId);
  const [name, setName] = useState('');
  const [ownerEmail, setOwnerEmail] = useState('');
  const [sectorId, setSectorId] = useState(sectors[0]?.id ?? '');
  const [quota, setQuota] = useState('50');
  const [freeUntil, setFreeUntil] = useState('');
  const [afterKind, setAfterKind] = useState<GuestListAfterKind>('price');
  const [price, setPrice] = useState('');
  const [percent, setPercent] = useState('50');
  const [closesAt, setClosesAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const freeIso = saoPauloInputToIso(freeUntil);
    const closesIso = saoPauloInputToIso(closesAt);
    if (!freeIso) return setProblem('Informe até que horário a lista é grátis.');
    if (!closesIso) return setProblem('Informe quando a lista encerra.');
    const priceCentavos = afterKind === 'free' ? null : parseReaisToCentavos(price);
    if (afterKind !== 'free' && !priceCentavos)
      return setProblem(afterKind === 'price' ? 'Informe o valor depois do horário.' : 'Informe o preço de referência.');
    const input: CreateGuestListInput = {
      name,
      ownerEmail,
      sectorId,
      quota: Number(quota),
      freeUntil: freeIso,
      afterKind,
      afterPriceCentavos: priceCentavos,
      discountPercent: afterKind === 'discount' ? Number(percent) : null,
      closesAt: closesIso,
    };
    create.mutate(input, {
      onSuccess: (list) => {
        toast.success(`Lista '${list.name}' criada`);
        setName('');
        setOwnerEmail('');
      },
      onError: (error) => setProblem(error instanceof ApiError ? error.message : 'Não foi possível criar a lista.'),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Nova lista">
      <div>
        <Label htmlFor="gl-name">Nome da lista</Label>
        <Input id="gl-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Lista do DJ" required />
      </div>
      <div>
        <Label htmlFor="gl-owner">E-mail do responsável</Label>
        <Input
          id="gl-owner"
          type="email"
          inputMode="email"
          value={ownerEmail}
          onChange={(e) => setOwnerEmail(e.target.value)}
          placeholder="promoter@exemplo.com"
          required
        />
      </div>
      <div>
        <Label htmlFor="gl-sector">Setor</Label>
        <GuestSelect id="gl-sector" value={sectorId} onChange={(e) => setSectorId(e.target.value)}>
          {sectors.map((sector) => (
            <option key={sector.id} value={sector.id}>
              {sector.name}
            </option>
          ))}
        </GuestSelect>
      </div>
      <div>
        <Label htmlFor="gl-quota">Limite de nomes</Label>
        <Input id="gl-quota" inputMode="numeric" value={quota} onChange={(e) => setQuota(e.target.value.replace(/\D/g, ''))} required />
      </div>
      <div>
        <Label htmlFor="gl-free-until">Grátis até</Label>
        <Input id="gl-free-until" type="datetime-local" value={freeUntil} onChange={(e) => setFreeUntil(e.target.value)} required />
      </div>
      <div>
        <Label htmlFor="gl-after">Depois do horário</Label>
        <GuestSelect id="gl-after" value={afterKind} onChange={(e) => setAfterKind(e.target.value as GuestListAfterKind)}>
          <option value="price">Paga um valor</option>
          <option value="discount">Tem desconto</option>
          <option value="free">Continua grátis</option>
        </GuestSelect>
      </div>
      {afterKind !== 'free' ? (
        <div>
          <Label htmlFor="gl-price">{afterKind === 'price' ? 'Valor depois do horário (R$)' : 'Preço de referência (R$)'}</Label>
          <Input id="gl-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} placeholder="40,00" />
        </div>
      ) : null}
      {afterKind === 'discount' ? (
        <div>
          <Label htmlFor="gl-percent">Desconto (%)</Label>
          <Input id="gl-percent" inputMode="numeric" value={percent} onChange={(e) => setPercent(e.target.value.replace(/\D/g, ''))} />
        </div>
      ) : null}
      <div>
        <Label htmlFor="gl-closes">Lista encerra em</Label>
        <Input id="gl-closes" type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.target.value)} required />
      </div>
      {problem ? (
        <p className="text-sm font-semibold text-danger sm:col-span-2" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending || sectors.length === 0} className="w-full sm:w-auto">
          {create.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Plus className="size-5" aria-hidden />}
          Criar lista
        </Button>
      </div>
    </form>
  );
}
