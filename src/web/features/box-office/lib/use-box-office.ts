import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoxOfficeHalf, BoxOfficePayment, BoxOfficeSaleInput, BoxOfficeSaleResult } from '../../../../shared/schemas/box-office';
import { ApiError } from '../../../lib/api';
import { BLOCK_FULL_PRICE_EXHAUSTED, blockUnitsLeft, priceBlockSale } from '../../../../shared/block-pricing';
import * as calls from '../api/box-office-api';
import {
  deviceId,
  readEventState,
  readQueue,
  readRefused,
  saveEventState,
  saveQueue,
  saveRefused,
  type LocalEventState,
  type QueuedSale,
  type RefusedSale,
} from './offline-store';

/** How often a device with sales waiting tries to send them. */
const SYNC_EVERY_MS = 15_000;

/** A sale as the operator composed it on the screen. */
export interface SaleDraft {
  blockId: string;
  full: number;
  half: BoxOfficeHalf[];
  courtesy: number;
  payment: BoxOfficePayment;
  admit: boolean;
  buyerName?: string;
}

/** What the screen shows right after a sale: its tickets (codes known at once offline) or its PIX. */
export interface SaleShown {
  nonce: string;
  totalCentavos: number;
  changeCentavos: number | null;
  admitted: boolean;
  /** Each ticket with its code; `admitted`: it went in at the box office, so its QR is never shown. */
  tickets: { code: string; label: string; holderName: string | null; admitted: boolean }[];
  /** A PIX sale: the order and its BR Code, until it is paid. */
  pix: { orderId: string; code: string; canConfirm: boolean; paid: boolean } | null;
}

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The box office of one event on this device: its drawer and blocks kept in IndexedDB
 * (offline-store.ts), sales made locally with a nonce and the block's codes (so each ticket's QR
 * shows at once, network or not), the queue of sales sent on reconnect, every 15 s and on demand
 * (POST /api/box-office/sync, once per nonce on the server), and the sales the server refused.
 */
export function useBoxOffice(eventId: string) {
  const [state, setState] = useState<LocalEventState | null>(null);
  const [queue, setQueue] = useState<QueuedSale[]>([]);
  const [refused, setRefused] = useState<RefusedSale[]>([]);
  const [isOnline, setOnline] = useState(() => navigator.onLine);
  const [isSyncing, setSyncing] = useState(false);
  const [lastSyncAt, setLastSyncAt] = useState<Date | null>(null);
  const stateRef = useRef<LocalEventState | null>(null);
  const syncing = useRef(false);

  const store = useCallback(async (next: LocalEventState) => {
    stateRef.current = next;
    setState(next);
    await saveEventState(next);
  }, []);

  /** Reads the server's drawer and blocks into the device's copy; a block's local count never goes back. */
  const refresh = useCallback(async () => {
    const local = stateRef.current ?? (await readEventState(eventId)) ?? null;
    try {
      const [{ events }, server] = await Promise.all([calls.fetchBoxOfficeEvents(), calls.fetchEventState(eventId, deviceId())]);
      const event = events.find((e) => e.id === eventId) ?? local?.event;
      if (!event) return;
      const blocks = server.blocks.map((block) => {
        const mine = local?.blocks.find((b) => b.block.id === block.id);
        return { block, sold: Math.max(block.used, mine?.sold ?? 0), halfSold: Math.max(block.halfSold, mine?.halfSold ?? 0) };
      });
      await store({ event, drawer: server.drawer, blocks });
      setOnline(true);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      setOnline(false);
      if (local) await store(local);
    }
  }, [eventId, store]);

  const sync = useCallback(async () => {
    if (syncing.current) return;
    const pending = await readQueue();
    if (pending.length === 0) return;
    syncing.current = true;
    setSyncing(true);
    try {
      const { results } = await calls.syncSales(pending.map((q) => q.sale));
      const done = new Set(results.map((r) => r.nonce));
      const left = (await readQueue()).filter((q) => !done.has(q.sale.nonce));
      await saveQueue(left);
      setQueue(left);
      const conflicts = results.filter((r) => r.outcome === 'conflict');
      if (conflicts.length > 0) {
        const next = [
          ...conflicts.map((r) => ({ nonce: r.nonce, message: r.message ?? 'Venda recusada.', at: new Date().toISOString(), result: r })),
          ...(await readRefused()),
        ];
        await saveRefused(next);
        setRefused(next);
      }
      setOnline(true);
      setLastSyncAt(new Date());
      await refresh();
    } catch (error) {
      if (isNetworkError(error)) setOnline(false);
      // Too many syncs a minute: the sales stay on the device and go with the next round.
      else if (!(error instanceof ApiError && error.status === 429)) throw error;
    } finally {
      syncing.current = false;
      setSyncing(false);
    }
  }, [refresh]);

  useEffect(() => {
    let active = true;
    void (async () => {
      const [local, pending, refusedSales] = await Promise.all([readEventState(eventId), readQueue(), readRefused()]);
      if (!active) return;
      if (local) {
        stateRef.current = local;
        setState(local);
      }
      setQueue(pending);
      setRefused(refusedSales);
      await refresh();
      await sync();
    })();
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const timer = window.setInterval(() => void sync(), SYNC_EVERY_MS);
    return () => {
      active = false;
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(timer);
    };
  }, [eventId, refresh, sync]);

  const openDrawer = useCallback(
    async (floatCentavos: number) => {
      const drawer = await calls.openDrawer({ eventId, floatCentavos, deviceId: deviceId() });
      if (stateRef.current) await store({ ...stateRef.current, drawer });
      await refresh();
    },
    [eventId, refresh, store],
  );

  const reserve = useCallback(
    async (ticketTypeId: string, size: number) => {
      const current = stateRef.current;
      if (!current?.drawer) return;
      const block = await calls.reserveBlock({ eventId, ticketTypeId, size, drawerId: current.drawer.id, deviceId: deviceId() });
      await store({ ...current, blocks: [...current.blocks, { block, sold: 0, halfSold: 0 }] });
    },
    [eventId, store],
  );

  const giveBack = useCallback(
    async (blockId: string) => {
      await sync();
      await calls.returnBlock(blockId);
      await refresh();
    },
    [refresh, sync],
  );

  /**
   * Makes a sale from a block. Cash and card machine: recorded on the device with a nonce and
   * the block's next codes (shown at once), queued and sent now if there is network. PIX: online
   * only, its BR Code from the server. Throws an ApiError with the pt-BR message when refused.
   */
  const sell = useCallback(
    async (draft: SaleDraft): Promise<SaleShown> => {
      const current = stateRef.current;
      const local = current?.blocks.find((b) => b.block.id === draft.blockId);
      if (!current?.drawer || !local)
        throw new ApiError(409, { code: 'drawer_not_open', message: 'Abra o caixa deste evento antes de vender.' });
      const units = draft.full + draft.half.length + draft.courtesy;
      const { left, fullLeft } = blockUnitsLeft({ ...local.block, used: local.sold, halfSold: local.halfSold ?? local.block.halfSold });
      if (units > left) {
        throw new ApiError(409, {
          code: 'block_exhausted',
          message: 'Venda além do bloco deste aparelho: não há ingressos suficientes nele. Reserve outro bloco.',
        });
      }
      if (draft.full + draft.courtesy > fullLeft)
        throw new ApiError(409, { code: 'full_price_sold_out', message: BLOCK_FULL_PRICE_EXHAUSTED });
      const priced = priceBlockSale(local.block.lots, local.sold, { full: draft.full, half: draft.half.length, courtesy: draft.courtesy })!;
      const isPix = draft.payment.method === 'pix';
      const codes = isPix ? [] : local.block.codes.slice(local.sold, local.sold + units);
      const sale: BoxOfficeSaleInput = {
        nonce: crypto.randomUUID(),
        blockId: draft.blockId,
        drawerId: current.drawer.id,
        deviceId: deviceId(),
        full: draft.full,
        half: draft.half,
        courtesy: draft.courtesy,
        codes,
        payment: draft.payment,
        buyerName: draft.buyerName,
        soldAt: new Date().toISOString(),
        admit: draft.admit,
      };
      const total = priced.totalCentavos;
      const counted = (b: (typeof current.blocks)[number]) =>
        b.block.id === draft.blockId ? { ...b, sold: b.sold + units, halfSold: (b.halfSold ?? b.block.halfSold) + draft.half.length } : b;
      if (isPix) {
        const result = await calls.sellOnline(sale);
        await store({ ...current, blocks: current.blocks.map(counted) });
        return shownOf(result, local.block.ticketTypeName);
      }
      await store({ ...current, blocks: current.blocks.map(counted) });
      const next = [...(await readQueue()), { sale, eventId, totalCentavos: total, ticketTypeName: local.block.ticketTypeName }];
      await saveQueue(next);
      setQueue(next);
      void sync();
      const name = local.block.ticketTypeName;
      return {
        nonce: sale.nonce,
        totalCentavos: total,
        changeCentavos: draft.payment.method === 'cash' ? draft.payment.cashTenderedCentavos - total : null,
        admitted: draft.admit,
        tickets: [
          ...Array.from({ length: draft.full }, () => ({ label: `${name} · Inteira`, holderName: null })),
          ...draft.half.map((h) => ({ label: `${name} · Meia-entrada`, holderName: h.name })),
          ...Array.from({ length: draft.courtesy }, () => ({ label: `${name} · Cortesia`, holderName: null })),
        ].map((t, i) => ({ ...t, code: codes[i], admitted: draft.admit })),
        pix: null,
      };
    },
    [eventId, store, sync],
  );

  const settlePix = useCallback(async (orderId: string, admit: boolean, confirm: boolean) => {
    const result = confirm ? await calls.confirmPix(orderId, admit) : await calls.fetchSale(orderId);
    return shownOf(result, '');
  }, []);

  const moveCash = useCallback(
    async (kind: 'withdrawal' | 'supply', amountCentavos: number, note: string) => {
      const current = stateRef.current;
      if (!current?.drawer) return;
      const drawer = await calls.recordDrawerMovement(current.drawer.id, { kind, amountCentavos, note, nonce: crypto.randomUUID() });
      await store({ ...current, drawer });
    },
    [store],
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
      const closed = await calls.closeDrawer(current.drawer.id, countedCentavos);
      await store({ ...current, drawer: null });
      return closed;
    },
    [store, sync],
  );

  const queuedCash = queue
    .filter((q) => q.sale.drawerId === state?.drawer?.id && q.sale.payment.method === 'cash')
    .reduce((sum, q) => sum + q.totalCentavos, 0);

  return {
    state,
    queue,
    refused,
    isOnline,
    isSyncing,
    lastSyncAt,
    queuedCash,
    refresh,
    sync,
    openDrawer,
    reserve,
    giveBack,
    sell,
    settlePix,
    moveCash,
    close,
  };
}

/** A sale as the server recorded it: a ticket admitted at the box office shows as such, never with its QR. */
function shownOf(result: BoxOfficeSaleResult, fallbackName: string): SaleShown {
  const tickets = result.tickets.map((t) => ({
    code: t.code,
    label: t.ticketTypeName || fallbackName,
    holderName: t.holderName,
    admitted: t.checkedInAt !== null,
  }));
  return {
    nonce: result.nonce,
    totalCentavos: result.totalCentavos,
    changeCentavos: result.changeCentavos,
    admitted: tickets.length > 0 && tickets.every((t) => t.admitted),
    tickets,
    pix:
      result.orderId && result.pixCode
        ? { orderId: result.orderId, code: result.pixCode, canConfirm: result.canConfirmPix, paid: result.status === 'completed' }
        : null,
  };
}
