import { Loader2, LocateFixed } from 'lucide-react';
import type { useNearbySort } from '../lib/nearby';
import { FilterChip } from './filter-chip';

/** The 'Mais perto de você' toggle; a failure to locate says so next to it. */
export function NearbyChip({ nearby }: { nearby: ReturnType<typeof useNearbySort> }) {
  if (!nearby.isAvailable) return null;
  return (
    <>
      <FilterChip isActive={nearby.isOn} onClick={nearby.toggle} aria-busy={nearby.status === 'locating'}>
        {nearby.status === 'locating' ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : (
          <LocateFixed aria-hidden className="size-4" />
        )}
        Mais perto de você
      </FilterChip>
      {nearby.status === 'failed' ? (
        <span role="status" className="self-center text-sm text-danger">
          Não foi possível acessar a localização
        </span>
      ) : null}
    </>
  );
}
