import { useState, type FormEvent } from 'react';
import { CalendarDays, Loader2, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { EventSessionsResponse } from '../../../../shared/schemas/sessions';
import { sectorCoverage } from '../../../../shared/sessions';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useEventSessions } from './api/get-event-sessions';
import { useSaveEventSessions } from './api/save-event-sessions';

interface Row {
  /** A key for the screen; the saved id when there is one. */
  key: string;
  id?: string;
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  capacity: string;
}

let nextKey = 0;
const newKey = () => `nova-${++nextKey}`;

/**
 * 'Sessões' of an event in the back office (docs/rules/sessions.md 'Sessions'): its days or time
 * slots (name, date, start and end, capacity), whether the door scans exits (re-entry), and per
 * sector the sessions it is valid for (none ticked: every session, a pass). The door admits once
 * per session.
 */
export function SessionsSection({ eventId }: { eventId: string }) {
  const { data } = useEventSessions(eventId);
  return (
    <section aria-labelledby="sessions-section-title" className="mt-8 rounded-2xl border border-border bg-surface p-4 sm:p-6">
      <h2 id="sessions-section-title" className="flex items-center gap-2 text-lg font-bold">
        <CalendarDays aria-hidden className="size-5 text-accent" />
        Sessões
      </h2>
      <p className="mt-1 text-sm text-fg/75">
        Dias ou horários do evento. A portaria deixa cada ingresso entrar uma vez por sessão; cada setor vale para as sessões marcadas
        (nenhuma marcada: todas, como um passaporte).
      </p>
      {data ? (
        <SessionsForm key={JSON.stringify(data)} eventId={eventId} saved={data} />
      ) : (
        <Loader2 aria-label="Carregando" className="mt-4 size-5 animate-spin" />
      )}
    </section>
  );
}

function SessionsForm({ eventId, saved }: { eventId: string; saved: EventSessionsResponse }) {
  const save = useSaveEventSessions();
  const [rows, setRows] = useState<Row[]>(() =>
    saved.sessions.map((s) => ({
      key: s.id,
      id: s.id,
      name: s.name,
      date: s.date,
      startTime: s.startTime,
      endTime: s.endTime ?? '',
      capacity: s.capacity === null ? '' : String(s.capacity),
    })),
  );
  const [exitScans, setExitScans] = useState(saved.exitScans);
  // Per sector, the keys of the rows it covers.
  const [covers, setCovers] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(saved.sectors.map((s) => [s.sectorId, s.sessionIds])),
  );
  const [error, setError] = useState<string | null>(null);

  const change = (key: string, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const toggle = (sectorId: string, key: string) =>
    setCovers((current) => {
      const list = current[sectorId] ?? [];
      return { ...current, [sectorId]: list.includes(key) ? list.filter((k) => k !== key) : [...list, key] };
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const keys = rows.map((r) => r.key);
    save.mutate(
      {
        eventId,
        input: {
          exitScans,
          sessions: rows.map((r) => ({
            ...(r.id ? { id: r.id } : {}),
            name: r.name,
            date: r.date,
            startTime: r.startTime,
            endTime: r.endTime || null,
            capacity: r.capacity ? Number(r.capacity) : null,
          })),
          sectors: saved.sectors.map((s) => ({
            sectorId: s.sectorId,
            sessions: (covers[s.sectorId] ?? []).flatMap((k) => (keys.includes(k) ? [keys.indexOf(k)] : [])),
          })),
        },
      },
      {
        onSuccess: () => toast.success('Sessões salvas'),
        onError: (e) => setError(e instanceof ApiError ? e.message : 'Não foi possível salvar as sessões.'),
      },
    );
  }

  const named = rows.map((r) => ({ id: r.key, name: r.name || 'Sessão sem nome' }));
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" aria-label="Sessões do evento">
      {rows.length === 0 ? <p className="text-sm text-fg/75">Sem sessões: o evento acontece na data e horário acima.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.key} className="rounded-xl border border-border bg-bg p-3">
            <fieldset>
              <legend className="sr-only">Sessão {index + 1}</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
                <div className="col-span-2 sm:col-span-2">
                  <Label htmlFor={`session-name-${row.key}`}>Nome da sessão</Label>
                  <Input
                    id={`session-name-${row.key}`}
                    value={row.name}
                    onChange={(e) => change(row.key, { name: e.target.value })}
                    placeholder="Sábado"
                    required
                  />
                </div>
                <div className="col-span-2 sm:col-span-1">
                  <Label htmlFor={`session-date-${row.key}`}>Data</Label>
                  <Input
                    id={`session-date-${row.key}`}
                    type="date"
                    value={row.date}
                    onChange={(e) => change(row.key, { date: e.target.value })}
                    required
                  />
                </div>
                <div>
                  <Label htmlFor={`session-start-${row.key}`}>Início</Label>
                  <Input
                    id={`session-start-${row.key}`}
                    type="time"
                    value={row.startTime}
                    onChange={(e) => change(row.key, { startTime: e.target.value })}
                    required
                  />
                </div>
                <div>
                  <Label htmlFor={`session-end-${row.key}`}>Término</Label>
                  <Input
                    id={`session-end-${row.key}`}
                    type="time"
                    value={row.endTime}
                    onChange={(e) => change(row.key, { endTime: e.target.value })}
                  />
                </div>
                <div>
                  <Label htmlFor={`session-capacity-${row.key}`}>Capacidade</Label>
                  <Input
                    id={`session-capacity-${row.key}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={row.capacity}
                    onChange={(e) => change(row.key, { capacity: e.target.value })}
                    placeholder="Sem limite"
                  />
                </div>
                <div className="flex items-end">
                  <Button
                    type="button"
                    variant="outline"
                    className="w-full"
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                    aria-label={`Remover a sessão ${row.name || index + 1}`}
                  >
                    <Trash2 className="size-4" aria-hidden /> Remover
                  </Button>
                </div>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        onClick={() => setRows((current) => [...current, { key: newKey(), name: '', date: '', startTime: '', endTime: '', capacity: '' }])}
      >
        <Plus className="size-4" aria-hidden /> Adicionar sessão
      </Button>

      {rows.length > 0 && saved.sectors.length > 0 ? (
        <div className="space-y-3">
          <h3 className="font-semibold">Sessões de cada setor</h3>
          {saved.sectors.map((sector) => (
            <fieldset key={sector.sectorId} className="rounded-xl border border-border bg-bg p-3">
              <legend className="px-1 font-semibold [overflow-wrap:anywhere]">{sector.name}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {rows.map((row) => (
                  <label key={row.key} className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-5 accent-accent"
                      checked={(covers[sector.sectorId] ?? []).includes(row.key)}
                      onChange={() => toggle(sector.sectorId, row.key)}
                    />
                    {row.name || 'Sessão sem nome'}
                  </label>
                ))}
              </div>
              <p className="mt-1 text-sm text-fg/75">
                {sectorCoverage(
                  named,
                  (covers[sector.sectorId] ?? []).filter((k) => rows.some((r) => r.key === k)),
                )}
              </p>
            </fieldset>
          ))}
        </div>
      ) : null}

      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="size-5 accent-accent" checked={exitScans} onChange={(e) => setExitScans(e.target.checked)} />
        <span>
          <span className="block font-semibold">Registrar saídas na portaria</span>
          <span className="block text-sm text-fg/75">
            Quem sai pode voltar a entrar; a contagem ao vivo passa a ser de quem está dentro.
          </span>
        </span>
      </label>

      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null} Salvar sessões
      </Button>
    </form>
  );
}
