import type { PriceFilter } from '../../../../shared/schemas/events';
import { Button } from '../../../components/ui/button';
import { cityOptions, priceOptions, type EventFilters } from '../event-filters';
import { DatePicker } from './date-picker';
import { SelectField } from './select-field';

interface AdvancedFiltersProps {
  id: string;
  filters: EventFilters;
  activeCount: number;
  today: string;
  eventDays?: ReadonlySet<string>;
  onChange(key: 'date' | 'city' | 'price', value: string | undefined): void;
  onClear(): void;
  onDatePickerOpenChange?(open: boolean): void;
}

/** 'Filtros Avançados' of docs/screens.md 'Events list': day, city and price, and 'Limpar'. */
export function AdvancedFilters({
  id,
  filters,
  activeCount,
  today,
  eventDays,
  onChange,
  onClear,
  onDatePickerOpenChange,
}: AdvancedFiltersProps) {
  const isKnownCity = !filters.city || (cityOptions as readonly string[]).includes(filters.city);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Filtros avançados
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={activeCount === 0}>
          Limpar
        </Button>
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <DatePicker
          label="Data"
          value={filters.date ?? null}
          today={today}
          eventDays={eventDays}
          onChange={(day) => onChange('date', day ?? undefined)}
          onOpenChange={onDatePickerOpenChange}
        />
        <SelectField label="Cidade" value={filters.city ?? ''} onChange={(city) => onChange('city', city || undefined)}>
          <option value="">Todas as cidades</option>
          {cityOptions.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
          {/* A shared link may name another city: show it rather than pretend 'Todas'. */}
          {isKnownCity ? null : <option value={filters.city}>{filters.city}</option>}
        </SelectField>
        <SelectField
          label="Preço"
          value={filters.price ?? ''}
          onChange={(price) => onChange('price', (price || undefined) as PriceFilter | undefined)}
        >
          <option value="">Qualquer preço</option>
          {priceOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
    </section>
  );
}
