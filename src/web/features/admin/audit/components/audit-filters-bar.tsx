import { X } from 'lucide-react';
import { auditActionLabels, auditActions, type AuditAction } from '../../../../../shared/audit-actions';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { Select } from '../../components/form-field';
import type { AuditFilters } from '../lib/audit-filters';

export interface AuditFiltersBarProps {
  filters: AuditFilters;
  /** Who acted in the history shown (the server's list). */
  actors: { id: string; label: string }[];
  onChange(next: Partial<AuditFilters>): void;
  onClear(): void;
}

const actionsByLabel = [...auditActions].sort((a, b) => auditActionLabels[a].localeCompare(auditActionLabels[b], 'pt-BR'));

/** 'Ação', 'Quem', 'De' and 'Até' (São Paulo days), and 'Limpar filtros' while any is set. */
export function AuditFiltersBar({ filters, actors, onChange, onClear }: AuditFiltersBarProps) {
  const isFiltered = Boolean(filters.action || filters.actorId || filters.from || filters.to);
  // An actor chosen from the address but absent from the list still shows as chosen.
  const actorOptions =
    filters.actorId && !actors.some((a) => a.id === filters.actorId)
      ? [...actors, { id: filters.actorId, label: 'Pessoa escolhida' }]
      : actors;
  return (
    <div
      role="group"
      aria-label="Filtros do histórico"
      className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1.2fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_auto] lg:items-end"
    >
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <Label htmlFor="audit-action">Ação</Label>
        <Select
          id="audit-action"
          value={filters.action ?? ''}
          onChange={(e) => onChange({ action: (e.target.value || undefined) as AuditAction })}
        >
          <option value="">Todas as ações</option>
          {actionsByLabel.map((action) => (
            <option key={action} value={action}>
              {auditActionLabels[action]}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <Label htmlFor="audit-actor">Quem</Label>
        <Select id="audit-actor" value={filters.actorId ?? ''} onChange={(e) => onChange({ actorId: e.target.value || undefined })}>
          <option value="">Todas as pessoas</option>
          {actorOptions.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0">
        <Label htmlFor="audit-from">De</Label>
        <Input
          id="audit-from"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </div>
      <div className="min-w-0">
        <Label htmlFor="audit-to">Até</Label>
        <Input
          id="audit-to"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </div>
      {isFiltered ? (
        <Button type="button" variant="outline" onClick={onClear} className="col-span-2 lg:col-span-1">
          <X aria-hidden className="size-4" />
          Limpar filtros
        </Button>
      ) : null}
    </div>
  );
}
