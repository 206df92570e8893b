/**
 * The service fee ('taxa de serviço') of an event (docs/rules/sale.md 'The service fee'): a
 * percentage of what is actually paid for each ticket (after meia and coupons), rounded half up
 * to the centavo, then kept within the event's minimum and maximum per ticket; never on a ticket
 * that costs nothing. Shown before the purchase and itemised (Decreto 7.962/2013 art. 2 IV).
 */
export interface ServiceFeeRule {
  /** Basis points of the price paid: 1000 = 10 %; 0: no fee. */
  basisPoints: number;
  minCentavos: number | null;
  maxCentavos: number | null;
  /** The organizer pays it: the buyer is not charged, the organizer's net is reduced. */
  absorbed: boolean;
}

/** The fee of one ticket paid `paidCentavos`, in centavos. */
export function serviceFeeOf(rule: ServiceFeeRule, paidCentavos: number): number {
  if (paidCentavos <= 0 || rule.basisPoints <= 0) return 0;
  let fee = Math.floor((paidCentavos * rule.basisPoints + 5000) / 10000);
  if (rule.minCentavos !== null) fee = Math.max(fee, rule.minCentavos);
  if (rule.maxCentavos !== null) fee = Math.min(fee, rule.maxCentavos);
  return fee;
}
