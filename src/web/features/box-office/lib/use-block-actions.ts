import { useCallback } from 'react';
import * as calls from '../api/box-office-api';
import type { LocalStateAccess } from './use-local-event-state';
import { deviceId } from './offline-store';

/**
 * The blocks of this device (docs/rules/box-office.md 'Blocks'): reserve a block of a sector's
 * units for the open drawer (its codes then sell offline), and give a block back once the queue
 * is sent (its unsold units return to the sale).
 */
export function useBlockActions({ eventId, stateRef, store, refresh, sync }: LocalStateAccess) {
  const reserve = useCallback(
    async (sectorId: string, size: number) => {
      const current = stateRef.current;
      if (!current?.drawer) return;
      const block = await calls.reserveBlock({ eventId, sectorId, size, drawerId: current.drawer.id, deviceId: deviceId() });
      await store({ ...current, blocks: [...current.blocks, { block, sold: 0, meiaSold: 0 }] });
    },
    [eventId, store, stateRef],
  );

  const giveBack = useCallback(
    async (blockId: string) => {
      await sync();
      await calls.returnBlock(blockId);
      await refresh();
    },
    [refresh, sync],
  );

  return { reserve, giveBack };
}
