import { useCallback, type RefObject } from 'react';
import type { BoxOfficeMeia, BoxOfficePayment, BoxOfficeSaleInput, BoxOfficeSaleResult } from '../../../../shared/schemas/box-office';
import { ApiError } from '../../../lib/api';
import { BLOCK_FULL_PRICE_EXHAUSTED, blockUnitsLeft, priceBlockSale } from '../../../../shared/block-pricing';
import * as calls from '../api/box-office-api';
import { deviceId, type LocalEventState, type QueuedSale } from './offline-store';

/** A sale as the operator composed it on the screen. */
export interface SaleDraft {
  blockId: string;
  full: number;
  meia: BoxOfficeMeia[];
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

/**
 * Selling from a block (docs/rules/box-office.md 'Offline sales'). `sell`: cash and card machine
 * are recorded on the device with a nonce and the block's next codes (shown at once), queued and
 * sent now if there is network; PIX is online only, its BR Code from the server. Throws an
 * ApiError with the pt-BR message when refused (no drawer, the block used up, no full-price unit
 * left). `settlePix`: confirms a PIX sale paid (or asks how it stands).
 */
export function useBoxOfficeSale({
  eventId,
  stateRef,
  store,
  enqueue,
  sync,
}: {
  eventId: string;
  stateRef: RefObject<LocalEventState | null>;
  store(next: LocalEventState): Promise<void>;
  enqueue(sale: QueuedSale): Promise<void>;
  sync(): Promise<void>;
}) {
  const sell = useCallback(
    async (draft: SaleDraft): Promise<SaleShown> => {
      const current = stateRef.current;
      const local = current?.blocks.find((b) => b.block.id === draft.blockId);
      if (!current?.drawer || !local)
        throw new ApiError(409, { code: 'drawer_not_open', message: 'Abra o caixa deste evento antes de vender.' });
      const units = draft.full + draft.meia.length + draft.courtesy;
      const { left, fullLeft } = blockUnitsLeft({ ...local.block, used: local.sold, meiaSold: local.meiaSold ?? local.block.meiaSold });
      if (units > left) {
        throw new ApiError(409, {
          code: 'block_exhausted',
          message: 'Venda além do bloco deste aparelho: não há ingressos suficientes nele. Reserve outro bloco.',
        });
      }
      if (draft.full + draft.courtesy > fullLeft)
        throw new ApiError(409, { code: 'full_price_sold_out', message: BLOCK_FULL_PRICE_EXHAUSTED });
      const priced = priceBlockSale(local.block.lots, local.sold, { full: draft.full, meia: draft.meia.length, courtesy: draft.courtesy })!;
      const isPix = draft.payment.method === 'pix';
      const codes = isPix ? [] : local.block.codes.slice(local.sold, local.sold + units);
      const sale: BoxOfficeSaleInput = {
        nonce: crypto.randomUUID(),
        blockId: draft.blockId,
        drawerId: current.drawer.id,
        deviceId: deviceId(),
        full: draft.full,
        meia: draft.meia,
        courtesy: draft.courtesy,
        codes,
        payment: draft.payment,
        buyerName: draft.buyerName,
        soldAt: new Date().toISOString(),
        admit: draft.admit,
      };
      const total = priced.totalCentavos;
      const counted = (b: (typeof current.blocks)[number]) =>
        b.block.id === draft.blockId ? { ...b, sold: b.sold + units, meiaSold: (b.meiaSold ?? b.block.meiaSold) + draft.meia.length } : b;
      if (isPix) {
        const result = await calls.sellOnline(sale);
        await store({ ...current, blocks: current.blocks.map(counted) });
        return shownOf(result, local.block.sectorName);
      }
      await store({ ...current, blocks: current.blocks.map(counted) });
      await enqueue({ sale, eventId, totalCentavos: total, sectorName: local.block.sectorName });
      void sync();
      return shownOfLocal(draft, sale.nonce, total, codes, local.block.sectorName);
    },
    [eventId, store, enqueue, sync, stateRef],
  );

  const settlePix = useCallback(async (orderId: string, admit: boolean, confirm: boolean) => {
    const result = confirm ? await calls.confirmPix(orderId, admit) : await calls.fetchSale(orderId);
    return shownOf(result, '');
  }, []);

  return { sell, settlePix };
}

/** A sale made on the device: its tickets with the block's codes, full price first, then meia, then courtesies. */
function shownOfLocal(draft: SaleDraft, nonce: string, total: number, codes: string[], name: string): SaleShown {
  return {
    nonce,
    totalCentavos: total,
    changeCentavos: draft.payment.method === 'cash' ? draft.payment.cashTenderedCentavos - total : null,
    admitted: draft.admit,
    tickets: [
      ...Array.from({ length: draft.full }, () => ({ label: `${name} · Inteira`, holderName: null })),
      ...draft.meia.map((h) => ({ label: `${name} · Meia-entrada`, holderName: h.name })),
      ...Array.from({ length: draft.courtesy }, () => ({ label: `${name} · Cortesia`, holderName: null })),
    ].map((t, i) => ({ ...t, code: codes[i], admitted: draft.admit })),
    pix: null,
  };
}

/** A sale as the server recorded it: a ticket admitted at the box office shows as such, never with its QR. */
function shownOf(result: BoxOfficeSaleResult, fallbackName: string): SaleShown {
  const tickets = result.tickets.map((t) => ({
    code: t.code,
    label: t.sectorName || fallbackName,
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
