import { useCallback } from 'react';
import { ApiError } from '../../../lib/api';
import * as calls from '../api/box-office-api';
import type { LocalStateAccess } from './use-local-event-state';
import { deviceId, readQueue } from './offline-store';

/**
 * The drawer of this device for one event (docs/rules/box-office.md 'Drawers'): open it with its
 * float, record a withdrawal or a supply, and close it with the cash counted (amounts in
 * centavos). Closing sends the queue first and is refused while sales of the drawer are still on
 * the device (an ApiError with the pt-BR message); then it gives this device's blocks back (their
 * unsold units return to the online sale) and closes the drawer.
 */
export function useDrawerActions({ eventId, stateRef, store, refresh, sync }: LocalStateAccess) {
  const openDrawer = useCallback(
    async (floatCentavos: number) => {
      const drawer = await calls.openDrawer({ eventId, floatCentavos, deviceId: deviceId() });
      if (stateRef.current) await store({ ...stateRef.current, drawer });
      await refresh();
    },
    [eventId, refresh, store, stateRef],
  );

  const moveCash = useCallback(
    async (kind: 'withdrawal' | 'supply', amountCentavos: number, note: string) => {
      const current = stateRef.current;
      if (!current?.drawer) return;
      const drawer = await calls.recordDrawerMovement(current.drawer.id, { kind, amountCentavos, note, nonce: crypto.randomUUID() });
      await store({ ...current, drawer });
    },
    [store, stateRef],
  );

  const close = useCallback(
    async (countedCentavos: number) => {
      const current = stateRef.current;
      if (!current?.drawer) return null;
      await sync();
      if ((await readQueue()).some((q) => q.sale.drawerId === current.drawer!.id)) {
        throw new ApiError(409, {
          code: 'conflict',
          message: 'Há vendas deste caixa ainda não enviadas. Conecte-se e sincronize antes de fechar o caixa.',
        });
      }
      // The blocks go back before the drawer closes: a closed drawer sells nothing, so their units would sit idle.
      const held = (stateRef.current ?? current).blocks.filter((b) => !b.block.returnedAt);
      for (const b of held) await calls.returnBlock(b.block.id);
      const closed = await calls.closeDrawer(current.drawer.id, countedCentavos);
      await store({ ...(stateRef.current ?? current), drawer: null, blocks: [] });
      return closed;
    },
    [store, sync, stateRef],
  );

  return { openDrawer, moveCash, close };
}
