import { useMemo } from 'react';
import type { EventDetail } from '../../../../shared/schemas/events';

/** One sector of the buyer's choice: full-price units and half-price units. */
export interface CheckoutSelectionLine {
  sectorId: string;
  fullQuantity: number;
  meiaQuantity: number;
}

/** A sector of the event chosen with at least one unit. */
export interface ChosenSector {
  type: EventDetail['sectors'][number];
  full: number;
  meia: number;
}

/**
 * The buyer's choice read against the event: the sectors chosen, the full-price lines to order,
 * one sector per half-price unit and one sector name per full-price unit (each in the order of
 * the sectors), and the full-price subtotal in centavos (coupons apply only to it).
 */
export function useCheckoutSelection(event: EventDetail, selection: CheckoutSelectionLine[]) {
  const chosen = useMemo(
    () =>
      selection.flatMap((s): ChosenSector[] => {
        const type = event.sectors.find((t) => t.id === s.sectorId);
        return type && s.fullQuantity + s.meiaQuantity > 0 ? [{ type, full: s.fullQuantity, meia: s.meiaQuantity }] : [];
      }),
    [event.sectors, selection],
  );
  const fullLines = chosen.filter((c) => c.full > 0).map((c) => ({ sectorId: c.type.id, quantity: c.full }));
  // One holder per half-price unit, in the order of the sectors.
  const meiaUnits = useMemo(() => chosen.flatMap((c) => Array.from({ length: c.meia }, () => c.type)), [chosen]);
  // One holder name per full-price unit, in the order of the sectors.
  const fullUnits = useMemo(() => chosen.flatMap((c) => Array.from({ length: c.full }, () => c.type.name)), [chosen]);
  const fullSubtotal = chosen.reduce((sum, c) => sum + c.full * c.type.priceCentavos, 0);
  return { chosen, fullLines, meiaUnits, fullUnits, fullSubtotal };
}
