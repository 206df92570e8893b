import { useState } from 'react';
import { useBlockActions } from './use-block-actions';
import { useBoxOfficeConnection } from './use-box-office-connection';
import { useBoxOfficeSale } from './use-box-office-sale';
import { useDrawerActions } from './use-drawer-actions';
import { useLocalEventState } from './use-local-event-state';
import { useSaleSync } from './use-sale-sync';

export type { SaleDraft, SaleShown } from './use-box-office-sale';

/**
 * The box office of one event on this device: its drawer and blocks kept in IndexedDB
 * (offline-store.ts), sales made locally with a nonce and the block's codes (so each ticket's QR
 * shows at once, network or not), the queue of sales sent on reconnect, every 15 s and on demand
 * (POST /api/box-office/sync, once per nonce on the server), and the sales the server refused.
 * `queuedCash`: the cash of the open drawer's sales still on the device, in centavos.
 */
export function useBoxOffice(eventId: string) {
  const [isOnline, setOnline] = useState(() => navigator.onLine);
  const { state, stateRef, store, restore, refresh } = useLocalEventState(eventId, setOnline);
  const sales = useSaleSync(refresh, setOnline);
  const { queue, sync } = sales;
  useBoxOfficeConnection({ eventId, restoreState: restore, restoreQueue: sales.restore, refresh, sync, setOnline });
  const drawer = useDrawerActions({ eventId, stateRef, store, refresh, sync });
  const blocks = useBlockActions({ eventId, stateRef, store, refresh, sync });
  const sale = useBoxOfficeSale({ eventId, stateRef, store, enqueue: sales.enqueue, sync });

  const queuedCash = queue
    .filter((q) => q.sale.drawerId === state?.drawer?.id && q.sale.payment.method === 'cash')
    .reduce((sum, q) => sum + q.totalCentavos, 0);

  return {
    state,
    queue,
    refused: sales.refused,
    isOnline,
    isSyncing: sales.isSyncing,
    lastSyncAt: sales.lastSyncAt,
    queuedCash,
    refresh,
    sync,
    openDrawer: drawer.openDrawer,
    reserve: blocks.reserve,
    giveBack: blocks.giveBack,
    sell: sale.sell,
    settlePix: sale.settlePix,
    moveCash: drawer.moveCash,
    close: drawer.close,
  };
}
